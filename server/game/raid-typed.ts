// The words a class typed (a text question, a text poll), grouped at the reveal and shown on the board
// only when the teacher asks (issue 23): rude ones never kept, names only when asked. Pure.
import { containsProfanity } from '../../shared/profanity/index.js';
import { normaliseForGrouping } from '../../shared/questions/judge.js';
import type { PollSettings } from '../../shared/questions/kinds.js';
import { isRight } from './raid-judge.js';
import { kindOf, type RaidQuestion, type RaidState, type SubmittedAnswer } from './raid-state.js';

/** Typed answers groups shown on the board, at most. */
export const REVEAL_TYPED_MAX = 30;

/** Is this question answered by typing a word (a text, a text poll)? Those answers are the class's own words. */
const typesWords = (q: RaidQuestion) =>
  kindOf(q) === 'text' || (kindOf(q) === 'poll' && (q.settings as PollSettings | null)?.pollMode === 'text');

/**
 * The words a class typed, grouped after normalising (case, accents, spaces: the report's grouping),
 * most typed first. A text question's answers judged right by its own options (case, accents, one
 * typo) are `accepted` and grouped apart from the wrong ones (a case-sensitive "Paris" and "paris").
 * Rude ones (the codex's filter, every language) are never kept: only their number.
 */
export function typedGroups(
  q: RaidQuestion,
  answers: Record<string, SubmittedAnswer>,
): {
  groups: { text: string; count: number; studentIds: string[]; accepted?: true }[];
  hidden: number;
} | null {
  if (!typesWords(q)) return null;
  const judged = kindOf(q) === 'text';
  const groups = new Map<string, { spellings: Map<string, number>; studentIds: string[]; right: boolean }>();
  let hidden = 0;
  for (const [studentId, a] of Object.entries(answers)) {
    if (!a.value) continue;
    if (containsProfanity(a.value)) {
      hidden++;
      continue;
    }
    // Judged by the server with the question's options (never the phone's word).
    const right = judged && isRight(q, [], a.value);
    const key = `${right ? 1 : 0}:${normaliseForGrouping('text', a.value)}`;
    const g = groups.get(key) ?? { spellings: new Map<string, number>(), studentIds: [], right };
    g.spellings.set(a.value, (g.spellings.get(a.value) ?? 0) + 1);
    g.studentIds.push(studentId);
    groups.set(key, g);
  }
  const list = [...groups.values()]
    .map((g) => ({
      text: [...g.spellings].sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0]))[0][0],
      count: g.studentIds.length,
      studentIds: g.studentIds,
      ...(g.right ? { accepted: true as const } : {}),
    }))
    .sort((x, y) => y.count - x.count || x.text.localeCompare(y.text));
  return { groups: list.slice(0, REVEAL_TYPED_MAX), hidden };
}

/** The teacher shows the typed answers on the board (after the reveal), with names or not. */
export function showTyped(s: RaidState, names: boolean): RaidState | null {
  if (s.phase !== 'revealed' || !s.typed) return null;
  return { ...s, typedShown: { names } };
}
