// Codex phrases: a student writes to a teacher of one of their classes; the teacher moderates.
// Every query is scoped to the caller (the student's own phrases, the phrases sent to the teacher).
import { and, asc, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  CODEX_STATUS,
  CODEX_TRANSITIONS,
  type CodexStatus,
  type Phrase,
  type StudentProfessor,
} from '../../../shared/codex.js';
import type { Language } from '../../../shared/constants.js';
import { ERR } from '../../../shared/errors.js';
import { containsProfanity } from '../../../shared/profanity/index.js';
import type { Db } from '../../db/client.js';
import {
  codex,
  professors,
  professorsSchoolclasses,
  schoolclasses,
  students,
  studentsSchoolclasses,
  subjects,
  users,
} from '../../db/schema.js';
import { conflict, isUniqueViolation, notFound } from '../../lib/errors.js';
import { assertTeachesClass, inClass, taughtClassIds, teachesClass } from '../../policies/index.js';

const author = alias(users, 'author');
const professor = alias(users, 'professor');

const entryColumns = {
  id: codex.id,
  text: codex.text,
  status: codex.status,
  flagged: codex.flagged,
  subjectId: codex.subjectId,
  subjectCode: subjects.code,
  subjectName: subjects.name,
  professorId: codex.professorId,
  civility: professors.civility,
  professorFirstName: professor.firstName,
  professorLastName: professor.lastName,
  schoolclassId: codex.schoolclassId,
  schoolclassName: schoolclasses.name,
  studentId: codex.studentId,
  firstName: author.firstName,
  lastName: author.lastName,
  createdAt: codex.createdAt,
};

async function selectEntries(db: Db, where: SQL | undefined): Promise<Phrase[]> {
  const rows = await db
    .select(entryColumns)
    .from(codex)
    .innerJoin(subjects, eq(subjects.id, codex.subjectId))
    .innerJoin(schoolclasses, eq(schoolclasses.id, codex.schoolclassId))
    .innerJoin(students, eq(students.id, codex.studentId))
    .innerJoin(author, eq(author.id, students.userId))
    .innerJoin(professors, eq(professors.id, codex.professorId))
    .innerJoin(professor, eq(professor.id, professors.userId))
    .where(where)
    .orderBy(desc(codex.createdAt), asc(codex.id));
  return rows.map((r) => ({
    id: r.id,
    text: r.text,
    status: r.status as CodexStatus,
    flagged: r.flagged,
    subjectId: r.subjectId,
    subject: { id: r.subjectId, code: r.subjectCode, name: r.subjectName },
    professorId: r.professorId,
    professor: { civility: r.civility, firstName: r.professorFirstName, lastName: r.professorLastName },
    schoolclassId: r.schoolclassId,
    schoolclass: { id: r.schoolclassId, name: r.schoolclassName },
    studentId: r.studentId,
    firstName: r.firstName,
    lastName: r.lastName,
    date: r.createdAt.toISOString(),
  }));
}

async function entry(db: Db, id: string): Promise<Phrase> {
  const [e] = await selectEntries(db, eq(codex.id, id));
  if (!e) throw notFound();
  return e;
}

/** The teachers of the student's classes, each with the (class, subject) pairs they teach there. */
export async function professorsOfStudent(db: Db, studentId: string): Promise<StudentProfessor[]> {
  const rows = await db
    .select({
      id: professors.id,
      civility: professors.civility,
      firstName: users.firstName,
      lastName: users.lastName,
      schoolclassId: schoolclasses.id,
      schoolclassName: schoolclasses.name,
      subjectId: subjects.id,
      subjectCode: subjects.code,
    })
    .from(studentsSchoolclasses)
    .innerJoin(
      professorsSchoolclasses,
      eq(professorsSchoolclasses.schoolclassId, studentsSchoolclasses.schoolclassId),
    )
    .innerJoin(schoolclasses, eq(schoolclasses.id, professorsSchoolclasses.schoolclassId))
    .innerJoin(subjects, eq(subjects.id, professorsSchoolclasses.subjectId))
    .innerJoin(professors, eq(professors.id, professorsSchoolclasses.professorId))
    .innerJoin(users, eq(users.id, professors.userId))
    .where(and(eq(studentsSchoolclasses.studentId, studentId), eq(users.status, 'ACTIVE')))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(schoolclasses.name), asc(subjects.position));
  const out = new Map<string, StudentProfessor>();
  for (const r of rows) {
    let p = out.get(r.id);
    if (!p) {
      p = { id: r.id, civility: r.civility, firstName: r.firstName, lastName: r.lastName, teaching: [] };
      out.set(r.id, p);
    }
    const { schoolclassId, schoolclassName, subjectId, subjectCode } = r;
    p.teaching.push({ schoolclassId, schoolclassName, subjectId, subjectCode });
  }
  return [...out.values()];
}

/** The language a phrase is likely written in, from its subject: its ordinary words are not rude. */
const LANGUAGE_OF_SUBJECT: Record<string, Language> = { ITALIAN: 'it', CORSICAN: 'co', ENGLISH: 'en' };

