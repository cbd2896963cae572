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

  /** A button inside an open <dialog>, marked or not (closest() as a browser answers it). */
  const inDialog = (boardKeys: boolean) =>
    ({
      tagName: 'BUTTON',
      isContentEditable: false,
      closest: (sel: string) => {
        const m = /^dialog\[open\](:not\(\[data-board-keys\]\))?$/.exec(sel);
        if (!m) return null;
        return boardKeys && m[1] ? null : {};
      },
    }) as unknown as EventTarget;

  it('leaves the keys to a confirmation open on the board (Escape cancels it, arrows move nothing)', () => {
    expect(keyAction({ key: 'Escape', target: inDialog(false) })).toBeNull();
    expect(keyAction({ key: 'ArrowRight', target: inDialog(false) })).toBeNull();
  });

  it('lets the board keys through the pause (blank, fullscreen, text size)', () => {
    expect(keyAction({ key: 'b', target: inDialog(true) })).toBe('blank');
    expect(keyAction({ key: 'f', target: inDialog(true) })).toBe('fullscreen');
    expect(keyAction({ key: '+', target: inDialog(true) })).toBe('font-up');
  });
});
