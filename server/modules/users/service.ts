// A user's record, profile updates, password checks and resets, and the approval of teachers.
import { eq, inArray } from 'drizzle-orm';
import { avatarImagePath } from '../../../shared/catalogue/avatars.js';
import { ERR } from '../../../shared/errors.js';
import type { AvatarRef, PendingProfessorDto, UserRecord } from '../../../shared/types.js';
import type { Db } from '../../db/client.js';
import {
  avatars,
  professorSubjects,
  professors,
  professorsSchoolclasses,
  schoolclasses,
  students,
  studentsSchoolclasses,
  subjects,
  users,
  usersAvatars,
} from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../lib/errors.js';
import { isStrongPassword, passwordColumns, verifyPassword } from '../../lib/passwords.js';
import type { AccessClaims } from '../../lib/tokens.js';
import { renderMail } from '../../mail/messages.js';
import { assertReadsUser } from '../../policies/index.js';
import { consumeEmailToken, createEmailToken, peekEmailToken } from '../auth/email-tokens.js';
import { revokeAllForUser } from '../auth/sessions.js';
import { activeProfessorsCount } from '../xp/active-professors.js';
import { loadAccount, usernameTaken } from './queries.js';

const RESET_TTL_MS = 3600 * 1000;

export async function avatarRef(db: Db, avatarId: string | null): Promise<AvatarRef | null> {
  if (!avatarId) return null;
  const [a] = await db.select().from(avatars).where(eq(avatars.id, avatarId));
  if (!a) return null;
  return {
    id: a.id,
    baseAvatarId: a.baseAvatarId,
    image: avatarImagePath(a, a.userType, 'body'),
    head: avatarImagePath(a, a.userType, 'head'),
  };
}

export async function getUserRecord(deps: Deps, caller: AccessClaims, userId: string): Promise<UserRecord> {
  await assertReadsUser(deps.db, caller, userId);
  const [u] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!u) throw notFound();
  const record: UserRecord = {
    id: u.id,
    role: u.role,
    firstName: u.firstName,
    lastName: u.lastName,
    username: u.username,
    email: u.email,
    isGar: u.isGar,
    isAdmin: u.isAdmin || (!!u.email && deps.config.ADMIN_EMAILS.includes(u.email.toLowerCase())),
    uai: u.uai,
    status: u.status,
    language: u.language,
    avatar: await avatarRef(deps.db, u.avatarId),
    lastChangelogViewedAt: u.lastChangelogViewedAt?.toISOString() ?? null,
  };
  if (u.role === 'STUDENT') {
    const [s] = await deps.db.select().from(students).where(eq(students.userId, u.id));
    if (s) {
      const classes = await deps.db
        .select({ id: schoolclasses.id, name: schoolclasses.name, planet: schoolclasses.planet })
        .from(studentsSchoolclasses)
        .innerJoin(schoolclasses, eq(schoolclasses.id, studentsSchoolclasses.schoolclassId))
        .where(eq(studentsSchoolclasses.studentId, s.id))
        .orderBy(schoolclasses.name);
      record.student = {
        id: s.id,
        coin: s.coin,
        xp: s.xp,
        level: s.level,
        levelProgression: s.levelProgression,
        powerXp: s.powerXp,
        activeProfessorsCount: await activeProfessorsCount(deps.db, s.id),
        schoolclasses: classes,
      };
    }
  }
  if (u.role === 'PROFESSOR') {
    const [p] = await deps.db.select().from(professors).where(eq(professors.userId, u.id));
    if (p) {
      const classes = await deps.db
        .select({
          id: schoolclasses.id,
          name: schoolclasses.name,
          level: schoolclasses.level,
          planet: schoolclasses.planet,
          subjectId: professorsSchoolclasses.subjectId,
          subjectCode: subjects.code,
        })
        .from(professorsSchoolclasses)
        .innerJoin(schoolclasses, eq(schoolclasses.id, professorsSchoolclasses.schoolclassId))
        .innerJoin(subjects, eq(subjects.id, professorsSchoolclasses.subjectId))
        .where(eq(professorsSchoolclasses.professorId, p.id))
        .orderBy(schoolclasses.name);
      record.professor = {
        id: p.id,
        civility: p.civility === 'M' || p.civility === 'MME' ? p.civility : null,
        powerMode: p.powerMode,
        shareRaids: p.shareRaids,
        schoolclasses: classes,
      };
    }
  }
  return record;
}

