// The live game: every command of the contract, checked against who sends it, passed through the
// room's state machine (lifecycle.ts `apply`), applied to the room record by compare-and-set, then
// broadcast as a numbered patch. No HTTP or Socket.IO in here. This file only assembles the room's
// modules; each command lives in one of them:
//   room-life.ts      open, pause, resume, close, back to the menu, join, sync, the homes' list
//   answer-path.ts    answer:submit (the hot path) and the reveal when everyone answered
//   raid-commands.ts  raid:start, begin, reveal, next, end (rules: raid.ts)
//   summon.ts, pick.ts, codex.ts, roster.ts (powers, students leaving)
//   room-views.ts     what boards and phones are sent; timers.ts the deadline, sweep and disposal
import { roomId as makeRoomId } from '../../shared/game/contract.js';
import { createAnswerPath } from './answer-path.js';
import { createCodex } from './codex.js';
import { GameError } from './errors.js';
import { createExtraReveal } from './extra-reveal.js';
import { check, type LifeEvent } from './lifecycle.js';
import { createPicks } from './pick.js';
import { createRaidCommands } from './raid-commands.js';
import { createRoomContext, type GameDeps } from './room-context.js';
import { createRoomLife } from './room-life.js';
import { createViews } from './room-views.js';
import { createRoster } from './roster.js';
import { createSummons } from './summon.js';
import { createSweep } from './timers.js';

export { GameError } from './errors.js';
export { POWER_XP_BONUS } from './rewards.js';
export {
  type Audience,
  BOARD_GRACE_MS,
  type Broadcaster,
  type GameDeps,
  IDLE_DISPOSE_MS,
  PRESENCE_GRACE_MS,
  type Professor,
  type Student,
} from './room-context.js';
export { CLOSED_KEEP_MS, DISPOSE_CHECK_MS } from './timers.js';

export function createGameService(deps: GameDeps) {
  const ctx = createRoomContext(deps);
  const { store, out } = ctx;
  const views = createViews(ctx);
  // The answer path reveals through the raid's commands, which keep the answers the path stored.
  let revealAll: (id: string) => Promise<void> = async () => {};
  const answers = createAnswerPath(ctx, (id) => revealAll(id));
  const raid = createRaidCommands(ctx, views, answers);
  revealAll = (id) => raid.revealRoom(null, id, 'all-answered');
  // Issue 24: the end of the extra time reveals, as everyone having answered does.
  const extraReveal = createExtraReveal({
    now: ctx.now,
    read: (id) => store.readRoom(id),
    extraClock: ctx.extraClock,
    reveal: (id) =>
      revealAll(id).catch((err) => {
        // The teacher, or an answer, revealed first.
        if (!(err instanceof GameError)) throw err;
      }),
  });
  ctx.onShown(extraReveal.shown);
  const { revealRoom: _, ...raidCommands } = raid;

  /** Removes a room from the store (memory or Redis) and from this node's caches. */
  async function dispose(id: string) {
    // The open question's answers (unless the room is only unloaded, paused) and the revealed
    // answers still buffered reach the database before the room goes.
    const gone = await store.readRoom(id).catch(() => null);
    if (gone && !gone.paused) await answers.keepOpenAnswers(gone);
    await ctx.answerWriter.flush().catch(() => {});
    ctx.answered.drop(id);
    ctx.cache.delete(id);
    answers.forget(id);
    extraReveal.forget(id);
    sweeper.forget(id);
    ctx.toldAway.delete(id);
    await store.deleteRoom(id);
  }

  const sweeper = createSweep({
    store,
    now: ctx.now,
    grace: ctx.grace,
    idleDisposeMs: ctx.idleDisposeMs,
    boardGraceMs: ctx.boardGraceMs,
    toldAway: ctx.toldAway,
    roomsChanged: (schoolclassId) => out.roomsChanged(schoolclassId),
    presence: (id, studentId, connected) => ctx.broadcast(id, { type: 'presence', studentId, connected }),
    dispose,
    disposed: (r, state) => ctx.ev(r, 'ROOM_DISPOSED', { state }),
  });

  return {
    snapshot: views.snapshot,
    phoneState: views.phoneState,
    /** Writes the buffered answers now (tests, shutdown). */
    flushAnswers: () => ctx.answerWriter.flush(),
    closeAnswers: () => ctx.answerWriter.close(),
    /** Tells these rooms' boards now who answered since their last patch (before a burst's acks). */
    flushAnswered: (ids: Iterable<string>) => ctx.answered.flushRooms(ids),
    /** The room's "who answered" is held back a few milliseconds in a burst of answers. */
    answersHeld: (id: string) => ctx.answered.bursting(id),
    ...createRoomLife(ctx, views, answers),
    ...raidCommands,
    ...createSummons(ctx, views),
    ...createPicks(ctx),
    ...createCodex(ctx),
    ...createRoster(ctx),
    async answer(...args: Parameters<typeof answers.answer>) {
      const result = await answers.answer(...args);
      if (result === 'counted') await extraReveal.answered(args[1]);
      return result;
    },
    /** The board of a room is connected (a heartbeat of the node holding its socket). */
    boardSeen: (id: string) => store.touchBoard(id, ctx.now()),
    sweep: sweeper.sweep,
    /**
     * A connection closed (`drop`) or a dropped phone came back (`reconnect`): transitions that leave
     * the room as it is, checked against the table on the record this node has cached.
     */
    passes(id: string, event: Extract<LifeEvent, 'drop' | 'reconnect'>) {
      const r = ctx.cache.get(id)?.record;
      if (r) check(r, event);
    },
  };
}

export type GameService = ReturnType<typeof createGameService>;
export { makeRoomId };
