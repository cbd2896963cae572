// Avatars, unlock offers and the skin chest (SPEC points 4 and 7): every route, its errors, who may
// call it, and purchases racing each other.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { avatars, studentAvatarUnlocks, students, users, usersAvatars } from '../../server/db/schema.js';
import { grantLevelUnlocks } from '../../server/modules/avatars/unlocks.js';
import type { AvatarGridDto, OwnedAvatarDto, UnlockOfferDto } from '../../shared/avatar-rules.js';
import { SKIN_CHEST_PRICE } from '../../shared/avatar-rules.js';
import type { StoredUser } from '../../shared/types.js';
import { bearer, createTestContext, DEMO, signin, type TestContext } from './helpers/app.js';

let ctx: TestContext;
const PASSWORD = DEMO.student.password;
const as = (n: number) => ({ login: `eleve${String(n).padStart(2, '0')}`, password: PASSWORD });

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
const req = (method: Method, url: string, token?: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: token ? bearer(token) : {} });

const db = () => ctx.database.db;
const setCoins = (studentId: string, coin: number) =>
  db().update(students).set({ coin }).where(eq(students.id, studentId));
const coinsOf = async (studentId: string) =>
  (await db().select({ coin: students.coin }).from(students).where(eq(students.id, studentId)))[0].coin;
const ownedIds = async (userId: string) =>
  (
    await db().select({ id: usersAvatars.avatarId }).from(usersAvatars).where(eq(usersAvatars.userId, userId))
  ).map((r) => r.id);
const grid = async (s: StoredUser) =>
  (await req('GET', `/api/avatars/students/${s.studentId}`, s.accessToken)).json() as AvatarGridDto;

describe('GET /api/avatars/students/{studentId} (the grid)', () => {
  it('shows the starter, one question mark per pending offer and silhouettes up to the slot count', async () => {
    const s = await signin(ctx.app, as(20));
    const res = await req('GET', `/api/avatars/students/${s.studentId}`, s.accessToken);
    expect(res.statusCode).toBe(200);
    const g = res.json() as AvatarGridDto;
    expect(g.owned).toHaveLength(1);
    expect(g.equippedId).toBe(g.owned[0].id);
    expect(g.owned[0].image).toMatch(/^\/assets\/avatars\/eleves\/body\/[a-z0-9]+\.webp$/);
    // The demo: level 4 gave a choice of two, level 5 a gift of one; all from 5e B's world.
    expect(g.offers.map((o) => o.candidates.length)).toEqual([2, 1]);
    for (const o of g.offers)
      for (const c of o.candidates) expect(c).toMatchObject({ planet: 'nebula', baseAvatarId: null });
    expect(g.owned.length + g.offers.length + g.locked.length).toBe(g.slots);
    const offered = g.offers.flatMap((o) => o.candidates.map((c) => c.id));
    for (const l of g.locked) {
      expect(l.baseAvatarId).toBeNull();
      expect(offered).not.toContain(l.id);
      expect(l.id).not.toBe(g.owned[0].id);
    }
  });
});

