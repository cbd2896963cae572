// A teacher's classes (issue 4): the classes they are linked to through professorsSchoolclasses,
// their students, the colleagues sharing them. Anything a teacher is not linked to is "not found".

import { and, asc, count, eq, inArray, or, sql } from 'drizzle-orm';
import { ERR } from '../../../shared/errors.js';
import type {
  ClassProfessorDto,
  ClassStudentDto,
  SchoolclassDto,
  SchoolclassInput,
} from '../../../shared/schemas/schoolclass.js';
import type { Db } from '../../db/client.js';
import {
  homeworkRaids,
  professors,
  professorsSchoolclasses,
  schoolclasses,
  ssoDivisionClasses,
  students,
  studentsSchoolclasses,
  subjects,
  users,
} from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { passwordColumns } from '../../lib/passwords.js';
import { assertTeachesClass, assertTeachesStudent } from '../../policies/index.js';
import { revokeAllForUser } from '../auth/sessions.js';
import { refreshHomeworkFlag } from '../homework/service.js';
import { recordDivisionRemoval } from '../sso/divisions.js';
import { renewCode, revokeCode } from './code.js';
import { generateStudentPassword } from './generated-password.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The class, when the teacher is linked to it; 404 otherwise (another teacher's class does not exist). */
export async function assertLinked(db: Db, professorId: string, schoolclassId: string): Promise<void> {
  await assertTeachesClass(db, professorId, schoolclassId);
}

export async function subjectExists(db: Db, subjectId: string): Promise<boolean> {
  const [s] = await db.select({ id: subjects.id }).from(subjects).where(eq(subjects.id, subjectId));
  return !!s;
}

/** The teacher's classes (or one of them), newest first, with their student count. */
export async function listClasses(db: Db, professorId: string, onlyId?: string): Promise<SchoolclassDto[]> {
  const linked = db
    .selectDistinct({ id: professorsSchoolclasses.schoolclassId })
    .from(professorsSchoolclasses)
    .where(eq(professorsSchoolclasses.professorId, professorId));
  const studentCount = db
    .select({ schoolclassId: studentsSchoolclasses.schoolclassId, n: count().as('n') })
    .from(studentsSchoolclasses)
    .groupBy(studentsSchoolclasses.schoolclassId)
    .as('student_count');
  const rows = await db
    .select({
      c: schoolclasses,
      subjectCode: subjects.code,
      studentCount: studentCount.n,
      divisionProvider: ssoDivisionClasses.provider,
      divisionCode: ssoDivisionClasses.divisionCode,
    })
    .from(schoolclasses)
    .innerJoin(subjects, eq(subjects.id, schoolclasses.subjectId))
    .leftJoin(ssoDivisionClasses, eq(ssoDivisionClasses.schoolclassId, schoolclasses.id))
    .leftJoin(studentCount, eq(studentCount.schoolclassId, schoolclasses.id))
    .where(and(inArray(schoolclasses.id, linked), onlyId ? eq(schoolclasses.id, onlyId) : undefined))
    .orderBy(sql`${schoolclasses.createdAt} desc`, asc(schoolclasses.name));
  const now = Date.now();
  return rows.map(({ c, subjectCode, studentCount: n, divisionProvider, divisionCode }) => {
    const live = !!c.code && !!c.codeExpiresAt && c.codeExpiresAt.getTime() > now;
    return {
      id: c.id,
      name: c.name,
      level: c.level,
      planet: c.planet,
      subjectId: c.subjectId,
      subjectCode,
      code: live ? c.code : null,
      codeExpiresAt: live ? iso(c.codeExpiresAt) : null,
      division: divisionProvider && divisionCode ? { provider: divisionProvider, code: divisionCode } : null,
      studentCount: Number(n ?? 0),
      createdAt: c.createdAt.toISOString(),
      updatedAt: c.updatedAt.toISOString(),
    };
  });
}

export async function ownClass(db: Db, professorId: string, schoolclassId: string): Promise<SchoolclassDto> {
  const [c] = await listClasses(db, professorId, schoolclassId);
  if (!c) throw notFound();
  return c;
}

/** Creates the class and links its creator with the class's subject, in one transaction. */
export async function createClass(
  deps: Deps,
  professorId: string,
  input: SchoolclassInput,
  log?: { error(obj: object, msg: string): void },
) {
  if (!(await subjectExists(deps.db, input.subjectId)))
    throw badRequest(ERR.CLASS_CREATE_FAILED, { field: 'subjectId' });
  try {
    return await deps.db.transaction(async (tx) => {
      const [c] = await tx.insert(schoolclasses).values(input).returning({ id: schoolclasses.id });
      await tx
        .insert(professorsSchoolclasses)
        .values({ professorId, schoolclassId: c.id, subjectId: input.subjectId });
      return c.id;
    });
  } catch (err) {
    log?.error({ err }, 'class creation failed');
    throw new AppError(500, ERR.CLASS_CREATE_FAILED);
  }
}

