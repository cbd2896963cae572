// Refresh tokens: stored hashed, rotated on every use; a reuse revokes the whole family.
import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { ERR } from '../../../shared/errors.js';
import type { StoredUser } from '../../../shared/types.js';
import { refreshTokens } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { unauthorized } from '../../lib/errors.js';
import { markProfessorAt } from '../classes/code-guard.js';
import { type Account, loadAccount } from '../users/queries.js';

const REFRESH_TTL_MS = 30 * 24 * 3600 * 1000;
/** Two tabs may refresh with the same token at once: within this window a reuse is refused, not punished. */
const REUSE_GRACE_MS = 10_000;

/**
 * A new session. `ip`: where it was opened or refreshed; a teacher's address is where their classes'
 * codes get in without the address's turns (code-guard.ts).
 */
export async function issueSession(
  deps: Deps,
  account: Account,
  familyId: string = randomUUID(),
  ip?: string,
): Promise<StoredUser> {
  if (ip && account.professorId) await markProfessorAt(deps, account.professorId, ip);
  const refreshToken = randomToken();
  await deps.db.insert(refreshTokens).values({
    userId: account.id,
    familyId,
    tokenHash: sha256(refreshToken),
    expiresAt: new Date(Date.now() + REFRESH_TTL_MS),
  });
  const isAdmin =
    account.isAdmin || (!!account.email && deps.config.ADMIN_EMAILS.includes(account.email.toLowerCase()));
  const accessToken = deps.signer.issue({
    sub: account.id,
    role: account.role,
    studentId: account.studentId,
    professorId: account.professorId,
    isAdmin,
    sid: familyId,
  });
  return {
    accessToken,
    refreshToken,
    role: account.role,
    isGar: account.isGar,
    id: account.id,
    studentId: account.studentId,
    professorId: account.professorId,
    avatarId: account.avatarId,
    ticket: null,
  };
}

export async function rotateRefreshToken(deps: Deps, token: string, ip?: string): Promise<StoredUser> {
  const [row] = await deps.db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(token)));
  if (!row || row.revokedAt || row.expiresAt.getTime() < Date.now())
    throw unauthorized(ERR.INVALID_REFRESH_TOKEN);
  if (row.usedAt) {
    if (Date.now() - row.usedAt.getTime() > REUSE_GRACE_MS) await revokeFamily(deps, row.familyId);
    throw unauthorized(ERR.INVALID_REFRESH_TOKEN);
  }
  // Mark used atomically: of two concurrent refreshes with one token, only one wins.
  const claimed = await deps.db
    .update(refreshTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt)))
    .returning({ id: refreshTokens.id });
  if (claimed.length === 0) throw unauthorized(ERR.INVALID_REFRESH_TOKEN);
  const account = await loadAccount(deps.db, { id: row.userId });
  if (account?.status !== 'ACTIVE') {
    await revokeFamily(deps, row.familyId);
    throw unauthorized(ERR.INVALID_REFRESH_TOKEN);
  }
  return issueSession(deps, account, row.familyId, ip);
}

/** Ends a session: its refresh tokens, its access tokens (checked by sid on each request), its sockets. */
export async function revokeFamily(deps: Deps, familyId: string): Promise<void> {
  await deps.db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  await deps.evict.session(familyId);
}

export async function revokeByToken(deps: Deps, token: string): Promise<void> {
  const [row] = await deps.db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(token)));
  if (row) await revokeFamily(deps, row.familyId);
}

/** Ends every session of a user (password change or reset, rejection): tokens and sockets. */
export async function revokeAllForUser(deps: Deps, userId: string): Promise<void> {
  await deps.db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  await deps.evict.user(userId);
}

/**
 * Whether the session an access token was issued for has been revoked. A family is revoked as a
 * whole, so one indexed look-up (refresh_tokens_family_idx) answers; a token minted without a stored
 * session (the benches) has no row and stays valid until it expires.
 */
export async function isSessionRevoked(db: Deps['db'], sid: string): Promise<boolean> {
  const [row] = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, sid), isNotNull(refreshTokens.revokedAt)))
    .limit(1);
  return !!row;
}
