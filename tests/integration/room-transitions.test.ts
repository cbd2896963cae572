// Every transition of the room's state machine (server/game/lifecycle.ts), tried on the game service
// itself: each state is reached afresh the way a lesson reaches it, then each command is sent. What
// the table allows must happen and land where the table says; what it refuses must be refused with
// the key the user is told, and leave the room as it was. Memory store, or Redis with REDIS_URL.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type LifeEvent,
  ROOM_STATES,
  type RoomState,
  refusal,
  stateOf,
  transition,
} from '../../server/game/lifecycle.js';
import { redisStore } from '../../server/game/redis-store.js';
import { createGameService, type GameService, makeRoomId } from '../../server/game/service.js';
import { memoryStore, type RoomStore } from '../../server/game/store.js';
import { type Command, commandSchemas, type RaidSettings, type RoomKey } from '../../shared/game/contract.js';
import { createTestContext, DEMO, signin, type TestContext } from './helpers/app.js';
import { demoLesson } from './helpers/game.js';

let ctx: TestContext;
let key: RoomKey;
let raidId: string;
let professorId: string;
let studentId: string;
const prefix = `crtest:transitions:${randomUUID()}:`;
const stores: RoomStore[] = [];

const settings: RaidSettings = {
  questionSeconds: 60,
  endWhenAllAnswered: false,
  askEveryQuestion: true,
  scoring: 'accuracy',
};

/**
 * Every command a board or a phone sends: all of the contract's (a command added there must be sent by
 * `command` below, or this file does not compile). The server's own events are tried in room-life.test.ts.
 */
const COMMANDS = Object.keys(commandSchemas) as Command[];

/** Refusals a command may meet in a state the table allows (the command's own rules, not the room's). */
const OWN_RULES: Partial<Record<LifeEvent, string[]>> = {
  'power:activate': ['GAME.POWERS_OFF', 'GAME.NOT_ENOUGH_POWER_XP', 'GAME.POWER_ALREADY_ACTIVE'],
  // The demo raid's questions are choices: a reveal has no typed words to show.
  'raid:show-typed': ['GAME.WRONG_PHASE'],
};

beforeAll(async () => {
  ctx = await createTestContext();
  const prof = await signin(ctx.app, DEMO.admin);
  professorId = prof.professorId as string;
  ({ key, raidId } = await demoLesson(ctx.app, prof));
  studentId = (await signin(ctx.app, DEMO.student)).studentId as string;
});

afterAll(async () => {
  for (const s of stores) await s.close();
  if (ctx.redis) {
    const keys = await ctx.redis.keys(`${prefix}*`);
    if (keys.length) await ctx.redis.del(...keys);
  }
  await ctx.close();
});

/** A fresh store and service: each case starts from a room that was never opened. */
function fresh(): { svc: GameService; store: RoomStore } {
  const store = ctx.redis ? redisStore(ctx.redis, `${prefix}${randomUUID()}:`) : memoryStore();
  stores.push(store);
  const svc = createGameService({
    db: ctx.database.db,
    store,
    out: { patch() {}, phone() {}, roomsChanged() {} },
  });
  return { svc, store };
}

/** Brings a room to `state` the way a lesson does; answers its id. */
async function reach(svc: GameService, state: RoomState): Promise<string> {
  const t = { professorId };
  if (state === 'absent') return makeRoomId(key);
  const { snapshot } = await svc.open(t, key);
  const id = snapshot.id;
  await svc.join({ studentId }, key);
  switch (state) {
    case 'idle':
      break;
    case 'lobby':
      await svc.startRaid(t, id, raidId, settings);
      break;
    case 'question':
    case 'revealed':
    case 'ended':
    case 'paused':
      await svc.startRaid(t, id, raidId, settings);
      await svc.begin(t, id);
      if (state === 'revealed') await svc.reveal(t, id);
      if (state === 'ended') await svc.next(t, id, true);
      if (state === 'paused') await svc.setPaused(t, id, true);
      break;
    case 'summon':
      await svc.summonDraw(t, id);
      break;
    case 'pick':
      await svc.pickDraw(t, id, 'order');
      break;
    case 'codex':
      await svc.codexNext(t, id, false);
      break;
    case 'closed':
      await svc.close(t, id);
      break;
  }
  return id;
}

