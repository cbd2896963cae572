import { describe, expect, it } from 'vitest';
import { keyAction } from './keys';

describe('keyAction', () => {
  it.each([
    ['ArrowRight', 'next'],
    ['PageDown', 'next'],
    ['ArrowLeft', 'back'],
    ['PageUp', 'back'],
    ['b', 'blank'],
    ['B', 'blank'],
    ['.', 'blank'],
    ['f', 'fullscreen'],
    ['F', 'fullscreen'],
    ['+', 'font-up'],
    ['=', 'font-up'],
    ['-', 'font-down'],
  ])('%s → %s', (key, action) => {
    expect(keyAction({ key })).toBe(action);
  });

  it('ignores other keys and shortcuts with modifiers', () => {
    expect(keyAction({ key: 'a' })).toBeNull();
    expect(keyAction({ key: 'Enter' })).toBeNull();
    expect(keyAction({ key: 'f', ctrlKey: true })).toBeNull();
    expect(keyAction({ key: '-', metaKey: true })).toBeNull();
    expect(keyAction({ key: 'ArrowRight', altKey: true })).toBeNull();
  });

  it('lets the teacher type in a field', () => {
    const input = { tagName: 'INPUT', isContentEditable: false } as unknown as EventTarget;
    expect(keyAction({ key: 'b', target: input })).toBeNull();
    const div = { tagName: 'DIV', isContentEditable: false } as unknown as EventTarget;
    expect(keyAction({ key: 'b', target: div })).toBe('blank');
  });

  it('leaves the keys to a confirmation open on the board (Escape cancels it, arrows move nothing)', () => {
    const inDialog = {
      tagName: 'BUTTON',
      isContentEditable: false,
      closest: (sel: string) => (sel === 'dialog[open]' ? {} : null),
    } as unknown as EventTarget;
    expect(keyAction({ key: 'Escape', target: inDialog })).toBeNull();
    expect(keyAction({ key: 'ArrowRight', target: inDialog })).toBeNull();
  });
});
