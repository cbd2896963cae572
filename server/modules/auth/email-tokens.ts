// One-use e-mail tokens (activation, password reset), stored hashed.
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { emailTokens } from '../../db/schema.js';
import { randomToken, sha256 } from '../../lib/crypto.js';

type Purpose = 'ACTIVATION' | 'RESET_PASSWORD';

export async function createEmailToken(
  db: Db,
  userId: string,
  purpose: Purpose,
  ttlMs: number,
): Promise<string> {
  const token = randomToken();
  // A newer link voids the older ones of the same purpose: a link read in an old mail (or a mailbox
  // someone else once saw) no longer works once another was asked for.
  await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
  await db.insert(emailTokens).values({
    userId,
    purpose,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return token;
}

/** Marks the token used and answers its user id, or null when unknown, used or expired. */
export async function consumeEmailToken(db: Db, token: string, purpose: Purpose): Promise<string | null> {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(emailTokens.tokenHash, sha256(token)),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: emailTokens.userId });
  return row?.userId ?? null;
}

export async function peekEmailToken(db: Db, token: string, purpose: Purpose): Promise<string | null> {
  const [row] = await db
    .select({ userId: emailTokens.userId })
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.tokenHash, sha256(token)),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, new Date()),
      ),
    );
  return row?.userId ?? null;
}
