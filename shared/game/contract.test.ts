import { describe, expect, it } from 'vitest';
import { applyPatch, commandSchemas, type RaidView, type RoomSnapshot } from './contract.js';

const raid: RaidView = {
  kind: 'raid',
  raidId: 'r',
  title: 'Les fractions',
  boss: { key: 'b', name: 'Glouglou', image: '/b.webp', maxHp: 900, hp: 900 },
  turns: { max: 3, left: 3 },
  index: 0,
  count: 9,
  phase: 'question',
  question: { id: 'q1', text: 'Q', equationMode: false, image: null, answers: [], multiple: false },
  deadline: null,
  answeredStudentIds: [],
  reveal: null,
  result: null,
};
const snap: RoomSnapshot = {
  id: 'c:s',
  seq: 4,
  schoolclassId: 'c',
  subjectId: 's',
  className: '5e B',
  planet: 'nebula',
  paused: false,
  powerMode: true,
  roster: [
    {
      studentId: 'a',
      firstName: 'Emma',
      lastInitial: 'M',
      avatarImage: null,
      level: 2,
      powerXp: 1,
      connected: true,
      powerActive: false,
    },
  ],
  activity: raid,
};

describe('applyPatch', () => {
  it('applies the next patch in order', () => {
    const s = applyPatch(snap, {
      seq: 5,
      patch: { type: 'answered', questionId: 'q1', studentIds: ['a', 'b'], count: 2 },
    });
    if (!s) throw new Error('patch refused');
    expect(s.seq).toBe(5);
    expect((s.activity as RaidView).answeredStudentIds).toEqual(['a', 'b']);
    const again = applyPatch(s, {
      seq: 6,
      patch: { type: 'answered', questionId: 'q1', studentIds: ['b', 'c'], count: 3 },
    });
    expect(((again as RoomSnapshot).activity as RaidView).answeredStudentIds).toEqual(['a', 'b', 'c']);
  });
  it('never marks who answered an earlier question on the question now on screen', () => {
    const s = applyPatch(snap, {
      seq: 5,
      patch: { type: 'answered', questionId: 'q0', studentIds: ['a'], count: 1 },
    });
    expect(((s as RoomSnapshot).activity as RaidView).answeredStudentIds).toEqual([]);
  });
  it('ignores a patch it already has and reports a gap as null', () => {
    expect(applyPatch(snap, { seq: 4, patch: { type: 'paused', paused: true } })).toBe(snap);
    expect(applyPatch(snap, { seq: 7, patch: { type: 'paused', paused: true } })).toBeNull();
  });
  it('marks presence without touching the others', () => {
    const s = applyPatch(snap, { seq: 5, patch: { type: 'presence', studentId: 'a', connected: false } });
    expect(s?.roster[0].connected).toBe(false);
    expect(snap.roster[0].connected).toBe(true);
  });
});

describe('command schemas', () => {
  it('refuse malformed payloads', () => {
    expect(
      commandSchemas['answer:submit'].safeParse({ questionId: 'x', answerIds: [], clientId: '1' }).success,
    ).toBe(false);
    expect(
      commandSchemas['summon:mark'].safeParse({ studentId: crypto.randomUUID(), right: 'yes' }).success,
    ).toBe(false);
    expect(
      commandSchemas['answer:submit'].safeParse({
        questionId: crypto.randomUUID(),
        answerIds: [crypto.randomUUID()],
        clientId: 'phone-123456',
      }).success,
    ).toBe(true);
  });
});
