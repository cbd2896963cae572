// A raid's answers as the shared judge reads them (shared/questions/judge.ts): checked when a phone
// sends one, scored in the raid's mode at the reveal. The verdict of an answer is computed here only.
import type { RaidSettings } from '../../shared/game/contract.js';
import type { AnswerScore } from '../../shared/game/scoring.js';
import { type JudgedQuestion, judge } from '../../shared/questions/judge.js';
import { type PollSettings, type QuestionResponse, responseShape } from '../../shared/questions/kinds.js';
import { kindOf, type RaidQuestion, type RaidState, settingsOf } from './raid-state.js';
import { pastDeadline } from './timers.js';

/** The question as the shared judge reads it. */
export function judgedOf(q: RaidQuestion): JudgedQuestion {
  const kind = kindOf(q);
  return {
    kind,
    settings: q.settings ?? null,
    answers:
      kind === 'order'
        ? (q.correctOrder ?? q.answers.map((a) => a.id)).map((id) => ({ id, isCorrect: false }))
        : q.answers.map((a) => ({ id: a.id, isCorrect: q.correctIds.includes(a.id) })),
  };
}

/** A stored answer as the response the phone sent (answer ids, an order, or a typed value). */
function responseOf(q: RaidQuestion, a: { answerIds: string[]; value?: string | null }): QuestionResponse {
  const shape = responseShape(
    kindOf(q),
    kindOf(q) === 'poll' ? ((q.settings as PollSettings | null) ?? null) : null,
  );
  if (shape === 'value') return { value: a.value ?? '' };
  if (shape === 'order') return { order: a.answerIds };
  return { answerIds: a.answerIds };
}

export type SubmitResult =
  | {
      ok: true;
      state: RaidState;
      status: 'counted' | 'duplicate';
      answer: { answerIds: string[]; value: string | null };
    }
  | { ok: false; message: string };

/** What a phone sends: the choices ticked, an order, or a typed value (one of the three). */
export interface SubmittedResponse {
  questionId: string;
  answerIds?: string[];
  order?: string[];
  value?: string;
  clientId: string;
}

const asResponse = (a: SubmittedResponse): QuestionResponse =>
  a.order !== undefined
    ? { order: a.order }
    : a.value !== undefined
      ? { value: a.value }
      : { answerIds: a.answerIds ?? [] };

/**
 * One answer per student and question; the same clientId again is a duplicate, not an error. The
 * response is checked by the shared judge (its shape for the kind, known ids, a number that is
 * one, a text not empty nor too long); what is kept is what the judge read.
 */
export function submitAnswer(
  s: RaidState,
  studentId: string,
  a: SubmittedResponse,
  now: number,
): SubmitResult {
  const q = s.questions[s.index];
  if (!q || q.id !== a.questionId) return { ok: false, message: 'GAME.NOT_CURRENT_QUESTION' };
  const existing = s.answers[studentId];
  if (existing)
    return {
      ok: true,
      state: s,
      status: 'duplicate',
      answer: { answerIds: existing.answerIds, value: existing.value ?? null },
    };
  const checked = checkResponse(s, studentId, a, now);
  if (!checked.ok) return checked;
  const { answerIds, value } = checked.answer;
  return {
    ok: true,
    status: 'counted',
    answer: checked.answer,
    state: {
      ...s,
      answers: { ...s.answers, [studentId]: { answerIds, value, clientId: a.clientId, at: now } },
    },
  };
}

/**
 * What submitAnswer checks of a new answer, without the answers already given (the live path keeps
 * them in the room store, which refuses a second one) and without building the next state: the
 * question, the phase, the student's deadline and the response as the shared judge reads it.
 */
export function checkResponse(
  s: RaidState,
  studentId: string,
  a: SubmittedResponse,
  now: number,
): { ok: true; answer: { answerIds: string[]; value: string | null } } | { ok: false; message: string } {
  const q = s.questions[s.index];
  if (!q || q.id !== a.questionId) return { ok: false, message: 'GAME.NOT_CURRENT_QUESTION' };
  // A pupil with extra time keeps the question open for that much longer (timers.ts deadlineFor).
  if (s.phase !== 'question' || pastDeadline(s, studentId, now))
    return { ok: false, message: 'GAME.QUESTION_CLOSED' };
  const judged = judge(judgedOf(q), asResponse(a), settingsOf(s).multiScoring);
  if (!judged.ok)
    return { ok: false, message: kindOf(q) === 'choice' ? 'GAME.UNKNOWN_ANSWER' : judged.error };
  const { answerIds, value } = judged.judgement;
  if (kindOf(q) === 'choice' && !q.multiple && answerIds.length > 1)
    return { ok: false, message: 'GAME.UNKNOWN_ANSWER' };
  return { ok: true, answer: { answerIds, value } };
}

/** One stored answer judged in the raid's mode (all-or-nothing unless the teacher chose partial credit). */
function judgeIn(
  mode: RaidSettings['multiScoring'],
  q: RaidQuestion,
  a: { answerIds: string[]; value?: string | null },
): Omit<AnswerScore, 'verdict'> & { verdict: AnswerScore['verdict'] | 'none' } {
  const r = judge(judgedOf(q), responseOf(q, a), mode);
  if (!r.ok) return { verdict: 'wrong', credit: 0, missedIds: [], wrongIds: [] };
  const { verdict, credit, missedIds, wrongIds } = r.judgement;
  return { verdict, credit, missedIds, wrongIds };
}

/** Exactly right: the stored `correct`, by the shared judge (shared/questions/judge.ts). */
export const isRight = (q: RaidQuestion, answerIds: string[], value?: string | null) =>
  judgeIn('all', q, { answerIds, value }).verdict === 'right';

/** One answer scored in the raid's mode (all-or-nothing unless the teacher chose partial credit). */
export const scoreIn = (s: RaidState, q: RaidQuestion, answerIds: string[], value?: string | null) =>
  judgeIn(settingsOf(s).multiScoring, q, { answerIds, value });
