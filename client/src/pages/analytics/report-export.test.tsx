// The raid report's exports read as the page does (issue 21, item 14): a student without any answer
// has no score, a question the raid never reached is "not asked" (not "no answer"), and the answers
// column is named for what it counts.
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { type RaidReport, raidReportSchema } from '../../../../shared/schemas/analytics';
import i18n from '../../i18n';
import { readXlsx } from '../../lib/export/read-xlsx';
import { xlsxBytes } from '../../lib/export/xlsx';
import { answersExport, askedQuestions, questionsExport } from './report-export';

const t = i18n.t.bind(i18n) as TFunction;
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const question = (n: number, answered: number, correct: number, asked = answered > 0) => ({
  questionId: id(100 + n),
  position: n - 1,
  text: `Question ${n}`,
  equationMode: false,
  answers: [
    { answerId: id(200 + 2 * n), text: `juste ${n}`, isCorrect: true, chosenBy: correct },
    { answerId: id(201 + 2 * n), text: `faux ${n}`, isCorrect: false, chosenBy: answered - correct },
  ],
  answered,
  correct,
  asked,
  counted: answered,
  shareCorrect: answered ? correct / answered : null,
  mostChosenWrong: null,
  meanTimeMs: answered ? 5000 : null,
  medianTimeMs: answered ? 5000 : null,
});

/** A live raid of 4 questions that ended after question 2: Q3 and Q4 were never asked. */
function report(kind: 'live' | 'homework' = 'live'): RaidReport {
  return raidReportSchema.parse({
    play: {
      id: id(1),
      raidId: id(2),
      raidTitle: 'Les fractions',
      kind,
      homeworkRaidId: kind === 'homework' ? id(3) : null,
      startedAt: '2026-11-27T09:00:00.000Z',
      endedAt: '2026-11-27T09:10:00.000Z',
      result: kind === 'live' ? 'DEFEAT' : null,
      participants: 1,
      goodAnswerRate: 0.5,
    },
    schoolclassId: id(4),
    schoolclassName: '5e B',
    subjectId: id(5),
    subjectCode: 'MATHEMATICS',
    // The server marks what a homework offers (every question) and what a live raid showed.
    questions: [1, 2, 3, 4].map((n) =>
      question(n, n <= 2 ? 1 : 0, n === 1 ? 1 : 0, kind === 'homework' || n <= 2),
    ),
    students: [
      {
        studentId: id(10),
        firstName: 'Zoé',
        lastName: 'Martin',
        username: 'zmartin',
        answered: 2,
        correct: 1,
        answers: [
          { questionId: id(101), answerIds: [id(202)], correct: true, timeMs: 4000 },
          { questionId: id(102), answerIds: [id(205)], correct: false, timeMs: 6000 },
        ],
      },
      {
        studentId: id(11),
        firstName: 'Léo',
        lastName: 'Dupont',
        username: 'ldupont',
        answered: 0,
        correct: 0,
        answers: [],
      },
    ],
  });
}

describe('raid report exports', () => {
  it('names the questions the server marks asked (a live raid stopped after question 2)', () => {
    expect([...askedQuestions(report())]).toEqual([id(101), id(102)]);
    expect(askedQuestions(report('homework')).size).toBe(4);
  });

  it('the answers export: no score for a student without answer, never-asked questions said so', () => {
    const table = answersExport(report(), t);
    const [zoe, leo] = table.rows;
    const NO = t('ANALYTICS.REPORT.NO_ANSWER');
    const NOT = t('ANALYTICS.REPORT.NOT_ASKED');
    expect(NOT).toBe('Non posée');
    // Zoé answered Q1 right and Q2 wrong; Q3 and Q4 were never asked.
    expect(zoe.slice(0, 15)).toEqual([
      'Martin',
      'Zoé',
      1,
      'juste 1',
      t('ANALYTICS.REPORT.RIGHT'),
      4,
      'faux 2',
      t('ANALYTICS.REPORT.WRONG_ANSWER'),
      6,
      NOT,
      null,
      null,
      NOT,
      null,
      null,
    ]);
    // Léo answered nothing: no "0" score, "no answer" to what was asked, "not asked" to the rest.
    expect(leo.slice(0, 3)).toEqual(['Dupont', 'Léo', null]);
    expect([leo[3], leo[6], leo[9], leo[12]]).toEqual([NO, NO, NOT, NOT]);
    // The XLSX holds the same: an empty score cell, not 0.
    const rows = readXlsx(xlsxBytes(table));
    expect(rows[2].slice(0, 4)).toEqual(['Dupont', 'Léo', null, NO]);
  });

  it('the questions export: the answers column counts answers under its own name', () => {
    const table = questionsExport(report(), t);
    expect(table.header[3]).toBe(t('ANALYTICS.REPORT.CORRECT'));
    expect(table.header[4]).toBe('Réponses');
    expect(table.header).not.toContain(t('ANALYTICS.REPORT.ANSWERED'));
    expect(table.rows[1].slice(0, 5)).toEqual([2, 'Question 2', 0, 0, 1]);
    expect(table.rows[2].slice(0, 5)).toEqual([3, 'Question 3', null, null, t('ANALYTICS.REPORT.NOT_ASKED')]);
  });
});
