// The raid report of the kinds of question (issue 23): a number's wrong values with "accept this
// answer" (one request even on a double click, the report read again after), an order's wrong
// orders, a poll's answers as counted (never a share), typed values in the pupils' table and in the
// exports.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TFunction } from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type RaidReport, raidReportSchema } from '../../../../shared/schemas/analytics';
import i18n from '../../i18n';
import { readXlsx } from '../../lib/export/read-xlsx';
import { xlsxBytes } from '../../lib/export/xlsx';
import { mockApi, renderPage, tx } from '../../test-utils/page';
import RaidReportPage from './RaidReportPage';
import { answersExport, questionsExport } from './report-export';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const t = i18n.t.bind(i18n) as TFunction;
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const PLAY = id(1);
const [QN, QO, QP] = [id(101), id(102), id(103)];
const ITEMS = [id(201), id(202), id(203)];
const base = {
  equationMode: false,
  asked: true,
  meanTimeMs: 5000,
  medianTimeMs: 5000,
  mostChosenWrong: null,
};

const REPORT: RaidReport = raidReportSchema.parse({
  play: {
    id: PLAY,
    raidId: id(2),
    raidTitle: 'Un peu de tout',
    kind: 'live',
    homeworkRaidId: null,
    startedAt: '2026-11-27T09:00:00.000Z',
    endedAt: '2026-11-27T09:10:00.000Z',
    result: 'DEFEAT',
    participants: 2,
    goodAnswerRate: 0,
  },
  schoolclassId: id(4),
  schoolclassName: '5e B',
  subjectId: id(5),
  subjectCode: 'MATHEMATICS',
  questions: [
    {
      ...base,
      questionId: QN,
      position: 0,
      text: 'Donne π au centième',
      answers: [],
      answered: 2,
      correct: 0,
      counted: 2,
      shareCorrect: 0,
      kind: 'number',
      unit: null,
      wrongValues: [{ key: '3.2', value: '3,2', count: 2 }],
      accepted: [],
    },
    {
      ...base,
      questionId: QO,
      position: 1,
      text: 'Range ces dates',
      answers: ['1492', '1515', '1789'].map((text, i) => ({
        answerId: ITEMS[i],
        text,
        isCorrect: true,
        chosenBy: 0,
      })),
      answered: 2,
      correct: 0,
      counted: 2,
      shareCorrect: 0,
      kind: 'order',
      wrongOrders: [{ answerIds: [ITEMS[1], ITEMS[0], ITEMS[2]], count: 2 }],
      accepted: [],
    },
    {
      ...base,
      questionId: QP,
      position: 2,
      text: 'Quel sujet revoir ?',
      answers: [],
      answered: 2,
      correct: 0,
      counted: 2,
      shareCorrect: null,
      kind: 'poll',
      pollValues: [
        { value: 'les fractions', count: 1 },
        { value: 'Pythagore', count: 1 },
      ],
      accepted: [],
    },
  ],
  students: [
    {
      studentId: id(10),
      firstName: 'Zoé',
      lastName: 'Martin',
      username: 'zmartin',
      answered: 3,
      correct: 0,
      answers: [
        { questionId: QN, answerIds: [], value: '3,2', correct: false, verdict: 'wrong', timeMs: 4000 },
        {
          questionId: QO,
          answerIds: [ITEMS[1], ITEMS[0], ITEMS[2]],
          value: null,
          correct: false,
          verdict: 'wrong',
          timeMs: 4000,
        },
        {
          questionId: QP,
          answerIds: [],
          value: 'les fractions',
          correct: false,
          verdict: 'none',
          timeMs: 3000,
        },
      ],
    },
  ],
});

