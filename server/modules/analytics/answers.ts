// Homework answers into the analytics table (issue 13): one row per answer, in the play the homework is.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/** Time between two homework answers above which it says nothing (the student left and came back). */
export const HOMEWORK_TIME_CAP_MS = 10 * 60_000;

export async function recordHomeworkAnswer(
  db: Db,
  a: { homeworkId: string; studentId: string; questionId: string; answerIds: string[]; correct: boolean },
) {
  // Homework sent before issue 13 has no play yet.
  await db.execute(sql`insert into raid_plays (id, raid_id, professor_id, schoolclass_id, subject_id, kind, homework_raid_id, started_at)
    select h.id, h.raid_id, h.professor_id, h.schoolclass_id, h.subject_id, 'homework', h.id, h.created_at
    from homework_raids h where h.id = ${a.homeworkId}::uuid
    on conflict (id) do nothing`);
  // Time to answer: since the student's previous answer in this homework (none for the first one).
  const ids = sql.join(
    a.answerIds.map((x) => sql`${x}::uuid`),
    sql`, `,
  );
  await db.execute(sql`insert into student_answers (play_id, question_id, student_id, answer_ids, correct, time_ms)
    select ${a.homeworkId}::uuid, ${a.questionId}::uuid, ${a.studentId}::uuid, array[${ids}]::uuid[], ${a.correct},
      (select case when now() - max(answered_at) <= ${`${HOMEWORK_TIME_CAP_MS} milliseconds`}::interval
        then (extract(epoch from now() - max(answered_at)) * 1000)::int end
        from student_answers where play_id = ${a.homeworkId}::uuid and student_id = ${a.studentId}::uuid)
    on conflict do nothing`);
}
