// Reads of the users module shared by auth and users services.
import { eq, sql } from 'drizzle-orm';
import type { Role, UserStatus } from '../../../shared/constants.js';
import type { Db } from '../../db/client.js';
import { professors, students, users } from '../../db/schema.js';

export interface Account {
  id: string;
  role: Role;
  username: string;
  email: string | null;
  passwordHash: string;
  /** The password's verifier (server/lib/password-check.ts), or null. */
  passwordCheck: string | null;
  firstName: string;
  lastName: string;
  status: UserStatus;
  isGar: boolean;
  isAdmin: boolean;
  avatarId: string | null;
  language: string;
  studentId: string | null;
  professorId: string | null;
}

export async function loadAccount(
  db: Db,
  by: { id: string } | { login: string } | { username: string } | { email: string },
): Promise<Account | null> {
  const where =
    'id' in by
      ? eq(users.id, by.id)
      : 'login' in by
        ? sql`(lower(${users.username}) = ${by.login.toLowerCase()} or lower(${users.email}) = ${by.login.toLowerCase()})`
        : 'username' in by
          ? sql`lower(${users.username}) = ${by.username.toLowerCase()}`
          : sql`lower(${users.email}) = ${by.email.toLowerCase()}`;
  const [row] = await db
    .select({
      id: users.id,
      role: users.role,
      username: users.username,
      email: users.email,
      passwordHash: users.passwordHash,
      passwordCheck: users.passwordCheck,
      firstName: users.firstName,
      lastName: users.lastName,
      status: users.status,
      isGar: users.isGar,
      isAdmin: users.isAdmin,
      avatarId: users.avatarId,
      language: users.language,
      studentId: students.id,
      professorId: professors.id,
    })
    .from(users)
    .leftJoin(students, eq(students.userId, users.id))
    .leftJoin(professors, eq(professors.userId, users.id))
    .where(where)
    .limit(1);
  return row ?? null;
}

export async function usernameTaken(db: Db, username: string, exceptUserId?: string): Promise<boolean> {
  const acc = await loadAccount(db, { username });
  return !!acc && acc.id !== exceptUserId;
}

export async function emailTaken(db: Db, email: string): Promise<boolean> {
  return !!(await loadAccount(db, { email }));
}
