// The raid's text shrinks just enough to fit, never below its floor (then its boxes scroll).
import { describe, expect, it } from 'vitest';
import { FIT_MIN, fitText } from './fit-text';

/** A root whose one `data-fit` box holds `need` px of text at factor 1, in `room` px. */
function board(need: number, room: number) {
  const box = {
    get scrollHeight() {
      return need * factor();
    },
    clientHeight: room,
    scrollWidth: 100,
    clientWidth: 100,
  };
  const style = new Map<string, string>();
  const factor = () => Number(style.get('--fit') ?? '1');
  const root = {
    style: { setProperty: (k: string, v: string) => style.set(k, v) },
    querySelectorAll: (sel: string) => (sel === '[data-fit]' ? [box] : []),
  } as unknown as HTMLElement;
  return { root, factor };
}

describe('fitText', () => {
  it('keeps the chosen size when the text fits', () => {
    const b = board(300, 400);
    expect(fitText(b.root)).toBe(1);
    expect(b.factor()).toBe(1);
  });

  it('shrinks a text twice too tall to about half, and then it fits', () => {
    const b = board(800, 400);
    const f = fitText(b.root);
    expect(f).toBeGreaterThan(0.48);
    expect(f).toBeLessThanOrEqual(0.5);
    expect(800 * b.factor()).toBeLessThanOrEqual(401);
  });

  it('stops at its floor for a text that cannot fit (the box scrolls)', () => {
    const b = board(10_000, 400);
    expect(fitText(b.root)).toBe(FIT_MIN);
  });
});
