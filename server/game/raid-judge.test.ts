// An answer as it arrives: once per student, to the open question, before the student's deadline, of a
// shape the question's kind accepts; and how a several-answer question is judged.
import { describe, expect, it } from 'vitest';
import { begin, raidView, reveal, startRaid, submitAnswer } from './raid.js';
import { boss, q, raidOf, T0 } from './test-raid.js';

describe('a raid’s answers', () => {
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

  it('needs every right answer of a several-answer question', () => {
    let s = begin(startRaid({ raidId: 'r', title: 't', questions: [q(0, true)] }, boss, T0), T0);
    const r1 = submitAnswer(s, 's1', { questionId: 'q0', answerIds: ['q0a', 'q0b'], clientId: 'c1' }, T0);
    if (r1.ok) s = r1.state;
    const r2 = submitAnswer(s, 's2', { questionId: 'q0', answerIds: ['q0a'], clientId: 'c2' }, T0);
    if (r2.ok) s = r2.state;
    expect(reveal(s, ['s1', 's2']).rightCount).toEqual({ s1: 1, s2: 0 });
  });

  it('has no clock when the teacher reveals herself: late answers are still taken', () => {
    const s = raidOf(2, { questionSeconds: null });
    expect(s.deadline).toBeNull();
    expect(
      submitAnswer(s, 's1', { questionId: 'q0', answerIds: ['q0a'], clientId: 'late-1' }, T0 + 3_600_000),
    ).toMatchObject({ ok: true, status: 'counted' });
  });

  it('times an answer from its question shown, as the phone got it', () => {
    const s = raidOf(1, { scoring: 'speed', questionSeconds: 20 });
    const r = submitAnswer(s, 's1', { questionId: 'q0', answerIds: ['q0a'], clientId: 'c' }, T0 + 4_000);
    expect(r.ok && r.state.answers.s1.at).toBe(T0 + 4_000);
  });
});
