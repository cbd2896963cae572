// The one-time ticket of the spec (SPEC points 4 and 7): after a school sign-on the browser carries it
// to /gar?ticket=…, and POST /api/auth/signin?ticket=… exchanges it, once, within 60 s, for a session.
// 256 random bits; only its SHA-256 is stored; the claim is one conditional UPDATE, so of two
// concurrent exchanges only one wins.
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { ERR } from '../../../shared/errors.js';
import type { StoredUser } from '../../../shared/types.js';
import { ssoTickets } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { randomToken, sha256 } from '../../lib/crypto.js';
import { AppError } from '../../lib/errors.js';
import { issueSession } from '../auth/sessions.js';
import { loadAccount } from '../users/queries.js';

export const TICKET_TTL_MS = 60_000;

export async function issueTicket(deps: Deps, userId: string, provider: string): Promise<string> {
  const ticket = randomToken(32);
  // Expired tickets of anyone are swept here: the table stays as small as the last minute's sign-ins.
  await deps.db.delete(ssoTickets).where(lt(ssoTickets.expiresAt, new Date(Date.now() - TICKET_TTL_MS)));
  await deps.db.insert(ssoTickets).values({
    tokenHash: sha256(ticket),
    userId,
    provider,
    expiresAt: new Date(Date.now() + TICKET_TTL_MS),
  });
  return ticket;
}

/** Unknown, used or expired: 'Invalid ticket.', and no session. */
export async function exchangeTicket(deps: Deps, ticket: string, ip: string): Promise<StoredUser> {
  await deps.limiter.hit(`sso-ticket:ip:${ip}`, 300, 15 * 60);
  const invalid = new AppError(401, ERR.INVALID_TICKET);
  if (ticket.length < 20 || ticket.length > 200) throw invalid;
  const [claimed] = await deps.db
    .update(ssoTickets)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(ssoTickets.tokenHash, sha256(ticket)),
        isNull(ssoTickets.usedAt),
        gt(ssoTickets.expiresAt, new Date()),
      ),
    )
    .returning({ userId: ssoTickets.userId });
  if (!claimed) throw invalid;
  const account = await loadAccount(deps.db, { id: claimed.userId });
  if (account?.status !== 'ACTIVE') throw invalid;
  const session = await issueSession(deps, account);
  return { ...session, ticket };
}
