import { describe, expect, it } from 'vitest';
import { DEFAULT_RAID_SETTINGS, type RaidSettings } from '../../shared/game/contract.js';
import {
  begin,
  end,
  next,
  type RaidQuestion,
  raidView,
  reveal,
  SPEED_BONUS_XP,
  SPEED_DAMAGE_FAST,
  SPEED_DAMAGE_SLOW,
  startRaid,
  submitAnswer,
} from './raid.js';

const q = (n: number, multiple = false): RaidQuestion => ({
  id: `q${n}`,
  text: `Question ${n}`,
  equationMode: false,
  image: null,
  answers: [
    { id: `q${n}a`, text: 'A' },
    { id: `q${n}b`, text: 'B' },
    { id: `q${n}c`, text: 'C' },
  ],
  multiple,
  correctIds: multiple ? [`q${n}a`, `q${n}b`] : [`q${n}a`],
});
const boss = { key: 'glouglou', name: 'Glouglou le Kraken', image: '/assets/bosses/nebula/glouglou.webp' };
const class3 = ['s1', 's2', 's3'];
const T0 = 1_000_000;

function raidOf(n: number, settings: Partial<RaidSettings> = {}) {
  const lobby = startRaid(
    { raidId: 'r', title: 'Les fractions', questions: Array.from({ length: n }, (_, i) => q(i)) },
    boss,
    T0,
    { ...DEFAULT_RAID_SETTINGS, ...settings },
  );
  return begin(lobby, T0);
}

function answerAll(s: ReturnType<typeof raidOf>, right: string[], wrong: string[] = []) {
  const question = s.questions[s.index];
  for (const id of right) {
    const r = submitAnswer(
      s,
      id,
      { questionId: question.id, answerIds: question.correctIds, clientId: `${id}-${s.index}` },
      T0,
    );
    if (!r.ok) throw new Error(r.message);
    s = r.state;
  }
  for (const id of wrong) {
    const r = submitAnswer(
      s,
      id,
      { questionId: question.id, answerIds: [question.answers[2].id], clientId: `${id}-${s.index}` },
      T0,
    );
    if (!r.ok) throw new Error(r.message);
    s = r.state;
  }
  return s;
}

