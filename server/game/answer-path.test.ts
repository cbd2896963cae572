import { describe, expect, it } from 'vitest';
import { answerRefusal, sameLesson } from './answer-path.js';
import { raidAtQuestion, room, T0 } from './test-room.js';

const members = new Set(['s1', 's2', 's3']);
const inQuestion = () => room({ activity: { kind: 'raid', raid: raidAtQuestion() } });
const answer = { questionId: 'q0', answerIds: ['q0a'], clientId: 'client-1' };

describe('the answer path refuses with the key the phone shows', () => {
  it('accepts an answer to the open question in time, from a student of the room, in its lesson', () => {
    expect(answerRefusal(inQuestion(), members, 's1', answer, 'L1', T0 + 1_000)).toBeNull();
  });

  it('refuses a stranger, a closed room, an earlier lesson and a pause, in that order', () => {
    expect(answerRefusal(inQuestion(), members, 'x', answer, 'L1', T0)).toBe('ERRORS.FORBIDDEN');
    expect(answerRefusal({ ...inQuestion(), closed: true }, members, 's1', answer, 'L0', T0)).toBe(
      'GAME.ROOM_CLOSED',
    );
    expect(answerRefusal(inQuestion(), members, 's1', answer, 'L0', T0)).toBe('GAME.REJOIN');
    expect(answerRefusal({ ...inQuestion(), paused: true }, members, 's1', answer, 'L1', T0)).toBe(
      'GAME.PAUSED',
    );
  });

  it('asks the state machine out of a question: no question yet, or one already revealed', () => {
    expect(answerRefusal(room(), members, 's1', answer, 'L1', T0)).toBe('GAME.NOT_CURRENT_QUESTION');
    const raid = { ...raidAtQuestion(), phase: 'revealed' as const };
    expect(answerRefusal(room({ activity: { kind: 'raid', raid } }), members, 's1', answer, 'L1', T0)).toBe(
      'GAME.QUESTION_CLOSED',
    );
  });

  it('refuses an answer after the deadline, to another question, or naming no answer of it', () => {
    expect(answerRefusal(inQuestion(), members, 's1', answer, 'L1', T0 + 30_001)).toBe(
      'GAME.QUESTION_CLOSED',
    );
    expect(answerRefusal(inQuestion(), members, 's1', { ...answer, questionId: 'q1' }, 'L1', T0)).toBe(
      'GAME.NOT_CURRENT_QUESTION',
    );
    expect(answerRefusal(inQuestion(), members, 's1', { ...answer, answerIds: ['q1a'] }, 'L1', T0)).toBe(
      'GAME.UNKNOWN_ANSWER',
    );
  });

  it('checks the lesson only for a phone’s command', () => {
    expect(sameLesson(room(), undefined)).toBe(true);
    expect(sameLesson(room(), 'L1')).toBe(true);
    expect(sameLesson(room({ lessonId: undefined }), null)).toBe(true);
    expect(sameLesson(room(), null)).toBe(false);
  });
});
