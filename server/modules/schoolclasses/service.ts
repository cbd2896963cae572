// Class look-ups used by registration. The full class administration comes with its own issue.
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { schoolclasses } from '../../db/schema.js';

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