describe('choosing from an unlock offer (PUT /api/studentAvatarUnlock/{studentId}?avatarId=)', () => {
  it('records the chosen avatar as new, drops the other and removes the offer', async () => {
    const s = await signin(ctx.app, as(21));
    const before = (
      await req('GET', `/api/studentAvatarUnlock/findAll?studentId=${s.studentId}`, s.accessToken)
    ).json() as UnlockOfferDto[];
    expect(before).toHaveLength(2);
    const [choice, dropped] = before[0].candidates;
    const res = await req(
      'PUT',
      `/api/studentAvatarUnlock/${s.studentId}?avatarId=${choice.id}`,
      s.accessToken,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ offerId: before[0].id, avatar: { id: choice.id } });

    const owned = (
      await req('GET', `/api/usersAvatars/findAllByUserId/${s.id}`, s.accessToken)
    ).json() as OwnedAvatarDto[];
    expect(owned.map((a) => a.id)).toContain(choice.id);
    expect(owned.map((a) => a.id)).not.toContain(dropped.id);
    expect(owned.find((a) => a.id === choice.id)?.isNew).toBe(true);

    const after = (
      await req('GET', `/api/studentAvatarUnlock/findAll?studentId=${s.studentId}`, s.accessToken)
    ).json() as UnlockOfferDto[];
    expect(after.map((o) => o.id)).toEqual([before[1].id]);
    const done = (
      await req(
        'GET',
        `/api/studentAvatarUnlock/findAll?studentId=${s.studentId}&isUnlocked=true`,
        s.accessToken,
      )
    ).json() as UnlockOfferDto[];
    expect(done.map((o) => o.id)).toEqual([before[0].id]);

    // The dropped candidate is no longer on offer; neither is an avatar that never was.
    for (const id of [dropped.id, randomUUID()]) {
      const again = await req('PUT', `/api/studentAvatarUnlock/${s.studentId}?avatarId=${id}`, s.accessToken);
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ message: 'AVATARS.ERRORS.NO_OFFER', field: 'avatarId' });
    }
    const bad = await req('PUT', `/api/studentAvatarUnlock/${s.studentId}?avatarId=nope`, s.accessToken);
    expect(bad.statusCode).toBe(400);
    expect((await req('PUT', `/api/studentAvatarUnlock/${s.studentId}`, s.accessToken)).statusCode).toBe(400);

    // The gift: its single candidate; a double click unlocks it once.
    const gift = before[1].candidates[0];
    const both = await Promise.all(
      [1, 2].map(() =>
        req('PUT', `/api/studentAvatarUnlock/${s.studentId}?avatarId=${gift.id}`, s.accessToken),
      ),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const g = await grid(s);
    expect(g.offers).toEqual([]);
    expect(g.owned.map((a) => a.id)).toEqual(expect.arrayContaining([choice.id, gift.id]));
  });

  it('counts new avatars until the grid was seen', async () => {
    const s = await signin(ctx.app, as(21));
    const count = () => req('GET', `/api/usersAvatars/getAmountOfNewAvatars/${s.id}`, s.accessToken);
    expect((await count()).json()).toEqual({ amount: 2 });
    const seen = await req('PATCH', `/api/usersAvatars/${s.id}/seen`, s.accessToken);
    expect(seen.statusCode).toBe(200);
    expect((await count()).json()).toEqual({ amount: 0 });
  });
});

describe('equipping an avatar', () => {
  it('equips an owned avatar by either route and refuses one the student does not own', async () => {
    const s = await signin(ctx.app, as(21));
    const g = await grid(s);
    const other = g.owned.find((a) => a.id !== g.equippedId) as OwnedAvatarDto;
    const res = await req('PUT', `/api/usersAvatars/${s.id}/${other.id}`, s.accessToken);
    expect(res.statusCode).toBe(200);
    expect(res.json().avatar).toMatchObject({ id: other.id, image: other.image });
    expect((await req('GET', `/api/users/${s.id}`, s.accessToken)).json().avatar.id).toBe(other.id);

    const back = await req('PUT', `/api/avatars/${g.equippedId}/students/${s.studentId}`, s.accessToken);
    expect(back.statusCode).toBe(200);
    expect((await grid(s)).equippedId).toBe(g.equippedId);

    const locked = g.locked[0].id;
    for (const url of [
      `/api/usersAvatars/${s.id}/${locked}`,
      `/api/avatars/${locked}/students/${s.studentId}`,
    ]) {
      const r = await req('PUT', url, s.accessToken);
      expect(r.statusCode).toBe(400);
      expect(r.json()).toMatchObject({ message: 'AVATARS.NOT_ALLOWED', field: 'avatarId' });
    }
    // The same rule as PUT /users/{id}.
    const viaUser = await req('PUT', `/api/users/${s.id}`, s.accessToken, { avatarId: locked });
    expect(viaUser.json()).toMatchObject({ message: 'AVATARS.NOT_ALLOWED' });
    expect((await grid(s)).equippedId).toBe(g.equippedId);
    expect((await req('PUT', `/api/usersAvatars/${s.id}/not-a-uuid`, s.accessToken)).statusCode).toBe(400);
  });

  it('lets a student without an avatar record a starter once (POST /api/usersAvatars/)', async () => {
    const s = await signin(ctx.app, as(24));
    await db().update(users).set({ avatarId: null }).where(eq(users.id, s.id));
    await db().delete(usersAvatars).where(eq(usersAvatars.userId, s.id));
    const [starter, another] = await db()
      .select()
      .from(avatars)
      .where(and(eq(avatars.userType, 'student'), eq(avatars.starter, true)));
    const [notStarter] = await db()
      .select()
      .from(avatars)
      .where(and(eq(avatars.userType, 'student'), eq(avatars.starter, false)));
    const post = (avatarId: string) =>
      req('POST', '/api/usersAvatars/', s.accessToken, { userId: s.id, avatarId });
    expect((await post(notStarter.id)).json()).toMatchObject({ message: 'AVATARS.NOT_ALLOWED' });
    const ok = await post(starter.id);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id: starter.id });
    expect((await grid(s)).equippedId).toBe(starter.id);
    const second = await post(another.id);
    expect(second.statusCode).toBe(400);
    expect(await ownedIds(s.id)).toEqual([starter.id]);
  });
});

