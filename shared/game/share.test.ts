import { describe, expect, test } from 'vitest';
import { sharePercent, shareRight } from './share';

describe('the share of a question found', () => {
  test('counts a present student who did not answer as wrong: 1 of 3 is 33 %, not 50 %', () => {
    // Two answered (one right), a third was present and silent.
    expect(sharePercent(shareRight(1, 3) ?? -1)).toBe(33);
  });
  test('is null when nobody was counted, and 0 % when students were counted and none found', () => {
    expect(shareRight(0, 0)).toBeNull();
    expect(sharePercent(shareRight(0, 4) ?? -1)).toBe(0);
  });
  test('rounds to the nearest whole percent', () => {
    expect(sharePercent(shareRight(2, 3) ?? -1)).toBe(67);
    expect(sharePercent(1)).toBe(100);
  });
});
