// Who may touch what: the one place for the authorization rules of the teacher's and the student's
// records. A module asks here ("may this teacher touch this class?") instead of joining another
// module's tables itself. Each rule is a question answering a boolean (`teachesClass`), for the
// callers that choose what to do (a filter, a socket's refusal), and an `assert…` that refuses by
// throwing, in one line at the call: a 404, since what the caller may not touch they may not know
// exists either (Outline's policies, issue 22).
import { and, eq, exists, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  chapters,
  codex,
  homeworkRaids,
  professorsSchoolclasses,
  raids,
  students,
  studentsSchoolclasses,
  users,
} from '../db/schema.js';
import { notFound } from '../lib/errors.js';
import type { AccessClaims } from '../lib/tokens.js';
import type { DbOrTx } from '../modules/avatars/unlocks.js';

/** The caller is the user `userId`. */
export const isSelfUser = (caller: AccessClaims, userId: string) => caller.sub === userId;
/** The caller is the student `studentId`. */
export const isSelfStudent = (caller: AccessClaims, studentId: string) =>
  !!caller.studentId && caller.studentId === studentId;

/** One row of `table` matches `where`: every ownership rule below is this question. */
async function rowExists(db: DbOrTx, table: PgTable, where: SQL | undefined): Promise<boolean> {
  const rows = await db.select({ one: sql`1` }).from(table).where(where).limit(1);
  return rows.length > 0;
}

/** The user is a teacher of this school (the UAI their school sign-on gave): the SCHOOL role's reach. */
export function professorOfSchool(db: DbOrTx, userId: string, uai: string) {
  return rowExists(db, users, and(eq(users.id, userId), eq(users.role, 'PROFESSOR'), eq(users.uai, uai)));
}

/** The teacher teaches this class (in this subject, when given). */
export function teachesClass(db: DbOrTx, professorId: string, schoolclassId: string, subjectId?: string) {
  return rowExists(
    db,
    professorsSchoolclasses,
    and(
      eq(professorsSchoolclasses.professorId, professorId),
      eq(professorsSchoolclasses.schoolclassId, schoolclassId),
      subjectId ? eq(professorsSchoolclasses.subjectId, subjectId) : undefined,
    ),
  );
}

/** The teacher teaches one of the student's classes. */
export function teachesStudent(db: DbOrTx, professorId: string, studentId: string) {
  return rowExists(
    db,
    studentsSchoolclasses,
    and(
      eq(studentsSchoolclasses.studentId, studentId),
      exists(
        db
          .select({ one: sql`1` })
          .from(professorsSchoolclasses)
          .where(
            and(
              eq(professorsSchoolclasses.schoolclassId, studentsSchoolclasses.schoolclassId),
              eq(professorsSchoolclasses.professorId, professorId),
            ),
          ),
      ),
    ),
  );
}

/** The caller may read the record of the user `userId`: themselves, an admin, or a teacher of one of the student's classes. */
export async function readsUser(db: DbOrTx, caller: AccessClaims, userId: string): Promise<boolean> {
  if (caller.sub === userId || caller.isAdmin) return true;
  if (caller.role !== 'PROFESSOR' || !caller.professorId) return false;
  const [student] = await db.select({ id: students.id }).from(students).where(eq(students.userId, userId));
  return !!student && teachesStudent(db, caller.professorId, student.id);
}

/**
 * The teacher may export or delete this pupil's data (families' data rights, issue 14): a teacher of
 * one of the pupil's classes (a class shared by two teachers: either), or the administrator.
 */
export async function actsForPupil(db: DbOrTx, caller: AccessClaims, studentId: string) {
  if (caller.role !== 'PROFESSOR' || !caller.professorId) return false;
  return caller.isAdmin || teachesStudent(db, caller.professorId, studentId);
}

/**
 * The (class, subject) pairs the teacher teaches, as a subquery to join a list onto: where a homework
 * may go, which classes a list may show with their subject.
 */
export function taughtLinks(db: DbOrTx, professorId: string) {
  return db
    .select({
      schoolclassId: professorsSchoolclasses.schoolclassId,
      subjectId: professorsSchoolclasses.subjectId,
    })
    .from(professorsSchoolclasses)
    .where(eq(professorsSchoolclasses.professorId, professorId))
    .as('taught_links');
}

/** The ids of the classes the teacher teaches, as a subquery: filters a list to what they may still see. */
export function taughtClassIds(db: DbOrTx, professorId: string) {
  return db
    .selectDistinct({ id: professorsSchoolclasses.schoolclassId })
    .from(professorsSchoolclasses)
    .where(eq(professorsSchoolclasses.professorId, professorId));
}

