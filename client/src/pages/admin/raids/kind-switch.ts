// The raid editor's kinds (issue 23): the stored kinds of shared/questions/kinds.ts plus the
// true/false shortcut (a choice question with the two answers "True", "False"), and what switching a
// question from one to another keeps and loses. Pure functions: the form calls them, tests read them.

import { ANSWERS_MIN } from '../../../../../shared/constants';
import type { NumberSettings, PollSettings, TextSettings } from '../../../../../shared/questions/kinds';
import { ORDER_ITEMS_MIN } from '../../../../../shared/questions/kinds';
import { ANSWERS_MAX } from '../../../../../shared/schemas/raid';
import type { AnswerValues, QuestionValues } from './QuestionFields';

export const EDITOR_KINDS = ['choice', 'truefalse', 'number', 'text', 'order', 'poll'] as const;
export type EditorKind = (typeof EDITOR_KINDS)[number];
export type PollMode = PollSettings['pollMode'];

/** The two answers of the shortcut, as each language writes them (the exports read the French pair). */
const TRUE_FALSE = [
  ['vrai', 'faux'],
  ['true', 'false'],
  ['veru', 'falsu'],
  ['vero', 'falso'],
];

export const isTrueFalse = (answers: readonly AnswerValues[]) =>
  answers.length === 2 &&
  TRUE_FALSE.some(
    ([t, f]) => answers[0].text.trim().toLowerCase() === t && answers[1].text.trim().toLowerCase() === f,
  );

export function editorKind(q: Pick<QuestionValues, 'kind' | 'answers'>): EditorKind {
  return q.kind === 'choice' && isTrueFalse(q.answers) ? 'truefalse' : q.kind;
}

/** A new number question: no value yet (NaN reads as empty; the shared rules ask for one). */
export const newNumber = (): NumberSettings => ({
  value: Number.NaN,
  tolerance: 0,
  toleranceMode: 'absolute',
  unit: null,
});
export const newTextAnswer = (accepted: string[] = ['']): TextSettings => ({
  accepted,
  ignoreCase: true,
  ignoreAccents: true,
  allowTypo: false,
});

/** What a switch throws away, named to the teacher before it happens. */
export type Loss =
  | { what: 'answers'; count: number }
  | { what: 'correct' }
  | { what: 'number' }
  | { what: 'accepted'; count: number };

const filled = (answers: readonly AnswerValues[]) => answers.filter((a) => a.text.trim());
const blank = (): AnswerValues => ({ text: '', isCorrect: false });
const pad = (answers: AnswerValues[], min: number) => {
  const out = answers.slice(0, ANSWERS_MAX);
  while (out.length < min) out.push(blank());
  return out;
};
const hasNumber = (n: NumberSettings | null) =>
  !!n && (Number.isFinite(n.value) || n.tolerance > 0 || !!n.unit?.trim());

/** The pollMode of a question seen as a poll (choices unless it says otherwise). */
const pollMode = (q: QuestionValues): PollMode => q.poll?.pollMode ?? 'choice';

/** Which family the question's content belongs to: choices (answers rows), typed number or word, or an order. */
function contentOf(q: QuestionValues): 'choices' | 'number' | 'text' | 'order' {
  if (q.kind === 'number') return 'number';
  if (q.kind === 'text') return 'text';
  if (q.kind === 'order') return 'order';
  if (q.kind === 'poll')
    return pollMode(q) === 'choice' ? 'choices' : pollMode(q) === 'number' ? 'number' : 'text';
  return 'choices';
}

/**
 * The question turned into `to` (and, for a poll, into `mode`), keeping the text, formulas, images
 * and explanation, and as much of the answers as the new kind can hold; `lost` names the rest.
 */
