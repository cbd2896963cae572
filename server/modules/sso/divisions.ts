// Classes from the school (issue 14): a school sign-on teacher sees the divisions the GAR (or the ENT)
// sent and creates the class for one in one click; the pupils of that division are in it without a
// class code: those already known at once, the others at their next sign-in.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { CLASS_NAME_MAX } from '../../../shared/constants.js';
import type { Planet } from '../../../shared/worlds.js';
import {
  professorsSchoolclasses,
  schoolclasses,
  ssoDivisionClasses,
  ssoIdentities,
  students,
  studentsSchoolclasses,
} from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { createClass } from '../classes/service.js';

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

/** Creates the class of one of the caller's divisions, linked to it, with its known pupils in it. */
export async function createClassFromDivision(
  deps: Deps,
  userId: string,
  professorId: string,
  code: string,
  input: { subjectId: string; planet: Planet },
  log?: { error(obj: object, msg: string): void },
): Promise<string> {
  const me = await identityOf(deps, userId);
  if (!me?.uai) throw forbidden();
  const division = me.divisions.find((d) => d.code === code);
  if (!division) throw notFound();
  const id = await createClass(
    deps,
    professorId,
    {
      name: division.name.slice(0, CLASS_NAME_MAX),
      level: levelOfDivision(division.name),
      subjectId: input.subjectId,
      planet: input.planet,
    },
    log,
  );
  await deps.db
    .insert(ssoDivisionClasses)
    .values({ provider: me.provider, uai: me.uai, divisionCode: code, schoolclassId: id });
  // Pupils of this school and division already signed in: in the class now.
  const pupils = await deps.db
    .select({ studentId: students.id })
    .from(ssoIdentities)
    .innerJoin(students, eq(students.userId, ssoIdentities.userId))
    .where(
      and(
        eq(ssoIdentities.provider, me.provider),
        eq(ssoIdentities.uai, me.uai),
        sql`${ssoIdentities.divisions} @> ${JSON.stringify([{ code }])}::jsonb`,
      ),
    );
  if (pupils.length)
    await deps.db
      .insert(studentsSchoolclasses)
      .values(pupils.map((p) => ({ studentId: p.studentId, schoolclassId: id })))
      .onConflictDoNothing();
  return id;
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
  if (classes.length)
    await deps.db
      .insert(studentsSchoolclasses)
      .values(classes.map((c) => ({ studentId: student.id, schoolclassId: c.id })))
      .onConflictDoNothing();
}
