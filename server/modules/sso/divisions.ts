// Classes from the school (issue 14): a school sign-on teacher sees the divisions the GAR (or the ENT)
// sent and creates the class for one in one click; the pupils of that division are in it without a
// class code: those already known at once, the others at their next sign-in.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { CLASS_NAME_MAX } from '../../../shared/constants.js';
import { ERR } from '../../../shared/errors.js';
import type { WorldName } from '../../../shared/worlds.js';
import {
  professorsSchoolclasses,
  schoolclasses,
  ssoDivisionClasses,
  ssoDivisionRemovals,
  ssoIdentities,
  students,
  studentsSchoolclasses,
  users,
} from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { AppError, badRequest, forbidden, isUniqueViolation, notFound } from '../../lib/errors.js';
import { subjectExists } from '../classes/service.js';

/**
 * The class level of a French division name: 6e…3e (collège), 2nde 2, 1re 1, Terminale 0; anything
 * else is a mixed class (-1). "5EME B", "5B", "2NDE3", "1ERE G", "TLE S", "TERM 2".
 */
export function levelOfDivision(name: string): number {
  const s = name.trim().toUpperCase();
  if (/^(TLE|TERM|T\b|TS|TES|TL|TG)/.test(s)) return 0;
  const m = /^([1-6])/.exec(s);
  return m ? Number(m[1]) : -1;
}

async function identityOf(deps: Deps, userId: string) {
  const [row] = await deps.db
    .select({ provider: ssoIdentities.provider, uai: ssoIdentities.uai, divisions: ssoIdentities.divisions })
    .from(ssoIdentities)
    .where(eq(ssoIdentities.userId, userId))
    .limit(1);
  return row ?? null;
}

export interface DivisionDto {
  code: string;
  name: string;
  level: number;
  /** The class created from this division that the caller teaches, if any. */
  schoolclassId: string | null;
}

export async function listDivisions(deps: Deps, userId: string, professorId: string): Promise<DivisionDto[]> {
  const me = await identityOf(deps, userId);
  if (!me?.uai) return [];
  const linked = await deps.db
    .select({ code: ssoDivisionClasses.divisionCode, schoolclassId: ssoDivisionClasses.schoolclassId })
    .from(ssoDivisionClasses)
    .innerJoin(
      professorsSchoolclasses,
      and(
        eq(professorsSchoolclasses.schoolclassId, ssoDivisionClasses.schoolclassId),
        eq(professorsSchoolclasses.professorId, professorId),
      ),
    )
    .where(and(eq(ssoDivisionClasses.provider, me.provider), eq(ssoDivisionClasses.uai, me.uai)));
  const byCode = new Map(linked.map((r) => [r.code, r.schoolclassId]));
  return me.divisions.map((d) => ({
    code: d.code,
    name: d.name,
    level: levelOfDivision(d.name),
    schoolclassId: byCode.get(d.code) ?? null,
  }));
}

/**
 * Creates the class of one of the caller's divisions, linked to it, with its known pupils in it: all
 * in one transaction. One class per teacher and division: a second call (a double click, two tabs)
 * answers the class the first one created.
 */
