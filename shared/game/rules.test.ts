import { describe, expect, it } from 'vitest';
import {
  addCoins,
  applyXp,
  awardProgress,
  drawFromPool,
  effectiveGain,
  type Progress,
  raidReward,
} from './rules.js';

const start: Progress = { xp: 120, level: 2, levelProgression: 20, powerXp: 1, coin: 5 };

describe('effectiveGain', () => {
  it('divides a gain by the number of active professors', () => {
    expect(effectiveGain(30, 1)).toBe(30);
    expect(effectiveGain(30, 3)).toBe(10);
    expect(effectiveGain(10, 3)).toBe(3);
  });
  it('treats no active professor as one', () => {
    expect(effectiveGain(30, 0)).toBe(30);
  });
});

describe('applyXp', () => {
  it('adds progression within a level', () => {
    expect(applyXp(start, 30, 1)).toEqual({ ...start, xp: 150, levelProgression: 50, powerXp: 2 });
  });
  it('raises the level over 100 and carries the rest', () => {
    expect(applyXp(start, 95, 1)).toMatchObject({ level: 3, levelProgression: 15, xp: 215 });
  });
  it('can raise several levels at once', () => {
    expect(applyXp(start, 290, 1)).toMatchObject({ level: 5, levelProgression: 10 });
  });
  it('floors at 0 and never lowers the level', () => {
    expect(applyXp(start, -50, 1)).toMatchObject({ level: 2, levelProgression: 0, powerXp: 1 });
    expect(applyXp({ ...start, xp: 10 }, -50, 1).xp).toBe(0);
  });
  it('adds one power XP for a positive gain only', () => {
    expect(applyXp(start, 1, 1).powerXp).toBe(2);
    expect(applyXp(start, -1, 1).powerXp).toBe(1);
    expect(applyXp(start, 0, 1)).toBe(start);
  });
  it('divides by active professors before anything else', () => {
    expect(applyXp(start, 30, 2)).toMatchObject({ levelProgression: 35, xp: 135 });
    expect(applyXp(start, 1, 2)).toBe(start);
  });
});

describe('coins and raid rewards', () => {
  it('never goes below zero', () => {
    expect(addCoins(start, -10).coin).toBe(0);
    expect(addCoins(start, 3).coin).toBe(8);
  });
  it('rewards right answers and victory', () => {
    expect(raidReward({ correctAnswers: 4, victory: true })).toEqual({ xp: 60, coins: 9 });
    expect(raidReward({ correctAnswers: 0, victory: false })).toEqual({ xp: 5, coins: 0 });
  });
});

describe('drawFromPool', () => {
  const everyone = ['a', 'b', 'c'];
  const first = () => 0;
  it('draws everybody once before anybody twice, then refills', () => {
    let pool = [...everyone];
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = drawFromPool(pool, everyone, () => true, Math.random);
      seen.push(r.drawn as string);
      pool = r.pool;
    }
    expect([...seen].sort()).toEqual(everyone);
    const again = drawFromPool(pool, everyone, () => true, first);
    expect(again.refilled).toBe(true);
    expect(again.pool).toHaveLength(2);
  });
  it('skips whoever is not eligible (away) and draws nobody from an empty class', () => {
    expect(drawFromPool(['a', 'b'], everyone, (x) => x === 'b', first).drawn).toBe('b');
    expect(drawFromPool([], [], () => true).drawn).toBeNull();
  });
  it('does not call the last pupil again first when the pool refills, unless alone', () => {
    // `first` would take 'a', the pupil just called.
    expect(drawFromPool([], everyone, () => true, first, 'a').drawn).toBe('b');
    expect(drawFromPool(['c'], everyone, (x) => x !== 'c', first, 'a').drawn).toBe('b');
    expect(drawFromPool([], everyone, (x) => x === 'a', first, 'a').drawn).toBe('a');
  });
});

describe('awardProgress (the one award rule of SPEC point 4)', () => {
  it('divides the XP by the active professors, not the coins, and tells what changed', () => {
    expect(awardProgress(start, { xp: 31, coins: 3 }, 2)).toEqual({
      before: start,
      after: { xp: 135, level: 2, levelProgression: 35, powerXp: 2, coin: 8 },
      xpGained: 15,
      coinsGained: 3,
    });
  });
  it('counts a student with no active professor as one', () => {
    expect(awardProgress(start, { xp: 30, coins: 0 }, 0)).toEqual(
      awardProgress(start, { xp: 30, coins: 0 }, 1),
    );
    expect(awardProgress(start, { xp: 30, coins: 0 }, 0).xpGained).toBe(30);
  });
  it('raises the level over 100 with the remainder carried, and adds one power XP', () => {
    const a = awardProgress(start, { xp: 250, coins: 0 }, 1);
    expect(a.after).toMatchObject({ level: 4, levelProgression: 70, powerXp: 2 });
    expect(a.xpGained).toBe(250);
  });
  it('floors a loss at 0 (XP, progression and coins) and answers the loss actually applied', () => {
    const a = awardProgress({ ...start, xp: 15 }, { xp: -100, coins: -50 }, 1);
    expect(a.after).toMatchObject({ xp: 0, level: 2, levelProgression: 0, powerXp: 1, coin: 0 });
    expect(a).toMatchObject({ xpGained: -15, coinsGained: -5 });
  });
  it('changes nothing for a gain the division brings to 0, but still pays its coins', () => {
    const a = awardProgress(start, { xp: 2, coins: 1 }, 3);
    expect(a.after).toEqual({ ...start, coin: 6 });
    expect(a.xpGained).toBe(0);
  });
});
