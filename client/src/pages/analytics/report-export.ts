// The raid report's two exports (questions, then each student's answers), built from the report the
// page shows so that a file reads as the page does: a student without any answer has no score (the
// page lists them as without answer), a question the raid never reached says so instead of "no
// answer", and the answers column counts the answers (the right ones have their own column).
import type { TFunction } from 'i18next';
import { sharePercent } from '../../../../shared/game/share';
import type { RaidReport } from '../../../../shared/schemas/analytics';
import { formatDateTime } from '../../lib/dates';
import type { Cell, ExportTable } from '../../lib/export/table';

const seconds = (ms: number | null) => (ms === null ? null : Math.round(ms / 100) / 10);

/**
 * The questions the play asked, by id, as the server tells them (issue 21: a live play marks each
 * question shown; a homework gives every question to each student).
 */
export function askedQuestions(report: RaidReport): Set<string> {
  return new Set(report.questions.filter((q) => q.asked).map((q) => q.questionId));
}

const qLabel = (t: TFunction, i: number) => t('ANALYTICS.REPORT.Q', { n: i + 1 });

type ReportQuestion = RaidReport['questions'][number];

/** An order's items in the order given, "Clovis → Charlemagne → Napoléon". */
export function orderText(q: ReportQuestion | undefined, answerIds: string[]): string {
  return answerIds.map((id) => q?.answers.find((a) => a.answerId === id)?.text ?? '?').join(' → ');
}

/**
 * What a pupil gave, as the page and the files show it (issue 23): the value typed, an order's items
 * in the pupil's order, or the answers ticked.
 */
export function givenText(
  report: RaidReport,
  questionId: string,
  a: { answerIds: string[]; value?: string | null },
): string {
  const q = report.questions.find((x) => x.questionId === questionId);
  if (a.value !== null && a.value !== undefined) return a.value;
  if (q?.kind === 'order') return orderText(q, a.answerIds);
  return a.answerIds.map((id) => q?.answers.find((x) => x.answerId === id)?.text ?? '?').join(', ');
}

/** A poll's answers as counted: "Oui (12) · Non (3)" (choices, or the values typed, grouped). */
export function pollText(q: ReportQuestion): string {
  const parts = q.pollValues?.length
    ? q.pollValues.map((v) => `${v.value} (${v.count})`)
    : q.answers.map((a) => `${a.text} (${a.chosenBy})`);
  return parts.join(' · ');
}

/**
 * The wrong answer most given, whatever the kind: a choice's most chosen, a number's or a text's
 * most given value (grouped), an order's most given order; a poll has none.
 */
export function mostWrong(q: ReportQuestion): { text: string; count: number } | null {
  if (q.kind === 'poll') return null;
  if (q.kind === 'number' || q.kind === 'text') {
    const v = q.wrongValues?.[0];
    return v ? { text: q.unit ? `${v.value} ${q.unit}` : v.value, count: v.count } : null;
  }
  if (q.kind === 'order') {
    const o = q.wrongOrders?.[0];
    return o ? { text: orderText(q, o.answerIds), count: o.count } : null;
  }
  return q.mostChosenWrong ? { text: q.mostChosenWrong.text, count: q.mostChosenWrong.chosenBy } : null;
}

/** The questions a score counts: asked, and not a poll (a poll has no right answer). */
export const scoredCount = (report: RaidReport) =>
  report.questions.filter((q) => q.asked && q.kind !== 'poll').length;

/** The questions table: one row per question, the share who found it, counts, times. Each row carries
 * the play's date: files of several plays can be put together. */
