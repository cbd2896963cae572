// `apply`, `check` and `amend`: the one way a room changes, and what tells a newcomer at once that a
// change of theirs leads where the table does not say.
import { describe, expect, it } from 'vitest';
import { GameError } from './errors.js';
import { amend, apply, check, stateOf, TransitionError } from './lifecycle.js';
import { raidAtQuestion, room } from './test-room.js';

const lobby = () => room({ activity: { kind: 'raid', raid: { ...raidAtQuestion(), phase: 'lobby' } } });

describe('apply', () => {
  it('applies a change the table allows, to the state it names', () => {
    const after = apply(lobby(), 'raid:begin', (r) =>
      r.activity?.kind === 'raid' ? { ...r, activity: { kind: 'raid', raid: raidAtQuestion() } } : r,
    );
    expect(stateOf(after)).toBe('question');
  });

  it('refuses what the table does not allow, with the key the user is told, without running the change', () => {
    let ran = false;
    const change = (r: ReturnType<typeof room>) => {
      ran = true;
      return r;
    };
    expect(() => apply(room(), 'raid:begin', change)).toThrow(new GameError('GAME.WRONG_PHASE'));
    expect(() => apply(room({ paused: true }), 'raid:next', change)).toThrow(new GameError('GAME.PAUSED'));
    expect(() => apply(null, 'room:join', change)).toThrow(new GameError('GAME.NO_ROOM'));
    expect(ran).toBe(false);
  });

  it('throws in tests when a change leads elsewhere than the table says', () => {
    // A summon reset that would end the raid on screen: the table says the room stays where it is.
    expect(() => apply(lobby(), 'summon:reset', (r) => ({ ...r, activity: null }))).toThrow(TransitionError);
    expect(() => apply(room(), 'room:pause', (r) => r)).toThrow(/room:pause led the room from idle to idle/);
  });

  it('resumes to the state the pause interrupted', () => {
    const paused = { ...lobby(), paused: true };
    expect(stateOf(apply(paused, 'room:resume', (r) => ({ ...r, paused: false })))).toBe('lobby');
    expect(() => apply(paused, 'room:resume', (r) => ({ ...r, paused: false, activity: null }))).toThrow(
      TransitionError,
    );
  });

  it('opens an absent room afresh, and disposes of a closed one', () => {
    expect(
      stateOf(
        apply(
          null,
          'room:open',
          (r) => r,
          () => room(),
        ),
      ),
    ).toBe('idle');
    expect(apply(room({ closed: true }), 'dispose', () => null)).toBeNull();
    expect(() => apply(room(), 'dispose', () => null)).toThrow(GameError);
  });

  it('checks a command that changes no state: joins, answers, syncs, drops and reconnects', () => {
    expect(check(room(), 'room:join').to).toEqual(['same']);
    expect(check(room({ closed: true }), 'drop').to).toEqual(['same']);
    expect(check(room({ paused: true }), 'reconnect').to).toEqual(['same']);
    expect(() => check(room(), 'answer:submit')).toThrow(new GameError('GAME.NOT_CURRENT_QUESTION'));
  });
});

describe('amend', () => {
  it('lets a command’s follow-up change the record, never the state', () => {
    expect(amend(room(), (r) => ({ ...r, summonPool: [] }))?.summonPool).toEqual([]);
    expect(amend(null, (r) => r)).toBeNull();
    expect(() => amend(lobby(), (r) => ({ ...r, activity: null }))).toThrow(TransitionError);
  });
});
