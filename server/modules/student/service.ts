// The student's own account (progress, joining a class, password, completing a legacy account) and
// homework practice: questions without their correct flags, one recorded answer per question, and
// the rewards of SPEC point 4 when the raid is finished.
import { createHash } from 'node:crypto';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ERR } from '../../../shared/errors.js';
import { raidReward } from '../../../shared/game/rules.js';
import type { MultiScoring } from '../../../shared/game/scoring.js';
import { isLate, isUpcoming } from '../../../shared/homework-schedule.js';
import { type Judgement, judge } from '../../../shared/questions/judge.js';
import { type PollSettings, type QuestionResponse, responseShape } from '../../../shared/questions/kinds.js';
import { kindReveal, publicKind, shuffleItems } from '../../../shared/questions/views.js';
import type {
  HomeworkAnswerResult,
  HomeworkFinishResult,
  HomeworkPlayDto,
  HomeworkRaidDto,
  StudentDto,
} from '../../../shared/types.js';
import type { Db } from '../../db/client.js';
import { raidQuestions } from '../../db/raid-questions.js';
import {
  homeworkAnswers,
  homeworkCompletions,
  homeworkRaids,
  professors,
  questions,
  raids,
  schoolclasses,
  students,
  studentsSchoolclasses,
  subjects,
  users,
} from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../lib/errors.js';
import { isStrongPassword, passwordColumns, verifyPassword } from '../../lib/passwords.js';
import type { AccessClaims } from '../../lib/tokens.js';
import { acceptedOf, recordHomeworkAnswer, recordHomeworkOpened } from '../analytics/answers.js';
import { snapshotOf } from '../analytics/snapshot.js';
import { issueSession, revokeAllForUser } from '../auth/sessions.js';
import { resolveClassCode } from '../classes/code-guard.js';
import { loadAccount } from '../users/queries.js';
import { avatarRef } from '../users/service.js';
import { awardXp } from '../xp/award.js';

export type StudentCaller = AccessClaims & { studentId: string };

/** School sign-on students get their identity and classes from the school (SPEC point 6). */
async function assertNotGar(db: Db, userId: string) {
  const [u] = await db.select({ isGar: users.isGar }).from(users).where(eq(users.id, userId));
  if (!u) throw notFound();
  if (u.isGar) throw forbidden();
}

export async function getStudent(db: Db, studentId: string): Promise<StudentDto> {
  const [row] = await db
    .select({ s: students, u: users })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .where(eq(students.id, studentId));
  if (!row) throw notFound();
  const { s, u } = row;
  return {
    id: s.id,
    studentId: s.id,
    userId: u.id,
    coin: s.coin,
    xp: s.xp,
    level: s.level,
    levelProgression: s.levelProgression,
    powerXp: s.powerXp,
    user: {
      firstName: u.firstName,
      lastName: u.lastName,
      username: u.username,
      avatar: await avatarRef(db, u.avatarId),
    },
  };
}

/** POST /students/join: adds the student to the class whose registration code is `code`. */
export async function joinClass(
  deps: Deps,
  caller: StudentCaller,
  code: string,
  ip: string,
  log: FastifyBaseLogger,
) {
  await assertNotGar(deps.db, caller.sub);
  // Counted per student, and the misses per address with every other code route (code-guard.ts):
  // a few cheap accounts must not each get their own budget of guesses.
  await deps.limiter.hit(`join-class:${caller.studentId}`, 10, 600);
  const cls = await resolveClassCode(deps, code, ip, log);
  const inserted = await deps.db
    .insert(studentsSchoolclasses)
    .values({ studentId: caller.studentId, schoolclassId: cls.id })
    .onConflictDoNothing()
    .returning({ id: studentsSchoolclasses.schoolclassId });
  if (inserted.length === 0) throw conflict(ERR.ALREADY_JOINED);
  return { name: cls.name, schoolclassId: cls.id };
}

/**
 * PUT /students/{id}/password: the current password is checked here (not only by the client), the
 * new one passes the sign-up rules; the teacher's generated copy is dropped. Every session of the
 * account is revoked and a fresh one is answered for this device.
 */
