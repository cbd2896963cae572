// Who may come in through a school sign-on (issue 14, SPEC points 1 and 2: the admin's "approve ENT").
// The GAR only releases a resource to the people the school assigned it to (the school's GAR
// assignment is its approval): GAR teachers, pupils and the management are active at once. An ENT
// speaking CAS opens to every teacher of its region: an ENT teacher starts pending, listed with the
// admin's pending teachers and on their school's page, until the admin or their school's management
// approves ("approve ENT"). A rejected or disabled account is refused at every sign-on, with its message.
import { eq } from 'drizzle-orm';
import type { Role, UserStatus } from '../../../shared/constants.js';
import { ERR } from '../../../shared/errors.js';
import { users } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { forbidden } from '../../lib/errors.js';

export function initialSsoStatus(role: Role, provider: string): UserStatus {
  return role === 'PROFESSOR' && provider !== 'gar' ? 'PENDING_APPROVAL' : 'ACTIVE';
}

/** Throws the refusal a person sees on the sign-on page when their account may not come in. */
export async function admitSsoAccount(deps: Deps, userId: string): Promise<void> {
  const [u] = await deps.db.select({ status: users.status }).from(users).where(eq(users.id, userId));
  if (u?.status === 'ACTIVE') return;
  if (u?.status === 'PENDING_APPROVAL') throw forbidden(ERR.SSO_PENDING_APPROVAL);
  throw forbidden(ERR.SSO_DISABLED);
}
