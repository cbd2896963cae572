// How one answer to a question scores (issue 21, item 13), as a pure function shared by live raids,
// homework and reports. A question may have several right answers; the teacher chooses, in the raid
// settings, all-or-nothing (the default, as before) or partial credit.

/** `all`: only the exact set of right answers counts; `partial`: each right answer ticked counts. */
export type MultiScoring = 'all' | 'partial';
export const DEFAULT_MULTI_SCORING: MultiScoring = 'all';

/** What a report and a pupil's result call an answer, whatever the scoring mode. */
export type Verdict = 'right' | 'partial' | 'wrong';

export interface AnswerScore {
  verdict: Verdict;
  /** 0..1: what the answer is worth in the chosen mode (damage share, XP, coins). */
  credit: number;
  /** Right answers the pupil did not tick. */
  missedIds: string[];
  /** Wrong answers the pupil ticked. */
  wrongIds: string[];
}

/**
 * Partial credit: (right answers ticked − wrong answers ticked) / number of right answers, floored
 * at 0. An answer is "right" when it is exactly the set of right answers, "partial" when it is not
 * but would earn something under partial credit, "wrong" otherwise. In all-or-nothing mode only a
 * right answer earns (credit 1), a partial one earns 0 but is still told apart in results and reports.
 */
export function scoreAnswer(
  correctIds: readonly string[],
  chosenIds: readonly string[],
  mode: MultiScoring = DEFAULT_MULTI_SCORING,
): AnswerScore {
  const chosen = [...new Set(chosenIds)];
  const rightTicked = chosen.filter((id) => correctIds.includes(id)).length;
  const wrongIds = chosen.filter((id) => !correctIds.includes(id));
  const missedIds = correctIds.filter((id) => !chosen.includes(id));
  const exact = correctIds.length > 0 && missedIds.length === 0 && wrongIds.length === 0;
  const partialCredit =
    correctIds.length === 0 ? 0 : Math.max(0, (rightTicked - wrongIds.length) / correctIds.length);
  const verdict: Verdict = exact ? 'right' : partialCredit > 0 ? 'partial' : 'wrong';
  const credit = exact ? 1 : mode === 'partial' ? partialCredit : 0;
  return { verdict, credit, missedIds, wrongIds };
}

/** What a set of answers is worth together (a board's or a report's share): the sum of credits. */
export function totalCredit(
  answers: readonly { correctIds: readonly string[]; chosenIds: readonly string[] }[],
  mode: MultiScoring = DEFAULT_MULTI_SCORING,
): number {
  return answers.reduce((sum, a) => sum + scoreAnswer(a.correctIds, a.chosenIds, mode).credit, 0);
}