/** Sends one command as the board or the phone would. */
async function command(svc: GameService, store: RoomStore, id: string, event: Command): Promise<unknown> {
  const t = { professorId };
  const s = { studentId };
  switch (event) {
    case 'room:open':
      return svc.open(t, key);
    case 'room:pause':
      return svc.setPaused(t, id, true);
    case 'room:resume':
      return svc.setPaused(t, id, false);
    case 'room:close':
      return svc.close(t, id);
    case 'raid:start':
      return svc.startRaid(t, id, raidId, settings);
    case 'raid:begin':
      return svc.begin(t, id);
    case 'raid:reveal':
      return svc.reveal(t, id);
    case 'raid:show-typed':
      return svc.showTyped(t, id, false);
    case 'raid:next':
      return svc.next(t, id);
    case 'raid:end':
      return svc.next(t, id, true);
    case 'summon:draw':
      return svc.summonDraw(t, id);
    case 'summon:mark': {
      const r = await store.readRoom(id);
      const drawn = r?.activity?.kind === 'summon' ? r.activity.view.drawn : studentId;
      return svc.summonMark(t, id, drawn ?? studentId, true);
    }
    case 'summon:reset':
      return svc.summonReset(t, id);
    case 'pick:draw':
      return svc.pickDraw(t, id, 'team', 2);
    case 'codex:next':
      return svc.codexNext(t, id, true);
    case 'activity:close':
      return svc.closeActivity(t, id);
    case 'room:join':
      return svc.join(s, key);
    case 'answer:submit': {
      const r = await store.readRoom(id);
      const raid = r?.activity?.kind === 'raid' ? r.activity.raid : null;
      const q = raid?.questions[raid.index];
      // The current question's first answer where there is one; a stale question otherwise.
      const answer = q
        ? { questionId: q.id, answerIds: [q.answers[0].id] }
        : { questionId: randomUUID(), answerIds: [randomUUID()] };
      return svc.answer(s, id, { ...answer, clientId: `transition-${randomUUID()}` });
    }
    case 'power:activate':
      return svc.activatePower(s, id);
    case 'room:sync':
      return svc.sync(id, studentId);
    default: {
      const missing: never = event;
      throw new Error(`${missing}: send it in command() of this file, as the board or the phone does`);
    }
  }
}

async function stateNow(store: RoomStore, id: string): Promise<RoomState> {
  return stateOf(await store.readRoom(id));
}

describe('the room state machine, command by command', () => {
  // The state before the pause that the paused case resumes to.
  const BEFORE_PAUSE: RoomState = 'question';

  for (const state of ROOM_STATES) {
    it(`from ${state}: every command does what the table says`, async () => {
      const outcomes: string[] = [];
      const expected: string[] = [];
      for (const event of COMMANDS) {
        const { svc, store } = fresh();
        const id = await reach(svc, state);
        expect(await stateNow(store, id)).toBe(state);
        const rule = transition(state, event);
        let result: string;
        try {
          await command(svc, store, id, event);
          result = 'ok';
        } catch (err) {
          const message = (err as Error).message;
          result = rule && OWN_RULES[event]?.includes(message) ? 'ok' : message;
        }
        const after = await stateNow(store, id);
        if (rule) {
          const targets = rule.to.map((to) =>
            to === 'same' ? state : to === 'before-pause' ? (state === 'paused' ? BEFORE_PAUSE : state) : to,
          );
          expected.push(`${event}: ok in ${targets.join('|')}`);
          outcomes.push(`${event}: ${result} in ${targets.includes(after) ? targets.join('|') : after}`);
        } else {
          expected.push(`${event}: ${refusal(state, event)}, stays ${state}`);
          outcomes.push(`${event}: ${result}, stays ${after}`);
        }
        // Quit forgets a saved pause: the next case opens a new lesson.
        await svc.close({ professorId }, id).catch(() => {});
      }
      expect(outcomes).toEqual(expected);
    });
  }
});
