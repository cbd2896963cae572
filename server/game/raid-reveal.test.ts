// The reveal: the share of the present class that found the answer, the boss's damage, the turn pool,
// partial credit and speed scoring.
import { describe, expect, it } from 'vitest';
import { DEFAULT_RAID_SETTINGS, type RaidSettings } from '../../shared/game/contract.js';
import {
  begin,
  end,
  next,
  raidView,
  reveal,
  SPEED_BONUS_XP,
  SPEED_DAMAGE_FAST,
  SPEED_DAMAGE_SLOW,
  startRaid,
  submitAnswer,
} from './raid.js';
import { answerAll, boss, class3, q, raidOf, T0 } from './test-raid.js';

describe('a raid’s reveal', () => {
  it('reveals the share of the present class that found it, and damages the boss accordingly', () => {
    const s = reveal(answerAll(raidOf(3), ['s1', 's2'], ['s3']), class3);
    expect(s.reveal).toMatchObject({ correctAnswerIds: ['q0a'], counts: { q0a: 2, q0b: 0, q0c: 1 } });
    expect(s.reveal?.rightShare).toBeCloseTo(2 / 3);
    expect(s.boss.hp).toBe(300 - (s.reveal?.damage ?? 0));
    expect(s.reveal?.damage).toBe(Math.round((2 / 3) * Math.ceil(300 / (3 * 0.7))));
    expect(s.turns.left).toBe(s.turns.max);
  });

  it('counts a present student who did not answer as wrong, and a bad question costs a turn', () => {
    const s = reveal(answerAll(raidOf(3), ['s1']), class3);
    expect(s.reveal?.rightShare).toBeCloseTo(1 / 3);
    expect(s.turns.left).toBe(s.turns.max - 1);
  });

  it('partial credit: one of two right answers deals half the damage and earns half the XP', () => {
    const play = (multiScoring: 'all' | 'partial') => {
      let s = begin(
        startRaid({ raidId: 'r', title: 't', questions: [q(0, true), q(1, true)] }, boss, T0, {
          ...DEFAULT_RAID_SETTINGS,
          multiScoring,
        }),
        T0,
      );
      const r1 = submitAnswer(s, 's1', { questionId: 'q0', answerIds: ['q0a'], clientId: 'c1' }, T0);
      if (r1.ok) s = r1.state;
      // Right and wrong ticked together cancel out: nothing, even with partial credit.
      const r2 = submitAnswer(s, 's2', { questionId: 'q0', answerIds: ['q0a', 'q0c'], clientId: 'c2' }, T0);
      if (r2.ok) s = r2.state;
      return reveal(s, ['s1', 's2']);
    };
    const all = play('all');
    expect(all.rightCount).toEqual({ s1: 0, s2: 0 });
    expect(all.reveal?.damage).toBe(0);
    const partial = play('partial');
    expect(partial.rightCount).toEqual({ s1: 0.5, s2: 0 });
    // Share = (0.5 + 0) / 2 students; damage = share × the question's HP at 70 % target.
    expect(partial.reveal?.rightShare).toBe(0.25);
    expect(partial.reveal?.damage).toBe(Math.round(0.25 * Math.ceil(200 / (2 * 0.7))));
    expect(end(partial).result?.gains.s1).toEqual({ xp: 5 + 5, coins: 1 });
    expect(raidView(partial).question?.toPick).toBe(2);
  });

  it('gives quick right answers more XP with speed scoring, and the same XP otherwise', () => {
    const play = (scoring: RaidSettings['scoring']) => {
      let s = raidOf(1, { scoring, questionSeconds: 20 });
      const quick = submitAnswer(s, 's1', { questionId: 'q0', answerIds: ['q0a'], clientId: 'c1' }, T0);
      if (quick.ok) s = quick.state;
      s = { ...s, answers: { ...s.answers, s1: { ...s.answers.s1, at: T0 } } };
      const slow = submitAnswer(s, 's2', { questionId: 'q0', answerIds: ['q0a'], clientId: 'c2' }, T0);
      if (slow.ok) s = slow.state;
      s = { ...s, answers: { ...s.answers, s2: { ...s.answers.s2, at: T0 + 20_000 } } };
      return next(reveal(s, ['s1', 's2']), T0).result?.gains ?? {};
    };
    const fast = play('speed');
    expect(fast.s1.xp - fast.s2.xp).toBe(SPEED_BONUS_XP);
    const fair = play('accuracy');
    expect(fair.s1.xp).toBe(fair.s2.xp);
  });

  it('with speed scoring, quick right answers hit the boss harder than slow ones; accuracy alone, alike', () => {
    // Two right answers out of three present, both at once, or both at the deadline.
    const hit = (scoring: RaidSettings['scoring'], after: number) => {
      let s = raidOf(3, { scoring, questionSeconds: 20 });
      for (const id of ['s1', 's2']) {
        const r = submitAnswer(s, id, { questionId: 'q0', answerIds: ['q0a'], clientId: id }, T0 + after);
        if (!r.ok) throw new Error(r.message);
        s = r.state;
      }
      return reveal(s, class3).reveal?.damage ?? 0;
    };
    const perQuestion = Math.ceil(300 / (3 * 0.7));
    expect(hit('accuracy', 0)).toBe(hit('accuracy', 20_000));
    expect(hit('accuracy', 0)).toBe(Math.round((2 / 3) * perQuestion));
    expect(hit('speed', 0)).toBe(Math.round((2 / 3) * SPEED_DAMAGE_FAST * perQuestion));
    expect(hit('speed', 20_000)).toBe(Math.round((2 / 3) * SPEED_DAMAGE_SLOW * perQuestion));
    expect(hit('speed', 10_000)).toBe(hit('accuracy', 0));
  });
});