export async function createPhrase(
  db: Db,
  studentId: string,
  d: { professorId: string; subjectId: string; schoolclassId: string; text: string },
): Promise<Phrase> {
  // The student is in that class, and that (active) teacher teaches that subject to it.
  const may =
    (await inClass(db, studentId, d.schoolclassId)) &&
    (await teachesClass(db, d.professorId, d.schoolclassId, d.subjectId));
  const [pair] = may
    ? await db
        .select({ subjectCode: subjects.code })
        .from(subjects)
        .innerJoin(professors, eq(professors.id, d.professorId))
        .innerJoin(users, and(eq(users.id, professors.userId), eq(users.status, 'ACTIVE')))
        .where(eq(subjects.id, d.subjectId))
    : [];
  if (!pair) throw notFound();
  try {
    const [row] = await db
      .insert(codex)
      .values({
        ...d,
        studentId,
        status: CODEX_STATUS.PENDING,
        flagged: containsProfanity(d.text, LANGUAGE_OF_SUBJECT[pair.subjectCode] ?? 'fr'),
      })
      .returning({ id: codex.id });
    return entry(db, row.id);
  } catch (err) {
    if (isUniqueViolation(err, 'codex_student_professor_text_uq'))
      throw conflict(ERR.CODEX_DUPLICATE, { field: 'text' });
    throw err;
  }
}

export const studentCodex = (db: Db, studentId: string) => selectEntries(db, eq(codex.studentId, studentId));

/**
 * Phrases written to the teacher from a class they are still linked to: once they leave a shared
 * class, its phrases leave their table (and their status can no longer be changed); the rows stay,
 * in the student's own list.
 */
const toProfessor = (db: Db, professorId: string) =>
  and(eq(codex.professorId, professorId), inArray(codex.schoolclassId, taughtClassIds(db, professorId)));

/** The teacher's phrases: the trash (DELETED) alone, or everything else. */
export const professorCodex = (db: Db, professorId: string, trash: boolean) =>
  selectEntries(
    db,
    and(
      toProfessor(db, professorId),
      trash ? eq(codex.status, CODEX_STATUS.DELETED) : ne(codex.status, CODEX_STATUS.DELETED),
    ),
  );

async function currentStatus(db: Db, professorId: string, id: string): Promise<CodexStatus> {
  const [row] = await db
    .select({ status: codex.status })
    .from(codex)
    .where(and(eq(codex.id, id), toProfessor(db, professorId)));
  if (!row) throw notFound();
  return row.status as CodexStatus;
}

/** A teacher's status change; the game may mark the phrase DISPLAYED meanwhile, so the update is conditional. */
export async function changeStatus(
  db: Db,
  professorId: string,
  id: string,
  to: CodexStatus,
): Promise<Phrase> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const from = await currentStatus(db, professorId, id);
    if (from === to) return entry(db, id);
    if (from === CODEX_STATUS.DISPLAYED) throw conflict(ERR.CODEX_ALREADY_SENT);
    if (!CODEX_TRANSITIONS[from].includes(to)) throw conflict(ERR.CODEX_TRANSITION);
    const done = await db
      .update(codex)
      .set({ status: to, updatedAt: new Date() })
      .where(and(eq(codex.id, id), eq(codex.status, from)))
      .returning({ id: codex.id });
    if (done.length) return entry(db, id);
  }
  throw conflict(ERR.CODEX_TRANSITION);
}

/** To the trash, whatever the status (a phrase already shown in the game too). */
export async function trashPhrase(db: Db, professorId: string, id: string): Promise<Phrase> {
  const done = await db
    .update(codex)
    .set({ status: CODEX_STATUS.DELETED, updatedAt: new Date() })
    .where(and(eq(codex.id, id), toProfessor(db, professorId)))
    .returning({ id: codex.id });
  if (!done.length) throw notFound();
  return entry(db, id);
}

/** Students of a class who wrote to this teacher in this subject, with their phrases (trash left out). */
export async function studentsWithCodex(
  db: Db,
  professorId: string,
  subjectId: string,
  schoolclassId: string,
) {
  await assertTeachesClass(db, professorId, schoolclassId, subjectId);
  const rows = await db
    .select({
      studentId: students.id,
      firstName: users.firstName,
      lastName: users.lastName,
      phraseId: codex.id,
      status: codex.status,
    })
    .from(codex)
    .innerJoin(students, eq(students.id, codex.studentId))
    .innerJoin(users, eq(users.id, students.userId))
    .where(
      and(
        eq(codex.professorId, professorId),
        eq(codex.subjectId, subjectId),
        eq(codex.schoolclassId, schoolclassId),
        ne(codex.status, CODEX_STATUS.DELETED),
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(codex.createdAt));
  const out = new Map<
    string,
    { id: string; firstName: string; lastName: string; codexes: { id: string; status: number }[] }
  >();
  for (const r of rows) {
    let s = out.get(r.studentId);
    if (!s) {
      s = { id: r.studentId, firstName: r.firstName, lastName: r.lastName, codexes: [] };
      out.set(r.studentId, s);
    }
    s.codexes.push({ id: r.phraseId, status: r.status });
  }
  return [...out.values()];
}