export async function changePassword(
  deps: Deps,
  caller: StudentCaller,
  currentPassword: string,
  newPassword: string,
) {
  await deps.limiter.hit(`check-password:${caller.sub}`, 20, 600);
  const account = await loadAccount(deps.db, { id: caller.sub });
  if (!account) throw notFound();
  if (account.isGar) throw forbidden();
  if (!(await verifyPassword(account.passwordHash, currentPassword)))
    throw badRequest(ERR.CURRENT_PASSWORD_INCORRECT, { field: 'currentPassword' });
  if (!isStrongPassword(newPassword, [account.username, account.firstName, account.lastName]))
    throw badRequest(ERR.PASSWORD_TOO_WEAK, { field: 'newPassword' });
  const columns = await passwordColumns(deps.config.AUTH_SECRET, newPassword);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ ...columns, updatedAt: new Date() })
      .where(eq(users.id, account.id));
    await tx
      .update(students)
      .set({ generatedPasswordEnc: null, passwordChangedByStudent: true })
      .where(eq(students.id, caller.studentId));
  });
  await revokeAllForUser(deps, account.id);
  return issueSession(deps, account);
}

/**
 * PUT /students/{id}/account: a (legacy or imported) student account that still carries an e-mail
 * confirms its names and username; the address is then removed (we keep no e-mail for children).
 */
export async function completeAccount(
  deps: Deps,
  caller: StudentCaller,
  input: { firstName: string; lastName: string; userName: string },
) {
  const account = await loadAccount(deps.db, { id: caller.sub });
  if (!account) throw notFound();
  if (account.isGar || !account.email) throw forbidden();
  try {
    await deps.db
      .update(users)
      .set({
        firstName: input.firstName,
        lastName: input.lastName,
        username: input.userName,
        email: null,
        updatedAt: new Date(),
      })
      .where(eq(users.id, account.id));
  } catch (err) {
    if (isUniqueViolation(err, 'users_username_uq'))
      throw conflict(ERR.USERNAME_TAKEN, { field: 'userName' });
    throw err;
  }
  return { ok: true };
}

// ---------------------------------------------------------------------------------------------
// Homework

const homeworkColumns = {
  hw: homeworkRaids,
  className: schoolclasses.name,
  civility: professors.civility,
  firstName: users.firstName,
  lastName: users.lastName,
  avatarId: users.avatarId,
  subjectCode: subjects.code,
  subjectName: subjects.name,
  completion: homeworkCompletions,
};

/** Homework of the student's classes (joined with teacher, subject and the student's completion). */
function homeworkQuery(db: Db, studentId: string) {
  return db
    .select(homeworkColumns)
    .from(homeworkRaids)
    .innerJoin(
      studentsSchoolclasses,
      and(
        eq(studentsSchoolclasses.schoolclassId, homeworkRaids.schoolclassId),
        eq(studentsSchoolclasses.studentId, studentId),
      ),
    )
    .innerJoin(schoolclasses, eq(schoolclasses.id, homeworkRaids.schoolclassId))
    .innerJoin(professors, eq(professors.id, homeworkRaids.professorId))
    .innerJoin(users, eq(users.id, professors.userId))
    .innerJoin(subjects, eq(subjects.id, homeworkRaids.subjectId))
    .leftJoin(
      homeworkCompletions,
      and(
        eq(homeworkCompletions.homeworkRaidId, homeworkRaids.id),
        eq(homeworkCompletions.studentId, studentId),
      ),
    );
}

type HomeworkRow = Awaited<ReturnType<typeof homeworkQuery>>[number];

