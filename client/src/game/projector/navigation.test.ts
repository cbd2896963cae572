import { describe, expect, it } from 'vitest';
import type { ActivityView, RaidView } from '../../../../shared/game/contract';
import { gamePath, placeFromPath, placeToFollow, stepFor } from './navigation';

const key = { schoolclassId: 'c1', subjectId: 's1' };
const raid = (over: Partial<RaidView> = {}): RaidView => ({
  kind: 'raid',
  raidId: 'r1',
  title: 'Les fractions',
  boss: { key: 'glouglou', name: 'Glouglou', image: '/b.webp', maxHp: 100, hp: 100 },
  turns: { max: 3, left: 3 },
  index: 0,
  count: 5,
  phase: 'question',
  question: null,
  deadline: null,
  answeredStudentIds: [],
  reveal: null,
  result: null,
  ...over,
});
const summon: ActivityView = { kind: 'summon', drawn: null, poolLeft: 3, marked: null };

describe('paths', () => {
  it('round-trips every screen', () => {
    for (const place of [
      { screen: 'board', raidId: null },
      { screen: 'select-raid', raidId: null },
      { screen: 'raid', raidId: 'r1' },
      { screen: 'summon', raidId: null },
      { screen: 'pick', raidId: null },
      { screen: 'codex', raidId: null },
    ] as const) {
      expect(placeFromPath(gamePath(key, place))).toEqual(place);
    }
    expect(gamePath(key, { screen: 'summon', raidId: null })).toBe('/prof/game/c1/s1/random-summon');
    expect(gamePath(key, { screen: 'raid', raidId: 'r9' })).toBe('/prof/game/c1/s1/r9/raid');
  });
});

describe('placeToFollow', () => {
  const board = { screen: 'board', raidId: null } as const;
  it('goes to the running activity', () => {
    expect(placeToFollow(board, null, raid())).toEqual({ screen: 'raid', raidId: 'r1' });
    expect(placeToFollow({ screen: 'select-raid', raidId: null }, null, summon)).toEqual({
      screen: 'summon',
      raidId: null,
    });
    expect(placeToFollow({ screen: 'raid', raidId: 'other' }, null, raid())).toEqual({
      screen: 'raid',
      raidId: 'r1',
    });
  });
  it('stays when the URL already shows the activity, or when nothing runs yet', () => {
    expect(placeToFollow({ screen: 'raid', raidId: 'r1' }, null, raid())).toBeNull();
    // /random-summon before the first draw, /r1/raid before the raid starts.
    expect(placeToFollow({ screen: 'summon', raidId: null }, null, null)).toBeNull();
    expect(placeToFollow({ screen: 'raid', raidId: 'r1' }, null, null)).toBeNull();
  });
  it('goes back to the board when the activity closes', () => {
    expect(placeToFollow({ screen: 'raid', raidId: 'r1' }, raid(), null)).toEqual(board);
    expect(placeToFollow(board, raid(), null)).toBeNull();
  });
});

describe('stepFor', () => {
  const ctx = { screen: 'raid' as const, paused: false, overlayOpen: false };
  it('next: reveal, then next question, then the board after the end', () => {
    expect(stepFor('next', { ...ctx, activity: raid() })).toEqual({ kind: 'reveal' });
    expect(stepFor('next', { ...ctx, activity: raid({ phase: 'revealed' }) })).toEqual({
      kind: 'next-question',
    });
    expect(stepFor('next', { ...ctx, activity: raid({ phase: 'ended' }) })).toEqual({ kind: 'board' });
  });
  it('from the lobby, next starts the first question and back leaves the lobby for the board', () => {
    expect(stepFor('next', { ...ctx, activity: raid({ phase: 'lobby', question: null }) })).toEqual({
      kind: 'begin',
    });
    expect(stepFor('back', { ...ctx, activity: raid({ phase: 'lobby', question: null }) })).toEqual({
      kind: 'board',
    });
  });
  it('back: closes the reveal panel, never leaves a running question', () => {
    expect(stepFor('back', { ...ctx, activity: raid({ phase: 'revealed' }), overlayOpen: true })).toEqual({
      kind: 'close-overlay',
    });
    expect(stepFor('back', { ...ctx, activity: raid() })).toBeNull();
    expect(stepFor('back', { ...ctx, activity: raid({ phase: 'revealed' }) })).toBeNull();
    expect(stepFor('back', { ...ctx, activity: raid({ phase: 'ended' }) })).toEqual({ kind: 'board' });
  });
  it('draws again on the summon and pick screens, shows the next phrase on the codex', () => {
    expect(stepFor('next', { ...ctx, screen: 'summon', activity: summon })).toEqual({ kind: 'draw-summon' });
    expect(stepFor('next', { ...ctx, screen: 'pick', activity: null })).toEqual({ kind: 'draw-pick' });
    expect(stepFor('next', { ...ctx, screen: 'codex', activity: null })).toEqual({ kind: 'next-phrase' });
    expect(
      stepFor('next', { ...ctx, screen: 'codex', activity: { kind: 'codex', phrase: null, left: 0 } }),
    ).toBeNull();
    expect(stepFor('back', { ...ctx, screen: 'summon', activity: summon })).toEqual({ kind: 'board' });
    expect(stepFor('back', { ...ctx, screen: 'board', activity: null })).toBeNull();
  });
  it('does nothing while the room is paused', () => {
    expect(stepFor('next', { ...ctx, activity: raid(), paused: true })).toBeNull();
  });
});
