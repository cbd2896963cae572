// Who may touch what: the one place for the authorization rules of the teacher's and the student's
// records. A module asks here ("may this teacher touch this class?") instead of joining another
// module's tables itself. Each function answers a boolean; the route decides between 403 and 404.
import { and, eq, exists, inArray, sql } from 'drizzle-orm';
import {
  chapters,
  codex,
  homeworkRaids,
  professorsSchoolclasses,
  raids,
  students,
  studentsSchoolclasses,
} from '../db/schema.js';
import type { AccessClaims } from '../lib/tokens.js';
import type { DbOrTx } from '../modules/avatars/unlocks.js';

/** The caller is the user `userId`. */
export const isSelfUser = (caller: AccessClaims, userId: string) => caller.sub === userId;
/** The caller is the student `studentId`. */
export const isSelfStudent = (caller: AccessClaims, studentId: string) =>
  !!caller.studentId && caller.studentId === studentId;

const any = async (query: Promise<unknown[]>): Promise<boolean> => (await query).length > 0;

/** The teacher teaches this class (in this subject, when given). */
export function teachesClass(db: DbOrTx, professorId: string, schoolclassId: string, subjectId?: string) {
  return any(
    db
      .select({ one: sql`1` })
      .from(professorsSchoolclasses)
      .where(
        and(
          eq(professorsSchoolclasses.professorId, professorId),
          eq(professorsSchoolclasses.schoolclassId, schoolclassId),
          subjectId ? eq(professorsSchoolclasses.subjectId, subjectId) : undefined,
        ),
      )
      .limit(1),
  );
}

/** The teacher teaches one of the student's classes. */
export function teachesStudent(db: DbOrTx, professorId: string, studentId: string) {
  return any(
    db
      .select({ one: sql`1` })
      .from(studentsSchoolclasses)
      .where(
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
      )
      .limit(1),
  );
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
  return any(
    db
      .select({ one: sql`1` })
      .from(studentsSchoolclasses)
      .where(
        and(
          eq(studentsSchoolclasses.studentId, studentId),
          eq(studentsSchoolclasses.schoolclassId, schoolclassId),
        ),
      )
      .limit(1),
  );
}

/** The chapter is the teacher's own. */
export function ownsChapter(db: DbOrTx, professorId: string, chapterId: string) {
  return any(
    db
      .select({ one: sql`1` })
      .from(chapters)
      .where(and(eq(chapters.id, chapterId), eq(chapters.professorId, professorId)))
      .limit(1),
  );
}

/** The raid is the teacher's own. */
export function ownsRaid(db: DbOrTx, professorId: string, raidId: string) {
  return any(
    db
      .select({ one: sql`1` })
      .from(raids)
      .where(and(eq(raids.id, raidId), eq(raids.professorId, professorId)))
      .limit(1),
  );
}

/** The codex phrase was written to this teacher (who approves, rejects or deletes it). */
export function moderatesPhrase(db: DbOrTx, professorId: string, phraseId: string) {
  return any(
    db
      .select({ one: sql`1` })
      .from(codex)
      .where(and(eq(codex.id, phraseId), eq(codex.professorId, professorId)))
      .limit(1),
  );
}

/** The homework was sent by this teacher. */
export function ownsHomework(db: DbOrTx, professorId: string, homeworkId: string) {
  return any(
    db
      .select({ one: sql`1` })
      .from(homeworkRaids)
      .where(and(eq(homeworkRaids.id, homeworkId), eq(homeworkRaids.professorId, professorId)))
      .limit(1),
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
