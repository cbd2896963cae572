// The one-time ticket of the spec (SPEC points 4 and 7): after a school sign-on the browser carries it
// to /gar?ticket=…, and POST /api/auth/signin?ticket=… exchanges it, once, within 60 s, for a session.
// 256 random bits; only its SHA-256 is stored; the claim is one conditional UPDATE, so of two
// concurrent exchanges only one wins.
import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import { ERR } from '../../../shared/errors.js';
import type { StoredUser } from '../../../shared/types.js';
import { ssoTickets } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { AppError, tooMany } from '../../lib/errors.js';
import { issueSession, revokeFamily } from '../auth/sessions.js';
import { loadAccount } from '../users/queries.js';

export const TICKET_TTL_MS = 60_000;
/** An exchanged ticket is kept as long as the session it opened may live (refresh tokens: 30 days). */
const SESSION_TTL_MS = 31 * 24 * 3600 * 1000;

export async function issueTicket(
  deps: Deps,
  userId: string,
  provider: string,
  saml?: { nameId: string; nameIdFormat: string | null; sessionIndex: string | null },
): Promise<string> {
  const ticket = randomToken(32);
  // Swept here: tickets never exchanged once expired, exchanged ones once their session has expired.
  const now = Date.now();
  await deps.db
    .delete(ssoTickets)
    .where(
      or(
        and(isNull(ssoTickets.usedAt), lt(ssoTickets.expiresAt, new Date(now))),
        lt(ssoTickets.expiresAt, new Date(now - SESSION_TTL_MS)),
      ),
    );
  await deps.db.insert(ssoTickets).values({
    tokenHash: sha256(ticket),
    userId,
    provider,
    nameId: saml?.nameId ?? null,
    nameIdFormat: saml?.nameIdFormat ?? null,
    sessionIndex: saml?.sessionIndex ?? null,
    expiresAt: new Date(Date.now() + TICKET_TTL_MS),
  });
  return ticket;
}

/**
 * Budgets of school sign-on per address (a whole school signs in from one NAT address at 8 am).
 * Real sign-ons (a response the GAR signed, a ticket the ENT confirmed) count apart from junk, so
 * junk never refuses a real one. A one-time ticket exchange is not counted when it succeeds (its
 * sign-on was); misses past `ticketMissesPerAddress` answer 429 (a ticket has 256 bits: nothing to
 * guess, only a flood to answer cheaply).
 */
export const SSO_LIMITS = {
  windowSec: 15 * 60,
  signOnsPerAddress: 3000,
  refusalsPerAddress: 3000,
  ticketMissesPerAddress: 3000,
} as const;

/** Unknown, used or expired: 'Invalid ticket.', and no session. */
export async function exchangeTicket(deps: Deps, ticket: string, ip: string): Promise<StoredUser> {
  const invalid = new AppError(401, ERR.INVALID_TICKET);
  const miss = async () => {
    const { count, windowLeft } = await deps.throttle.fail(`sso-ticket-miss:ip:${ip}`, SSO_LIMITS.windowSec);
    return count > SSO_LIMITS.ticketMissesPerAddress ? tooMany(windowLeft) : invalid;
  };
  if (ticket.length < 20 || ticket.length > 200) throw await miss();
  const familyId = randomUUID();
  const [claimed] = await deps.db
    .update(ssoTickets)
    .set({ usedAt: new Date(), familyId })
    .where(
      and(
        eq(ssoTickets.tokenHash, sha256(ticket)),
        isNull(ssoTickets.usedAt),
        gt(ssoTickets.expiresAt, new Date()),
      ),
    )
    .returning({ userId: ssoTickets.userId });
  if (!claimed) throw await miss();
  const account = await loadAccount(deps.db, { id: claimed.userId });
  if (account?.status !== 'ACTIVE') throw invalid;
  const session = await issueSession(deps, account, familyId, ip);
  return { ...session, ticket };
}

/**
 * Logout of a school sign-on session: the session the ticket opened is revoked (its refresh-token
 * family), and the provider it came from is answered, so that its own logout can follow.
 */
export async function endTicketSession(
  deps: Deps,
  ticket: string,
): Promise<{
  provider: string;
  nameId: string | null;
  nameIdFormat: string | null;
  sessionIndex: string | null;
} | null> {
  if (ticket.length < 20 || ticket.length > 200) return null;
  const [row] = await deps.db
    .select({
      provider: ssoTickets.provider,
      familyId: ssoTickets.familyId,
      nameId: ssoTickets.nameId,
      nameIdFormat: ssoTickets.nameIdFormat,
      sessionIndex: ssoTickets.sessionIndex,
    })
    .from(ssoTickets)
    .where(eq(ssoTickets.tokenHash, sha256(ticket)));
  if (!row) return null;
  if (row.familyId) await revokeFamily(deps, row.familyId);
  // The SAML session is ended once: a second logout with the same ticket sends no second request.
  if (row.nameId)
    await deps.db
      .update(ssoTickets)
      .set({ nameId: null, nameIdFormat: null, sessionIndex: null })
      .where(eq(ssoTickets.tokenHash, sha256(ticket)));
  return row;
}