/**
 * Changes the class. The caller's own link follows the class's subject when it was the class's
 * subject (their home shows the class with the new subject); colleagues keep theirs.
 */
export async function updateClass(
  db: Db,
  professorId: string,
  schoolclassId: string,
  input: SchoolclassInput,
) {
  const before = await ownClass(db, professorId, schoolclassId);
  if (!(await subjectExists(db, input.subjectId)))
    throw badRequest(ERR.CLASS_SUBJECT_REQUIRED, { field: 'subjectId' });
  await db.transaction(async (tx) => {
    await tx
      .update(schoolclasses)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(schoolclasses.id, schoolclassId));
    if (before.subjectId === input.subjectId) return;
    const mine = and(
      eq(professorsSchoolclasses.professorId, professorId),
      eq(professorsSchoolclasses.schoolclassId, schoolclassId),
    );
    const links = await tx
      .select({ id: professorsSchoolclasses.id, subjectId: professorsSchoolclasses.subjectId })
      .from(professorsSchoolclasses)
      .where(mine);
    const old = links.find((l) => l.subjectId === before.subjectId);
    if (!old) return;
    if (links.some((l) => l.subjectId === input.subjectId))
      await tx.delete(professorsSchoolclasses).where(eq(professorsSchoolclasses.id, old.id));
    else
      await tx
        .update(professorsSchoolclasses)
        .set({ subjectId: input.subjectId })
        .where(eq(professorsSchoolclasses.id, old.id));
  });
  return ownClass(db, professorId, schoolclassId);
}

/**
 * A teacher deleting a class they share only leaves it; the last teacher to leave deletes it
 * (with its memberships, homework and codex by the tables' cascades). Students keep their accounts.
 * Leaving stops the leaver's homework for the class (students no longer play it; their results
 * stay); their homework list and codex table only show classes they are still linked to.
 */
export async function deleteClass(db: Db, professorId: string, schoolclassId: string) {
  await assertLinked(db, professorId, schoolclassId);
  await db.transaction(async (tx) => {
    const sent = await tx
      .selectDistinct({ raidId: homeworkRaids.raidId })
      .from(homeworkRaids)
      .where(and(eq(homeworkRaids.professorId, professorId), eq(homeworkRaids.schoolclassId, schoolclassId)));
    await tx
      .update(homeworkRaids)
      .set({ isOnGoing: false })
      .where(
        and(
          eq(homeworkRaids.professorId, professorId),
          eq(homeworkRaids.schoolclassId, schoolclassId),
          eq(homeworkRaids.isOnGoing, true),
        ),
      );
    await tx
      .delete(professorsSchoolclasses)
      .where(
        and(
          eq(professorsSchoolclasses.professorId, professorId),
          eq(professorsSchoolclasses.schoolclassId, schoolclassId),
        ),
      );
    const [left] = await tx
      .select({ n: count() })
      .from(professorsSchoolclasses)
      .where(eq(professorsSchoolclasses.schoolclassId, schoolclassId));
    if (Number(left.n) === 0) await tx.delete(schoolclasses).where(eq(schoolclasses.id, schoolclassId));
    for (const { raidId } of sent) await refreshHomeworkFlag(tx, professorId, raidId);
  });
}

const professorColumns = {
  id: professorsSchoolclasses.id,
  professorId: professorsSchoolclasses.professorId,
  schoolclassId: professorsSchoolclasses.schoolclassId,
  subjectId: professorsSchoolclasses.subjectId,
  subjectCode: subjects.code,
  civility: professors.civility,
  firstName: users.firstName,
  lastName: users.lastName,
};

/** The teachers of a class with their subjects (the caller must be one of them). */
export async function classProfessors(
  db: Db,
  professorId: string,
  schoolclassId: string,
): Promise<ClassProfessorDto[]> {
  await assertLinked(db, professorId, schoolclassId);
  const rows = await db
    .select(professorColumns)
    .from(professorsSchoolclasses)
    .innerJoin(professors, eq(professors.id, professorsSchoolclasses.professorId))
    .innerJoin(users, eq(users.id, professors.userId))
    .innerJoin(subjects, eq(subjects.id, professorsSchoolclasses.subjectId))
    .where(eq(professorsSchoolclasses.schoolclassId, schoolclassId))
    .orderBy(asc(professorsSchoolclasses.createdAt));
  return rows.map((r) => ({ ...r, isMe: r.professorId === professorId }));
}

