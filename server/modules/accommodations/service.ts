// A pupil's accommodations (issue 24): stored with the least information (which ones, never why),
// one row per pupil, none when nothing is set. Read by a teacher of the pupil's class, by the pupil
// themselves, and by the live room (extra time only, kept server-side).
import { and, eq, inArray } from 'drizzle-orm';
import type { ExtraTime } from '../../../shared/game/extra-time.js';
import {
  type Accommodations,
  type DisplayPrefs,
  NO_ACCOMMODATIONS,
  type PupilAccommodations,
} from '../../../shared/schemas/accommodations.js';
import type { Db } from '../../db/client.js';
import { studentAccommodations, studentsSchoolclasses } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import { inClass, teachesClass } from '../../policies/index.js';

const columns = {
  studentId: studentAccommodations.studentId,
  extraTime: studentAccommodations.extraTime,
  readAloud: studentAccommodations.readAloud,
  readingFriendly: studentAccommodations.readingFriendly,
  fewerAnimations: studentAccommodations.fewerAnimations,
};

type Row = { studentId: string; extraTime: string } & DisplayPrefs;
const asPupil = (r: Row): PupilAccommodations => ({ ...r, extraTime: r.extraTime as ExtraTime });

/** A pupil's accommodations (all off without a row). */
export async function accommodationsOf(db: Db, studentId: string): Promise<Accommodations> {
  const [row] = await db
    .select(columns)
    .from(studentAccommodations)
    .where(eq(studentAccommodations.studentId, studentId));
  if (!row) return { ...NO_ACCOMMODATIONS };
  const { studentId: _, ...rest } = asPupil(row);
  return rest;
}

/** The accommodations of a class's pupils who have any (a teacher of the class only; 404 otherwise). */
export async function classAccommodations(
  db: Db,
  professorId: string,
  schoolclassId: string,
): Promise<PupilAccommodations[]> {
  if (!(await teachesClass(db, professorId, schoolclassId))) throw notFound();
  const rows = await db
    .select(columns)
    .from(studentAccommodations)
    .innerJoin(studentsSchoolclasses, eq(studentsSchoolclasses.studentId, studentAccommodations.studentId))
    .where(eq(studentsSchoolclasses.schoolclassId, schoolclassId));
  return rows.map(asPupil);
}

/** Sets a pupil's accommodations: a teacher of this class, the pupil in it (404 otherwise). */
export async function setAccommodations(
  db: Db,
  professorId: string,
  schoolclassId: string,
  studentId: string,
  a: Accommodations,
): Promise<Accommodations> {
  if (!(await teachesClass(db, professorId, schoolclassId)) || !(await inClass(db, studentId, schoolclassId)))
    throw notFound();
  await save(db, studentId, a);
  return accommodationsOf(db, studentId);
}

/** The pupil's own display settings (Options): extra time stays what the teacher set. */
export async function setOwnDisplay(db: Db, studentId: string, prefs: DisplayPrefs): Promise<Accommodations> {
  const current = await accommodationsOf(db, studentId);
  await save(db, studentId, { ...current, ...prefs, extraTime: current.extraTime });
  return accommodationsOf(db, studentId);
}

async function save(db: Db, studentId: string, a: Accommodations) {
  const values = {
    extraTime: a.extraTime,
    readAloud: a.readAloud,
    readingFriendly: a.readingFriendly,
    fewerAnimations: a.fewerAnimations,
  };
  const none = a.extraTime === 'none' && !a.readAloud && !a.readingFriendly && !a.fewerAnimations;
  // Nothing set: no row is kept (the least information).
  if (none) {
    await db.delete(studentAccommodations).where(eq(studentAccommodations.studentId, studentId));
    return;
  }
  await db
    .insert(studentAccommodations)
    .values({ studentId, ...values })
    .onConflictDoUpdate({
      target: studentAccommodations.studentId,
      set: { ...values, updatedAt: new Date() },
    });
}

/** Extra time by pupil, for a live room (only pupils with some); kept on the server. */
export async function extraTimes(db: Db, studentIds: string[]): Promise<Record<string, ExtraTime>> {
  if (studentIds.length === 0) return {};
  const rows = await db
    .select({ studentId: studentAccommodations.studentId, extraTime: studentAccommodations.extraTime })
    .from(studentAccommodations)
    .where(and(inArray(studentAccommodations.studentId, studentIds)));
  return Object.fromEntries(
    rows.filter((r) => r.extraTime !== 'none').map((r) => [r.studentId, r.extraTime as ExtraTime]),
  );
}