export function questionsExport(report: RaidReport, t: TFunction): ExportTable {
  const played = new Date(report.play.startedAt);
  const asked = askedQuestions(report);
  return {
    name: `${report.play.raidTitle} ${formatDateTime(report.play.startedAt)} ${t('ANALYTICS.REPORT.QUESTIONS')}`,
    header: [
      '#',
      t('ANALYTICS.REPORT.QUESTION'),
      `${t('ANALYTICS.REPORT.FOUND')} (%)`,
      t('ANALYTICS.REPORT.CORRECT'),
      t('ANALYTICS.REPORT.ANSWERS_COUNT'),
      t('ANALYTICS.REPORT.WRONG'),
      t('ANALYTICS.REPORT.CHOSEN_BY'),
      t('ANALYTICS.REPORT.ACCEPTED_COL'),
      t('ANALYTICS.REPORT.MEDIAN_S'),
      t('ANALYTICS.REPORT.MEAN_S'),
      t('ANALYTICS.PLAYS.DATE'),
    ],
    rows: report.questions.map((q, i): Cell[] => {
      if (!asked.has(q.questionId))
        return [
          i + 1,
          q.text,
          null,
          null,
          t('ANALYTICS.REPORT.NOT_ASKED'),
          null,
          null,
          null,
          null,
          null,
          played,
        ];
      const wrong = mostWrong(q);
      const poll = q.kind === 'poll';
      return [
        i + 1,
        q.text,
        poll || q.shareCorrect === null ? null : sharePercent(q.shareCorrect),
        poll ? null : q.correct,
        q.answered,
        // A poll is never right nor wrong: its answers as counted stand here.
        poll ? `${t('ANALYTICS.REPORT.POLL')} : ${pollText(q)}` : (wrong?.text ?? null),
        wrong?.count ?? null,
        q.accepted?.length ? q.accepted.join(' | ') : null,
        seconds(q.medianTimeMs),
        seconds(q.meanTimeMs),
        played,
      ];
    }),
  };
}

/** Each student's answers: score, then per question the answer, right or wrong, and the time. */
export function answersExport(report: RaidReport, t: TFunction): ExportTable {
  const played = new Date(report.play.startedAt);
  const asked = askedQuestions(report);
  return {
    name: `${report.play.raidTitle} ${formatDateTime(report.play.startedAt)} ${t('ANALYTICS.REPORT.STUDENTS')}`,
    header: [
      t('ANALYTICS.STUDENTS.LAST_NAME'),
      t('ANALYTICS.STUDENTS.FIRST_NAME'),
      t('ANALYTICS.REPORT.CORRECT'),
      ...report.questions.flatMap((_, i) => [
        qLabel(t, i),
        `${qLabel(t, i)} ${t('ANALYTICS.REPORT.RESULT_COL')}`,
        `${qLabel(t, i)} (s)`,
      ]),
      t('ANALYTICS.PLAYS.DATE'),
    ],
    rows: report.students.map((s): Cell[] => {
      const byQ = new Map(s.answers.map((a) => [a.questionId, a]));
      return [
        // A report projected with names hidden has none (the server left them out).
        s.lastName ?? null,
        s.firstName ?? null,
        // Without any answer there is no score: the page lists the student as without answer.
        s.answered > 0 ? s.correct : null,
        ...report.questions.flatMap((q): Cell[] => {
          const a = byQ.get(q.questionId);
          if (a)
            return [
              a.filtered ? t('ANALYTICS.REPORT.WORD_FILTERED') : givenText(report, q.questionId, a),
              // Right, partly right or wrong (issue 21); a poll's answer is neither (issue 23).
              t(
                a.verdict === 'none'
                  ? 'ANALYTICS.REPORT.POLL'
                  : a.verdict === 'partial'
                    ? 'ANALYTICS.REPORT.PARTIAL_ANSWER'
                    : a.correct
                      ? 'ANALYTICS.REPORT.RIGHT'
                      : 'ANALYTICS.REPORT.WRONG_ANSWER',
              ),
              seconds(a.timeMs),
            ];
          return [
            t(asked.has(q.questionId) ? 'ANALYTICS.REPORT.NO_ANSWER' : 'ANALYTICS.REPORT.NOT_ASKED'),
            null,
            null,
          ];
        }),
        played,
      ];
    }),
  };
}