/** The caller's first link matching `key = value` (id, schoolclassId or subjectId). */
export async function findOwnLink(
  db: Db,
  professorId: string,
  key: 'id' | 'schoolclassId' | 'subjectId',
  value: string,
): Promise<ClassProfessorDto> {
  const [r] = await db
    .select(professorColumns)
    .from(professorsSchoolclasses)
    .innerJoin(professors, eq(professors.id, professorsSchoolclasses.professorId))
    .innerJoin(users, eq(users.id, professors.userId))
    .innerJoin(subjects, eq(subjects.id, professorsSchoolclasses.subjectId))
    .where(and(eq(professorsSchoolclasses.professorId, professorId), eq(professorsSchoolclasses[key], value)))
    .orderBy(asc(professorsSchoolclasses.createdAt))
    .limit(1);
  if (!r) throw notFound();
  return { ...r, isMe: true };
}

/** Shares a class with a colleague, found by username or e-mail, who teaches `subjectId` in it. */
export async function shareClass(
  db: Db,
  professorId: string,
  input: { schoolclassId: string; login: string; subjectId: string },
): Promise<ClassProfessorDto> {
  await assertLinked(db, professorId, input.schoolclassId);
  if (!(await subjectExists(db, input.subjectId)))
    throw badRequest(ERR.CLASS_SUBJECT_REQUIRED, { field: 'subjectId' });
  const login = input.login.toLowerCase();
  const [colleague] = await db
    .select({ professorId: professors.id })
    .from(users)
    .innerJoin(professors, eq(professors.userId, users.id))
    .where(
      and(
        eq(users.role, 'PROFESSOR'),
        eq(users.status, 'ACTIVE'),
        or(sql`lower(${users.username}) = ${login}`, sql`lower(${users.email}) = ${login}`),
      ),
    );
  if (!colleague) throw notFound(ERR.COLLEAGUE_NOT_FOUND);
  const inserted = await db
    .insert(professorsSchoolclasses)
    .values({
      professorId: colleague.professorId,
      schoolclassId: input.schoolclassId,
      subjectId: input.subjectId,
    })
    .onConflictDoNothing()
    .returning({ id: professorsSchoolclasses.id });
  if (inserted.length === 0) throw conflict(ERR.CLASS_ALREADY_SHARED, { field: 'login' });
  const colleagues = await classProfessors(db, professorId, input.schoolclassId);
  return colleagues.find((t) => t.id === inserted[0].id) as ClassProfessorDto;
}

/** The students of a class, with the teacher-generated password while the student keeps it. */
export async function classStudents(
  deps: Deps,
  professorId: string,
  schoolclassId: string,
): Promise<ClassStudentDto[]> {
  await assertLinked(deps.db, professorId, schoolclassId);
  const rows = await deps.db
    .select({
      studentId: students.id,
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      isGar: users.isGar,
      level: students.level,
      levelProgression: students.levelProgression,
      xp: students.xp,
      coin: students.coin,
      powerXp: students.powerXp,
      enc: students.generatedPasswordEnc,
      passwordChangedByStudent: students.passwordChangedByStudent,
      joinedAt: studentsSchoolclasses.joinedAt,
    })
    .from(studentsSchoolclasses)
    .innerJoin(students, eq(students.id, studentsSchoolclasses.studentId))
    .innerJoin(users, eq(users.id, students.userId))
    .where(eq(studentsSchoolclasses.schoolclassId, schoolclassId))
    .orderBy(asc(users.lastName), asc(users.firstName));
  return rows.map(({ enc, joinedAt, ...r }) => {
    const password = enc && !r.passwordChangedByStudent ? readable(deps, enc) : null;
    return { ...r, password, passwordChangedByStudent: password === null, joinedAt: joinedAt.toISOString() };
  });
}

/** A copy that no longer decrypts (the key changed) reads as "the student chose their own". */
function readable(deps: Deps, enc: string): string | null {
  try {
    return deps.cipher.decrypt(enc);
  } catch {
    return null;
  }
}

