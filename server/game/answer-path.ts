// The hot path: a thousand phones answer within a second. An answer is checked against the room's
// record cached at its revision and stored only if the room is still at that revision (one round
// trip); "who answered" reaches the board through the answered-batch; when every connected student
// has answered, the question is revealed. The verdict of an answer is computed in one place:
// `isRight`/`scoreIn` (raid.ts, on shared/game/scoring.ts). No await is added here lightly.
import { type AnswerRow, livePlayId } from './answer-writer.js';
import { fail, GameError } from './errors.js';
import { allowed, stateOf } from './lifecycle.js';
import { checkResponse, isRight, questionOpenedAt, type RaidState, type SubmittedResponse } from './raid.js';
import { answerKey, type RoomContext, type Student } from './room-context.js';
import type { RoomRecord } from './store.js';

/** "Everyone answered" compares with the number of connected students read at most this often. */
const PRESENT_COUNT_MS = 1_000;

/** The room is still in the lesson a phone joined (`undefined`: not a phone's command, not checked). */
export const sameLesson = (r: RoomRecord, lesson: string | null | undefined) =>
  lesson === undefined || (r.lessonId ?? null) === lesson;

/** What a phone sends: the choices ticked, an order, or a typed value (issue 23). */
export type Answer = SubmittedResponse;

/**
 * This answer against this record: refused (why), or what is stored of it (the answer ids or the
 * order, and the typed value, as the shared judge read them). Pure.
 */
export function answerCheck(
  r: RoomRecord,
  members: ReadonlySet<string>,
  studentId: string,
  a: Answer,
  lesson: string | null | undefined,
  at: number,
): { refusal: string } | { refusal: null; answer: { answerIds: string[]; value: string | null } } {
  if (!members.has(studentId)) return { refusal: 'ERRORS.FORBIDDEN' };
  const state = stateOf(r);
  // A phone of an earlier lesson joins again; a closed room tells it the lesson is over instead.
  if (state !== 'closed' && !sameLesson(r, lesson)) return { refusal: 'GAME.REJOIN' };
  // The state machine refuses an answer out of an open question (paused, closed, a lobby, a reveal).
  const c = allowed(state, 'answer:submit');
  if (!c.ok) return { refusal: c.message };
  if (r.activity?.kind !== 'raid') return { refusal: 'GAME.NOT_CURRENT_QUESTION' };
  // Checks the question, the phase, the deadline and the response (the store refuses a second answer).
  const checked = checkResponse(r.activity.raid, studentId, a, at);
  return checked.ok ? { refusal: null, answer: checked.answer } : { refusal: checked.message };
}

/** Why this answer is refused against this record (null: it may be stored). Pure. */
export const answerRefusal = (...args: Parameters<typeof answerCheck>): string | null =>
  answerCheck(...args).refusal;