async function toDtos(db: Db, studentId: string, rows: HomeworkRow[]): Promise<HomeworkRaidDto[]> {
  if (!rows.length) return [];
  const raidIds = [...new Set(rows.map((r) => r.hw.raidId))];
  const hwIds = rows.map((r) => r.hw.id);
  const qCounts = await db
    .select({ raidId: questions.raidId, n: count() })
    .from(questions)
    .where(inArray(questions.raidId, raidIds))
    .groupBy(questions.raidId);
  const aCounts = await db
    .select({ hw: homeworkAnswers.homeworkRaidId, n: count() })
    .from(homeworkAnswers)
    .where(and(inArray(homeworkAnswers.homeworkRaidId, hwIds), eq(homeworkAnswers.studentId, studentId)))
    .groupBy(homeworkAnswers.homeworkRaidId);
  const avatars = new Map<string, Awaited<ReturnType<typeof avatarRef>>>();
  for (const r of rows)
    if (r.avatarId && !avatars.has(r.avatarId)) avatars.set(r.avatarId, await avatarRef(db, r.avatarId));
  return rows.map((r) => ({
    id: r.hw.id,
    name: r.hw.name,
    isOnGoing: r.hw.isOnGoing,
    createdAt: r.hw.createdAt.toISOString(),
    raidId: r.hw.raidId,
    schoolclassId: r.hw.schoolclassId,
    schoolclassName: r.className,
    professor: {
      id: r.hw.professorId,
      civility: r.civility === 'M' || r.civility === 'MME' ? r.civility : null,
    },
    user: {
      firstName: r.firstName,
      lastName: r.lastName,
      avatar: r.avatarId ? (avatars.get(r.avatarId) ?? null) : null,
    },
    subject: { id: r.hw.subjectId, code: r.subjectCode, name: r.subjectName },
    questionCount: Number(qCounts.find((q) => q.raidId === r.hw.raidId)?.n ?? 0),
    answeredCount: Number(aCounts.find((a) => a.hw === r.hw.id)?.n ?? 0),
    completion: r.completion
      ? {
          score: r.completion.score,
          total: r.completion.total,
          xpGained: r.completion.xpGained,
          completedAt: r.completion.completedAt.toISOString(),
          tries: r.completion.tries,
          retrying: r.completion.retrying,
          late: r.completion.late,
        }
      : null,
    startsOn: r.hw.startsOn,
    dueOn: r.hw.dueOn,
    maxTries: r.hw.maxTries,
    multiScoring: modeOf(r.hw.multiScoring),
    upcoming: isUpcoming(r.hw),
    overdue: isLate(r.hw),
  }));
}

const modeOf = (m: string): MultiScoring => (m === 'partial' ? 'partial' : 'all');

/**
 * GET /homeworkRaids/{studentId}: the ongoing homework of every class of the student, newest first;
 * one whose start date has not come is listed as upcoming (issue 21).
 */
export async function listHomework(db: Db, studentId: string): Promise<HomeworkRaidDto[]> {
  const rows = await homeworkQuery(db, studentId)
    .where(eq(homeworkRaids.isOnGoing, true))
    .orderBy(sql`${homeworkRaids.createdAt} desc`, asc(homeworkRaids.name));
  return toDtos(db, studentId, rows);
}

/** GET /homeworkRaids/count/{id}: ongoing homework the student has not completed yet. */
export async function countHomeworkToDo(db: Db, studentId: string): Promise<{ count: number }> {
  const list = await listHomework(db, studentId);
  return { count: list.filter((h) => !h.completion && !h.upcoming).length };
}

/** A homework of one of the student's classes (404 otherwise), ongoing or not. */
async function loadHomework(db: Db, studentId: string, homeworkId: string): Promise<HomeworkRaidDto> {
  const rows = await homeworkQuery(db, studentId).where(eq(homeworkRaids.id, homeworkId));
  const [dto] = await toDtos(db, studentId, rows);
  if (!dto) throw notFound();
  return dto;
}

/**
 * The answers in an order of the student's own, the same at every reload: a raid whose teacher
 * wrote the right answer first must not become "always A" (the letters are what a phone shows).
 */
const rankFor = (studentId: string, id: string) =>
  createHash('sha256').update(`${studentId}:${id}`).digest().readUInt32BE(0);

function shuffledFor<T extends { id: string }>(studentId: string, list: T[]): T[] {
  return [...list].sort((a, b) => rankFor(studentId, a.id) - rankFor(studentId, b.id));
}

const correctIds = (q: { answers: { id: string; isCorrect: boolean }[] }) =>
  q.answers.filter((a) => a.isCorrect).map((a) => a.id);