export async function createClassFromDivision(
  deps: Deps,
  userId: string,
  professorId: string,
  code: string,
  input: { subjectId: string; planet: WorldName },
  log?: { error(obj: object, msg: string): void },
): Promise<string> {
  const me = await identityOf(deps, userId);
  if (!me?.uai) throw forbidden();
  const uai = me.uai;
  const division = me.divisions.find((d) => d.code === code);
  if (!division) throw notFound();
  if (!(await subjectExists(deps.db, input.subjectId)))
    throw badRequest(ERR.CLASS_CREATE_FAILED, { field: 'subjectId' });
  const mine = and(
    eq(ssoDivisionClasses.professorId, professorId),
    eq(ssoDivisionClasses.provider, me.provider),
    eq(ssoDivisionClasses.uai, uai),
    eq(ssoDivisionClasses.divisionCode, code),
  );
  const existing = async () => {
    const [row] = await deps.db
      .select({ id: ssoDivisionClasses.schoolclassId })
      .from(ssoDivisionClasses)
      .where(mine);
    return row?.id ?? null;
  };
  const already = await existing();
  if (already) return already;
  try {
    return await deps.db.transaction(async (tx) => {
      const [c] = await tx
        .insert(schoolclasses)
        .values({
          name: division.name.slice(0, CLASS_NAME_MAX),
          level: levelOfDivision(division.name),
          subjectId: input.subjectId,
          planet: input.planet,
        })
        .returning({ id: schoolclasses.id });
      await tx
        .insert(professorsSchoolclasses)
        .values({ professorId, schoolclassId: c.id, subjectId: input.subjectId });
      await tx
        .insert(ssoDivisionClasses)
        .values({ provider: me.provider, uai, divisionCode: code, schoolclassId: c.id, professorId });
      // Pupils of this school and division already signed in: in the class now.
      const pupils = await tx
        .select({ studentId: students.id })
        .from(ssoIdentities)
        .innerJoin(students, eq(students.userId, ssoIdentities.userId))
        .innerJoin(users, eq(users.id, ssoIdentities.userId))
        .where(
          and(
            eq(ssoIdentities.provider, me.provider),
            eq(ssoIdentities.uai, uai),
            eq(users.status, 'ACTIVE'),
            sql`${ssoIdentities.divisions} @> ${JSON.stringify([{ code }])}::jsonb`,
          ),
        );
      if (pupils.length)
        await tx
          .insert(studentsSchoolclasses)
          .values(pupils.map((p) => ({ studentId: p.studentId, schoolclassId: c.id })))
          .onConflictDoNothing();
      return c.id;
    });
  } catch (err) {
    // The same teacher's other click won the race: its class is the one.
    if (isUniqueViolation(err, 'sso_division_classes_teacher_uq')) {
      const id = await existing();
      if (id) return id;
    }
    log?.error({ err }, 'class creation failed');
    throw new AppError(500, ERR.CLASS_CREATE_FAILED);
  }
}

/**
 * A teacher removed a pupil from a class: when it is a division's class, remembered, so that the
 * pupil's next sign-in does not put them back.
 */
export async function recordDivisionRemoval(deps: Deps, studentId: string, schoolclassId: string) {
  const [linked] = await deps.db
    .select({ id: ssoDivisionClasses.id })
    .from(ssoDivisionClasses)
    .where(eq(ssoDivisionClasses.schoolclassId, schoolclassId));
  if (linked)
    await deps.db.insert(ssoDivisionRemovals).values({ studentId, schoolclassId }).onConflictDoNothing();
}

/** A pupil's sign-in: into every class created from one of their divisions at their school. */
export async function joinDivisionClasses(
  deps: Deps,
  userId: string,
  provider: string,
  uai: string | null,
  codes: string[],
): Promise<void> {
  if (!uai || codes.length === 0) return;
  const [student] = await deps.db
    .select({ id: students.id })
    .from(students)
    .where(eq(students.userId, userId));
  if (!student) return;
  const classes = await deps.db
    .select({ id: ssoDivisionClasses.schoolclassId })
    .from(ssoDivisionClasses)
    .innerJoin(schoolclasses, eq(schoolclasses.id, ssoDivisionClasses.schoolclassId))
    .where(
      and(
        eq(ssoDivisionClasses.provider, provider),
        eq(ssoDivisionClasses.uai, uai),
        inArray(ssoDivisionClasses.divisionCode, codes),
      ),
    );
  // A class their teacher removed them from stays left.
  const removed = new Set(
    (
      await deps.db
        .select({ id: ssoDivisionRemovals.schoolclassId })
        .from(ssoDivisionRemovals)
        .where(eq(ssoDivisionRemovals.studentId, student.id))
    ).map((r) => r.id),
  );
  const joining = classes.filter((c) => !removed.has(c.id));
  if (joining.length)
    await deps.db
      .insert(studentsSchoolclasses)
      .values(joining.map((c) => ({ studentId: student.id, schoolclassId: c.id })))
      .onConflictDoNothing();
}
