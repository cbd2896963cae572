import { describe, expect, it } from 'vitest';
import { scoreAnswer, totalCredit } from './scoring';

// √25 and 5 are right; 25 and 10 are wrong.
const RIGHT = ['sqrt25', 'five'];

describe('scoreAnswer', () => {
  it('all-or-nothing (default): only the exact set earns, a partial answer is still told apart', () => {
    expect(scoreAnswer(RIGHT, ['five', 'sqrt25'])).toEqual({
      verdict: 'right',
      credit: 1,
      missedIds: [],
      wrongIds: [],
    });
    expect(scoreAnswer(RIGHT, ['sqrt25'])).toEqual({
      verdict: 'partial',
      credit: 0,
      missedIds: ['five'],
      wrongIds: [],
    });
    expect(scoreAnswer(RIGHT, ['ten']).verdict).toBe('wrong');
    expect(scoreAnswer(RIGHT, []).verdict).toBe('wrong');
  });

  it('partial credit: right ticked minus wrong ticked over the number of right, floored at 0', () => {
    expect(scoreAnswer(RIGHT, ['sqrt25'], 'partial').credit).toBe(0.5);
    expect(scoreAnswer(RIGHT, ['sqrt25', 'five', 'ten'], 'partial')).toEqual({
      verdict: 'partial',
      credit: 0.5,
      missedIds: [],
      wrongIds: ['ten'],
    });
    expect(scoreAnswer(RIGHT, ['sqrt25', 'ten'], 'partial')).toMatchObject({ verdict: 'wrong', credit: 0 });
    expect(scoreAnswer(RIGHT, ['ten', 'twentyfive'], 'partial').credit).toBe(0);
    expect(scoreAnswer(RIGHT, ['sqrt25', 'five'], 'partial').credit).toBe(1);
  });

  it('a one-answer question is right or wrong in both modes; a repeated id counts once', () => {
    expect(scoreAnswer(['a'], ['a', 'a'], 'partial')).toMatchObject({ verdict: 'right', credit: 1 });
    expect(scoreAnswer(['a'], ['b'], 'partial')).toMatchObject({ verdict: 'wrong', credit: 0 });
  });

  it('totalCredit adds the credits of several answers (a class share)', () => {
    const answers = [
      { correctIds: RIGHT, chosenIds: ['sqrt25'] },
      { correctIds: RIGHT, chosenIds: RIGHT },
      { correctIds: RIGHT, chosenIds: ['ten'] },
    ];
    expect(totalCredit(answers)).toBe(1);
    expect(totalCredit(answers, 'partial')).toBe(1.5);
  });
});
