// The room's life as one state machine: the state a room record is in, and which command (or event
// of the server itself) may move it where. Every change of a room goes through `apply` (or `check`
// for a command that changes no state), which refuses what the table does not allow and, in tests,
// throws when the state reached is not one the table names. The same table is printed in
// docs/protocol.md (a unit test keeps the two alike). Pure: no I/O here.
import type { Command } from '../../shared/game/contract.js';
import { GameError } from './errors.js';

/** Where a room stands. `absent`: never opened, or disposed (gone from memory and Redis). */
export const ROOM_STATES = [
  'absent',
  'idle',
  'lobby',
  'question',
  'revealed',
  'ended',
  'summon',
  'pick',
  'codex',
  'paused',
  'closed',
] as const;
export type RoomState = (typeof ROOM_STATES)[number];

/**
 * The server's own events: `all-answered`, `drop` and `reconnect` (a connection to the room closes, a
 * dropped phone is seen again), `board-gone` and `dispose`.
 */
export const SERVER_EVENTS = ['all-answered', 'drop', 'reconnect', 'board-gone', 'dispose'] as const;

/**
 * Every command of the contract (shared/game/contract.ts), and the server's own events. A command
 * added to the contract is an event of this table at once; lifecycle.test.ts fails until it has a row.
 */
export type LifeEvent = Command | (typeof SERVER_EVENTS)[number];

/** `same`: the room stays where it was (a re-open, a repeated pause, a join). */
export type Target = RoomState | 'same' | 'before-pause';

export interface Transition {
  event: LifeEvent;
  from: readonly RoomState[];
  to: readonly Target[];
  /** One line for the table in docs/protocol.md. */
  note: string;
}

const LIVE = ['idle', 'lobby', 'question', 'revealed', 'ended', 'summon', 'pick', 'codex'] as const;
/** States from which a new activity may start: nothing running, or a raid already over. */
const FREE = ['idle', 'ended', 'summon', 'pick', 'codex'] as const;

export const TRANSITIONS: readonly Transition[] = [
  {
    event: 'room:open',
    from: ['absent', 'closed'],
    to: ['idle', 'paused'],
    note: 'the board opens the room; a room paused at the last lesson comes back paused',
  },
  { event: 'room:open', from: [...LIVE, 'paused'], to: ['same'], note: 'the board re-opens it (reload)' },
  { event: 'room:pause', from: [...LIVE, 'paused'], to: ['paused'], note: 'saved in the database' },
  {
    event: 'room:resume',
    from: [...LIVE, 'paused'],
    to: ['before-pause'],
    note: 'an open question keeps the time it had left',
  },
  {
    event: 'room:close',
    from: [...LIVE, 'paused', 'closed'],
    to: ['closed'],
    note: 'Quit: phones show the end, homes drop the room, powers end',
  },
  { event: 'raid:start', from: [...FREE, 'lobby'], to: ['lobby'], note: 'the raid waits in its lobby' },
  { event: 'raid:begin', from: ['lobby'], to: ['question'], note: 'the first question' },
  { event: 'raid:reveal', from: ['question'], to: ['revealed'], note: 'the teacher reveals' },
  {
    event: 'all-answered',
    from: ['question'],
    to: ['revealed'],
    note: 'every connected student answered (setting on)',
  },
  {
    event: 'raid:show-typed',
    from: ['revealed'],
    to: ['same'],
    note: 'the class’s typed words on the board, rude ones left out, names if asked',
  },
  { event: 'raid:next', from: ['revealed'], to: ['question', 'ended'], note: 'next question, or the end' },
  { event: 'raid:end', from: ['question', 'revealed'], to: ['ended'], note: 'the teacher ends the raid' },
  { event: 'summon:draw', from: FREE, to: ['summon'], note: 'a present student is drawn' },
  { event: 'summon:mark', from: ['summon'], to: ['summon'], note: 'right or wrong, once' },
  { event: 'summon:reset', from: LIVE, to: ['same'], note: 'everyone back in the pool' },
  { event: 'pick:draw', from: FREE, to: ['pick'], note: 'teams or a speaking order' },
  { event: 'codex:next', from: FREE, to: ['codex'], note: 'the next approved phrase' },
  {
    event: 'activity:close',
    from: ['idle', 'lobby', 'ended', 'summon', 'pick', 'codex'],
    to: ['idle'],
    note: 'back to the menu',
  },
  { event: 'room:join', from: [...LIVE, 'paused'], to: ['same'], note: 'a phone joins' },
  { event: 'answer:submit', from: ['question'], to: ['same'], note: 'one answer per student' },
  {
    event: 'power:activate',
    from: LIVE,
    to: ['same'],
    note: 'for the rest of the lesson; refused while paused (GAME.PAUSED)',
  },
  { event: 'room:sync', from: [...LIVE, 'paused', 'closed'], to: ['same'], note: 'a full snapshot' },
  {
    event: 'drop',
    from: [...LIVE, 'paused', 'closed'],
    to: ['same'],
    note: 'a phone or the board loses its connection; a phone is shown away after the grace (20 s)',
  },
  {
    event: 'reconnect',
    from: [...LIVE, 'paused', 'closed'],
    to: ['same'],
    note: 'a dropped phone is seen again (it joins again, its heartbeat returns)',
  },
  {
    event: 'board-gone',
    from: LIVE,
    to: ['absent'],
    note: 'no board for ROOM_IDLE_DISPOSE_MINUTES: disposed',
  },
  {
    event: 'board-gone',
    from: ['paused'],
    to: ['absent'],
    note: 'no board for ROOM_IDLE_DISPOSE_MINUTES: unloaded, kept in the database for the next lesson',
  },
  { event: 'dispose', from: ['closed'], to: ['absent'], note: 'a closed room is dropped at the next sweep' },
];