/** GET /students/{studentId}/homework/{homeworkId}: the raid to play, with what was already answered. */
export async function getHomeworkPlay(
  db: Db,
  studentId: string,
  homeworkId: string,
): Promise<HomeworkPlayDto> {
  const homework = await loadHomework(db, studentId, homeworkId);
  if (!homework.isOnGoing && !homework.completion) throw conflict(ERR.HOMEWORK_STOPPED);
  if (homework.upcoming) throw conflict(ERR.HOMEWORK_NOT_STARTED);
  const [raid] = await db.select({ title: raids.title }).from(raids).where(eq(raids.id, homework.raidId));
  const qs = await raidQuestions(db, homework.raidId);
  const given = await db
    .select()
    .from(homeworkAnswers)
    .where(and(eq(homeworkAnswers.homeworkRaidId, homeworkId), eq(homeworkAnswers.studentId, studentId)));
  const playing = !homework.completion || homework.completion.retrying;
  if (playing && homework.isOnGoing) await recordHomeworkOpened(db, homeworkId, studentId);
  return {
    homework,
    title: raid?.title ?? homework.name,
    questions: qs.map((q) => {
      const g = given.find((x) => x.questionId === q.id);
      const right = correctIds(q);
      const judged = g ? judgeStored(q, g, homework.multiScoring) : null;
      return {
        id: q.id,
        text: q.text,
        equationMode: q.equationMode,
        image: q.imagePath ? `/uploads/questions/${encodeURIComponent(q.imagePath)}` : null,
        ...publicKind(q.kind, q.settings),
        multiple: q.kind === 'choice' && right.length > 1,
        toPick: q.kind === 'choice' ? right.length : 1,
        answers: (q.kind === 'order'
          ? shuffleItems(q.answers, (id) => rankFor(studentId, id))
          : shuffledFor(studentId, q.answers)
        ).map((a) => ({ id: a.id, text: a.text })),
        // Correct answers and the explanation of a question leave the server only once the student answered it.
        given: g
          ? {
              answerIds: g.answerIds,
              value: g.value,
              correct: g.correct,
              // Right as recorded; a wrong one told partly right or not by the raid as it is now.
              verdict: g.correct
                ? ('right' as const)
                : judged?.verdict === 'partial' || judged?.verdict === 'none'
                  ? judged.verdict
                  : ('wrong' as const),
              correctAnswerIds: q.kind === 'choice' ? right : [],
              ...kindReveal(q),
            }
          : null,
      };
    }),
  };
}

type StoredQuestion = Awaited<ReturnType<typeof raidQuestions>>[number];

/** A stored answer (its answer ids, or the order given, or the value typed) judged again by the shared judge. */
export function judgeStored(
  q: StoredQuestion & { accepted?: readonly string[] },
  g: { answerIds: string[]; value: string | null },
  mode: 'all' | 'partial',
): Judgement | null {
  const shape = responseShape(q.kind, q.kind === 'poll' ? (q.settings as PollSettings | null) : null);
  const response: QuestionResponse =
    shape === 'value'
      ? { value: g.value ?? '' }
      : shape === 'order'
        ? { order: g.answerIds }
        : { answerIds: g.answerIds };
  const r = judge(q, response, mode);
  return r.ok ? r.judgement : null;
}

/**
 * What one answered question counts in a homework's score: its credit; an answered poll counts
 * as one (participation: a poll never lowers a score; docs/decisions.md, issue 23).
 */
export const homeworkCredit = (j: Judgement | null) => (j === null ? 0 : j.verdict === 'none' ? 1 : j.credit);

/**
 * A pupil's homework try scored from its stored answers: the credit of each answered question of
 * `qs` (the raid's questions, with the values the teacher accepted), to the hundredth. Finishing a
 * homework and accepting a typed answer afterwards both score a try this way.
 */
export async function scoreHomeworkTry(
  tx: Pick<Db, 'select'>,
  homeworkId: string,
  studentId: string,
  qs: ReadonlyMap<string, StoredQuestion & { accepted?: readonly string[] }>,
  mode: 'all' | 'partial',
): Promise<number> {
  const given = await tx
    .select({
      questionId: homeworkAnswers.questionId,
      answerIds: homeworkAnswers.answerIds,
      value: homeworkAnswers.value,
    })
    .from(homeworkAnswers)
    .where(and(eq(homeworkAnswers.homeworkRaidId, homeworkId), eq(homeworkAnswers.studentId, studentId)));
  let score = 0;
  for (const g of given) {
    const q = qs.get(g.questionId);
    if (q) score += homeworkCredit(judgeStored(q, g, mode));
  }
  return Math.round(score * 100) / 100;
}

