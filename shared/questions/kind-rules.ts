// What the phones need of the kinds of question (issue 23) without zod: the shared schemas and zod
// (kinds.ts) weigh 23 KB compressed, which a phone answering a number or a word must not download
// for one constant. kinds.ts re-exports these.
import type { PollSettings, QuestionKind } from './kinds.js';

/** What a pupil may type (a number, a word, a poll's word): longer is refused, never cut. */
export const TYPED_ANSWER_MAX = 80;

/** Which response a kind takes. */
export function responseShape(
  kind: QuestionKind,
  settings: PollSettings | null,
): 'answerIds' | 'order' | 'value' {
  if (kind === 'choice') return 'answerIds';
  if (kind === 'order') return 'order';
  if (kind === 'poll') return settings?.pollMode === 'choice' || !settings ? 'answerIds' : 'value';
  return 'value';
}