/** The table by state and event: the answer path asks it a thousand times a second. */
const INDEX = new Map<RoomState, Map<LifeEvent, Transition>>(ROOM_STATES.map((s) => [s, new Map()]));
for (const t of TRANSITIONS) {
  for (const s of t.from) {
    const row = INDEX.get(s) as Map<LifeEvent, Transition>;
    if (!row.has(t.event)) row.set(t.event, t);
  }
}

/** Which transition applies, if any. */
export function transition(state: RoomState, event: LifeEvent): Transition | null {
  return INDEX.get(state)?.get(event) ?? null;
}

/** The key a refused command is answered with: what the user is told. */
export function refusal(state: RoomState, event: LifeEvent): string {
  if (state === 'absent') return 'GAME.NO_ROOM';
  if (state === 'closed') return 'GAME.ROOM_CLOSED';
  if (state === 'paused') return 'GAME.PAUSED';
  if (event === 'answer:submit')
    return state === 'revealed' ? 'GAME.QUESTION_CLOSED' : 'GAME.NOT_CURRENT_QUESTION';
  return 'GAME.WRONG_PHASE';
}

export type Check = { ok: true; transition: Transition } | { ok: false; message: string };

export function allowed(state: RoomState, event: LifeEvent): Check {
  const t = transition(state, event);
  return t ? { ok: true, transition: t } : { ok: false, message: refusal(state, event) };
}

/** The states a transition may lead to from `from` (`same` and `before-pause` resolved). */
export function targets(t: Transition, from: RoomState, beforePause: RoomState | null): RoomState[] {
  return t.to.map((to) => (to === 'same' ? from : to === 'before-pause' ? (beforePause ?? from) : to));
}

/** Tests check every state reached against the table; production trusts it (no cost on the hot path). */
const STRICT = process.env.NODE_ENV === 'test' || !!process.env.VITEST;

/** A change that leads where the table does not say: a bug of the server, never the user's doing. */
export class TransitionError extends Error {}

/**
 * Refuses `event` when the table has no row for the room's state (a GameError with the key the user
 * is told); answers the row.
 */
export function check(r: RoomShape | null, event: LifeEvent): Transition {
  const state = stateOf(r);
  const t = transition(state, event);
  if (!t) throw new GameError(refusal(state, event));
  return t;
}

/**
 * The one way a room changes: refuses what the table does not allow, applies `change` (which may
 * refuse with a GameError, or answer null: nothing to change, or the room is gone), and in tests
 * throws a TransitionError when the state reached is not one of the row's targets.
 */
export function apply<R extends RoomShape>(
  r: R | null,
  event: LifeEvent,
  change: (r: R) => R | null,
  /** The room made afresh, where the table lets `event` open an absent room (`room:open`). */
  create?: () => R,
): R | null {
  const t = check(r, event);
  const after = r === null ? (create?.() ?? null) : change(r);
  if (STRICT && (after !== null || event === 'board-gone' || event === 'dispose')) {
    const from = stateOf(r);
    const beforePause = r?.paused ? stateOf({ ...r, paused: false }) : null;
    const reached = stateOf(after);
    if (!targets(t, from, beforePause).includes(reached))
      throw new TransitionError(
        `${event} led the room from ${from} to ${reached}; the table says ${t.to.join(' or ')}`,
      );
  }
  return after;
}

/**
 * A follow-up change made by a command already applied (the rewards stored, the roster refreshed):
 * it never moves the room to another state, which tests check.
 */
export function amend<R extends RoomShape>(r: R | null, change: (r: R) => R | null): R | null {
  if (r === null) return null;
  const after = change(r);
  if (STRICT && after !== null && stateOf(after) !== stateOf(r))
    throw new TransitionError(`an amendment moved the room from ${stateOf(r)} to ${stateOf(after)}`);
  return after;
}

/** The parts of a room record the state depends on. */
export interface RoomShape {
  closed?: boolean;
  paused: boolean;
  activity:
    | { kind: 'raid'; raid: { phase: 'lobby' | 'question' | 'revealed' | 'ended' } }
    | { kind: 'summon' | 'pick' | 'codex' }
    | null;
}

export function stateOf(r: RoomShape | null): RoomState {
  if (!r) return 'absent';
  if (r.closed) return 'closed';
  if (r.paused) return 'paused';
  if (!r.activity) return 'idle';
  if (r.activity.kind === 'raid') return r.activity.raid.phase;
  return r.activity.kind;
}

/** The table as markdown rows, as docs/protocol.md prints it. */
export function tableMarkdown(): string {
  const rows = TRANSITIONS.map(
    (t) => `| \`${t.event}\` | ${t.from.join(', ')} | ${t.to.join(', ')} | ${t.note} |`,
  );
  return ['| event | from | to | |', '|---|---|---|---|', ...rows].join('\n');
}
