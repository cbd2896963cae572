// Homework answers into the analytics table (issue 13): one row per answer, in the play the homework is.
import { sql } from 'drizzle-orm';
import type { PlayQuestionSnapshot } from '../../../shared/schemas/analytics.js';
import type { Db } from '../../db/client.js';
import { homeworkRaids, raidPlays } from '../../db/schema.js';
import type { DbOrTx } from '../avatars/unlocks.js';
import { keepInSnapshot, raidSnapshot } from './snapshot.js';

/** Time between two homework answers above which it says nothing (the student left and came back). */
export const HOMEWORK_TIME_CAP_MS = 10 * 60_000;

/** Homework sent before issue 13 has no play yet: the raid as it is now is its snapshot. */
export const ensureHomeworkPlay = (db: Db, homeworkId: string) =>
  db.transaction((tx) => ensurePlay(tx, homeworkId));

async function ensurePlay(tx: DbOrTx, homeworkId: string) {
  const t = tx as Db;
  const [h] = await t.select().from(homeworkRaids).where(sql`${homeworkRaids.id} = ${homeworkId}::uuid`);
  const [exists] = await t
    .select({ id: raidPlays.id })
    .from(raidPlays)
    .where(sql`${raidPlays.id} = ${homeworkId}::uuid`);
  if (exists || !h) return;
  await t
    .insert(raidPlays)
    .values({
      id: h.id,
      raidId: h.raidId,
      professorId: h.professorId,
      schoolclassId: h.schoolclassId,
      subjectId: h.subjectId,
      kind: 'homework',
      homeworkRaidId: h.id,
      startedAt: h.createdAt,
      ...(await raidSnapshot(tx, h.raidId)),
    })
    .onConflictDoNothing();
}

/** The student opened the homework: the clock of the first question not answered yet starts now. */
export async function recordHomeworkOpened(db: Db, homeworkId: string, studentId: string) {
  await db.transaction(async (tx) => {
    await ensurePlay(tx, homeworkId);
    await tx.execute(sql`insert into homework_opens (play_id, student_id) values (${homeworkId}::uuid, ${studentId}::uuid)
      on conflict (play_id, student_id) do update set opened_at = now()`);
  });
}

/**
 * One homework answer into the play's answers; a new try's answer to the same question replaces the
 * last try's (issue 21: the report shows each student's latest answers, the completion the best score).
 */
export async function recordHomeworkAnswer(
  db: Db,
  a: {
    homeworkId: string;
    studentId: string;
    /** The question as the student saw it (the raid as it is now). */
    question: PlayQuestionSnapshot;
    answerIds: string[];
    /** What the pupil typed (issue 23); null or absent for choices and orders. */
    value?: string | null;
    correct: boolean;
  },
) {
  await db.transaction(async (tx) => {
    await ensurePlay(tx, a.homeworkId);
    await keepInSnapshot(tx, a.homeworkId, a.question);
    // Time to answer: since the later of the student's previous answer in this homework and their
    // last opening of it (so the first question has one too); none past a 10-minute pause.
    const ids = sql.join(
      a.answerIds.map((x) => sql`${x}::uuid`),
      sql`, `,
    );
    await tx.execute(sql`insert into student_answers (play_id, question_id, student_id, answer_ids, value, correct, time_ms)
      select ${a.homeworkId}::uuid, ${a.question.questionId}::uuid, ${a.studentId}::uuid, array[${ids}]::uuid[], ${a.value ?? null}, ${a.correct},
        (select case when now() - t.since <= ${`${HOMEWORK_TIME_CAP_MS} milliseconds`}::interval
          then (extract(epoch from now() - t.since) * 1000)::int end
          from (select greatest(
            (select max(answered_at) from student_answers where play_id = ${a.homeworkId}::uuid and student_id = ${a.studentId}::uuid),
            (select opened_at from homework_opens where play_id = ${a.homeworkId}::uuid and student_id = ${a.studentId}::uuid)
          ) as since) t)
      on conflict (play_id, question_id, student_id) do update set answer_ids = excluded.answer_ids,
        value = excluded.value, correct = excluded.correct, time_ms = excluded.time_ms, answered_at = now()`);
  });
}

/** Issue 23: per question, the typed answers the teacher accepted in the play's report (none: empty). */
export async function acceptedOf(db: Db, playId: string): Promise<Map<string, string[]>> {
  const [play] = await db
    .select({ questions: raidPlays.questions })
    .from(raidPlays)
    .where(sql`${raidPlays.id} = ${playId}::uuid`);
  return new Map(
    (play?.questions ?? []).filter((q) => q.accepted?.length).map((q) => [q.questionId, q.accepted ?? []]),
  );
}
