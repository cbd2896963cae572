// A pupil's accommodations (issue 24): set by a teacher of the pupil's class (nobody else), the
// display ones by the pupil in Options, never in what the board receives, exported with the pupil's
// data and deleted with the pupil; in a live raid, a pupil with +1/3 answers after the class's
// deadline and counts while a pupil without it is refused. Memory store, or Redis with REDIS_URL.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studentAccommodations } from '../../server/db/schema.js';
import { redisStore } from '../../server/game/redis-store.js';
import { createGameService } from '../../server/game/service.js';
import { memoryStore, type RoomStore } from '../../server/game/store.js';
import type { PhoneState, RaidView, RoomKey, RoomPatch } from '../../shared/game/contract.js';
import type { PupilData } from '../../shared/schemas/data-export.js';
import type { StoredUser } from '../../shared/types.js';
import { bearer, createTestContext, DEMO, signin, type TestContext } from './helpers/app.js';
import { demoLesson } from './helpers/game.js';

let ctx: TestContext;
let prof: StoredUser;
let sciences: StoredUser;
let tiers: StoredUser; // eleve01: +1/3
let other: StoredUser; // eleve02: no plan
let outsider: StoredUser; // eleve31, another class
let key: RoomKey;
let raidId: string;
const prefix = `crtest:accommodations:${randomUUID()}:`;
const stores: RoomStore[] = [];

const call = (who: StoredUser, method: 'GET' | 'PUT', url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: bearer(who.accessToken) });

const plan = (
  extraTime: string,
  more: Partial<Record<'readAloud' | 'readingFriendly' | 'fewerAnimations', boolean>> = {},
) => ({
  extraTime,
  readAloud: false,
  readingFriendly: false,
  fewerAnimations: false,
  ...more,
});

beforeAll(async () => {
  ctx = await createTestContext();
  prof = await signin(ctx.app, DEMO.admin);
  sciences = await signin(ctx.app, DEMO.sciences);
  tiers = await signin(ctx.app, DEMO.student);
  other = await signin(ctx.app, { login: 'eleve02', password: DEMO.student.password });
  outsider = await signin(ctx.app, DEMO.studentOfOtherClass);
  ({ key, raidId } = await demoLesson(ctx.app, prof));
});

afterAll(async () => {
  for (const s of stores) await s.close();
  if (ctx.redis) {
    const keys = await ctx.redis.keys(`${prefix}*`);
    if (keys.length) await ctx.redis.del(...keys);
  }
  await ctx.close();
});

