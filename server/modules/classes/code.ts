// Class registration codes: the look-up used by registration and joining, and the teacher's
// generate/revoke (issue 4). A code is six digits, unique among classes, live for
// CLASS_CODE_VALIDITY_DAYS; an expired holder loses its code before the code is given again.
import { and, eq, gt } from 'drizzle-orm';
import { CLASS_CODE_LENGTH, CLASS_CODE_VALIDITY_DAYS } from '../../../shared/constants.js';
import type { Db } from '../../db/client.js';
import { schoolclasses } from '../../db/schema.js';
import { randomDigits } from '../../lib/crypto.js';
import { isUniqueViolation } from '../../lib/errors.js';

/** The class whose registration code is `code` and still valid (one month, not revoked). */
export async function findClassByLiveCode(db: Db, code: string) {
  const [row] = await db
    .select({
      id: schoolclasses.id,
      name: schoolclasses.name,
      planet: schoolclasses.planet,
      level: schoolclasses.level,
    })
    .from(schoolclasses)
    .where(and(eq(schoolclasses.code, code), gt(schoolclasses.codeExpiresAt, new Date())));
  return row ?? null;
}

/** A six-digit code held by no class; an expired holder loses it first. */
export async function freeCode(db: Pick<Db, 'select' | 'update'>): Promise<string> {
  for (;;) {
    const code = randomDigits(CLASS_CODE_LENGTH);
    const [holder] = await db
      .select({ id: schoolclasses.id, expiresAt: schoolclasses.codeExpiresAt })
      .from(schoolclasses)
      .where(eq(schoolclasses.code, code));
    if (!holder) return code;
    if (!holder.expiresAt || holder.expiresAt.getTime() < Date.now()) {
      await db
        .update(schoolclasses)
        .set({ code: null, codeExpiresAt: null })
        .where(eq(schoolclasses.id, holder.id));
      return code;
    }
  }
}

/** Gives the class a new code (the old one stops working at once), valid one month from now. */
export async function renewCode(db: Db, schoolclassId: string) {
  // Two teachers generating at the same instant may draw the same free code: the unique index
  // refuses the second, which draws again.
  for (let attempt = 0; ; attempt++) {
    const code = await freeCode(db);
    const codeExpiresAt = new Date(Date.now() + CLASS_CODE_VALIDITY_DAYS * 86400_000);
    try {
      await db.update(schoolclasses).set({ code, codeExpiresAt }).where(eq(schoolclasses.id, schoolclassId));
      return { code, codeExpiresAt };
    } catch (err) {
      if (attempt >= 5 || !isUniqueViolation(err, 'schoolclasses_code_uq')) throw err;
    }
  }
}

/** Revokes the class's code: the look-up and joining refuse it from now on. */
export async function revokeCode(db: Db, schoolclassId: string) {
  await db
    .update(schoolclasses)
    .set({ code: null, codeExpiresAt: null })
    .where(eq(schoolclasses.id, schoolclassId));
}