export interface UserUpdate {
  firstName?: string;
  lastName?: string;
  userName?: string;
  avatarId?: string;
  language?: string;
}

export async function updateUser(deps: Deps, caller: AccessClaims, userId: string, input: UserUpdate) {
  if (caller.sub !== userId) throw forbidden();
  const account = await loadAccount(deps.db, { id: userId });
  if (!account) throw notFound();
  const changesIdentity =
    input.firstName !== undefined || input.lastName !== undefined || input.userName !== undefined;
  // School sign-on students get their identity from the school (SPEC point 6).
  if (changesIdentity && account.isGar && account.role === 'STUDENT') throw forbidden();
  if (input.userName && (await usernameTaken(deps.db, input.userName, userId)))
    throw conflict(ERR.USERNAME_TAKEN, { field: 'userName' });
  if (input.avatarId) await assertAvatarAllowed(deps.db, account.role, userId, input.avatarId);
  try {
    await deps.db
      .update(users)
      .set({
        firstName: input.firstName,
        lastName: input.lastName,
        username: input.userName,
        avatarId: input.avatarId,
        language: input.language,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
  } catch (err) {
    if (isUniqueViolation(err, 'users_username_uq'))
      throw conflict(ERR.USERNAME_TAKEN, { field: 'userName' });
    throw err;
  }
  return getUserRecord(deps, caller, userId);
}

/** Teachers choose any professor avatar; students only an avatar they own (or a starter for their first one). */
async function assertAvatarAllowed(db: Db, role: string, userId: string, avatarId: string) {
  const [a] = await db.select().from(avatars).where(eq(avatars.id, avatarId));
  if (!a) throw badRequest(ERR.AVATAR_NOT_ALLOWED, { field: 'avatarId' });
  if (role === 'PROFESSOR') {
    if (a.userType !== 'professor') throw badRequest(ERR.AVATAR_NOT_ALLOWED, { field: 'avatarId' });
    return;
  }
  if (a.userType !== 'student') throw badRequest(ERR.AVATAR_NOT_ALLOWED, { field: 'avatarId' });
  const owned = await db.select().from(usersAvatars).where(eq(usersAvatars.userId, userId));
  if (owned.some((o) => o.avatarId === avatarId)) return;
  if (owned.length === 0 && a.starter) {
    await db.insert(usersAvatars).values({ userId, avatarId, isNew: false }).onConflictDoNothing();
    return;
  }
  throw badRequest(ERR.AVATAR_NOT_ALLOWED, { field: 'avatarId' });
}

export async function checkPassword(deps: Deps, caller: AccessClaims, password: string) {
  await deps.limiter.hit(`check-password:${caller.sub}`, 20, 600);
  const account = await loadAccount(deps.db, { id: caller.sub });
  if (!account) throw notFound();
  return { isPasswordCorrect: await verifyPassword(account.passwordHash, password) };
}

export async function forgotPassword(deps: Deps, email: string, ip: string) {
  await deps.limiter.hit(`forgot:ip:${ip}`, 60, 3600);
  await deps.limiter.hit(`forgot:email:${email}`, 5, 3600);
  const account = await loadAccount(deps.db, { email });
  // Students have no e-mail: they ask their teacher (SPEC point 2).
  if (account?.role !== 'PROFESSOR') throw notFound(ERR.EMAIL_NOT_FOUND);
  const token = await createEmailToken(deps.db, account.id, 'RESET_PASSWORD', RESET_TTL_MS);
  const link = `${deps.config.PUBLIC_URL}/forgot-password/professor/${encodeURIComponent(token)}`;
  const mail = renderMail('resetPassword', account.language, { name: account.firstName, link });
  await deps.mailer.send({ to: email, ...mail, link });
  return { sent: true };
}

export async function resetPassword(deps: Deps, token: string, newPassword: string) {
  // Check the password before using the link up: a weak password must not burn the link.
  const pending = await peekEmailToken(deps.db, token, 'RESET_PASSWORD');
  const account = pending ? await loadAccount(deps.db, { id: pending }) : null;
  if (!account) throw badRequest(ERR.INVALID_LINK);
  if (!isStrongPassword(newPassword, [account.username, account.firstName, account.lastName, account.email]))
    throw badRequest(ERR.PASSWORD_TOO_WEAK, { field: 'newPassword' });
  const userId = await consumeEmailToken(deps.db, token, 'RESET_PASSWORD');
  if (userId !== account.id) throw badRequest(ERR.INVALID_LINK);
  await deps.db
    .update(users)
    .set({ ...(await passwordColumns(deps.config.AUTH_SECRET, newPassword)), updatedAt: new Date() })
    .where(eq(users.id, userId));
  await revokeAllForUser(deps, userId);
  return { ok: true };
}

export async function listPendingProfessors(deps: Deps): Promise<PendingProfessorDto[]> {
  const rows = await deps.db
    .select({ user: users, professor: professors })
    .from(users)
    .innerJoin(professors, eq(professors.userId, users.id))
    .where(inArray(users.status, ['PENDING_APPROVAL', 'PENDING_EMAIL']))
    .orderBy(users.createdAt);
  const ids = rows.map((r) => r.professor.id);
  const subj = ids.length
    ? await deps.db
        .select({ professorId: professorSubjects.professorId, code: subjects.code })
        .from(professorSubjects)
        .innerJoin(subjects, eq(subjects.id, professorSubjects.subjectId))
        .where(inArray(professorSubjects.professorId, ids))
    : [];
  return rows.map(({ user, professor }) => ({
    id: user.id,
    civility: professor.civility === 'M' || professor.civility === 'MME' ? professor.civility : null,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email ?? '',
    username: user.username,
    school: professor.school ?? '',
    isGar: user.isGar,
    uai: user.uai,
    city: professor.city ?? '',
    department: professor.department ?? '',
    phone: professor.phone ?? '',
    subjects: subj.filter((s) => s.professorId === professor.id).map((s) => s.code),
    status: user.status,
    createdAt: user.createdAt.toISOString(),
  }));
}

export type ApprovalAction = 'active' | 'reject' | 'approve-ent';

export async function decideProfessor(
  deps: Deps,
  caller: AccessClaims,
  userId: string,
  action: ApprovalAction,
) {
  // An admin rejecting their own account would lock the instance out of its approvals.
  if (caller.sub === userId) throw forbidden();
  const account = await loadAccount(deps.db, { id: userId });
  // A school sign-on teacher has no e-mail: decided all the same, only without the mail.
  if (account?.role !== 'PROFESSOR' || (!account.email && !account.isGar)) throw notFound();
  return applyDecision(deps, account, action);
}

/**
 * Activates, approves for school sign-on ("approve ENT": active, and `entApproved`), or rejects a
 * teacher (their sessions end); a mail tells them when they have an address. Shared by the admin's
 * approvals and the SCHOOL role's (modules/school).
 */
export async function applyDecision(
  deps: Deps,
  account: { id: string; isGar: boolean; email: string | null; firstName: string; language: string },
  action: ApprovalAction,
) {
  const userId = account.id;
  const status = action === 'reject' ? 'REJECTED' : 'ACTIVE';
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ status, updatedAt: new Date() }).where(eq(users.id, userId));
    // Activating a school sign-on account is approving its sign-on: the two buttons agree.
    if (action === 'approve-ent' || (action === 'active' && account.isGar))
      await tx.update(professors).set({ entApproved: true }).where(eq(professors.userId, userId));
  });
  if (status === 'REJECTED') await revokeAllForUser(deps, userId);
  if (account.email) {
    const link = `${deps.config.PUBLIC_URL}/login`;
    const mail = renderMail(status === 'ACTIVE' ? 'approved' : 'rejected', account.language, {
      name: account.firstName,
      link,
    });
    await deps.mailer.send({ to: account.email, ...mail, link });
  }
  return { id: userId, status };
}

export async function setChangelogViewed(deps: Deps, userId: string) {
  const now = new Date();
  await deps.db.update(users).set({ lastChangelogViewedAt: now }).where(eq(users.id, userId));
  return { lastChangelogViewedAt: now.toISOString() };
}
