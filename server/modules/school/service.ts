// The SCHOOL role (issue 14): a school's management (head, deputy) signed in through the GAR or its
// ENT sees its own school (the UAI of its account): its teachers, its classes and usage counts, and
// approves its teachers' ENT access. Counts only: no pupil's name, answer or codex phrase is read
// here, and every pupil route refuses this role (docs/decisions.md, "SCHOOL role and ENT approval").
import { and, count, countDistinct, eq, gte, inArray, sql } from 'drizzle-orm';
import type { UserStatus } from '../../../shared/constants.js';
import { ERR } from '../../../shared/errors.js';
import {
  homeworkRaids,
  professors,
  professorsSchoolclasses,
  raidPlays,
  schoolclasses,
  sessionLogs,
  students,
  studentsSchoolclasses,
  subjects,
  users,
} from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { notFound } from '../../lib/errors.js';
import { assertProfessorOfSchool } from '../../policies/index.js';
import { loadAccount } from '../users/queries.js';
import { type ApprovalAction, applyDecision } from '../users/service.js';

export interface SchoolProfessorDto {
  id: string;
  firstName: string;
  lastName: string;
  status: UserStatus;
  entApproved: boolean;
  classes: number;
}

/** The school's teachers: the teacher accounts of its UAI (school sign-on), pending ones first. */
export async function listSchoolProfessors(deps: Deps, uai: string): Promise<SchoolProfessorDto[]> {
  const rows = await deps.db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      status: users.status,
      entApproved: professors.entApproved,
      classes: sql<number>`(select count(*)::int from ${professorsSchoolclasses} where ${professorsSchoolclasses.professorId} = ${professors.id})`,
    })
    .from(users)
    .innerJoin(professors, eq(professors.userId, users.id))
    .where(and(eq(users.role, 'PROFESSOR'), eq(users.uai, uai)))
    .orderBy(sql`${users.status} <> 'PENDING_APPROVAL'`, users.lastName, users.firstName);
  return rows.map((r) => ({ ...r, classes: Number(r.classes) }));
}

const schoolProfessorIds = (deps: Deps, uai: string) =>
  deps.db
    .select({ id: professors.id })
    .from(professors)
    .innerJoin(users, eq(users.id, professors.userId))
    .where(and(eq(users.role, 'PROFESSOR'), eq(users.uai, uai)));

const schoolClassIds = (deps: Deps, uai: string) =>
  deps.db
    .selectDistinct({ id: professorsSchoolclasses.schoolclassId })
    .from(professorsSchoolclasses)
    .where(inArray(professorsSchoolclasses.professorId, schoolProfessorIds(deps, uai)));

export interface SchoolClassDto {
  id: string;
  name: string;
  level: number;
  subjectCode: string;
  students: number;
  professors: number;
}

/** The classes the school's teachers teach, with head counts. */
export async function listSchoolClasses(deps: Deps, uai: string): Promise<SchoolClassDto[]> {
  const rows = await deps.db
    .select({
      id: schoolclasses.id,
      name: schoolclasses.name,
      level: schoolclasses.level,
      subjectCode: subjects.code,
      students: sql<number>`(select count(*)::int from ${studentsSchoolclasses} where ${studentsSchoolclasses.schoolclassId} = ${schoolclasses.id})`,
      professors: sql<number>`(select count(*)::int from ${professorsSchoolclasses} where ${professorsSchoolclasses.schoolclassId} = ${schoolclasses.id})`,
    })
    .from(schoolclasses)
    .innerJoin(subjects, eq(subjects.id, schoolclasses.subjectId))
    .where(inArray(schoolclasses.id, schoolClassIds(deps, uai)))
    .orderBy(schoolclasses.level, schoolclasses.name);
  return rows.map((r) => ({ ...r, students: Number(r.students), professors: Number(r.professors) }));
}

export interface SchoolUsageDto {
  uai: string;
  days: number;
  professors: number;
  pendingProfessors: number;
  classes: number;
  /** Live raids started in the period by the school's teachers. */
  raidsPlayed: number;
  /** Homework sent in the period. */
  homeworkSent: number;
  /** Pupils of the school's classes who opened at least one session in the period. */
  activeStudents: number;
}

/** The school's usage over the last `days` days: counts only. */
export async function schoolUsage(deps: Deps, uai: string, days: number): Promise<SchoolUsageDto> {
  const since = new Date(Date.now() - days * 24 * 3600 * 1000);
  const profIds = schoolProfessorIds(deps, uai);
  const [[professorCount], [pending], [classes], [played], [homework], [active]] = await Promise.all([
    deps.db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.role, 'PROFESSOR'), eq(users.uai, uai), eq(users.status, 'ACTIVE'))),
    deps.db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.role, 'PROFESSOR'), eq(users.uai, uai), eq(users.status, 'PENDING_APPROVAL'))),
    deps.db.select({ n: count() }).from(schoolClassIds(deps, uai).as('c')),
    deps.db
      .select({ n: count() })
      .from(raidPlays)
      .where(
        and(
          inArray(raidPlays.professorId, profIds),
          eq(raidPlays.kind, 'live'),
          gte(raidPlays.startedAt, since),
        ),
      ),
    deps.db
      .select({ n: count() })
      .from(homeworkRaids)
      .where(and(inArray(homeworkRaids.professorId, profIds), gte(homeworkRaids.createdAt, since))),
    deps.db
      .select({ n: countDistinct(students.id) })
      .from(studentsSchoolclasses)
      .innerJoin(students, eq(students.id, studentsSchoolclasses.studentId))
      .innerJoin(sessionLogs, eq(sessionLogs.userId, students.userId))
      .where(
        and(
          inArray(studentsSchoolclasses.schoolclassId, schoolClassIds(deps, uai)),
          gte(sessionLogs.createdAt, since),
        ),
      ),
  ]);
  return {
    uai,
    days,
    professors: professorCount.n,
    pendingProfessors: pending.n,
    classes: classes.n,
    raidsPlayed: played.n,
    homeworkSent: homework.n,
    activeStudents: active.n,
  };
}

/** Approves ("approve ENT") or rejects one of the school's teachers; another school's: 404. */
export async function decideSchoolProfessor(
  deps: Deps,
  uai: string,
  userId: string,
  action: Extract<ApprovalAction, 'approve-ent' | 'reject'>,
) {
  await assertProfessorOfSchool(deps.db, userId, uai);
  const account = await loadAccount(deps.db, { id: userId });
  if (!account) throw notFound(ERR.NOT_FOUND);
  return applyDecision(deps, account, action);
}
