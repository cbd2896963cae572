// A raid's questions in order, each with its answers in order: read by the raid form, the shared
// library, homework practice and the live game.
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from './client.js';
import { answers, questions } from './schema.js';

export async function raidQuestions(db: Db, raidId: string) {
  const qs = await db
    .select()
    .from(questions)
    .where(eq(questions.raidId, raidId))
    .orderBy(asc(questions.position));
  const as = qs.length
    ? await db
        .select()
        .from(answers)
        .where(
          inArray(
            answers.questionId,
            qs.map((q) => q.id),
          ),
        )
        .orderBy(asc(answers.position))
    : [];
  return qs.map((q) => ({ ...q, answers: as.filter((a) => a.questionId === q.id) }));
}
