// Seeds a bench school straight into the database: `rooms` classes of `students` students each,
// one teacher per class, one raid of `questions` questions. Passwords are never used: the bench mints
// access tokens with the server's AUTH_SECRET, since it measures the game, not the sign-in.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client.js';
import {
  answers,
  chapters,
  professors,
  professorsSchoolclasses,
  questions,
  raids,
  schoolclasses,
  students,
  studentsSchoolclasses,
  subjects,
  users,
} from '../../server/db/schema.js';
import { seedReference } from '../../server/db/seed.js';
import type { TokenSigner } from '../../server/lib/tokens.js';
import { type BenchQuestion, type KindsMode, MIXED_QUESTIONS, type Scripted } from './questions.js';

/** Access tokens the bench mints with the server's AUTH_SECRET (it measures the game, not sign-in). */
export const professorToken = (signer: TokenSigner, room: BenchRoom) =>
  signer.issue({
    sub: room.professorUserId,
    role: 'PROFESSOR',
    studentId: null,
    professorId: room.professorId,
    isAdmin: false,
    sid: randomUUID(),
  });
export const studentToken = (signer: TokenSigner, st: BenchRoom['students'][number]) =>
  signer.issue({
    sub: st.userId,
    role: 'STUDENT',
    studentId: st.studentId,
    professorId: null,
    isAdmin: false,
    sid: randomUUID(),
  });

export interface BenchRoom {
  schoolclassId: string;
  subjectId: string;
  professorId: string;
  professorUserId: string;
  raidId: string;
  students: { studentId: string; userId: string }[];
  /** Each question's kind and the answers its phones give (right and wrong ones), in raid order. */
  questions: BenchQuestion[];
}

const chunk = <T>(xs: T[], n: number) =>
  Array.from({ length: Math.ceil(xs.length / n) }, (_, i) => xs.slice(i * n, i * n + n));

export async function prepareBench(
  target: { databaseUrl?: string; pgliteDir?: string },
  rooms: number,
  perRoom: number,
  questionCount: number,
  /** `choice`: every question a choice of four (the bench's first raid); `mixed`: every kind in turn. */
  kinds: KindsMode = 'choice',
): Promise<BenchRoom[]> {
  const database = await openDatabase({ databaseUrl: target.databaseUrl, pgliteDir: target.pgliteDir });
  const { db } = database;
  await seedReference(db);
  const [maths] = await db.select().from(subjects).where(eq(subjects.code, 'MATHEMATICS'));
  const tag = Date.now().toString(36);
  const out: BenchRoom[] = [];
  for (let r = 0; r < rooms; r++) {
    const [pu] = await db
      .insert(users)
      .values({
        role: 'PROFESSOR',
        username: `bench-${tag}-prof-${r}`,
        email: `bench-${tag}-${r}@bench.invalid`,
        passwordHash: '!',
        firstName: 'Bench',
        lastName: `Prof ${r}`,
      })
      .returning({ id: users.id });
    const [prof] = await db.insert(professors).values({ userId: pu.id }).returning({ id: professors.id });
    const [cls] = await db
      .insert(schoolclasses)
      .values({ name: `Bench ${r}`, level: 5, subjectId: maths.id, planet: 'nebula' })
      .returning({ id: schoolclasses.id });
    await db
      .insert(professorsSchoolclasses)
      .values({ professorId: prof.id, schoolclassId: cls.id, subjectId: maths.id });
    const userRows = await db
      .insert(users)
      .values(
        Array.from({ length: perRoom }, (_, i) => ({
          role: 'STUDENT' as const,
          username: `bench-${tag}-${r}-${i}`,
          passwordHash: '!',
          firstName: `Élève${i}`,
          lastName: `Bench${r}`,
        })),
      )
      .returning({ id: users.id });
    const studentRows: { id: string; userId: string }[] = [];
    for (const part of chunk(userRows, 500)) {
      studentRows.push(
        ...(await db
          .insert(students)
          .values(part.map((u) => ({ userId: u.id })))
          .returning({ id: students.id, userId: students.userId })),
      );
    }
    for (const part of chunk(studentRows, 500)) {
      await db
        .insert(studentsSchoolclasses)
        .values(part.map((s) => ({ studentId: s.id, schoolclassId: cls.id })));
    }
    const [chapter] = await db
      .insert(chapters)
      .values({ professorId: prof.id, name: 'Bench', level: 5, subjectId: maths.id })
      .returning({ id: chapters.id });
    const [raid] = await db
      .insert(raids)
      .values({ professorId: prof.id, chapterId: chapter.id, title: `Bench ${tag} ${r}` })
      .returning({ id: raids.id });
    const benchQuestions: BenchQuestion[] = [];
    for (let q = 0; q < questionCount; q++) {
      if (kinds === 'mixed') {
        // The same twelve questions in turn (questions.ts); a second round gets a numbered text.
        const spec = MIXED_QUESTIONS[q % MIXED_QUESTIONS.length];
        const round = Math.floor(q / MIXED_QUESTIONS.length);
        const [question] = await db
          .insert(questions)
          .values({
            raidId: raid.id,
            position: q,
            text: round ? `${spec.text} (${round + 1})` : spec.text,
            kind: spec.kind,
            settings: spec.settings,
            explanation: spec.explanation ?? null,
          })
          .returning({ id: questions.id });
        const rows = spec.answers.length
          ? await db
              .insert(answers)
              .values(
                spec.answers.map(([text, isCorrect], a) => ({
                  questionId: question.id,
                  position: a,
                  text,
                  isCorrect,
                })),
              )
              .returning({ id: answers.id, position: answers.position })
          : [];
        const ids = rows.sort((x, y) => x.position - y.position).map((r) => r.id);
        const of = (x: Scripted) =>
          'choices' in x
            ? { answerIds: x.choices.map((i) => ids[i]) }
            : 'order' in x
              ? { order: x.order.map((i) => ids[i]) }
              : { value: x.value };
        benchQuestions.push({
          id: question.id,
          label: spec.label,
          right: spec.right.map(of),
          wrong: spec.wrong.map(of),
        });
        continue;
      }
      const [question] = await db
        .insert(questions)
        .values({ raidId: raid.id, position: q, text: `Combien font ${q} + ${q} ?` })
        .returning({ id: questions.id });
      const rows = await db
        .insert(answers)
        .values(
          [0, 1, 2, 3].map((a) => ({
            questionId: question.id,
            position: a,
            text: String(2 * q + a),
            isCorrect: a === 0,
          })),
        )
        .returning({ id: answers.id, position: answers.position });
      const ids = rows.sort((x, y) => x.position - y.position).map((r) => r.id);
      // Three phones in four find it (the first answer).
      benchQuestions.push({
        id: question.id,
        label: 'choice',
        right: [{ answerIds: [ids[0]] }],
        wrong: ids.slice(1).map((id) => ({ answerIds: [id] })),
        rightShare: 0.75,
      });
    }
    out.push({
      schoolclassId: cls.id,
      subjectId: maths.id,
      professorId: prof.id,
      professorUserId: pu.id,
      raidId: raid.id,
      students: studentRows.map((s) => ({ studentId: s.id, userId: s.userId })),
      questions: benchQuestions,
    });
  }
  await database.close();
  return out;
}
