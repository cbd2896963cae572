// The commands of the contract, each mapped to the room module that runs it: one row per command,
// typed from shared/game/contract.ts (its payload as parsed by its schema, its acknowledgement's
// result). A command missing here, or answering the wrong result, does not compile (commands.test.ts).
// socket.ts registers every row the same way: budget, role, schema, handler, acknowledgement.
import type { Command, CommandPayload, CommandResults, RoomSnapshot } from '../../shared/game/contract.js';
import { professorCommands, studentCommands } from '../../shared/game/contract.js';
import type { GameService } from './service.js';

/** What a handler may ask of the connection that sent the command. */
export interface Caller {
  professor(): { professorId: string };
  student(): { studentId: string };
  /** The room this connection is in (GAME.NO_ROOM when none). */
  room(): string;
  role: 'PROFESSOR' | 'STUDENT';
  /** The lesson this phone joined (room:join): a command sent into a later lesson asks it to join again. */
  lesson: string | null;
  /** Puts the connection in the room's audience. */
  enter(id: string, audience: 'board' | 'phones'): Promise<void>;
  /** Nobody hears from this room any more (room:close). */
  silence(id: string): void;
  /** After the join's ack: a fresh snapshot if patches overtook it. */
  joined(id: string, snapshot: RoomSnapshot, lesson: string | null): void;
}

/** What a handler answers: the ack's result, or nothing when the result is empty. */
export type Returned<C extends Command> =
  CommandResults[C] extends Record<string, never> ? undefined : CommandResults[C];

export type CommandHandler<C extends Command> = (
  svc: GameService,
  payload: CommandPayload<C>,
  caller: Caller,
) => Promise<Returned<C> | undefined> | Promise<Returned<C>>;

export type CommandTable = { readonly [C in Command]: CommandHandler<C> };

/** Who may send a command: the board's teacher, a student's phone, or anyone in the room. */
export const roleOf = (c: Command): 'PROFESSOR' | 'STUDENT' | 'ANY' =>
  c in professorCommands ? 'PROFESSOR' : c in studentCommands ? 'STUDENT' : 'ANY';

const none = async (p: Promise<unknown>): Promise<undefined> => {
  await p;
  return undefined;
};

export const COMMANDS: CommandTable = {
  'room:open': async (svc, key, c) => {
    const opened = await svc.open(c.professor(), key);
    await c.enter(opened.snapshot.id, 'board');
    return opened;
  },
  'room:pause': (svc, _, c) => none(svc.setPaused(c.professor(), c.room(), true)),
  'room:resume': (svc, _, c) => none(svc.setPaused(c.professor(), c.room(), false)),
  'room:close': async (svc, _, c) => {
    const id = c.room();
    await svc.close(c.professor(), id);
    c.silence(id);
    return undefined;
  },
  'raid:start': (svc, p, c) => none(svc.startRaid(c.professor(), c.room(), p.raidId, p.settings)),
  'raid:begin': (svc, _, c) => none(svc.begin(c.professor(), c.room())),
  'raid:reveal': (svc, _, c) => none(svc.reveal(c.professor(), c.room())),
  'raid:show-typed': (svc, p, c) => none(svc.showTyped(c.professor(), c.room(), p.names)),
  'raid:next': (svc, _, c) => none(svc.next(c.professor(), c.room())),
  'raid:end': (svc, _, c) => none(svc.next(c.professor(), c.room(), true)),
  'summon:draw': (svc, _, c) => none(svc.summonDraw(c.professor(), c.room())),
  'summon:mark': (svc, p, c) => none(svc.summonMark(c.professor(), c.room(), p.studentId, p.right)),
  'summon:reset': (svc, _, c) => none(svc.summonReset(c.professor(), c.room())),
  'pick:draw': (svc, p, c) => none(svc.pickDraw(c.professor(), c.room(), p.mode, p.teamSize)),
  'codex:next': (svc, p, c) => none(svc.codexNext(c.professor(), c.room(), p.showAuthor)),
  'activity:close': (svc, _, c) => none(svc.closeActivity(c.professor(), c.room())),
  'room:join': async (svc, key, c) => {
    // In the room's audience before the snapshot: no patch falls between the two.
    const joined = await svc.join(c.student(), key, (id) => c.enter(id, 'phones'));
    c.joined(joined.id, joined.snapshot, joined.lesson);
    return { snapshot: joined.snapshot, phone: joined.phone };
  },
  'answer:submit': async (svc, p, c) => ({ status: await svc.answer(c.student(), c.room(), p, c.lesson) }),
  'power:activate': (svc, _, c) => none(svc.activatePower(c.student(), c.room(), c.lesson)),
  'room:sync': (svc, _, c) =>
    c.role === 'STUDENT'
      ? svc.sync(c.room(), c.student().studentId, c.lesson)
      : svc.sync(c.room(), undefined),
};
