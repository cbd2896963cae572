// Avatar unlock offers earned by levelling up (SPEC point 4: "unlockable slots").
import { and, eq } from 'drizzle-orm';
import {
  candidatesForLevel,
  levelsGained,
  type OfferContext,
  offerCandidates,
  type RuleAvatar,
} from '../../../shared/avatar-rules.js';
import type { Db } from '../../db/client.js';
import {
  avatars,
  schoolclasses,
  studentAvatarUnlocks,
  students,
  studentsSchoolclasses,
  users,
  usersAvatars,
} from '../../db/schema.js';

/** A transaction handle, or the database itself. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** The student avatar catalogue, as the rules need it. */
export async function studentCatalogue(db: DbOrTx): Promise<RuleAvatar[]> {
  return db
    .select({
      id: avatars.id,
      planet: avatars.planet,
      race: avatars.race,
      baseAvatarId: avatars.baseAvatarId,
      userType: avatars.userType,
    })
    .from(avatars)
    .where(eq(avatars.userType, 'student'));
}

/** What the offer rules need to know about a student; null for an unknown student. */
export async function offerContext(
  db: DbOrTx,
  studentId: string,
): Promise<(OfferContext & { userId: string }) | null> {
  const [s] = await db
    .select({ userId: students.userId, race: avatars.race })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .leftJoin(avatars, eq(avatars.id, users.avatarId))
    .where(eq(students.id, studentId));
  if (!s) return null;
  const [catalogue, owned, pending, classes] = await Promise.all([
    studentCatalogue(db),
    db.select({ id: usersAvatars.avatarId }).from(usersAvatars).where(eq(usersAvatars.userId, s.userId)),
    db
      .select({ a: studentAvatarUnlocks.avatarId1, b: studentAvatarUnlocks.avatarId2 })
      .from(studentAvatarUnlocks)
      .where(and(eq(studentAvatarUnlocks.studentId, studentId), eq(studentAvatarUnlocks.isUnlocked, false))),
    db
      .select({ planet: schoolclasses.planet })
      .from(studentsSchoolclasses)
      .innerJoin(schoolclasses, eq(schoolclasses.id, studentsSchoolclasses.schoolclassId))
      .where(eq(studentsSchoolclasses.studentId, studentId)),
  ]);
  return {
    userId: s.userId,
    catalogue,
    ownedIds: new Set(owned.map((o) => o.id)),
    pendingIds: new Set(pending.flatMap((p) => (p.b ? [p.a, p.b] : [p.a]))),
    classWorlds: [...new Set(classes.map((c) => c.planet))],
    race: s.race ?? null,
  };
}

/**
 * Called inside the transaction that raises a student's level from `fromLevel` to `toLevel`
 * (live game rewards, homework completion). Creates the unlock offers those levels earn: one per
 * level gained, a gift of one avatar on every fifth level, a choice of two otherwise.
 */
export async function grantLevelUnlocks(
  tx: DbOrTx,
  studentId: string,
  fromLevel: number,
  toLevel: number,
): Promise<void> {
  const levels = levelsGained(fromLevel, toLevel);
  if (!levels.length) return;
  const ctx = await offerContext(tx, studentId);
  if (!ctx) return;
  const pendingIds = new Set(ctx.pendingIds);
  // Offers made together are stamped a millisecond apart, lowest level first: the grid and the
  // dialogs use the oldest first. (clock_timestamp() was not enough: PGlite's clock has millisecond
  // resolution, and equal times left the order to the random ids.)
  const start = Date.now();
  for (const [i, level] of levels.entries()) {
    const ids = offerCandidates({ ...ctx, pendingIds }, candidatesForLevel(level));
    if (!ids.length) return;
    await tx
      .insert(studentAvatarUnlocks)
      .values({ studentId, avatarId1: ids[0], avatarId2: ids[1] ?? null, createdAt: new Date(start + i) });
    for (const id of ids) pendingIds.add(id);
  }
}
