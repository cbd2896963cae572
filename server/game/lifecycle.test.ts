import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PROTOCOL_DOC, printedTable } from '../../scripts/protocol-table.js';
import { professorCommands, sharedCommands, studentCommands } from '../../shared/game/contract.js';
import { allowed, ROOM_STATES, stateOf, TRANSITIONS, tableMarkdown } from './lifecycle.js';

const lobby = { paused: false, activity: { kind: 'raid' as const, raid: { phase: 'lobby' as const } } };

describe('the room’s life', () => {
  it('is the same table in the code and in docs/protocol.md', () => {
    expect(
      printedTable(readFileSync(PROTOCOL_DOC, 'utf8')),
      'docs/protocol.md does not show TRANSITIONS (server/game/lifecycle.ts) as the code holds it: ' +
        'run `npx tsx scripts/protocol-table.ts` to print it there, and commit both',
    ).toBe(tableMarkdown());
  });

  it('names only commands of the contract, and every command of the contract is in it', () => {
    const commands = Object.keys({ ...professorCommands, ...studentCommands, ...sharedCommands });
    const own = ['all-answered', 'drop', 'reconnect', 'board-gone', 'dispose'];
    const events = new Set(TRANSITIONS.map((t) => t.event));
    for (const e of events)
      expect(
        [...commands, ...own].includes(e),
        `TRANSITIONS has a row for ${e}, which is neither a command of shared/game/contract.ts nor one of the server's own events (SERVER_EVENTS)`,
      ).toBe(true);
    for (const c of commands)
      expect(
        TRANSITIONS.some((t) => t.event === c),
        `${c} is a command of shared/game/contract.ts with no row in TRANSITIONS (server/game/lifecycle.ts): ` +
          'add the states it may start from and the state it leads to (server/game/README.md, "Adding a command")',
      ).toBe(true);
    for (const e of own)
      expect(
        TRANSITIONS.some((t) => t.event === e),
        `the server's own event ${e} has no row`,
      ).toBe(true);
  });

  it('reads the state from the record', () => {
    expect(stateOf(null)).toBe('absent');
    expect(stateOf({ paused: false, activity: null })).toBe('idle');
    expect(stateOf(lobby)).toBe('lobby');
    expect(stateOf({ ...lobby, paused: true })).toBe('paused');
    expect(stateOf({ ...lobby, paused: true, closed: true })).toBe('closed');
    expect(stateOf({ paused: false, activity: { kind: 'codex' } })).toBe('codex');
  });

  it('starts a raid in its lobby and only a lobby begins', () => {
    expect(allowed('idle', 'raid:start')).toMatchObject({ ok: true, transition: { to: ['lobby'] } });
    expect(allowed('lobby', 'raid:begin')).toMatchObject({ ok: true, transition: { to: ['question'] } });
    for (const s of ROOM_STATES.filter(
      (x) => x !== 'lobby' && x !== 'paused' && x !== 'closed' && x !== 'absent',
    ))
      expect(allowed(s, 'raid:begin')).toEqual({ ok: false, message: 'GAME.WRONG_PHASE' });
  });

  it('refuses a second activity while a raid runs, with a key the teacher is shown', () => {
    for (const s of ['lobby', 'question', 'revealed'] as const) {
      expect(allowed(s, 'summon:draw')).toEqual({ ok: false, message: 'GAME.WRONG_PHASE' });
      expect(allowed(s, 'codex:next')).toEqual({ ok: false, message: 'GAME.WRONG_PHASE' });
    }
    expect(allowed('question', 'raid:start')).toEqual({ ok: false, message: 'GAME.WRONG_PHASE' });
    expect(allowed('ended', 'raid:start').ok).toBe(true);
  });

  it('accepts nothing but resume, close, joins and syncs while paused', () => {
    const accepted = TRANSITIONS.filter((t) => t.from.includes('paused')).map((t) => t.event);
    expect(new Set(accepted)).toEqual(
      new Set([
        'room:open',
        'room:pause',
        'room:resume',
        'room:close',
        'room:join',
        'room:sync',
        // A connection that drops or comes back (issue 22: transitions like the others).
        'drop',
        'reconnect',
        'board-gone',
      ]),
    );
    expect(allowed('paused', 'raid:next')).toEqual({ ok: false, message: 'GAME.PAUSED' });
    expect(allowed('paused', 'power:activate')).toEqual({ ok: false, message: 'GAME.PAUSED' });
    expect(allowed('paused', 'answer:submit')).toEqual({ ok: false, message: 'GAME.PAUSED' });
  });

  it('refuses joins, answers, powers and every activity once closed; the board may open it afresh', () => {
    for (const e of ['room:join', 'answer:submit', 'power:activate', 'raid:start', 'room:pause'] as const)
      expect(allowed('closed', e)).toEqual({ ok: false, message: 'GAME.ROOM_CLOSED' });
    expect(allowed('closed', 'room:close').ok).toBe(true);
    expect(allowed('closed', 'room:open')).toMatchObject({
      ok: true,
      transition: { to: ['idle', 'paused'] },
    });
    expect(allowed('closed', 'dispose').ok).toBe(true);
    expect(allowed('absent', 'room:join')).toEqual({ ok: false, message: 'GAME.NO_ROOM' });
  });

  it('disposes of a live or paused room whose board is gone, but never of one still closing', () => {
    for (const s of ['idle', 'lobby', 'question', 'ended', 'paused'] as const)
      expect(allowed(s, 'board-gone')).toMatchObject({ ok: true, transition: { to: ['absent'] } });
    expect(allowed('closed', 'board-gone').ok).toBe(false);
    expect(allowed('idle', 'dispose').ok).toBe(false);
  });

  it('refuses an answer out of its question with the key the phone shows', () => {
    expect(allowed('revealed', 'answer:submit')).toEqual({ ok: false, message: 'GAME.QUESTION_CLOSED' });
    expect(allowed('lobby', 'answer:submit')).toEqual({ ok: false, message: 'GAME.NOT_CURRENT_QUESTION' });
    expect(allowed('question', 'answer:submit').ok).toBe(true);
  });
});