export function createAnswerPath(
  ctx: RoomContext,
  /** Reveals the open question for the server ('all-answered'). */
  revealAll: (id: string) => Promise<void>,
) {
  const { store, now } = ctx;

  /**
   * The answers to the open question of a play, as rows for the answer writer: taken when the
   * teacher reveals the question or ends the raid (the room store holds them until then).
   */
  function answerRows(roomId: string, raid: RaidState): AnswerRow[] {
    const q = raid.questions[raid.index];
    if (!q) return [];
    const playId = livePlayId(roomId, raid.runId);
    // The question opened its own question time before its deadline (a pause moves the deadline,
    // so the time spent paused is not counted); without a clock, at its opening if the state has it.
    const openedAt = questionOpenedAt(raid) ?? null;
    return Object.entries(raid.answers).map(([studentId, a]) => {
      const at = a.at ?? now();
      return {
        playId,
        questionId: q.id,
        studentId,
        answerIds: a.answerIds,
        value: a.value ?? null,
        correct: isRight(q, a.answerIds, a.value),
        timeMs: openedAt === null ? null : Math.max(0, Math.round(at - openedAt)),
        answeredAt: new Date(at),
      };
    });
  }

  /** The record with the open question's stored answers in its raid state. */
  async function withAnswers(r: RoomRecord): Promise<RoomRecord> {
    if (r.activity?.kind !== 'raid') return r;
    const raid = r.activity.raid;
    const q = raid.questions[raid.index];
    if (!q || raid.phase !== 'question') return r;
    const raw = await store.answers(r.id, answerKey(r.activity.raid, q.id));
    const answers = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, JSON.parse(v)]));
    return { ...r, activity: { kind: 'raid', raid: { ...raid, answers } } };
  }

  /** The answers given to a question still open when its raid goes without a reveal (issue 13). */
  async function keepOpenAnswers(r: RoomRecord) {
    const w = await withAnswers(r).catch(() => r);
    if (w.activity?.kind === 'raid' && w.activity.raid.phase === 'question')
      ctx.answerWriter.add(answerRows(r.id, w.activity.raid));
  }

  /** Connected students, per room, read again at most every PRESENT_COUNT_MS. */
  const presentCounts = new Map<string, { at: number; count: number }>();
  const presenceReads = new Map<string, Promise<string[]>>();
  /** After an answer: when every connected student has answered the open question, it is revealed. */
  async function revealIfAllAnswered(id: string, r: RoomRecord, questionId: string, answered: number) {
    if (r.activity?.kind !== 'raid' || !(r.activity.raid.settings?.endWhenAllAnswered ?? true)) return;
    const known = presentCounts.get(id);
    if (known && now() - known.at < PRESENT_COUNT_MS && answered < known.count) return;
    // Answers arriving together share one read of the presence set (1,000 phones answering at once
    // would otherwise read the 1,000-member set 1,000 times).
    let reading = presenceReads.get(id);
    if (!reading) {
      reading = ctx.presentIds(r).finally(() => presenceReads.delete(id));
      presenceReads.set(id, reading);
    }
    const present = await reading;
    presentCounts.set(id, { at: now(), count: present.length });
    if (answered < present.length) return;
    const given = await store.answers(id, answerKey(r.activity.raid, questionId));
    if (!present.every((s) => s in given)) return;
    await revealAll(id).catch((err) => {
      // Another answer, or the teacher, revealed first.
      if (!(err instanceof GameError)) throw err;
    });
  }

  /** `lesson`: the lesson the phone joined (socket.ts); an answer sent into a later one is refused. */
  async function answer(s: Student, id: string, a: Answer, lesson?: string | null) {
    // `at`: when it arrived, for speed scoring and the report's time to answer (issue 13).
    const arrived = now();
    for (let attempt = 0; attempt < 3; attempt++) {
      // The first try reads the cache as it is; later ones check the current revision first.
      const cached = attempt === 0 ? ctx.cache.get(id) : undefined;
      const entry = cached ?? (await ctx.cachedRoom(id));
      const r = entry.record;
      const checked = answerCheck(r, entry.members, s.studentId, a, lesson, now());
      const { refusal } = checked;
      // A refusal read from an unchecked cache may be out of date: it is checked again.
      if (refusal && cached) continue;
      if (checked.refusal !== null || r.activity?.kind !== 'raid')
        return fail(refusal ?? 'GAME.NOT_CURRENT_QUESTION');
      // What the judge read is stored (the verdict is computed at the reveal, on the server only).
      const { answerIds, value: typed } = checked.answer;
      const value = JSON.stringify({
        answerIds,
        ...(typed !== null ? { value: typed } : {}),
        clientId: a.clientId,
        at: arrived,
      });
      const stored = await store.addAnswerAt(
        id,
        entry.rev,
        answerKey(r.activity.raid, a.questionId),
        s.studentId,
        value,
      );
      if (!stored) continue;
      if (!stored.added) return 'duplicate' as const;
      ctx.answered.add(id, a.questionId, s.studentId, stored.count);
      await revealIfAllAnswered(id, r, a.questionId, stored.count);
      return 'counted' as const;
    }
    return fail('GAME.NOT_CURRENT_QUESTION');
  }

  return {
    answer,
    answerRows,
    withAnswers,
    keepOpenAnswers,
    /** This node forgets a disposed room. */
    forget(id: string) {
      presentCounts.delete(id);
    },
  };
}
