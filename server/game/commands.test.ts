// The command table against the contract: at run time, a row per command and the contract's roles;
// at compile time (npm run check), payloads and acknowledgements typed from shared/game/contract.ts:
// each `@ts-expect-error` below is a mistake that must not compile.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  type ClientToServerEvents,
  type CommandAck,
  type CommandPayload,
  commandSchemas,
  type PhoneState,
  professorCommands,
  type RoomSnapshot,
  studentCommands,
} from '../../shared/game/contract.js';
import { COMMANDS, type CommandTable, roleOf } from './commands.js';

describe('the command table', () => {
  it('has one row per command of the contract, no more', () => {
    expect(
      Object.keys(COMMANDS).sort(),
      'COMMANDS (server/game/commands.ts) needs one row per command of shared/game/contract.ts, no more',
    ).toEqual(Object.keys(commandSchemas).sort());
  });

  it('is described, command by command, in docs/protocol.md', () => {
    const doc = readFileSync(path.join(import.meta.dirname, '../../docs/protocol.md'), 'utf8');
    const [start, end] = [doc.indexOf('## Live rooms'), doc.indexOf("### The room's life")];
    expect(start >= 0 && end > start, 'docs/protocol.md lost its "Live rooms" section').toBe(true);
    const table = doc.slice(start, end);
    const rows = table.split('\n').filter((l) => l.startsWith('| `'));
    for (const c of Object.keys(commandSchemas))
      expect(
        rows.some((row) => row.split('|')[1].includes(`\`${c}`)),
        `docs/protocol.md's command table has no row for ${c}: who sends it, when, and what it answers`,
      ).toBe(true);
  });

  it('lets the board send the teacher’s commands, phones the students’, anyone room:sync', () => {
    for (const c of Object.keys(professorCommands) as (keyof typeof professorCommands)[])
      expect(roleOf(c)).toBe('PROFESSOR');
    for (const c of Object.keys(studentCommands) as (keyof typeof studentCommands)[])
      expect(roleOf(c)).toBe('STUDENT');
    expect(roleOf('room:sync')).toBe('ANY');
  });

  it('types each payload and acknowledgement from the contract', () => {
    expectTypeOf<CommandPayload<'answer:submit'>>().toEqualTypeOf<{
      questionId: string;
      answerIds?: string[];
      order?: string[];
      value?: string;
      clientId: string;
    }>();
    expectTypeOf<Parameters<ClientToServerEvents['answer:submit']>[1]>().toEqualTypeOf<
      (a: CommandAck<'answer:submit'>) => void
    >();
    expectTypeOf<Extract<CommandAck<'room:join'>, { ok: true }>>().toEqualTypeOf<
      { ok: true } & { snapshot: RoomSnapshot; phone: PhoneState }
    >();

    const ack = (_: CommandAck<'answer:submit'>) => {};
    ack({ ok: true, status: 'counted' });
    ack({ ok: false, message: 'GAME.PAUSED' });
    // @ts-expect-error: 'maybe' is no status of the contract
    ack({ ok: true, status: 'maybe' });
    // @ts-expect-error: an answer's ack carries its status
    ack({ ok: true });

    const startRaid: ClientToServerEvents['raid:start'] = () => {};
    startRaid({ raidId: 'r' }, () => {});
    // @ts-expect-error: a raid's id is a string
    startRaid({ raidId: 1 }, () => {});
    // @ts-expect-error: the payload of summon:mark needs who and whether right
    const mark: ClientToServerEvents['summon:mark'] = (p: { studentId: number }) => p;
    expect(mark).toBeTypeOf('function');
  });

  it('refuses, at compile time, a row that answers another result or takes another payload', () => {
    // @ts-expect-error: answer:submit acknowledges { status }, not { snapshot }
    const wrongResult: CommandTable['answer:submit'] = async () => ({ snapshot: null });
    // @ts-expect-error: room:pause acknowledges nothing
    const extra: CommandTable['room:pause'] = async () => ({ status: 'counted' as const });
    const wrongPayload: CommandTable['raid:start'] = async (_svc, p) => {
      // @ts-expect-error: raid:start's payload has no studentId
      p.studentId;
      return undefined;
    };
    // @ts-expect-error: a table missing a command does not compile
    const partial: CommandTable = { 'room:open': COMMANDS['room:open'] };
    expect([wrongResult, extra, wrongPayload, partial]).toHaveLength(4);
  });
});
