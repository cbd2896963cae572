import { describe, expect, it } from 'vitest';
import { end, reveal, submitAnswer } from './raid.js';
import { activityView, phoneActivity, phoneStateOf, roomSnapshot } from './room-views.js';
import { raidAtQuestion, room, T0 } from './test-room.js';

describe('what boards and phones are sent', () => {
  it('shows the board every student and who is here; a phone only its own row, always connected', () => {
    const r = room({ activePowers: ['s2'] });
    const board = roomSnapshot(r, 7, new Set(['s1']));
    expect(board.seq).toBe(7);
    expect(board.roster.map((s) => [s.studentId, s.connected, s.powerActive])).toEqual([
      ['s1', true, false],
      ['s2', false, true],
      ['s3', false, false],
    ]);
    const phone = roomSnapshot(r, 3, new Set(), 's2');
    expect(phone.roster).toEqual([
      expect.objectContaining({ studentId: 's2', connected: true, powerActive: true }),
    ]);
    expect(roomSnapshot({ ...r, closed: true }, 1, new Set()).closed).toBe(true);
    expect('closed' in board).toBe(false);
  });

  it('never sends the correct answers before the reveal, nor who answered and the gains to phones', () => {
    const raid = raidAtQuestion();
    const view = activityView({ kind: 'raid', raid });
    expect(JSON.stringify(view)).not.toContain('correctIds');
    const answered = submitAnswer(raid, 's1', { questionId: 'q0', answerIds: ['q0a'], clientId: 'c1' }, T0);
    if (!answered.ok) throw new Error(answered.message);
    const over = end(reveal(answered.state, ['s1']));
    const forBoard = activityView({ kind: 'raid', raid: over });
    const forPhone = phoneActivity(forBoard);
    expect(forBoard?.kind === 'raid' && Object.keys(forBoard.result?.gains ?? {})).toEqual(['s1']);
    expect(forPhone?.kind === 'raid' && forPhone.result?.gains).toEqual({});
    expect(forPhone?.kind === 'raid' && forPhone.answeredStudentIds).toEqual([]);
  });

  it('hides a codex phrase’s author from phones', () => {
    const codex = {
      kind: 'codex' as const,
      phrase: { id: 'p', text: 'Carpe diem', author: 'Ana D.' },
      left: 0,
    };
    expect(phoneActivity(codex)).toEqual({ ...codex, phrase: { ...codex.phrase, author: null } });
  });

  it('tells a phone its answer, then its verdict once revealed, and what the lesson earned it', () => {
    const raid = raidAtQuestion();
    const asked = phoneStateOf(room({ activity: { kind: 'raid', raid } }), 's1', ['q0b']);
    expect(asked.myAnswer).toEqual({ questionId: 'q0', answerIds: ['q0b'] });
    expect(asked.lastResult).toBeNull();
    const revealed = { ...raid, phase: 'revealed' as const };
    const told = phoneStateOf(
      room({ activity: { kind: 'raid', raid: revealed }, lessonGains: { s1: { xp: 12, coins: 1 } } }),
      's1',
      ['q0b'],
    );
    expect(told.lastResult).toMatchObject({ questionId: 'q0', correct: false, verdict: 'wrong' });
    expect(told.lessonXp).toBe(12);
  });
});