describe('setting a pupil accommodations', () => {
  it('lets a teacher of the class set them, and nobody else', async () => {
    const url = `/api/schoolclasses/${key.schoolclassId}/students/${tiers.studentId}/accommodations`;
    const set = await call(prof, 'PUT', url, plan('third', { readAloud: true }));
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual(plan('third', { readAloud: true }));
    // A teacher of another class, a pupil, a pupil of another class: refused.
    expect((await call(sciences, 'PUT', url, plan('double'))).statusCode).toBe(404);
    expect((await call(other, 'PUT', url, plan('double'))).statusCode).toBe(403);
    const wrongPupil = `/api/schoolclasses/${key.schoolclassId}/students/${outsider.studentId}/accommodations`;
    expect((await call(prof, 'PUT', wrongPupil, plan('double'))).statusCode).toBe(404);
    // Bad input: a clear error.
    const bad = await call(prof, 'PUT', url, plan('triple'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('ERRORS.INVALID_BODY');
    // The class list: only pupils with some, without any reason.
    const list = await call(prof, 'GET', `/api/schoolclasses/${key.schoolclassId}/accommodations`);
    expect(list.json()).toEqual([{ studentId: tiers.studentId, ...plan('third', { readAloud: true }) }]);
    expect(
      (await call(sciences, 'GET', `/api/schoolclasses/${key.schoolclassId}/accommodations`)).statusCode,
    ).toBe(404);
  });

  it('lets the pupil switch the display ones, never the extra time', async () => {
    const mine = `/api/students/${tiers.studentId}/accommodations`;
    expect((await call(tiers, 'GET', mine)).json()).toEqual(plan('third', { readAloud: true }));
    const own = await call(tiers, 'PUT', `/api/students/${tiers.studentId}/display`, {
      readAloud: true,
      readingFriendly: true,
      fewerAnimations: true,
      extraTime: 'double',
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toEqual(
      plan('third', { readAloud: true, readingFriendly: true, fewerAnimations: true }),
    );
    // Another pupil's: 404.
    expect((await call(other, 'GET', mine)).statusCode).toBe(404);
    expect(
      (await call(other, 'PUT', `/api/students/${tiers.studentId}/display`, plan('none'))).statusCode,
    ).toBe(404);
    // Switching everything off keeps no row (the least information).
    const off = await call(other, 'PUT', `/api/students/${other.studentId}/display`, {
      readAloud: true,
      readingFriendly: false,
      fewerAnimations: false,
    });
    expect(off.statusCode).toBe(200);
    await call(other, 'PUT', `/api/students/${other.studentId}/display`, {
      readAloud: false,
      readingFriendly: false,
      fewerAnimations: false,
    });
    const rows = await ctx.database.db
      .select()
      .from(studentAccommodations)
      .where(eq(studentAccommodations.studentId, other.studentId as string));
    expect(rows).toEqual([]);
  });

  it('exports them with the pupil data', async () => {
    const res = await call(prof, 'GET', `/api/students/${tiers.studentId}/data?format=json`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json() as PupilData;
    expect(data.accommodations).toEqual([
      expect.objectContaining({
        extraTime: 'third',
        readAloud: true,
        readingFriendly: true,
        fewerAnimations: true,
      }),
    ]);
  });
});

describe('extra time in a live raid', () => {
  it('counts an answer of a pupil with +1/3 after the class deadline, refuses one without it, and tells the board only a count', async () => {
    const clock = { t: Date.now() };
    const store = ctx.redis ? redisStore(ctx.redis, `${prefix}${randomUUID()}:`) : memoryStore();
    stores.push(store);
    const board: RoomPatch[] = [];
    const phones: Record<string, PhoneState[]> = {};
    const svc = createGameService({
      db: ctx.database.db,
      store,
      now: () => clock.t,
      out: {
        patch: (_id, to, p) => {
          if (to === 'board') board.push(p.patch);
        },
        phone: (studentId, s) => {
          phones[studentId] = [...(phones[studentId] ?? []), s];
        },
        roomsChanged() {},
      },
    });
    const t = { professorId: prof.professorId as string };
    const { snapshot } = await svc.open(t, key);
    const id = snapshot.id;
    await svc.join({ studentId: tiers.studentId as string }, key);
    await svc.join({ studentId: other.studentId as string }, key);
    await svc.startRaid(t, id, raidId, {
      questionSeconds: 30,
      endWhenAllAnswered: true,
      askEveryQuestion: true,
      scoring: 'accuracy',
    });
    await svc.begin(t, id);
    const boardView = (await svc.sync(id)).snapshot.activity as RaidView;
    const q = boardView.question;
    if (!q) throw new Error('no question');
    // The board knows when the extra time ends, never who has it.
    expect(boardView.deadline).not.toBeNull();
    expect(boardView.extraUntil).toBe((boardView.deadline as number) + 10_000);
    expect(JSON.stringify(boardView)).not.toContain('third');
    // The phones: each its own; the other pupil's view says nothing of it.
    const mine = await svc.sync(id, tiers.studentId as string);
    expect(mine.phone?.extraTime).toBe('third');
    const theirs = await svc.sync(id, other.studentId as string);
    expect(theirs.phone?.extraTime).toBeUndefined();
    expect((theirs.snapshot.activity as RaidView).extraUntil).toBeNull();

    // 5 s after the class's deadline.
    clock.t = (boardView.deadline as number) + 5_000;
    // The sockets' heartbeat: both phones are still connected.
    await store.touch(id, [tiers.studentId as string, other.studentId as string], clock.t);
    const answer = (who: StoredUser, n: string) =>
      svc.answer({ studentId: who.studentId as string }, id, {
        questionId: q.id,
        answerIds: [q.answers[0].id],
        clientId: `extra-${n}`,
      });
    await expect(answer(other, 'late')).rejects.toThrow('GAME.QUESTION_CLOSED');
    // The board during the extra time: one still answering, no names.
    const during = (await svc.sync(id)).snapshot.activity as RaidView;
    expect(during.extraAnswering).toBe(1);
    expect(during.answeredStudentIds).toEqual([]);
    expect(await answer(tiers, 'extra')).toBe('counted');
    await svc.flushAnswered([id]);
    // Its answer reached the board as a count, never as who.
    const answeredPatches = board.filter((p) => p.type === 'answered');
    for (const p of answeredPatches) if (p.type === 'answered') expect(p.studentIds).toEqual([]);
    // The last pupil with extra time has answered: the server reveals (extra-reveal.ts), and the
    // answer counts in the share.
    const revealed = (await svc.sync(id)).snapshot.activity as RaidView;
    expect(revealed.phase).toBe('revealed');
    const counted = Object.values(revealed.reveal?.counts ?? {}).reduce((a, b) => a + b, 0);
    expect(counted).toBe(1);
    // Past the pupil's own deadline (+1/3 of 30 s), the next question refuses them too.
    await svc.next(t, id);
    const q2 = ((await svc.sync(id)).snapshot.activity as RaidView).question;
    const d2 = ((await svc.sync(id)).snapshot.activity as RaidView).deadline as number;
    if (!q2) throw new Error('no second question');
    clock.t = d2 + 10_001;
    await expect(
      svc.answer({ studentId: tiers.studentId as string }, id, {
        questionId: q2.id,
        answerIds: [q2.answers[0].id],
        clientId: 'extra-too-late',
      }),
    ).rejects.toThrow('GAME.QUESTION_CLOSED');
    await svc.close(t, id);
  });

  it('deletes them with the pupil', async () => {
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/students/${tiers.studentId}`,
      headers: bearer(prof.accessToken),
    });
    expect(res.statusCode, res.body).toBe(204);
    const rows = await ctx.database.db
      .select()
      .from(studentAccommodations)
      .where(eq(studentAccommodations.studentId, tiers.studentId as string));
    expect(rows).toEqual([]);
  });
});