export function switchKind(
  q: QuestionValues,
  to: EditorKind,
  labels: { true: string; false: string },
  mode: PollMode = 'choice',
): { next: QuestionValues; lost: Loss[] } {
  const lost: Loss[] = [];
  const from = contentOf(q);
  const answers = filled(q.answers);
  const anyCorrect = q.kind === 'choice' && answers.some((a) => a.isCorrect);
  const accepted = (q.textAnswer?.accepted ?? []).filter((a) => a.trim());
  const base: QuestionValues = { ...q, number: null, textAnswer: null, poll: null };
  const loseAnswers = (kept = 0) => {
    if (answers.length > kept) lost.push({ what: 'answers', count: answers.length - kept });
  };
  const loseNumber = () => {
    if (q.kind === 'number' && hasNumber(q.number)) lost.push({ what: 'number' });
  };
  const loseAccepted = (kept = 0) => {
    if (q.kind === 'text' && accepted.length > kept)
      lost.push({ what: 'accepted', count: accepted.length - kept });
  };

  if (to === 'choice' || to === 'truefalse') {
    let next: AnswerValues[];
    if (to === 'truefalse') {
      const wasTf = editorKind(q) === 'truefalse';
      next = [
        { text: labels.true, isCorrect: wasTf && q.answers[0].isCorrect },
        { text: labels.false, isCorrect: wasTf && q.answers[1].isCorrect },
      ];
      if (!wasTf) {
        if (from === 'choices' || from === 'order') loseAnswers();
        loseAccepted();
      }
    } else if (from === 'text') {
      const kept = accepted.slice(0, ANSWERS_MAX);
      next = pad(
        kept.map((text) => ({ text, isCorrect: true })),
        ANSWERS_MIN,
      );
      loseAccepted(kept.length);
    } else if (from === 'choices' || from === 'order') {
      next = pad(
        answers.map((a) => ({ text: a.text, isCorrect: q.kind === 'choice' && a.isCorrect })),
        ANSWERS_MIN,
      );
    } else next = pad([], ANSWERS_MIN);
    loseNumber();
    return { next: { ...base, kind: 'choice', answers: next }, lost };
  }

  if (to === 'number') {
    loseAnswers();
    loseAccepted();
    return {
      next: {
        ...base,
        kind: 'number',
        answers: [],
        number: q.kind === 'number' && q.number ? q.number : newNumber(),
      },
      lost,
    };
  }

  if (to === 'text') {
    // A choice's right answers become the accepted answers.
    let keep: string[] = [];
    if (q.kind === 'text') keep = q.textAnswer?.accepted ?? [''];
    else if (q.kind === 'choice') keep = answers.filter((a) => a.isCorrect).map((a) => a.text.trim());
    keep = keep.slice(0, 10);
    loseAnswers(q.kind === 'choice' ? keep.length : 0);
    loseNumber();
    return {
      next: {
        ...base,
        kind: 'text',
        answers: [],
        textAnswer:
          q.kind === 'text' && q.textAnswer ? q.textAnswer : newTextAnswer(keep.length ? keep : ['']),
      },
      lost,
    };
  }

  if (to === 'order') {
    let items: AnswerValues[] = [];
    if (from === 'choices' || from === 'order') {
      items = answers.map((a) => ({ text: a.text, isCorrect: false }));
      if (anyCorrect) lost.push({ what: 'correct' });
    }
    loseNumber();
    loseAccepted();
    return { next: { ...base, kind: 'order', answers: pad(items, ORDER_ITEMS_MIN) }, lost };
  }

  // to === 'poll'
  if (mode === 'choice') {
    const items =
      from === 'choices' || from === 'order' ? answers.map((a) => ({ text: a.text, isCorrect: false })) : [];
    if (anyCorrect) lost.push({ what: 'correct' });
    loseNumber();
    loseAccepted();
    return {
      next: { ...base, kind: 'poll', poll: { pollMode: 'choice' }, answers: pad(items, ANSWERS_MIN) },
      lost,
    };
  }
  // A typed poll has no right value or word: they go, as the choices do.
  loseAnswers();
  loseNumber();
  loseAccepted();
  return { next: { ...base, kind: 'poll', poll: { pollMode: mode }, answers: [] }, lost };
}
