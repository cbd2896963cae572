// A raid's flow: its lobby, the next question, the end in VICTORY or DEFEAT and who is rewarded.
import { describe, expect, it } from 'vitest';
import { begin, end, next, raidView, reveal, startRaid, submitAnswer } from './raid.js';
import { answerAll, boss, class3, q, raidOf, T0 } from './test-raid.js';

describe('a live raid', () => {
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

  it('rewards every student who answered, but not a connected one who never did', () => {
    let s = raidOf(1);
    s = next(reveal(answerAll(s, [], ['s1']), class3), T0);
    expect(s.result?.gains).toEqual({ s1: { xp: 5, coins: 0 } });
  });
});
