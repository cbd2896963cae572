// What phones, boards and homework screens see of a question's kind (issue 23), before and after
// the answer is revealed. Before: the kind, the number's unit, the poll's mode, an order's items
// shuffled; never a right answer, an accepted text, a number's value or the explanation. After: the
// right answers of the kind and the explanation.
import type { NumberSettings, PollSettings, QuestionKind, TextSettings } from './kinds.js';

/** A question's kind as shown before the reveal. */
export interface PublicKind {
  kind: QuestionKind;
  /** A number question's unit, shown next to the field. */
  unit?: string | null;
  /** A poll's mode: choices, a typed number or a typed word. */
  pollMode?: PollSettings['pollMode'];
}

/** What is shown once revealed (live) or answered (homework), besides a choice's right answers. */
export interface KindReveal {
  /** An order question's items in the right order. */
  correctOrder?: string[];
  /** A number question's value, tolerance and unit. */
  number?: NumberSettings;
  /** A text question's accepted answers. */
  accepted?: string[];
  /** Shown after the reveal (formulas between $$..$$), with its image's address. */
  explanation: string | null;
  explanationImage: string | null;
}

export const questionImageUrl = (file: string | null) =>
  file ? `/uploads/questions/${encodeURIComponent(file)}` : null;

/** The kind's fields for a phone or a board before the reveal. */
export function publicKind(
  kind: QuestionKind,
  settings: NumberSettings | TextSettings | PollSettings | null,
): PublicKind {
  if (kind === 'number') return { kind, unit: (settings as NumberSettings | null)?.unit ?? null };
  if (kind === 'poll') return { kind, pollMode: (settings as PollSettings | null)?.pollMode ?? 'choice' };
  return { kind };
}

/** The kind's right answers and the explanation, for after the reveal. */
export function kindReveal(q: {
  kind: QuestionKind;
  settings: NumberSettings | TextSettings | PollSettings | null;
  answers: readonly { id: string }[];
  explanation: string | null;
  explanationImagePath: string | null;
}): KindReveal {
  return {
    ...(q.kind === 'order' ? { correctOrder: q.answers.map((a) => a.id) } : {}),
    ...(q.kind === 'number' && q.settings ? { number: q.settings as NumberSettings } : {}),
    ...(q.kind === 'text' && q.settings ? { accepted: (q.settings as TextSettings).accepted } : {}),
    explanation: q.explanation,
    explanationImage: questionImageUrl(q.explanationImagePath),
  };
}

/**
 * An order's items in an order that is never the right one (3 items or more), so a pupil who
 * sends them as shown is not right by chance; `rank` gives the shuffle (random, or per pupil).
 */
export function shuffleItems<T extends { id: string }>(
  items: readonly T[],
  rank: (id: string) => number,
): T[] {
  const out = [...items].sort((a, b) => rank(a.id) - rank(b.id));
  if (out.length > 1 && out.every((x, i) => x.id === items[i].id)) out.push(out.shift() as T);
  return out;
}