describe('the skin chest', () => {
  it('sells a skin of an owned base for the price and shows it as new', async () => {
    const s = await signin(ctx.app, as(20));
    const has = await req('GET', `/api/studentAvatar/hasUnlockableSkin/${s.studentId}`, s.accessToken);
    expect(has.statusCode).toBe(200);
    expect(has.json()).toBe(true);
    const before = await coinsOf(s.studentId as string);
    const res = await req('POST', '/api/studentAvatar/unlockSkin', s.accessToken, { studentId: s.studentId });
    expect(res.statusCode).toBe(200);
    const { skin, coin } = res.json();
    expect(coin).toBe(before - SKIN_CHEST_PRICE);
    expect(await coinsOf(s.studentId as string)).toBe(coin);
    const g = await grid(s);
    expect(skin.baseAvatarId).toBe(g.equippedId);
    expect(skin.image).toMatch(/[1-3]\.webp$/);
    expect(g.owned.find((a) => a.id === skin.id)?.isNew).toBe(true);
    // The new skin can be equipped, and the session shows it.
    expect((await req('PUT', `/api/usersAvatars/${s.id}/${skin.id}`, s.accessToken)).statusCode).toBe(200);
    expect((await req('GET', `/api/users/${s.id}`, s.accessToken)).json().avatar).toMatchObject({
      id: skin.id,
      baseAvatarId: skin.baseAvatarId,
    });
  });

  it('refuses a student short of coins and leaves the balance alone', async () => {
    const s = await signin(ctx.app, as(22));
    await setCoins(s.studentId as string, SKIN_CHEST_PRICE - 1);
    const owned = await ownedIds(s.id);
    const res = await req('POST', '/api/studentAvatar/unlockSkin', s.accessToken, { studentId: s.studentId });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: 'SHOP.ERRORS.NOT_ENOUGH_COINS' });
    expect(await coinsOf(s.studentId as string)).toBe(SKIN_CHEST_PRICE - 1);
    expect(await ownedIds(s.id)).toEqual(owned);
  });

  it('sells exactly one skin to five parallel purchases with coins for one', async () => {
    const s = await signin(ctx.app, as(22));
    await setCoins(s.studentId as string, SKIN_CHEST_PRICE);
    const owned = await ownedIds(s.id);
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        req('POST', '/api/studentAvatar/unlockSkin', s.accessToken, { studentId: s.studentId }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.json().message).toBe('SHOP.ERRORS.NOT_ENOUGH_COINS');
    expect(await coinsOf(s.studentId as string)).toBe(0);
    expect((await ownedIds(s.id)).length).toBe(owned.length + 1);
  });

  it('never pays twice for one skin when parallel purchases exhaust the chest', async () => {
    const s = await signin(ctx.app, as(23));
    await setCoins(s.studentId as string, SKIN_CHEST_PRICE * 5);
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        req('POST', '/api/studentAvatar/unlockSkin', s.accessToken, { studentId: s.studentId }),
      ),
    );
    // One owned base has three skins: three sales, then the chest is empty.
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 409, 409]);
    const sold = results.filter((r) => r.statusCode === 200).map((r) => r.json().skin.id);
    expect(new Set(sold).size).toBe(3);
    expect(await coinsOf(s.studentId as string)).toBe(SKIN_CHEST_PRICE * 2);
    const has = await req('GET', `/api/studentAvatar/hasUnlockableSkin/${s.studentId}`, s.accessToken);
    expect(has.json()).toBe(false);
    const empty = await req('POST', '/api/studentAvatar/unlockSkin', s.accessToken, {
      studentId: s.studentId,
    });
    expect(empty.statusCode).toBe(409);
    expect(empty.json()).toMatchObject({ message: 'SHOP.ERRORS.NO_SKIN_LEFT' });
    expect(await coinsOf(s.studentId as string)).toBe(SKIN_CHEST_PRICE * 2);
  });

  it('rejects a broken body', async () => {
    const s = await signin(ctx.app, as(23));
    const res = await req('POST', '/api/studentAvatar/unlockSkin', s.accessToken, { studentId: 'x' });
    expect(res.statusCode).toBe(400);
  });
});

