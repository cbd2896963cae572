// Issue 24: the answers' colours are told apart by pupils with the three common colour-vision
// deficiencies, and never carry the meaning alone (each answer has its letter and its shape too).
// Each deficiency is simulated with Machado, Oliveira & Fernandes (2009) at full severity, on linear
// sRGB; two colours are told apart when their CIELAB distance (ΔE*ab, 1976) stays at least 20.
import { describe, expect, it } from 'vitest';
import { answerStyle, SHAPE_PATHS, WRONG_TILE } from './answer-style';

type M3 = [number, number, number][];
const MACHADO: Record<'protanopia' | 'deuteranopia' | 'tritanopia', M3> = {
  protanopia: [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
  ],
  deuteranopia: [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.01182, 0.04294, 0.968881],
  ],
  tritanopia: [
    [1.255528, -0.076749, -0.178779],
    [-0.078411, 0.930809, 0.147602],
    [0.004733, 0.691367, 0.3039],
  ],
};

const toLinear = (c: number) => {
  const v = c / 255;
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
};
const linearRgb = (hex: string) => [1, 3, 5].map((i) => toLinear(Number.parseInt(hex.slice(i, i + 2), 16)));
const simulate = (rgb: number[], m: M3) =>
  m.map((row) => Math.min(1, Math.max(0, row[0] * rgb[0] + row[1] * rgb[1] + row[2] * rgb[2])));

function lab([r, g, b]: number[]): [number, number, number] {
  const x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}
const deltaE = (a: number[], b: number[]) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

const FOUR = [0, 1, 2, 3].map((i) => answerStyle(i).color);

describe('the answer colours', () => {
  for (const [name, m] of Object.entries(MACHADO)) {
    it(`are told apart with ${name} (ΔE ≥ 20 between any two of A, B, C, D)`, () => {
      const seen = FOUR.map((hex) => lab(simulate(linearRgb(hex), m)));
      for (let i = 0; i < seen.length; i++)
        for (let j = i + 1; j < seen.length; j++) {
          const d = deltaE(seen[i], seen[j]);
          expect(d, `${FOUR[i]} vs ${FOUR[j]} with ${name}: ΔE ${d.toFixed(1)}`).toBeGreaterThanOrEqual(20);
        }
    });
  }

  it('the simulation itself confuses what it should: the old red and green merge with deuteranopia', () => {
    const old = ['#c8283a', '#1c7a43'].map((h) => lab(simulate(linearRgb(h), MACHADO.deuteranopia)));
    expect(deltaE(old[0], old[1])).toBeLessThan(20);
  });

  it('never carry the meaning alone: every answer has its own letter and shape', () => {
    const styles = [0, 1, 2, 3, 4, 5, 6, 7].map(answerStyle);
    expect(new Set(styles.map((s) => s.letter)).size).toBe(8);
    expect(new Set(styles.map((s) => s.shape)).size).toBe(8);
    for (const s of styles) expect(SHAPE_PATHS[s.shape]).toBeTruthy();
  });
});

describe('a wrong answer once revealed', () => {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => toLinear(Number.parseInt(hex.slice(i, i + 2), 16)));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const contrast = (a: string, b: string) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  };

  it('stays readable on a projector: its ink is at least 4.5:1 against its tile', () => {
    expect(contrast(WRONG_TILE.ink, WRONG_TILE.color)).toBeGreaterThanOrEqual(4.5);
  });

  it('stays behind the answers in colour: its tile is darker than every answer tile', () => {
    for (let i = 0; i < 8; i++)
      expect(luminance(WRONG_TILE.color)).toBeLessThan(luminance(answerStyle(i).color) + 0.01);
  });
});
