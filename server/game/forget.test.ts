// A deleted pupil leaves no trace in a room record (issue 14): whatever activity is on screen.
import { describe, expect, it } from 'vitest';
import { forgetStudent, mentions } from './forget.js';
import type { ActivityState, RoomRecord } from './store.js';

const LINA = 'aaaaaaaa-0000-4000-8000-000000000001';
const ADAM = 'aaaaaaaa-0000-4000-8000-000000000002';
const PHRASE = 'bbbbbbbb-0000-4000-8000-000000000001';
const OTHER_PHRASE = 'bbbbbbbb-0000-4000-8000-000000000002';
const phrases = new Set([PHRASE]);

const entry = (studentId: string, firstName: string) => ({
  studentId,
  firstName,
  lastInitial: 'M',
  avatarImage: null,
  level: 2,
  powerXp: 0,
});
const room = (activity: ActivityState | null): RoomRecord => ({
  id: 'c:s',
  schoolclassId: 'c',
  subjectId: 's',
  professorId: 'p',
  className: '5e B',
  planet: 'nebula',
  powerMode: true,
  paused: false,
  roster: [entry(LINA, 'Lina'), entry(ADAM, 'Adam')],
  activePowers: [LINA],
  summonPool: [LINA, ADAM],
  activity,
  lessonGains: { [LINA]: { xp: 10, coins: 2 }, [ADAM]: { xp: 5, coins: 1 } },
  updatedAt: 0,
});

describe('forgetStudent', () => {
  it('takes the pupil out of the roster, the pool, the powers and the lesson’s gains; the others stay', () => {
    const r = forgetStudent(room(null), LINA, phrases);
    expect(r.roster.map((x) => x.firstName)).toEqual(['Adam']);
    expect(r.summonPool).toEqual([ADAM]);
    expect(r.activePowers).toEqual([]);
    expect(r.lessonGains).toEqual({ [ADAM]: { xp: 5, coins: 1 } });
    expect(mentions(r, LINA, phrases)).toBe(false);
    expect(mentions(room(null), LINA, phrases)).toBe(true);
  });

  it('forgets a summon or a pick naming them, and their codex phrases on screen or waiting', () => {
    const summon = forgetStudent(
      room({
        kind: 'summon',
        view: { kind: 'summon', drawn: LINA, names: { [LINA]: 'Lina M.' }, poolLeft: 1, marked: true },
      }),
      LINA,
      phrases,
    );
    expect(summon.activity).toEqual({
      kind: 'summon',
      view: { kind: 'summon', drawn: null, names: {}, poolLeft: 1, marked: null },
    });
    const pick = forgetStudent(
      room({
        kind: 'pick',
        view: {
          kind: 'pick',
          mode: 'team',
          groups: [[LINA], [ADAM]],
          names: { [LINA]: 'Lina M.', [ADAM]: 'Adam M.' },
        },
      }),
      LINA,
      phrases,
    );
    expect(pick.activity).toEqual({
      kind: 'pick',
      view: { kind: 'pick', mode: 'team', groups: [[ADAM]], names: { [ADAM]: 'Adam M.' } },
    });
    const codex = forgetStudent(
      room({
        kind: 'codex',
        view: { kind: 'codex', phrase: { id: PHRASE, text: 'Lina écrit', author: 'Lina M.' }, left: 1 },
        pending: [
          { id: PHRASE, text: 'Lina écrit', author: 'Lina M.' },
          { id: OTHER_PHRASE, text: 'Adam écrit', author: 'Adam M.' },
        ],
      }),
      LINA,
      phrases,
    );
    expect(codex.activity).toEqual({
      kind: 'codex',
      view: { kind: 'codex', phrase: null, left: 1 },
      pending: [{ id: OTHER_PHRASE, text: 'Adam écrit', author: 'Adam M.' }],
    });
    expect(JSON.stringify([summon, pick, codex])).not.toContain(LINA);
  });

  it('forgets their answer, score, speed XP and gains in a raid', () => {
    const base = room(null);
    const raid = {
      answers: { [LINA]: { answerIds: ['x'] }, [ADAM]: { answerIds: ['y'] } },
      rightCount: { [LINA]: 3, [ADAM]: 1 },
      speedXp: { [LINA]: 4 },
      result: { outcome: 'VICTORY', gains: { [LINA]: { xp: 9, coins: 1 }, [ADAM]: { xp: 3, coins: 0 } } },
    };
    const r = forgetStudent(
      { ...base, activity: { kind: 'raid', raid } as unknown as ActivityState },
      LINA,
      phrases,
    );
    expect(r.activity).toEqual({
      kind: 'raid',
      raid: {
        answers: { [ADAM]: { answerIds: ['y'] } },
        rightCount: { [ADAM]: 1 },
        speedXp: {},
        result: { outcome: 'VICTORY', gains: { [ADAM]: { xp: 3, coins: 0 } } },
      },
    });
  });
});
