// PUT /professors/{id}/password: a teacher changes her own password in "My account" (issue 15), with
// the current one and the sign-up rules; every other session of hers ends, as on every password change.
import { eq } from 'drizzle-orm';
import { ERR } from '../../../shared/errors.js';
import { users } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import { isStrongPassword, passwordColumns, verifyPassword } from '../../lib/passwords.js';
import type { AccessClaims } from '../../lib/tokens.js';
import { issueSession, revokeAllForUser } from '../auth/sessions.js';
import { loadAccount } from '../users/queries.js';

export async function changeProfessorPassword(
  deps: Deps,
  caller: AccessClaims,
  currentPassword: string,
  newPassword: string,
) {
  // The same budget as the other checks of a current password: guessing it here is slowed too.
  await deps.limiter.hit(`check-password:${caller.sub}`, 20, 600);
  const account = await loadAccount(deps.db, { id: caller.sub });
  if (!account) throw notFound();
  // A school sign-on account has no Classe Raid password: the ENT manages it.
  if (account.isGar) throw forbidden();
  if (!(await verifyPassword(account.passwordHash, currentPassword)))
    throw badRequest(ERR.CURRENT_PASSWORD_INCORRECT, { field: 'currentPassword' });
  const personal = [account.username, account.firstName, account.lastName, account.email ?? ''];
  if (!isStrongPassword(newPassword, personal.filter(Boolean)))
    throw badRequest(ERR.PASSWORD_TOO_WEAK, { field: 'newPassword' });
  const columns = await passwordColumns(deps.config.AUTH_SECRET, newPassword);
  await deps.db
    .update(users)
    .set({ ...columns, updatedAt: new Date() })
    .where(eq(users.id, account.id));
  await revokeAllForUser(deps, account.id);
  return issueSession(deps, account);
}