describe('the raid report of every kind', () => {
  it('shows the wrong values, orders and the poll, and accepts an answer once on a double click', async () => {
    const calls = mockApi([
      { method: 'GET', path: `/analytics/plays/${PLAY}`, body: REPORT },
      {
        method: 'POST',
        path: `/analytics/plays/${PLAY}/accept`,
        body: { questionId: QN, accepted: ['3.2'], changed: 2 },
      },
    ]);
    renderPage(<RaidReportPage />, '/prof/analytics/report/:playId', `/prof/analytics/report/${PLAY}`);
    const number = (await screen.findByRole('rowheader', { name: /Donne π/ })).closest('tr') as HTMLElement;
    expect(within(number).getByText('3,2')).toBeTruthy();
    const order = screen.getByRole('rowheader', { name: /Range ces dates/ }).closest('tr') as HTMLElement;
    expect(within(order).getByText(/1515 → 1492 → 1789/)).toBeTruthy();
    // A poll: no share, its answers as counted.
    const poll = screen.getByRole('rowheader', { name: /Quel sujet/ }).closest('tr') as HTMLElement;
    const cells = within(poll).getAllByRole('cell');
    expect(cells[0].textContent).toBe(tx('ANALYTICS.REPORT.POLL'));
    expect(within(poll).getByText('Pythagore')).toBeTruthy();
    // The pupil's typed value and order; the score leaves the poll out (0 of 2).
    const zoe = screen.getByRole('rowheader', { name: 'Zoé Martin' }).closest('tr') as HTMLElement;
    const z = within(zoe)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(z[0]).toBe('0 / 2');
    expect(z[1]).toContain('3,2');
    expect(z[2]).toContain('1515 → 1492 → 1789');
    expect(z[3]).toContain('les fractions');

    const button = within(number).getByRole('button', {
      name: tx('ANALYTICS.REPORT.ACCEPT_LABEL', { value: '3,2' }),
    });
    await userEvent.dblClick(button);
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      tx('ANALYTICS.REPORT.ACCEPT_DONE', { count: 2 }),
    );
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toEqual([
      { method: 'POST', url: `/api/analytics/plays/${PLAY}/accept`, body: { questionId: QN, value: '3,2' } },
    ]);
    // The report is read again (scores, shares and figures recomputed by the server).
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'GET' && c.url.endsWith(`/plays/${PLAY}`)).length).toBe(2),
    );
  });

  it('projected (names hidden), shows the typed words the server sent, the rude ones as counted only', async () => {
    // What the server answers with `words=safe`: the rude word stayed there, counted.
    const safe: RaidReport = {
      ...REPORT,
      questions: REPORT.questions.map((q) =>
        q.questionId === QP ? { ...q, pollValues: [{ value: 'les fractions', count: 1 }], filtered: 1 } : q,
      ),
      students: [
        ...REPORT.students,
        {
          studentId: id(11),
          firstName: 'Hugo',
          lastName: 'Durand',
          username: 'hdurand',
          answered: 1,
          correct: 0,
          answers: [
            {
              questionId: QP,
              answerIds: [],
              value: null,
              filtered: true,
              correct: false,
              verdict: 'none',
              timeMs: 3000,
            },
          ],
        },
      ],
    };
    // Names hidden: the server sends none (`names=hidden`).
    const nameless = { ...safe, students: safe.students.map(({ firstName, lastName, username, ...s }) => s) };
    const calls = mockApi([
      { method: 'GET', path: `/analytics/plays/${PLAY}?words=safe&names=hidden`, body: nameless },
      { method: 'GET', path: `/analytics/plays/${PLAY}?words=safe`, body: safe },
    ]);
    renderPage(
      <RaidReportPage />,
      '/prof/analytics/report/:playId',
      `/prof/analytics/report/${PLAY}?names=hidden`,
    );
    const poll = (await screen.findByRole('rowheader', { name: /Quel sujet/ })).closest('tr') as HTMLElement;
    expect(within(poll).getByText('les fractions')).toBeTruthy();
    expect(within(poll).getByText(tx('ANALYTICS.REPORT.FILTERED', { count: 1 }))).toBeTruthy();
    expect(screen.getByText(tx('ANALYTICS.REPORT.WORDS_SAFE'))).toBeTruthy();
    // Numbered pupils; the one whose word was held back shows the filter's mark, not a word.
    const second = screen
      .getByRole('rowheader', { name: tx('ANALYTICS.REPORT.PUPIL_N', { n: 2 }) })
      .closest('tr') as HTMLElement;
    expect(within(second).getAllByRole('cell')[3].textContent).toContain(
      tx('ANALYTICS.REPORT.WORD_FILTERED'),
    );
    expect(screen.queryByText(/Zoé|Hugo/)).toBeNull();
    // Numbers and orders are shown as ever.
    expect(screen.getAllByText(/1515 → 1492 → 1789/).length).toBeGreaterThan(0);

    // Names shown on the projector: still the safe words, never the whole report.
    await userEvent.click(screen.getByRole('button', { name: tx('ANALYTICS.REPORT.SHOW_NAMES') }));
    expect(await screen.findByRole('rowheader', { name: 'Hugo Durand' })).toBeTruthy();
    expect(screen.getByText(tx('ANALYTICS.REPORT.WORDS_SAFE'))).toBeTruthy();
    expect(calls.map((c) => c.url)).not.toContain(`/api/analytics/plays/${PLAY}`);
  });

  it("shows the server's refusal next to the button", async () => {
    mockApi([
      { method: 'GET', path: `/analytics/plays/${PLAY}`, body: REPORT },
      {
        method: 'POST',
        path: `/analytics/plays/${PLAY}/accept`,
        status: 409,
        body: { message: 'ERRORS.ACCEPT_PLAY_RUNNING' },
      },
    ]);
    renderPage(<RaidReportPage />, '/prof/analytics/report/:playId', `/prof/analytics/report/${PLAY}`);
    await userEvent.click(
      await screen.findByRole('button', { name: tx('ANALYTICS.REPORT.ACCEPT_LABEL', { value: '3,2' }) }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(tx('ERRORS.ACCEPT_PLAY_RUNNING'));
  });

  it('the exports show typed values, orders and the poll readably, in CSV and XLSX alike', () => {
    const answers = answersExport(REPORT, t);
    const [zoe] = answers.rows;
    expect(zoe.slice(0, 12)).toEqual([
      'Martin',
      'Zoé',
      0,
      '3,2',
      t('ANALYTICS.REPORT.WRONG_ANSWER'),
      4,
      '1515 → 1492 → 1789',
      t('ANALYTICS.REPORT.WRONG_ANSWER'),
      4,
      'les fractions',
      t('ANALYTICS.REPORT.POLL'),
      3,
    ]);
    const questions = questionsExport(REPORT, t);
    expect(questions.rows[0].slice(0, 8)).toEqual([1, 'Donne π au centième', 0, 0, 2, '3,2', 2, null]);
    expect(questions.rows[1].slice(5, 7)).toEqual(['1515 → 1492 → 1789', 2]);
    // A poll: no share, no "right", its answers as counted.
    expect(questions.rows[2].slice(2, 7)).toEqual([
      null,
      null,
      2,
      `${t('ANALYTICS.REPORT.POLL')} : les fractions (1) · Pythagore (1)`,
      null,
    ]);
    const read = readXlsx(xlsxBytes(questions));
    expect(read[2][5]).toBe('1515 → 1492 → 1789');
  });
});