/** The student is a member of this class. */
export function inClass(db: DbOrTx, studentId: string, schoolclassId: string) {
  return rowExists(
    db,
    studentsSchoolclasses,
    and(
      eq(studentsSchoolclasses.studentId, studentId),
      eq(studentsSchoolclasses.schoolclassId, schoolclassId),
    ),
  );
}

/** The chapter is the teacher's own. */
export function ownsChapter(db: DbOrTx, professorId: string, chapterId: string) {
  return rowExists(db, chapters, and(eq(chapters.id, chapterId), eq(chapters.professorId, professorId)));
}

/** The raid is the teacher's own (and in this chapter, when given). */
export function ownsRaid(db: DbOrTx, professorId: string, raidId: string, chapterId?: string) {
  return rowExists(
    db,
    raids,
    and(
      eq(raids.id, raidId),
      eq(raids.professorId, professorId),
      chapterId ? eq(raids.chapterId, chapterId) : undefined,
    ),
  );
}

/** The codex phrase was written to this teacher (who approves, rejects or deletes it). */
export function moderatesPhrase(db: DbOrTx, professorId: string, phraseId: string) {
  return rowExists(db, codex, and(eq(codex.id, phraseId), eq(codex.professorId, professorId)));
}

/** The homework was sent by this teacher. */
export function ownsHomework(db: DbOrTx, professorId: string, homeworkId: string) {
  return rowExists(
    db,
    homeworkRaids,
    and(eq(homeworkRaids.id, homeworkId), eq(homeworkRaids.professorId, professorId)),
  );
}

/**
 * Of these users, the ones the teacher may count (analytics, SPEC point 7): the teacher themself and
 * the students of the teacher's classes (of `schoolclassId` alone, when given).
 */
export async function countableUsers(
  db: DbOrTx,
  caller: AccessClaims,
  professorId: string,
  userIds: string[],
  schoolclassId?: string,
): Promise<Set<string>> {
  const ok = new Set(userIds.filter((u) => u === caller.sub));
  const others = userIds.filter((u) => u !== caller.sub);
  if (!others.length) return ok;
  const found = await db
    .selectDistinct({ userId: students.userId })
    .from(students)
    .innerJoin(studentsSchoolclasses, eq(studentsSchoolclasses.studentId, students.id))
    .innerJoin(
      professorsSchoolclasses,
      and(
        eq(professorsSchoolclasses.schoolclassId, studentsSchoolclasses.schoolclassId),
        eq(professorsSchoolclasses.professorId, professorId),
      ),
    )
    .where(
      and(
        inArray(students.userId, others),
        schoolclassId ? eq(studentsSchoolclasses.schoolclassId, schoolclassId) : undefined,
      ),
    );
  for (const f of found) ok.add(f.userId);
  return ok;
}

// ---------------------------------------------------------------------------------------------
// The same rules, refusing by throwing: `await assertTeachesClass(db, professorId, classId)`.

/** Goes on when `allowed`; otherwise a 404 (ERRORS.NOT_FOUND), as if the record did not exist. */
async function orNotFound(allowed: boolean | Promise<boolean>): Promise<void> {
  if (!(await allowed)) throw notFound();
}

export const assertSelfStudent = (caller: AccessClaims, studentId: string) =>
  orNotFound(isSelfStudent(caller, studentId));

export const assertProfessorOfSchool = (db: DbOrTx, userId: string, uai: string) =>
  orNotFound(professorOfSchool(db, userId, uai));

export const assertTeachesClass = (
  db: DbOrTx,
  professorId: string,
  schoolclassId: string,
  subjectId?: string,
) => orNotFound(teachesClass(db, professorId, schoolclassId, subjectId));

export const assertTeachesStudent = (db: DbOrTx, professorId: string, studentId: string) =>
  orNotFound(teachesStudent(db, professorId, studentId));

export const assertActsForPupil = (db: DbOrTx, caller: AccessClaims, studentId: string) =>
  orNotFound(actsForPupil(db, caller, studentId));

export const assertInClass = (db: DbOrTx, studentId: string, schoolclassId: string) =>
  orNotFound(inClass(db, studentId, schoolclassId));

export const assertOwnsChapter = (db: DbOrTx, professorId: string, chapterId: string) =>
  orNotFound(ownsChapter(db, professorId, chapterId));

export const assertOwnsRaid = (db: DbOrTx, professorId: string, raidId: string, chapterId?: string) =>
  orNotFound(ownsRaid(db, professorId, raidId, chapterId));

export const assertReadsUser = (db: DbOrTx, caller: AccessClaims, userId: string) =>
  orNotFound(readsUser(db, caller, userId));