/** What a homework try of `correct` points pays, out of `total` questions (SPEC point 4's rules). */
export const homeworkReward = (correct: number, total: number) =>
  raidReward({ correctAnswers: correct, victory: total > 0 && correct * 2 >= total });

/** A homework the student may still play: theirs, ongoing, started, not completed (or a new try under way). */
async function playable(db: Db, studentId: string, homeworkId: string) {
  const homework = await loadHomework(db, studentId, homeworkId);
  if (homework.completion && !homework.completion.retrying) throw conflict(ERR.HOMEWORK_COMPLETED);
  if (!homework.isOnGoing) throw conflict(ERR.HOMEWORK_STOPPED);
  if (homework.upcoming) throw conflict(ERR.HOMEWORK_NOT_STARTED);
  return homework;
}

/**
 * POST …/retry (issue 21): a new try of a finished homework, while tries are left. The last try's
 * answers are cleared so the questions can be answered again; the best score so far stays.
 */
export async function retryHomework(db: Db, studentId: string, homeworkId: string): Promise<{ ok: true }> {
  const homework = await loadHomework(db, studentId, homeworkId);
  if (!homework.isOnGoing) throw conflict(ERR.HOMEWORK_STOPPED);
  if (homework.upcoming) throw conflict(ERR.HOMEWORK_NOT_STARTED);
  const done = homework.completion;
  if (!done) throw conflict(ERR.HOMEWORK_NOT_RETRYING);
  if (done.retrying) return { ok: true };
  if (done.tries >= homework.maxTries) throw conflict(ERR.HOMEWORK_NO_TRIES_LEFT);
  await db.transaction(async (tx) => {
    const started = await tx
      .update(homeworkCompletions)
      .set({ retrying: true })
      .where(
        and(
          eq(homeworkCompletions.homeworkRaidId, homeworkId),
          eq(homeworkCompletions.studentId, studentId),
          eq(homeworkCompletions.retrying, false),
        ),
      )
      .returning({ id: homeworkCompletions.id });
    if (started.length)
      await tx
        .delete(homeworkAnswers)
        .where(and(eq(homeworkAnswers.homeworkRaidId, homeworkId), eq(homeworkAnswers.studentId, studentId)));
  });
  return { ok: true };
}

/** POST …/answer: records the first answer to a question and tells whether it was right. */
export async function answerHomework(
  db: Db,
  studentId: string,
  homeworkId: string,
  input: { questionId: string; answerIds?: string[]; order?: string[]; value?: string },
): Promise<HomeworkAnswerResult> {
  const homework = await playable(db, studentId, homeworkId);
  const [found] = (await raidQuestions(db, homework.raidId)).filter((x) => x.id === input.questionId);
  if (!found) throw notFound();
  // Typed answers the teacher accepted in the homework's report count as right (issue 23).
  const q = { ...found, accepted: (await acceptedOf(db, homeworkId)).get(found.id) ?? [] };
  // The phone sends what the pupil chose, ordered or typed; the verdict is the server's alone.
  const response: QuestionResponse =
    'order' in input && input.order
      ? { order: input.order }
      : 'value' in input && typeof input.value === 'string'
        ? { value: input.value }
        : { answerIds: input.answerIds ?? [] };
  const judged = judge(q, response, homework.multiScoring);
  if (!judged.ok) {
    const field = 'value' in response ? 'value' : 'order' in response ? 'order' : 'answerIds';
    throw badRequest(
      judged.error === ERR.ANSWER_WRONG_SHAPE && q.kind === 'choice'
        ? ERR.HOMEWORK_UNKNOWN_ANSWER
        : judged.error,
      { field },
    );
  }
  const j = judged.judgement;
  const correct = j.verdict === 'right';
  const inserted = await db
    .insert(homeworkAnswers)
    .values({
      homeworkRaidId: homeworkId,
      studentId,
      questionId: q.id,
      answerIds: j.answerIds,
      value: j.value,
      correct,
    })
    .onConflictDoNothing()
    .returning({ id: homeworkAnswers.id });
  if (inserted.length === 0) throw conflict(ERR.HOMEWORK_ALREADY_ANSWERED);
  await recordHomeworkAnswer(db, {
    homeworkId,
    studentId,
    question: snapshotOf(q),
    answerIds: j.answerIds,
    value: j.value,
    correct,
  });
  return {
    correct,
    correctAnswerIds: q.kind === 'choice' ? correctIds(q) : [],
    verdict: j.verdict,
    credit: j.credit,
    missedIds: q.kind === 'choice' ? j.missedIds : [],
    ...kindReveal(q),
  };
}

