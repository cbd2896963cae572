// The one count of a student's active professors (SPEC point 4: an XP gain is divided by it; the
// user record shows it as `activeProfessorsCount`). A professor is active for a student when they
// teach one of the student's classes, in any subject; each counts once.
import { eq, inArray, sql } from 'drizzle-orm';
import { professorsSchoolclasses, studentsSchoolclasses } from '../../db/schema.js';
import type { DbOrTx } from '../avatars/unlocks.js';

/** Each student's count; a student with no class, or no professor in them, counts 0. */
export async function activeProfessorsCounts(
  db: DbOrTx,
  studentIds: readonly string[],
): Promise<Map<string, number>> {
  const out = new Map(studentIds.map((id) => [id, 0]));
  if (!studentIds.length) return out;
  const rows = await db
    .select({
      studentId: studentsSchoolclasses.studentId,
      n: sql<number>`count(distinct ${professorsSchoolclasses.professorId})::int`,
    })
    .from(studentsSchoolclasses)
    .innerJoin(
      professorsSchoolclasses,
      eq(professorsSchoolclasses.schoolclassId, studentsSchoolclasses.schoolclassId),
    )
    .where(inArray(studentsSchoolclasses.studentId, [...studentIds]))
    .groupBy(studentsSchoolclasses.studentId);
  for (const r of rows) out.set(r.studentId, r.n);
  return out;
}

export async function activeProfessorsCount(db: DbOrTx, studentId: string): Promise<number> {
  return (await activeProfessorsCounts(db, [studentId])).get(studentId) ?? 0;
}
