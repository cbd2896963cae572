// The live-room contract shared by the server and both clients (projector and phones).
// Every client command is acknowledged with a result-or-error union; every payload is parsed by the
// zod schema of the same name at runtime. Event names are `domain:verb`.
import { z } from 'zod';
import type { Ack, PhoneState, RaidSettings, RoomPatch, RoomSnapshot } from './views.js';

export * from './views.js';

/** An open room of a student's classes. `waiting`: its board is gone, joining waits for it. */
export interface LiveRoomEntry {
  schoolclassId: string;
  subjectId: string;
  className: string;
  waiting?: true;
}

export const uuid = z.uuid({ error: 'ERRORS.INVALID_BODY' });

export const roomKeySchema = z.object({ schoolclassId: uuid, subjectId: uuid });

export const raidSettingsSchema = z.object({
  questionSeconds: z.number().int().min(10).max(120).nullable(),
  endWhenAllAnswered: z.boolean(),
  askEveryQuestion: z.boolean(),
  scoring: z.enum(['accuracy', 'speed']),
  multiScoring: z.enum(['all', 'partial']).optional(),
});

/** Commands the teacher's board sends. */
export const teacherCommands = {
  'room:open': roomKeySchema,
  'room:pause': z.object({}),
  'room:resume': z.object({}),
  /** Quit: the lesson is over. */
  'room:close': z.object({}),
  /** Opens the raid's lobby; the settings given are remembered for this class. */
  'raid:start': z.object({ raidId: uuid, settings: raidSettingsSchema.optional() }),
  /** From the lobby, the first question. */
  'raid:begin': z.object({}),
  'raid:reveal': z.object({}),
  'raid:next': z.object({}),
  'raid:end': z.object({}),
  'summon:draw': z.object({}),
  'summon:mark': z.object({ studentId: uuid, right: z.boolean() }),
  'summon:reset': z.object({}),
  'pick:draw': z.object({
    mode: z.enum(['team', 'order']),
    teamSize: z.number().int().min(2).max(10).optional(),
  }),
  'codex:next': z.object({ showAuthor: z.boolean() }),
  'activity:close': z.object({}),
} as const;

/** Commands a student's phone sends. */
export const studentCommands = {
  'room:join': roomKeySchema,
  'answer:submit': z.object({
    questionId: uuid,
    answerIds: z.array(uuid).min(1).max(10),
    /** Made by the phone; sending the same answer twice counts once. */
    clientId: z.string().min(8).max(64),
  }),
  'power:activate': z.object({}),
} as const;

/** Commands anyone in a room may send. */
export const sharedCommands = {
  /** Ask for a full snapshot (after a gap in patch numbers, or on return from sleep). */
  'room:sync': z.object({}),
} as const;

export type TeacherCommand = keyof typeof teacherCommands;
export type StudentCommand = keyof typeof studentCommands;
export type SharedCommand = keyof typeof sharedCommands;
export type Command = TeacherCommand | StudentCommand | SharedCommand;
export const commandSchemas = { ...teacherCommands, ...studentCommands, ...sharedCommands };
export type CommandPayload<C extends Command> = z.infer<(typeof commandSchemas)[C]>;

export interface ServerToClientEvents {
  'room:snapshot': (s: RoomSnapshot, phone?: PhoneState) => void;
  'room:patch': (p: { seq: number; patch: RoomPatch }) => void;
  /** A phone's own state changed (its answer was counted, a result after the reveal). */
  'phone:state': (s: PhoneState) => void;
  /**
   * A room of the student's class opened or closed, or its board went away (past BOARD_GRACE_MS) or
   * came back: the home page shows the join button, or "waiting for the teacher".
   */
  'rooms:live': (rooms: LiveRoomEntry[]) => void;
}

type Handler<C extends Command, R = Record<string, never>> = (
  payload: CommandPayload<C>,
  ack: (a: Ack<R>) => void,
) => void;

export interface ClientToServerEvents {
  'room:open': Handler<'room:open', { snapshot: RoomSnapshot; settings: RaidSettings }>;
  'room:pause': Handler<'room:pause'>;
  'room:resume': Handler<'room:resume'>;
  'room:close': Handler<'room:close'>;
  'raid:start': Handler<'raid:start'>;
  'raid:begin': Handler<'raid:begin'>;
  'raid:reveal': Handler<'raid:reveal'>;
  'raid:next': Handler<'raid:next'>;
  'raid:end': Handler<'raid:end'>;
  'summon:draw': Handler<'summon:draw'>;
  'summon:mark': Handler<'summon:mark'>;
  'summon:reset': Handler<'summon:reset'>;
  'pick:draw': Handler<'pick:draw'>;
  'codex:next': Handler<'codex:next'>;
  'activity:close': Handler<'activity:close'>;
  'room:join': Handler<'room:join', { snapshot: RoomSnapshot; phone: PhoneState }>;
  'answer:submit': Handler<'answer:submit', { status: 'counted' | 'duplicate' }>;
  'power:activate': Handler<'power:activate'>;
  'room:sync': Handler<'room:sync', { snapshot: RoomSnapshot; phone?: PhoneState }>;
}

export interface InterServerEvents {
  /** A node that took over a room's lease asks the others to drop their timers for it. */
  'room:lease': (roomId: string, nodeId: string) => void;
}

export interface SocketData {
  userId: string;
  role: 'PROFESSOR' | 'STUDENT';
  professorId: string | null;
  studentId: string | null;
  roomId: string | null;
}
