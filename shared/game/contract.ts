// The live-room contract shared by the server and both clients (projector and phones).
// Every client command is acknowledged with a result-or-error union; every payload is parsed by the
// zod schema of the same name at runtime. Event names are `domain:verb`.
import { z } from 'zod';
import { ORDER_ITEMS_MAX, ORDER_ITEMS_MIN, TYPED_ANSWER_MAX } from '../questions/kinds.js';
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
/** Choices one answer may tick, at most; the length of a phone's answer id (server/game/answer-payload.ts). */
export const ANSWER_CHOICES_MAX = 10;
export const CLIENT_ID_MIN = 8;
export const CLIENT_ID_MAX = 64;

export const roomKeySchema = z.object({ schoolclassId: uuid, subjectId: uuid });

export const raidSettingsSchema = z.object({
  questionSeconds: z.number().int().min(10).max(120).nullable(),
  endWhenAllAnswered: z.boolean(),
  askEveryQuestion: z.boolean(),
  scoring: z.enum(['accuracy', 'speed']),
  multiScoring: z.enum(['all', 'partial']).optional(),
});

/** Commands the teacher's board sends. */
export const professorCommands = {
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
  /**
   * After the reveal of a text question or a typed poll: the board shows what the class typed,
   * grouped, rude words left out (issue 23); names only when the teacher asks.
   */
  'raid:show-typed': z.object({ names: z.boolean() }),
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
  /**
   * Exactly one of: the choices ticked (`answerIds`), an order question's items in the pupil's
   * order (`order`), or what was typed (`value`: a number or a word), as the question's kind asks
   * (shared/questions/kinds.ts). Never a verdict: the server judges.
   */
  'answer:submit': z
    .object({
      questionId: uuid,
      answerIds: z.array(uuid).min(1).max(ANSWER_CHOICES_MAX).optional(),
      order: z.array(uuid).min(ORDER_ITEMS_MIN).max(ORDER_ITEMS_MAX).optional(),
      value: z.string().max(TYPED_ANSWER_MAX, 'GAME.ERRORS.ANSWER_TOO_LONG_TYPED').optional(),
      /** Made by the phone; sending the same answer twice counts once. */
      clientId: z.string().min(CLIENT_ID_MIN).max(CLIENT_ID_MAX),
    })
    .refine((a) => [a.answerIds, a.order, a.value].filter((x) => x !== undefined).length === 1, {
      message: 'GAME.ERRORS.ANSWER_WRONG_SHAPE',
    }),
  'power:activate': z.object({}),
} as const;

/** Commands anyone in a room may send. */
export const sharedCommands = {
  /** Ask for a full snapshot (after a gap in patch numbers, or on return from sleep). */
  'room:sync': z.object({}),
} as const;

export type ProfessorCommand = keyof typeof professorCommands;
export type StudentCommand = keyof typeof studentCommands;
export type SharedCommand = keyof typeof sharedCommands;
export type Command = ProfessorCommand | StudentCommand | SharedCommand;
export const commandSchemas = { ...professorCommands, ...studentCommands, ...sharedCommands };
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

/**
 * What each command's acknowledgement carries besides `ok: true` (an empty object: nothing). The
 * server's handlers and the clients' acks are typed from this one map.
 */
export interface CommandResults {
  'room:open': { snapshot: RoomSnapshot; settings: RaidSettings };
  'room:pause': Record<string, never>;
  'room:resume': Record<string, never>;
  'room:close': Record<string, never>;
  'raid:start': Record<string, never>;
  'raid:begin': Record<string, never>;
  'raid:reveal': Record<string, never>;
  'raid:show-typed': Record<string, never>;
  'raid:next': Record<string, never>;
  'raid:end': Record<string, never>;
  'summon:draw': Record<string, never>;
  'summon:mark': Record<string, never>;
  'summon:reset': Record<string, never>;
  'pick:draw': Record<string, never>;
  'codex:next': Record<string, never>;
  'activity:close': Record<string, never>;
  'room:join': { snapshot: RoomSnapshot; phone: PhoneState };
  'answer:submit': { status: 'counted' | 'duplicate' };
  'power:activate': Record<string, never>;
  'room:sync': { snapshot: RoomSnapshot; phone?: PhoneState };
}
export type CommandResult<C extends Command> = CommandResults[C];
/** The acknowledgement of a command: its result, or the key of the error the user is shown. */
export type CommandAck<C extends Command> = Ack<CommandResults[C]>;

/** Every command: its payload, parsed by its schema, and its acknowledgement. */
export type ClientToServerEvents = {
  [C in Command]: (payload: CommandPayload<C>, ack: (a: CommandAck<C>) => void) => void;
};

/** Nodes send one another nothing of their own (the adapter carries broadcasts and room changes). */
export type InterServerEvents = Record<never, never>;

export interface SocketData {
  userId: string;
  role: 'PROFESSOR' | 'STUDENT';
  professorId: string | null;
  studentId: string | null;
  roomId: string | null;
}
