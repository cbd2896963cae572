// One look per answer, on the board and on the phones: shape, colour AND letter, so a colour-blind
// student or a washed-out projector still works ("B, the blue diamond"): A ▲ red, B ◆ blue,
// C ● yellow, D ■ green, then more. The first four are told apart under protanopia, deuteranopia and
// tritanopia too (answer-style.test.ts simulates them; issue 24): the red leans to raspberry and the
// green is darker, so that red and green differ in lightness where their hues merge.
export type AnswerShape =
  | 'triangle'
  | 'diamond'
  | 'circle'
  | 'square'
  | 'star'
  | 'hexagon'
  | 'heart'
  | 'cross';

export interface AnswerStyle {
  letter: string;
  shape: AnswerShape;
  /** Tile colour. */
  color: string;
  /** Text colour on the tile (contrast ≥ 4.5:1). */
  ink: string;
}

const STYLES: readonly Omit<AnswerStyle, 'letter'>[] = [
  { shape: 'triangle', color: '#cc2255', ink: '#ffffff' },
  { shape: 'diamond', color: '#1d5fc4', ink: '#ffffff' },
  { shape: 'circle', color: '#f2c230', ink: '#1d2240' },
  { shape: 'square', color: '#225500', ink: '#ffffff' },
  { shape: 'star', color: '#7142c9', ink: '#ffffff' },
  { shape: 'hexagon', color: '#b8500f', ink: '#ffffff' },
  { shape: 'heart', color: '#c22d7f', ink: '#ffffff' },
  { shape: 'cross', color: '#0e6f7a', ink: '#ffffff' },
];

/**
 * A wrong answer once revealed, on the board: a quiet slate tile, its own colour left on its border,
 * and a light ink that a projector still shows (contrast ≥ 4.5:1, answer-style.test.ts): clearly
 * behind the right answer's colour and ring, never too faint to read (a darkening filter was).
 */
export const WRONG_TILE = { color: '#34375a', ink: '#c8cbe2' } as const;

export function answerStyle(index: number): AnswerStyle {
  const base = STYLES[index % STYLES.length];
  return { ...base, letter: String.fromCharCode(65 + (index % 26)) };
}

/** SVG paths on a 24x24 box. */
export const SHAPE_PATHS: Record<AnswerShape, string> = {
  triangle: 'M12 2.5 22.5 21h-21z',
  diamond: 'M12 1.5 22.5 12 12 22.5 1.5 12z',
  circle: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20z',
  square: 'M3 3h18v18H3z',
  star: 'm12 1.5 3.1 6.9 7.4.7-5.6 5 1.7 7.4-6.6-3.9-6.6 3.9 1.7-7.4-5.6-5 7.4-.7z',
  hexagon: 'M7 2.5h10l5 9.5-5 9.5H7L2 12z',
  heart: 'M12 21.5 3.3 13a5.3 5.3 0 0 1 7.5-7.5L12 6.7l1.2-1.2a5.3 5.3 0 0 1 7.5 7.5z',
  cross: 'M8.5 2h7v6.5H22v7h-6.5V22h-7v-6.5H2v-7h6.5z',
};
