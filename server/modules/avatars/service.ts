// A student's avatars: the grid, equipping, choosing from an unlock offer, and the skin chest.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  AVATAR_GRID_SLOTS,
  type AvatarGridDto,
  drawSkin,
  isCandidate,
  type OwnedAvatarDto,
  SKIN_CHEST_PRICE,
  type SkinPurchaseDto,
  type UnlockOfferDto,
  unlockableSkins,
} from '../../../shared/avatar-rules.js';
import { ERR } from '../../../shared/errors.js';
import type { Db } from '../../db/client.js';
import { avatars, studentAvatarUnlocks, students, users, usersAvatars } from '../../db/schema.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { toAvatarDto } from '../catalogue/service.js';
import { avatarRef } from '../users/service.js';
import { offerContext, studentCatalogue } from './unlocks.js';

/** The avatars a user owns, oldest first. */
export async function ownedAvatars(db: Db, userId: string): Promise<OwnedAvatarDto[]> {
  const rows = await db
    .select({ a: avatars, isNew: usersAvatars.isNew })
    .from(usersAvatars)
    .innerJoin(avatars, eq(avatars.id, usersAvatars.avatarId))
    .where(eq(usersAvatars.userId, userId))
    .orderBy(asc(usersAvatars.createdAt), asc(avatars.key));
  return rows.map((r) => ({ ...toAvatarDto(r.a), isNew: r.isNew }));
}

export async function countNewAvatars(db: Db, userId: string): Promise<number> {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(usersAvatars)
    .where(and(eq(usersAvatars.userId, userId), eq(usersAvatars.isNew, true)));
  return n;
}

export async function markAvatarsSeen(db: Db, userId: string): Promise<void> {
  await db
    .update(usersAvatars)
    .set({ isNew: false })
    .where(and(eq(usersAvatars.userId, userId), eq(usersAvatars.isNew, true)));
}

/** The student's offers (pending only unless `isUnlocked` says otherwise), oldest first. */
export async function listOffers(db: Db, studentId: string, isUnlocked = false): Promise<UnlockOfferDto[]> {
  const rows = await db
    .select()
    .from(studentAvatarUnlocks)
    .where(
      and(eq(studentAvatarUnlocks.studentId, studentId), eq(studentAvatarUnlocks.isUnlocked, isUnlocked)),
    )
    .orderBy(asc(studentAvatarUnlocks.createdAt), asc(studentAvatarUnlocks.id));
  const ids = [...new Set(rows.flatMap((r) => (r.avatarId2 ? [r.avatarId1, r.avatarId2] : [r.avatarId1])))];
  const found = ids.length ? await db.select().from(avatars).where(inArray(avatars.id, ids)) : [];
  const dto = new Map(found.map((a) => [a.id, toAvatarDto(a)]));
  return rows.map((r) => ({
    id: r.id,
    avatarId1: r.avatarId1,
    avatarId2: r.avatarId2,
    isUnlocked: r.isUnlocked,
    candidates: [r.avatarId1, r.avatarId2].flatMap((id) => {
      const a = id ? dto.get(id) : undefined;
      return a ? [a] : [];
    }),
  }));
}

/** What the avatar grid shows. */
export async function avatarGrid(db: Db, studentId: string): Promise<AvatarGridDto> {
  const ctx = await offerContext(db, studentId);
  if (!ctx) throw notFound();
  const [owned, offers, [u]] = await Promise.all([
    ownedAvatars(db, ctx.userId),
    listOffers(db, studentId),
    db.select({ avatarId: users.avatarId }).from(users).where(eq(users.id, ctx.userId)),
  ]);
  const room = Math.max(0, AVATAR_GRID_SLOTS - owned.length - offers.length);
  const hidden = ctx.catalogue
    .filter((a) => a.baseAvatarId === null && !ctx.ownedIds.has(a.id) && !ctx.pendingIds.has(a.id))
    .sort(
      (a, b) =>
        Number(ctx.classWorlds.includes(b.planet)) - Number(ctx.classWorlds.includes(a.planet)) ||
        a.id.localeCompare(b.id),
    )
    .slice(0, room)
    .map((a) => a.id);
  const locked = hidden.length ? await db.select().from(avatars).where(inArray(avatars.id, hidden)) : [];
  const order = new Map(hidden.map((id, i) => [id, i]));
  return {
    slots: AVATAR_GRID_SLOTS,
    equippedId: u?.avatarId ?? null,
    owned,
    offers,
    locked: locked.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0)).map(toAvatarDto),
  };
}