/** The distinct students of all the teacher's classes, with the classes they share with them. */
export async function professorUsers(db: Db, professorId: string) {
  const rows = await db
    .select({
      userId: users.id,
      studentId: students.id,
      firstName: users.firstName,
      lastName: users.lastName,
      username: users.username,
      schoolclassId: studentsSchoolclasses.schoolclassId,
    })
    .from(professorsSchoolclasses)
    .innerJoin(
      studentsSchoolclasses,
      eq(studentsSchoolclasses.schoolclassId, professorsSchoolclasses.schoolclassId),
    )
    .innerJoin(students, eq(students.id, studentsSchoolclasses.studentId))
    .innerJoin(users, eq(users.id, students.userId))
    .where(eq(professorsSchoolclasses.professorId, professorId))
    .orderBy(asc(users.lastName), asc(users.firstName));
  const byUser = new Map<
    string,
    Omit<(typeof rows)[number], 'schoolclassId'> & { schoolclassIds: string[] }
  >();
  for (const { schoolclassId, ...r } of rows) {
    const u = byUser.get(r.userId) ?? { ...r, schoolclassIds: [] };
    if (!u.schoolclassIds.includes(schoolclassId)) u.schoolclassIds.push(schoolclassId);
    byUser.set(r.userId, u);
  }
  return [...byUser.values()];
}

/** A student (by user id) of one of the teacher's classes, or 404. */
async function studentOfMine(db: Db, professorId: string, userId: string) {
  const [s] = await db
    .select({
      studentId: students.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      isGar: users.isGar,
    })
    .from(users)
    .innerJoin(students, eq(students.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!s) throw notFound();
  await assertTeachesStudent(db, professorId, s.studentId);
  return s;
}

/**
 * PUT /users/{id}/password by a teacher: a new readable password for a student of one of their
 * classes. Hashed for sign-in, kept encrypted for the teacher to read; the student's sessions end.
 */
export async function generatePassword(deps: Deps, professorId: string, userId: string) {
  await deps.limiter.hit(`generate-password:${professorId}`, 120, 600);
  const s = await studentOfMine(deps.db, professorId, userId);
  // School sign-on accounts have no password of ours: the school's directory owns it.
  if (s.isGar) throw forbidden(ERR.SSO_PASSWORD);
  const password = generateStudentPassword([s.username, s.firstName, s.lastName]);
  const columns = await passwordColumns(deps.config.AUTH_SECRET, password);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ ...columns, updatedAt: new Date() })
      .where(eq(users.id, userId));
    await tx
      .update(students)
      .set({ generatedPasswordEnc: deps.cipher.encrypt(password), passwordChangedByStudent: false })
      .where(eq(students.id, s.studentId));
  });
  await revokeAllForUser(deps, userId);
  return { userId, studentId: s.studentId, password, passwordChangedByStudent: false };
}

/** Removes a student from a class: the membership only; the account, XP and coins stay. */
export async function removeStudent(db: Db, professorId: string, schoolclassId: string, studentId: string) {
  await assertLinked(db, professorId, schoolclassId);
  const removed = await db
    .delete(studentsSchoolclasses)
    .where(
      and(
        eq(studentsSchoolclasses.schoolclassId, schoolclassId),
        eq(studentsSchoolclasses.studentId, studentId),
      ),
    )
    .returning({ studentId: studentsSchoolclasses.studentId });
  if (removed.length === 0) throw notFound();
}

/** Removes the student from the class and, at once, from its live rooms (their answers refused). */
export async function removeStudentNow(
  deps: Deps,
  professorId: string,
  schoolclassId: string,
  studentId: string,
) {
  await removeStudent(deps.db, professorId, schoolclassId, studentId);
  await recordDivisionRemoval(deps, studentId, schoolclassId);
  await deps.evict.fromClass(studentId, schoolclassId);
}

/** The class's live code, for the code routes. */
export function codeOf(c: SchoolclassDto) {
  return { schoolclassId: c.id, code: c.code, codeExpiresAt: c.codeExpiresAt };
}

/**
 * A new registration code for one of the teacher's classes (the old one stops working at once). A
 * class made from a school division has none: its pupils come in through their ENT (docs/decisions.md).
 */
export async function generateClassCode(db: Db, professorId: string, schoolclassId: string) {
  await assertLinked(db, professorId, schoolclassId);
  if ((await ownClass(db, professorId, schoolclassId)).division) throw conflict(ERR.CLASS_CODE_DIVISION);
  await renewCode(db, schoolclassId);
  return codeOf(await ownClass(db, professorId, schoolclassId));
}

/** Revokes the registration code of one of the teacher's classes. */
export async function revokeClassCode(db: Db, professorId: string, schoolclassId: string) {
  await assertLinked(db, professorId, schoolclassId);
  await revokeCode(db, schoolclassId);
  return codeOf(await ownClass(db, professorId, schoolclassId));
}
