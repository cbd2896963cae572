// What a play asked (issue 13): each play keeps its questions, their answers (ids, texts, right or
// wrong) and their order, so that its report says what was asked and what each student chose after
// the raid was edited, or its questions, the raid or the homework deleted (docs/decisions.md).
import { eq, sql } from 'drizzle-orm';
import type {
  NumberSettings,
  PollSettings,
  QuestionKind,
  TextSettings,
} from '../../../shared/questions/kinds.js';
import type { PlayQuestionSnapshot } from '../../../shared/schemas/analytics.js';
import type { Db } from '../../db/client.js';
import { raidQuestions } from '../../db/raid-questions.js';
import { raidPlays, raids } from '../../db/schema.js';
import type { DbOrTx } from '../avatars/unlocks.js';

interface StoredQuestion {
  id: string;
  text: string;
  equationMode: boolean;
  answers: { id: string; text: string; isCorrect: boolean }[];
  /** Issue 23 (absent: a choice). */
  kind?: QuestionKind;
  settings?: NumberSettings | TextSettings | PollSettings | null;
  explanation?: string | null;
}

export const snapshotOf = (q: StoredQuestion): PlayQuestionSnapshot => ({
  questionId: q.id,
  text: q.text,
  equationMode: q.equationMode,
  answers: q.answers.map((a) => ({ answerId: a.id, text: a.text, isCorrect: a.isCorrect })),
  // Issue 23: a choice question's snapshot stays as it was (no kind: 'choice').
  ...(q.kind && q.kind !== 'choice'
    ? { kind: q.kind, settings: q.settings ?? null, explanation: q.explanation ?? null }
    : q.explanation
      ? { explanation: q.explanation }
      : {}),
});

/** The raid as it is now: its title and questions in order (a homework being sent). */
export async function raidSnapshot(db: DbOrTx, raidId: string) {
  const [raid] = await (db as Db).select({ title: raids.title }).from(raids).where(eq(raids.id, raidId));
  const qs = await raidQuestions(db as Db, raidId);
  return { raidTitle: raid?.title ?? '', questions: qs.map(snapshotOf) };
}

/** A live raid's questions as the room asked them (the answers in the order shown). */
export const liveSnapshot = (
  qs: readonly {
    id: string;
    text: string;
    equationMode: boolean;
    answers: { id: string; text: string }[];
    correctIds: string[];
    /** Issue 23: absent in states saved before (a choice). */
    kind?: QuestionKind;
    settings?: NumberSettings | TextSettings | PollSettings | null;
    correctOrder?: string[];
    explanation?: string | null;
  }[],
): PlayQuestionSnapshot[] =>
  qs.map((q) => {
    // An order's items in their right order, as the raid stores them.
    const items = q.correctOrder
      ? q.correctOrder.flatMap((id) => q.answers.filter((a) => a.id === id))
      : q.answers;
    return {
      questionId: q.id,
      text: q.text,
      equationMode: q.equationMode,
      answers: items.map((a) => ({ answerId: a.id, text: a.text, isCorrect: q.correctIds.includes(a.id) })),
      ...(q.kind && q.kind !== 'choice' ? { kind: q.kind, settings: q.settings ?? null } : {}),
      ...(q.explanation ? { explanation: q.explanation } : {}),
    };
  });

/**
 * A homework is played over days from the raid as it is then: a question added, or an answer
 * changed, after the homework was sent is appended to the play's snapshot when a student first
 * answers it, so that every chosen answer has its text. What the snapshot already holds is kept.
 */
export function mergeQuestion(
  snapshot: PlayQuestionSnapshot[],
  q: PlayQuestionSnapshot,
): PlayQuestionSnapshot[] | null {
  const at = snapshot.findIndex((s) => s.questionId === q.questionId);
  if (at < 0) return [...snapshot, q];
  const known = new Set(snapshot[at].answers.map((a) => a.answerId));
  const added = q.answers.filter((a) => !known.has(a.answerId));
  if (!added.length) return null;
  const next = [...snapshot];
  next[at] = { ...snapshot[at], answers: [...snapshot[at].answers, ...added] };
  return next;
}

/** Locks the play's row and merges the question into its snapshot when it brings something new. */
export async function keepInSnapshot(tx: DbOrTx, playId: string, q: PlayQuestionSnapshot) {
  const [play] = await (tx as Db)
    .select({ questions: raidPlays.questions })
    .from(raidPlays)
    .where(eq(raidPlays.id, playId))
    .for('update');
  if (!play) return;
  const merged = mergeQuestion(play.questions, q);
  if (merged)
    await (tx as Db)
      .update(raidPlays)
      .set({ questions: sql`${JSON.stringify(merged)}::jsonb` })
      .where(eq(raidPlays.id, playId));
}

/**
 * A live play's question at `position` was shown to the class (issue 21): the report tells a
 * question asked that nobody answered from one the raid never reached.
 */
export async function markAsked(db: Db, playId: string, position: number) {
  await db.execute(sql`update raid_plays set questions = jsonb_set(questions, ${`{${position},asked}`}::text[], 'true'::jsonb)
    where id = ${playId}::uuid and jsonb_array_length(questions) > ${position}`);
}

/** At its reveal, the students a live question's share counted, as the board showed it. */
export async function markCounted(db: Db, playId: string, position: number, counted: number) {
  await db.execute(sql`update raid_plays set questions = jsonb_set(jsonb_set(questions, ${`{${position},asked}`}::text[], 'true'::jsonb),
      ${`{${position},counted}`}::text[], to_jsonb(${counted}::int))
    where id = ${playId}::uuid and jsonb_array_length(questions) > ${position}`);
}