/** Equips an avatar the user owns (the rule of PUT /users/{id} for students). */
export async function equipAvatar(db: Db, userId: string, avatarId: string) {
  const [own] = await db
    .select({ id: usersAvatars.avatarId })
    .from(usersAvatars)
    .where(and(eq(usersAvatars.userId, userId), eq(usersAvatars.avatarId, avatarId)));
  if (!own) throw badRequest(ERR.AVATAR_NOT_ALLOWED, { field: 'avatarId' });
  await db.update(users).set({ avatarId, updatedAt: new Date() }).where(eq(users.id, userId));
  return { avatar: await avatarRef(db, avatarId) };
}

/** A student with no avatar yet records (and equips) a starter one. */
export async function addFirstAvatar(db: Db, userId: string, avatarId: string) {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [a] = await tx.select().from(avatars).where(eq(avatars.id, avatarId));
    const owned = await tx.select().from(usersAvatars).where(eq(usersAvatars.userId, userId));
    if (a?.userType !== 'student' || !a.starter || owned.length > 0)
      throw badRequest(ERR.AVATAR_NOT_ALLOWED, { field: 'avatarId' });
    await tx.insert(usersAvatars).values({ userId, avatarId, isNew: false });
    await tx.update(users).set({ avatarId, updatedAt: new Date() }).where(eq(users.id, userId));
    return toAvatarDto(a);
  });
}

/**
 * Keeps `avatarId` from the student's oldest pending offer that proposes it: the avatar is recorded
 * as theirs (new), the other candidate is dropped and the offer is marked unlocked.
 */
export async function chooseOffer(db: Db, studentId: string, userId: string, avatarId: string) {
  return db.transaction(async (tx) => {
    // One choice at a time per student: a double click cannot spend one offer twice.
    await tx.select({ id: students.id }).from(students).where(eq(students.id, studentId)).for('update');
    const pending = await tx
      .select()
      .from(studentAvatarUnlocks)
      .where(and(eq(studentAvatarUnlocks.studentId, studentId), eq(studentAvatarUnlocks.isUnlocked, false)))
      .orderBy(asc(studentAvatarUnlocks.createdAt), asc(studentAvatarUnlocks.id));
    const offer = pending.find((o) => isCandidate(o, avatarId));
    if (!offer) throw badRequest(ERR.AVATAR_NO_OFFER, { field: 'avatarId' });
    await tx
      .update(studentAvatarUnlocks)
      .set({ isUnlocked: true })
      .where(eq(studentAvatarUnlocks.id, offer.id));
    await tx.insert(usersAvatars).values({ userId, avatarId, isNew: true }).onConflictDoNothing();
    const [a] = await tx.select().from(avatars).where(eq(avatars.id, avatarId));
    return { offerId: offer.id, avatar: toAvatarDto(a) };
  });
}

export async function hasUnlockableSkin(db: Db, userId: string): Promise<boolean> {
  const [catalogue, owned] = await Promise.all([
    studentCatalogue(db),
    db.select({ id: usersAvatars.avatarId }).from(usersAvatars).where(eq(usersAvatars.userId, userId)),
  ]);
  return unlockableSkins(catalogue, new Set(owned.map((o) => o.id))).length > 0;
}

/**
 * Opens the chest: in one transaction, with the student's row locked, spends the price only when
 * the balance covers it and gives a random skin of an owned base. Parallel calls queue on the lock,
 * so coins never go below zero and one payment buys exactly one skin.
 */
export async function buySkin(db: Db, studentId: string): Promise<SkinPurchaseDto> {
  return db.transaction(async (tx) => {
    const [s] = await tx
      .select({ userId: students.userId, coin: students.coin })
      .from(students)
      .where(eq(students.id, studentId))
      .for('update');
    if (!s) throw notFound();
    const owned = await tx
      .select({ id: usersAvatars.avatarId })
      .from(usersAvatars)
      .where(eq(usersAvatars.userId, s.userId));
    const skin = drawSkin(unlockableSkins(await studentCatalogue(tx), new Set(owned.map((o) => o.id))));
    if (!skin) throw conflict(ERR.SHOP_NO_SKIN_LEFT);
    const [paid] = await tx
      .update(students)
      .set({ coin: sql`${students.coin} - ${SKIN_CHEST_PRICE}` })
      .where(and(eq(students.id, studentId), sql`${students.coin} >= ${SKIN_CHEST_PRICE}`))
      .returning({ coin: students.coin });
    if (!paid) throw conflict(ERR.SHOP_NOT_ENOUGH_COINS);
    await tx.insert(usersAvatars).values({ userId: s.userId, avatarId: skin.id, isNew: true });
    const [a] = await tx.select().from(avatars).where(eq(avatars.id, skin.id));
    return { skin: toAvatarDto(a), coin: paid.coin };
  });
}