/**
 * POST …/finish: score = right answers (a question left unanswered counts as wrong), with partial
 * credit the sum of credits (shared/game/scoring.ts); the rewards of a live raid where "victory" is
 * at least half right, awarded by the one XP command (modules/xp); one completion per homework
 * and student, in one transaction with the new progress. A later try (issue 21) keeps the best
 * score and pays only what it adds to the best try's reward, so trying again is never a way to
 * farm XP; finishing after the due date (Paris time) marks the try late.
 */
export async function finishHomework(
  db: Db,
  studentId: string,
  homeworkId: string,
): Promise<HomeworkFinishResult> {
  const homework = await playable(db, studentId, homeworkId);
  const total = homework.questionCount;
  const late = isLate(homework);
  const accepted = await acceptedOf(db, homeworkId);
  const qs = new Map(
    (await raidQuestions(db, homework.raidId)).map((q) => [
      q.id,
      { ...q, accepted: accepted.get(q.id) ?? [] },
    ]),
  );
  try {
    return await db.transaction(async (tx) => {
      // Only the raid's questions count (qs holds them): answers to others are left out.
      const score = await scoreHomeworkTry(tx, homeworkId, studentId, qs, homework.multiScoring);
      const rewardOf = (n: number) => homeworkReward(n, total);
      const [done] = await tx
        .select()
        .from(homeworkCompletions)
        .where(
          and(
            eq(homeworkCompletions.homeworkRaidId, homeworkId),
            eq(homeworkCompletions.studentId, studentId),
          ),
        )
        .for('update');
      if (done && !done.retrying) throw conflict(ERR.HOMEWORK_COMPLETED);
      const best = done ? Math.max(done.score, score) : score;
      const before = done ? rewardOf(done.score) : { xp: 0, coins: 0 };
      const after = rewardOf(best);
      const reward = { xp: after.xp - before.xp, coins: after.coins - before.coins };
      const awarded = (
        await awardXp(tx, {
          source: 'homework',
          by: {
            professorId: homework.professor.id,
            schoolclassId: homework.schoolclassId,
            subjectId: homework.subject.id,
          },
          gains: { [studentId]: reward },
          details: { playId: homeworkId },
          // A first completion shows on the curve even when it brings nothing.
          recordUnchanged: !done,
        })
      )[studentId];
      if (!awarded) throw notFound();
      const { before: s, after: p, xpGained } = awarded;
      const now = new Date();
      if (!done) {
        await tx.insert(homeworkCompletions).values({
          homeworkRaidId: homeworkId,
          studentId,
          score,
          total,
          xpGained,
          late,
          bestAt: now,
        });
      } else {
        const better = score > done.score;
        await tx
          .update(homeworkCompletions)
          .set({
            tries: done.tries + 1,
            retrying: false,
            total,
            xpGained: done.xpGained + xpGained,
            ...(better ? { score, late, bestAt: now } : {}),
          })
          .where(eq(homeworkCompletions.id, done.id));
      }
      return {
        score,
        bestScore: best,
        tries: (done?.tries ?? 0) + 1,
        maxTries: homework.maxTries,
        late,
        total,
        xpGained,
        coinsGained: awarded.coinsGained,
        level: p.level,
        levelProgression: p.levelProgression,
        previousLevel: s.level,
        coin: p.coin,
      };
    });
  } catch (err) {
    // Two finishes at once: the second meets the unique completion.
    if (isUniqueViolation(err, 'homework_completions_uq')) throw conflict(ERR.HOMEWORK_COMPLETED);
    throw err;
  }
}