describe('a live raid', () => {
  it('never shows the correct answers before the reveal', () => {
    const s = raidOf(3);
    const view = raidView(s);
    expect(JSON.stringify(view)).not.toContain('correctIds');
    expect(view.reveal).toBeNull();
    const revealed = raidView(reveal(answerAll(s, ['s1']), class3));
    expect(revealed.reveal?.correctAnswerIds).toEqual(['q0a']);
  });

  it('counts an answer once, whatever the phone re-sends', () => {
    let s = raidOf(3);
    const a = { questionId: 'q0', answerIds: ['q0a'], clientId: 'phone-1' };
    const first = submitAnswer(s, 's1', a, T0);
    expect(first).toMatchObject({ ok: true, status: 'counted' });
    if (first.ok) s = first.state;
    expect(submitAnswer(s, 's1', a, T0)).toMatchObject({ ok: true, status: 'duplicate' });
    expect(submitAnswer(s, 's1', { ...a, answerIds: ['q0b'], clientId: 'phone-2' }, T0)).toMatchObject({
      status: 'duplicate',
    });
    expect(raidView(s).answeredStudentIds).toEqual(['s1']);
  });

  it('refuses an answer after the deadline, to another question, or that does not exist', () => {
    const s = raidOf(3);
    expect(
      submitAnswer(s, 's1', { questionId: 'q0', answerIds: ['q0a'], clientId: 'x1' }, T0 + 31_000),
    ).toEqual({
      ok: false,
      message: 'GAME.QUESTION_CLOSED',
    });
    expect(submitAnswer(s, 's1', { questionId: 'q1', answerIds: ['q1a'], clientId: 'x2' }, T0)).toMatchObject(
      {
        message: 'GAME.NOT_CURRENT_QUESTION',
      },
    );
    expect(submitAnswer(s, 's1', { questionId: 'q0', answerIds: ['zzz'], clientId: 'x3' }, T0)).toMatchObject(
      {
        message: 'GAME.UNKNOWN_ANSWER',
      },
    );
    expect(
      submitAnswer(s, 's1', { questionId: 'q0', answerIds: ['q0a', 'q0b'], clientId: 'x4' }, T0),
    ).toMatchObject({
      message: 'GAME.UNKNOWN_ANSWER',
    });
  });

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

  it('needs every right answer of a several-answer question', () => {
    let s = begin(startRaid({ raidId: 'r', title: 't', questions: [q(0, true)] }, boss, T0), T0);
    const r1 = submitAnswer(s, 's1', { questionId: 'q0', answerIds: ['q0a', 'q0b'], clientId: 'c1' }, T0);
    if (r1.ok) s = r1.state;
    const r2 = submitAnswer(s, 's2', { questionId: 'q0', answerIds: ['q0a'], clientId: 'c2' }, T0);
    if (r2.ok) s = r2.state;
    expect(reveal(s, ['s1', 's2']).rightCount).toEqual({ s1: 1, s2: 0 });
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

  it('ends in VICTORY when the class finds everything, with each student’s XP', () => {
    let s = raidOf(3);
    for (let i = 0; i < 3; i++) {
      s = reveal(answerAll(s, ['s1', 's2', 's3']), class3);
      s = next(s, T0);
    }
    expect(s.phase).toBe('ended');
    expect(s.result?.outcome).toBe('VICTORY');
    expect(s.result?.gains.s1).toEqual({ xp: 50, coins: 8 });
    expect(raidView(s).question).toBeNull();
  });

  it('ends in DEFEAT when the turn pool runs out', () => {
    let s = raidOf(6);
    let rounds = 0;
    while (s.phase !== 'ended') {
      s = next(reveal(answerAll(s, [], ['s1', 's2', 's3']), class3), T0);
      rounds++;
    }
    expect(rounds).toBe(2);
    expect(s.result?.outcome).toBe('DEFEAT');
    expect(s.result?.gains.s2).toEqual({ xp: 5, coins: 0 });
  });

  it('ends in DEFEAT when the questions run out with the boss standing', () => {
    let s = raidOf(2);
    s = next(reveal(answerAll(s, ['s1', 's2'], ['s3']), class3), T0);
    s = next(reveal(answerAll(s, ['s1', 's2'], ['s3']), class3), T0);
    expect(s.result?.outcome).toBe('DEFEAT');
    expect(end(s).result?.outcome).toBe('DEFEAT');
  });

  it('waits in a lobby: no question, no clock, no answer taken until the teacher begins', () => {
    const lobby = startRaid({ raidId: 'r', title: 't', questions: [q(0)] }, boss, T0);
    expect(raidView(lobby)).toMatchObject({ phase: 'lobby', question: null, deadline: null });
    expect(
      submitAnswer(lobby, 's1', { questionId: 'q0', answerIds: ['q0a'], clientId: 'early-1' }, T0),
    ).toMatchObject({ ok: false });
    const started = begin(lobby, T0 + 60_000);
    expect(raidView(started)).toMatchObject({ phase: 'question', deadline: T0 + 60_000 + 30_000 });
  });

  it('asks every question before a weak class can lose, when the teacher chose so', () => {
    let s = raidOf(9, { askEveryQuestion: true });
    let asked = 1;
    while (s.phase !== 'ended') {
      s = next(reveal(answerAll(s, [], ['s1', 's2', 's3']), class3), T0);
      if (s.phase === 'question') asked++;
    }
    expect(asked).toBe(9);
    expect(s.result?.outcome).toBe('DEFEAT');
  });

  it('has no clock when the teacher reveals herself: late answers are still taken', () => {
    const s = raidOf(2, { questionSeconds: null });
    expect(s.deadline).toBeNull();
    expect(
      submitAnswer(s, 's1', { questionId: 'q0', answerIds: ['q0a'], clientId: 'late-1' }, T0 + 3_600_000),
    ).toMatchObject({ ok: true, status: 'counted' });
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

  it('times an answer from its question shown, as the phone got it', () => {
    const s = raidOf(1, { scoring: 'speed', questionSeconds: 20 });
    const r = submitAnswer(s, 's1', { questionId: 'q0', answerIds: ['q0a'], clientId: 'c' }, T0 + 4_000);
    expect(r.ok && r.state.answers.s1.at).toBe(T0 + 4_000);
  });

  it('rewards every student who answered, but not a connected one who never did', () => {
    let s = raidOf(1);
    s = next(reveal(answerAll(s, [], ['s1']), class3), T0);
    expect(s.result?.gains).toEqual({ s1: { xp: 5, coins: 0 } });
  });
});
