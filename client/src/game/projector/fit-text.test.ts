// The raid's text keeps the teacher's size when it fits; otherwise the layout that keeps it largest
// is chosen and the text is lowered just enough, never below its floor; words wrap inside
// themselves only when nothing else fits.
import { describe, expect, it } from 'vitest';
import { type FitLayout, type FitTarget, fitFloor, fitText } from './fit-text';

/**
 * A board whose content needs `need[layout]` px of height at factor 1 in `room` px; `word`: the
 * width of its longest word at factor 1 in a line of `line` px (it fits once words may wrap).
 */
function board(need: Record<FitLayout, number>, room: number, word = 0, line = 100) {
  const state = { fit: 1, layout: 'grid' as FitLayout, wrap: false };
  const target: FitTarget = {
    apply(fit, layout, wrap) {
      Object.assign(state, { fit, layout, wrap });
    },
    overflows: () => need[state.layout] * state.fit > room || (!state.wrap && word * state.fit > line),
  };
  return { target, state };
}

describe('fitText', () => {
  it('keeps the teacher’s size and the two columns when the text fits', () => {
    const b = board({ grid: 300, list: 280 }, 400);
    expect(fitText(b.target, 0.2)).toEqual({ fit: 1, layout: 'grid', wrapWords: false });
    expect(b.state).toMatchObject({ fit: 1, layout: 'grid', wrap: false });
  });

  it('lowers a text twice too tall to just under half, and then it fits', () => {
    const b = board({ grid: 800, list: 900 }, 400);
    const { fit } = fitText(b.target, 0.2);
    expect(fit).toBeGreaterThan(0.49);
    expect(fit).toBeLessThanOrEqual(0.5);
    expect(800 * b.state.fit).toBeLessThanOrEqual(400);
  });

  it('lays long answers one below the other where that keeps the text larger', () => {
    const b = board({ grid: 1000, list: 500 }, 400);
    const result = fitText(b.target, 0.2);
    expect(result.layout).toBe('list');
    expect(result.fit).toBeGreaterThan(0.79);
    expect(b.state).toMatchObject({ layout: 'list', fit: result.fit });
  });

  it('never goes below its floor; a word longer than any line then wraps', () => {
    const b = board({ grid: 300, list: 300 }, 400, 1000, 100);
    const result = fitText(b.target, 0.25);
    expect(result).toMatchObject({ fit: 1, wrapWords: true });
    expect(b.target.overflows()).toBe(false);
  });

  it('stays at its floor for a text that fits at no size', () => {
    const b = board({ grid: 10_000, list: 10_000 }, 400);
    expect(fitText(b.target, 0.25)).toMatchObject({ fit: 0.25, layout: 'grid' });
  });

  it('has a floor of half the default size (0.625 rem), whatever the teacher chose', () => {
    expect(fitFloor(1.25)).toBe(0.5);
    expect(fitFloor(3.5) * 3.5).toBeCloseTo(0.625);
    expect(fitFloor(0.5)).toBe(1);
  });
});