describe('grantLevelUnlocks (level-ups)', () => {
  it('creates one offer per level gained, a gift on fifth levels, never the same avatar twice', async () => {
    const s = await signin(ctx.app, as(4));
    const sid = s.studentId as string;
    await db().transaction((tx) => grantLevelUnlocks(tx, sid, 3, 10));
    const offers = await db()
      .select()
      .from(studentAvatarUnlocks)
      .where(eq(studentAvatarUnlocks.studentId, sid));
    expect(offers.map((o) => (o.avatarId2 ? 2 : 1)).sort()).toEqual([1, 1, 2, 2, 2, 2, 2]);
    const ids = offers.flatMap((o) => (o.avatarId2 ? [o.avatarId1, o.avatarId2] : [o.avatarId1]));
    expect(new Set(ids).size).toBe(ids.length);
    const owned = await ownedIds(s.id);
    expect(ids.some((id) => owned.includes(id))).toBe(false);
    const rows = await db().select().from(avatars).where(inArray(avatars.id, ids));
    // 5e B is on nebula, which has twelve bases: those the student lacks come first.
    const ownedRows = await db().select().from(avatars).where(inArray(avatars.id, owned));
    const nebulaFree = 12 - ownedRows.filter((a) => a.planet === 'nebula' && !a.baseAvatarId).length;
    expect(rows.filter((a) => a.planet === 'nebula').length).toBe(Math.min(nebulaFree, 12));
    for (const a of rows) expect(a).toMatchObject({ userType: 'student', baseAvatarId: null });
    await db().transaction((tx) => grantLevelUnlocks(tx, sid, 10, 10));
    expect(
      (await db().select().from(studentAvatarUnlocks).where(eq(studentAvatarUnlocks.studentId, sid))).length,
    ).toBe(7);
  });
});

describe('who may call the avatar routes', () => {
  const routes = (s: StoredUser, avatarId: string): [Method, string, object?][] => [
    ['GET', `/api/avatars/students/${s.studentId}`],
    ['PUT', `/api/avatars/${avatarId}/students/${s.studentId}`],
    ['GET', `/api/usersAvatars/findAllByUserId/${s.id}`],
    ['GET', `/api/usersAvatars/getAmountOfNewAvatars/${s.id}`],
    ['PATCH', `/api/usersAvatars/${s.id}/seen`],
    ['PUT', `/api/usersAvatars/${s.id}/${avatarId}`],
    ['POST', '/api/usersAvatars/', { userId: s.id, avatarId }],
    ['GET', `/api/studentAvatarUnlock/findAll?studentId=${s.studentId}`],
    ['PUT', `/api/studentAvatarUnlock/${s.studentId}?avatarId=${avatarId}`],
    ['GET', `/api/studentAvatar/hasUnlockableSkin/${s.studentId}`],
    ['POST', '/api/studentAvatar/unlockSkin', { studentId: s.studentId }],
  ];

  it('answers 401 to anonymous callers, 403 to teachers and 404 to another student, and changes nothing', async () => {
    const victim = await signin(ctx.app, as(20));
    const g = await grid(victim);
    const avatarId = g.owned[0].id;
    const coins = await coinsOf(victim.studentId as string);
    const owned = await ownedIds(victim.id);
    const offers = await db()
      .select()
      .from(studentAvatarUnlocks)
      .where(eq(studentAvatarUnlocks.studentId, victim.studentId as string));
    const professor = await signin(ctx.app, DEMO.admin);
    const intruder = await signin(ctx.app, DEMO.student);
    await setCoins(intruder.studentId as string, 500);
    for (const [method, url, body] of routes(victim, avatarId)) {
      expect((await req(method, url, undefined, body)).statusCode, `${method} ${url} anonymous`).toBe(401);
      expect(
        (await req(method, url, professor.accessToken, body)).statusCode,
        `${method} ${url} teacher`,
      ).toBe(403);
      const r = await req(method, url, intruder.accessToken, body);
      expect(r.statusCode, `${method} ${url} other student`).toBe(404);
      expect(r.body).not.toContain(avatarId);
    }
    expect(await coinsOf(victim.studentId as string)).toBe(coins);
    expect(await coinsOf(intruder.studentId as string)).toBe(500);
    expect(await ownedIds(victim.id)).toEqual(owned);
    expect(
      await db()
        .select()
        .from(studentAvatarUnlocks)
        .where(eq(studentAvatarUnlocks.studentId, victim.studentId as string)),
    ).toEqual(offers);
    expect((await grid(victim)).equippedId).toBe(g.equippedId);
  });
});
