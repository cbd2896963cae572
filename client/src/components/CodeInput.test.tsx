import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { tx } from '../test-utils/page';
import { CodeInput } from './CodeInput';

const boxes = () => screen.getAllByRole('textbox') as HTMLInputElement[];
const values = () =>
  boxes()
    .map((b) => b.value)
    .join('|');

function setup(props: Partial<Parameters<typeof CodeInput>[0]> = {}) {
  const onChange = vi.fn();
  const onFinish = vi.fn();
  render(<CodeInput label="Code" type="number" onChange={onChange} onFinish={onFinish} {...props} />);
  return { onChange, onFinish, user: userEvent.setup() };
}

describe('CodeInput', () => {
  it('renders six labelled boxes by default, or the requested length', () => {
    setup();
    expect(boxes()).toHaveLength(6);
    expect(screen.getByRole('group', { name: 'Code' })).toBeTruthy();
    expect(boxes()[0].getAttribute('aria-label')).toBe(tx('CODE_INPUT.BOX', { index: 1, length: 6 }));
    expect(boxes()[0].getAttribute('inputmode')).toBe('numeric');
  });

  it('honours a custom length', () => {
    setup({ length: 4 });
    expect(boxes()).toHaveLength(4);
  });

  it('accepts digits only in number mode and moves to the next box', async () => {
    const { user, onChange } = setup();
    await user.click(boxes()[0]);
    await user.keyboard('a');
    expect(boxes()[0].value).toBe('');
    expect(onChange).not.toHaveBeenCalled();
    await user.keyboard('4');
    expect(boxes()[0].value).toBe('4');
    expect(document.activeElement).toBe(boxes()[1]);
    expect(onChange).toHaveBeenLastCalledWith('4');
    await user.keyboard('-');
    expect(boxes()[1].value).toBe('');
  });

  it('accepts letters in text mode', async () => {
    const { user, onChange } = setup({ type: 'text' });
    await user.click(boxes()[0]);
    await user.keyboard('a');
    expect(boxes()[0].value).toBe('a');
    expect(onChange).toHaveBeenLastCalledWith('a');
  });

  it('replaces the digit when typing into a filled box', async () => {
    const { user } = setup({ defaultValue: '123456' });
    await user.click(boxes()[2]);
    await user.keyboard('9');
    expect(values()).toBe('1|2|9|4|5|6');
    expect(document.activeElement).toBe(boxes()[3]);
  });

  it('backspace on an empty box moves back and clears the previous digit', async () => {
    const { user, onChange } = setup();
    await user.click(boxes()[0]);
    await user.keyboard('12');
    expect(document.activeElement).toBe(boxes()[2]);
    await user.keyboard('{Backspace}');
    expect(document.activeElement).toBe(boxes()[1]);
    expect(values()).toBe('1|||||');
    expect(onChange).toHaveBeenLastCalledWith('1');
  });

  it('backspace on a filled box clears it and stays', async () => {
    const { user } = setup({ defaultValue: '12' });
    await user.click(boxes()[1]);
    await user.keyboard('{Backspace}');
    expect(values()).toBe('1|||||');
    expect(document.activeElement).toBe(boxes()[1]);
  });

  it('backspace on the first empty box does nothing', async () => {
    const { user, onChange } = setup();
    await user.click(boxes()[0]);
    await user.keyboard('{Backspace}');
    expect(document.activeElement).toBe(boxes()[0]);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('arrows move between boxes and stop at the ends', async () => {
    const { user } = setup();
    await user.click(boxes()[0]);
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(boxes()[0]);
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toBe(boxes()[2]);
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(boxes()[1]);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(boxes()[5]);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(boxes()[5]);
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(boxes()[0]);
  });

  it('paste fills the boxes, keeps digits only and fires finish', async () => {
    const { user, onFinish, onChange } = setup();
    await user.click(boxes()[0]);
    await user.paste(' 12-34 56 ');
    expect(values()).toBe('1|2|3|4|5|6');
    expect(onChange).toHaveBeenLastCalledWith('123456');
    expect(onFinish).toHaveBeenCalledTimes(1);
    expect(onFinish).toHaveBeenCalledWith('123456');
    expect(document.activeElement).toBe(boxes()[5]);
  });

  it('paste from a middle box fills from there and drops the overflow', async () => {
    const { user, onFinish } = setup();
    await user.click(boxes()[3]);
    await user.paste('98765');
    expect(values()).toBe('|||9|8|7');
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('a paste with no digit changes nothing', () => {
    const { onChange } = setup();
    fireEvent.paste(boxes()[0], { clipboardData: { getData: () => 'abc' } });
    expect(values()).toBe('|||||');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('fires finish when the last box is typed, not before', async () => {
    const { user, onFinish } = setup();
    await user.click(boxes()[0]);
    await user.keyboard('12345');
    expect(onFinish).not.toHaveBeenCalled();
    await user.keyboard('6');
    expect(onFinish).toHaveBeenCalledWith('123456');
  });

  it('fires finish again when a digit of a full code is corrected (a refused code is retyped)', async () => {
    const { user, onFinish } = setup({ defaultValue: '123456' });
    await user.click(boxes()[5]);
    await user.keyboard('{Backspace}');
    expect(onFinish).not.toHaveBeenCalled();
    await user.keyboard('9');
    expect(onFinish).toHaveBeenCalledWith('123459');
  });

  it('an autofill of the whole code in the first box spreads it', () => {
    const { onFinish } = setup();
    fireEvent.change(boxes()[0], { target: { value: '654321' } });
    expect(values()).toBe('6|5|4|3|2|1');
    expect(onFinish).toHaveBeenCalledWith('654321');
  });

  it('shows a translated error and marks the boxes invalid', () => {
    setup({ error: 'VALIDATION.INVALID_CODE' });
    expect(screen.getByRole('alert').textContent).toBe(tx('VALIDATION.INVALID_CODE'));
    expect(boxes()[0].getAttribute('aria-invalid')).toBe('true');
  });
});
