import { describe, expect, it } from 'vitest';
import { clockStart, deadlineFor, pastDeadline, questionDeadline, resumedDeadline } from './timers.js';

describe('the question’s deadline', () => {
  it('falls the question time after the question opened; none without a clock', () => {
    expect(questionDeadline(30, 1_000)).toBe(31_000);
    expect(questionDeadline(null, 1_000)).toBeNull();
    expect(clockStart(31_000, 30)).toBe(1_000);
    expect(clockStart(null, 30)).toBeNull();
  });

  it('refuses an answer after it, not at it; never without a clock', () => {
    expect(pastDeadline({ deadline: 31_000 }, 's1', 31_000)).toBe(false);
    expect(pastDeadline({ deadline: 31_000 }, 's1', 31_001)).toBe(true);
    expect(pastDeadline({ deadline: null }, 's1', 1e12)).toBe(false);
    expect(deadlineFor({ deadline: 31_000 }, 's1')).toBe(31_000);
  });

  it('moves by the length of a pause, so the question keeps the time it had left', () => {
    expect(resumedDeadline(31_000, 10_000, 25_000)).toBe(46_000);
    expect(resumedDeadline(31_000, 10_000, 9_000)).toBe(31_000);
    expect(resumedDeadline(null, 10_000, 25_000)).toBeNull();
  });
});
