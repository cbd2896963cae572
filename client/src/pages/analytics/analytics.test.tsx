// The analytics pages with API answers shaped by shared/schemas/analytics.ts.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  ClassesAnalytics,
  ClassStudentsAnalytics,
  PersonalAnalytics,
  RaidPlayList,
  RaidReport,
  StudentOwnStats,
} from '../../../../shared/schemas/analytics';
import {
  classesAnalyticsSchema,
  classStudentsAnalyticsSchema,
  personalAnalyticsSchema,
  raidPlayListSchema,
  raidReportSchema,
  studentOwnStatsSchema,
} from '../../../../shared/schemas/analytics';
import { mockApi, renderPage, tx, where } from '../../test-utils/page';
import MyStatsPage from '../student/stats/MyStatsPage';
import ClassesPage from './ClassesPage';
import ClassStudentsPage from './ClassStudentsPage';
import PersonalPage from './PersonalPage';
import RaidReportPage from './RaidReportPage';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const C1 = '0b0e5c1a-0000-4000-8000-000000000001';
const S1 = '0b0e5c1a-0000-4000-8000-0000000000a1';
const ST1 = '0b0e5c1a-0000-4000-8000-000000000011';
const ST2 = '0b0e5c1a-0000-4000-8000-000000000012';
const U1 = '0b0e5c1a-0000-4000-8000-000000000021';
const U2 = '0b0e5c1a-0000-4000-8000-000000000022';
const P1 = '0b0e5c1a-0000-4000-8000-0000000000f1';
const P2 = '0b0e5c1a-0000-4000-8000-0000000000f2';
const R1 = '0b0e5c1a-0000-4000-8000-0000000000b1';
const Q1 = '0b0e5c1a-0000-4000-8000-0000000000c1';
const Q2 = '0b0e5c1a-0000-4000-8000-0000000000c2';
const Q3 = '0b0e5c1a-0000-4000-8000-0000000000c3';
const A = (n: number) => `0b0e5c1a-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`;
const range = { period: 'year' as const, from: '2025-08-31T22:00:00.000Z', to: '2026-08-31T22:00:00.000Z' };

// Every fixture goes through its schema: a fixture the server could not send fails here.
const CLASSES: ClassesAnalytics = classesAnalyticsSchema.parse({
  range,
  classes: [
    {
      schoolclassId: C1,
      schoolclassName: '5e B',
      level: 5,
      subjectId: S1,
      subjectCode: 'MATHEMATICS',
      studentsCount: 28,
      individualRaidsCompleted: 4,
      collectiveRaidsCompleted: 3,
      victoryRate: 2 / 3,
    },
  ],
});

const STUDENTS: ClassStudentsAnalytics = classStudentsAnalyticsSchema.parse({
  range,
  schoolclassId: C1,
  schoolclassName: '5e B',
  subjectId: S1,
  subjectCode: 'MATHEMATICS',
  students: [
    {
      studentId: ST1,
      userId: U1,
      firstName: 'Zoé',
      lastName: 'Martin',
      username: 'zmartin',
      phrasesCreated: 4,
      acceptanceRate: 0.75,
      liveGoodAnswerRate: 0.5,
      liveAnswers: 8,
      homeworkGoodAnswerRate: null,
      homeworkAnswers: 0,
      xp: 1200,
      level: 3,
      levelProgression: 40,
    },
  ],
});

const PLAYS: RaidPlayList = raidPlayListSchema.parse({
  range,
  plays: [
    {
      id: P1,
      raidId: R1,
      raidTitle: 'Les fractions',
      kind: 'live',
      homeworkRaidId: null,
      startedAt: '2026-03-02T08:00:00.000Z',
      endedAt: '2026-03-02T08:20:00.000Z',
      result: 'VICTORY',
      participants: 2,
      goodAnswerRate: 0.5,
    },
    {
      id: P2,
      raidId: R1,
      raidTitle: 'Les fractions',
      kind: 'live',
      homeworkRaidId: null,
      startedAt: '2026-03-09T08:00:00.000Z',
      endedAt: '2026-03-09T08:20:00.000Z',
      result: 'DEFEAT',
      participants: 2,
      goodAnswerRate: 0.25,
    },
  ],
});

const REPORT: RaidReport = raidReportSchema.parse({
  play: PLAYS.plays[1],
  schoolclassId: C1,
  schoolclassName: '5e B',
  subjectId: S1,
  subjectCode: 'MATHEMATICS',
  questions: [
    {
      questionId: Q1,
      position: 0,
      text: 'Combien font 1/2 + 1/4 ?',
      equationMode: false,
      answers: [
        { answerId: A(1), text: '3/4', isCorrect: true, chosenBy: 1 },
        { answerId: A(2), text: '2/6', isCorrect: false, chosenBy: 1 },
      ],
      answered: 2,
      correct: 1,
      asked: true,
      counted: 2,
      shareCorrect: 0.5,
      mostChosenWrong: { answerId: A(2), text: '2/6', chosenBy: 1 },
      meanTimeMs: 9000,
      medianTimeMs: 8500,
    },
    {
      questionId: Q2,
      position: 1,
      text: 'Simplifie 4/8',
      equationMode: false,
      answers: [
        { answerId: A(3), text: '1/2', isCorrect: true, chosenBy: 0 },
        { answerId: A(4), text: '2/4', isCorrect: false, chosenBy: 1 },
      ],
      answered: 1,
      correct: 0,
      asked: true,
      counted: 2,
      shareCorrect: 0,
      mostChosenWrong: { answerId: A(4), text: '2/4', chosenBy: 1 },
      meanTimeMs: 12000,
      medianTimeMs: 12000,
    },
    {
      // The raid was stopped before this one.
      questionId: Q3,
      position: 2,
      text: 'Compare 2/3 et 3/4',
      equationMode: false,
      answers: [
        { answerId: A(5), text: '2/3 < 3/4', isCorrect: true, chosenBy: 0 },
        { answerId: A(6), text: '2/3 > 3/4', isCorrect: false, chosenBy: 0 },
      ],
      answered: 0,
      correct: 0,
      asked: false,
      counted: 0,
      shareCorrect: null,
      mostChosenWrong: null,
      meanTimeMs: null,
      medianTimeMs: null,
    },
  ],
  students: [
    {
      studentId: ST1,
      firstName: 'Zoé',
      lastName: 'Martin',
      username: 'zmartin',
      answered: 2,
      correct: 1,
      answers: [
        { questionId: Q1, answerIds: [A(1)], correct: true, timeMs: 8000 },
        { questionId: Q2, answerIds: [A(4)], correct: false, timeMs: 12000 },
      ],
    },
    {
      studentId: ST2,
      firstName: 'Léo',
      lastName: 'Dupont',
      username: 'ldupont',
      answered: 1,
      correct: 0,
      answers: [{ questionId: Q1, answerIds: [A(2)], correct: false, timeMs: 9000 }],
    },
  ],
});

describe('classes page', () => {
  it('shows each class and subject with its students, raids completed and victory rate, linked to its students', async () => {
    mockApi([{ method: 'GET', path: '/analytics/schoolclasses?period=year', body: CLASSES }]);
    renderPage(<ClassesPage />, '/prof/analytics/schoolclasses');
    const row = (await screen.findByRole('link', { name: '5e B' })).closest('tr') as HTMLElement;
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent?.replace(/\s/g, ' '));
    expect(cells).toEqual([tx('SUBJECTS.MATHEMATICS'), '28', '4', '3', '66,7 %']);
    await userEvent.click(within(row).getByRole('link'));
    expect(where()).toBe(`/prof/analytics/schoolclasses/${C1}/${S1}?period=year`);
  });

  it('asks again for the period the teacher picks, and checks custom dates before asking', async () => {
    const user = userEvent.setup();
    const calls = mockApi([{ method: 'GET', path: /^\/analytics\/schoolclasses\?/, body: CLASSES }]);
    renderPage(<ClassesPage />, '/prof/analytics/schoolclasses');
    await screen.findByRole('link', { name: '5e B' });
    await user.click(screen.getByRole('button', { name: tx('ANALYTICS.PERIOD.MONTH') }));
    await waitFor(() => expect(calls.at(-1)?.url).toBe('/api/analytics/schoolclasses?period=month'));
    expect(where()).toBe('/prof/analytics/schoolclasses?period=month');

    await user.click(screen.getByRole('button', { name: tx('ANALYTICS.PERIOD.CUSTOM') }));
    const from = screen.getByLabelText(tx('ANALYTICS.PERIOD.FROM'));
    const to = screen.getByLabelText(tx('ANALYTICS.PERIOD.TO'));
    await user.type(from, '2026-03-10');
    await user.type(to, '2026-03-01');
    expect(screen.getByRole('alert').textContent).toBe(tx('ERRORS.INVALID_PERIOD'));
    expect(screen.getByRole('button', { name: tx('ANALYTICS.PERIOD.APPLY') })).toHaveProperty(
      'disabled',
      true,
    );
    const before = calls.length;
    await user.clear(to);
    await user.type(to, '2026-03-31');
    await user.click(screen.getByRole('button', { name: tx('ANALYTICS.PERIOD.APPLY') }));
    await waitFor(() =>
      expect(calls.at(-1)?.url).toBe(
        '/api/analytics/schoolclasses?period=custom&from=2026-03-10&to=2026-03-31',
      ),
    );
    expect(calls.length).toBe(before + 1);
  });

  it("shows the server's translated error, and a retry", async () => {
    mockApi([
      {
        method: 'GET',
        path: '/analytics/schoolclasses?period=year',
        status: 400,
        body: { message: 'ERRORS.INVALID_PERIOD' },
      },
    ]);
    renderPage(<ClassesPage />, '/prof/analytics/schoolclasses');
    expect((await screen.findByRole('alert')).textContent).toContain(tx('ERRORS.INVALID_PERIOD'));
    expect(screen.getByRole('button', { name: tx('ANALYTICS.RETRY') })).toBeTruthy();
  });
});

describe('class students page', () => {
  const path = `/analytics/schoolclasses/${C1}/${S1}`;
  const handlers = () => [
    { method: 'GET', path: `${path}?period=year`, body: STUDENTS },
    { method: 'GET', path: `${path}/plays?period=year`, body: PLAYS },
  ];

  it("shows each student's phrases, acceptance, good-answer rates, XP and level, and the raids played", async () => {
    mockApi(handlers());
    renderPage(
      <ClassStudentsPage />,
      '/prof/analytics/schoolclasses/:schoolclassId/:subjectId',
      `/prof/analytics/schoolclasses/${C1}/${S1}`,
    );
    const row = (await screen.findByRole('rowheader', { name: 'Martin' })).closest('tr') as HTMLElement;
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent?.replace(/\s/g, ' '));
    expect(cells.slice(0, 7)).toEqual(['Zoé', '4', '75 %', '50 %', '–', '1200', '3']);
    const plays = await screen.findAllByRole('link', { name: 'Les fractions' });
    expect(plays.map((a) => a.getAttribute('href'))).toEqual([
      `/prof/analytics/report/${P1}`,
      `/prof/analytics/report/${P2}`,
    ]);
  });

  it('refuses a manual XP of 0 or without a reason before sending, then posts it and shows the new XP', async () => {
    const user = userEvent.setup();
    const calls = mockApi([
      ...handlers(),
      {
        method: 'POST',
        path: `${path}/students/${ST1}/xp`,
        status: 201,
        body: { studentId: ST1, applied: 50, xp: 1250, level: 4, levelProgression: 0, powerXp: 10 },
      },
    ]);
    renderPage(
      <ClassStudentsPage />,
      '/prof/analytics/schoolclasses/:schoolclassId/:subjectId',
      `/prof/analytics/schoolclasses/${C1}/${S1}`,
    );
    await user.click(
      await screen.findByRole('button', { name: tx('ANALYTICS.XP.OPEN_FOR', { name: 'Zoé Martin' }) }),
    );
    const dialog = screen.getByRole('dialog');
    const amount = within(dialog).getByLabelText(tx('ANALYTICS.XP.AMOUNT'));
    const reason = within(dialog).getByLabelText(tx('ANALYTICS.XP.REASON'));
    await user.type(amount, '0');
    await user.click(within(dialog).getByRole('button', { name: tx('ANALYTICS.XP.SUBMIT') }));
    const alerts = within(dialog)
      .getAllByRole('alert')
      .map((a) => a.textContent);
    expect(alerts).toEqual([tx('ERRORS.MANUAL_XP_AMOUNT'), tx('ERRORS.MANUAL_XP_REASON')]);
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.clear(amount);
    await user.type(amount, '50');
    await user.type(reason, '  Aide au tableau  ');
    await user.click(within(dialog).getByRole('button', { name: tx('ANALYTICS.XP.SUBMIT') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: `/api${path}/students/${ST1}/xp`,
        body: { amount: 50, reason: 'Aide au tableau' },
      },
    ]);
    const row = screen.getByRole('rowheader', { name: 'Martin' }).closest('tr') as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(5, 7),
    ).toEqual(['1250', '4']);
  });

  it("shows the server's refusal of a manual XP under its field", async () => {
    const user = userEvent.setup();
    mockApi([
      ...handlers(),
      {
        method: 'POST',
        path: `${path}/students/${ST1}/xp`,
        status: 400,
        body: { message: 'ERRORS.MANUAL_XP_AMOUNT', field: 'amount' },
      },
    ]);
    renderPage(
      <ClassStudentsPage />,
      '/prof/analytics/schoolclasses/:schoolclassId/:subjectId',
      `/prof/analytics/schoolclasses/${C1}/${S1}`,
    );
    await user.click(
      await screen.findByRole('button', { name: tx('ANALYTICS.XP.OPEN_FOR', { name: 'Zoé Martin' }) }),
    );
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText(tx('ANALYTICS.XP.AMOUNT')), '999');
    await user.type(within(dialog).getByLabelText(tx('ANALYTICS.XP.REASON')), 'Exposé');
    await user.click(within(dialog).getByRole('button', { name: tx('ANALYTICS.XP.SUBMIT') }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(tx('ERRORS.MANUAL_XP_AMOUNT'));
  });
});

describe('raid report page', () => {
  it("shows per question the share who found it, the most chosen wrong answer and the time, and each student's answers", async () => {
    mockApi([{ method: 'GET', path: `/analytics/plays/${P2}`, body: REPORT }]);
    renderPage(<RaidReportPage />, '/prof/analytics/report/:playId', `/prof/analytics/report/${P2}`);
    const q1 = (await screen.findByRole('rowheader', { name: /1\/2 \+ 1\/4/ })).closest('tr') as HTMLElement;
    expect(
      within(q1)
        .getAllByRole('cell')
        .map((c) => c.textContent?.replace(/\s/g, ' ')),
    ).toEqual([
      '50 %',
      '1 / 2',
      `2/6 ${tx('ANALYTICS.REPORT.CHOSEN_BY_COUNT', { count: 1 })}`,
      tx('ANALYTICS.REPORT.SECONDS', { s: '8,5' }),
    ]);
    const leo = screen.getByRole('rowheader', { name: 'Léo Dupont' }).closest('tr') as HTMLElement;
    const cells = within(leo)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells[0]).toBe('0 / 2');
    expect(cells[1]).toContain('2/6');
    expect(cells[1]).toContain(tx('ANALYTICS.REPORT.WRONG_ANSWER'));
    expect(cells[2]).toBe(tx('ANALYTICS.REPORT.NO_ANSWER'));
    // Stopped before question 3: "not asked", not "no answer", and no share.
    expect(cells[3]).toBe(tx('ANALYTICS.REPORT.NOT_ASKED'));
    const q3 = screen.getByRole('rowheader', { name: /Compare/ }).closest('tr') as HTMLElement;
    expect(within(q3).getAllByRole('cell')[0].textContent).toBe(tx('ANALYTICS.REPORT.NOT_ASKED'));
  });

  it('numbers the students when opened from the projector, until the teacher shows the names', async () => {
    const user = userEvent.setup();
    // Projected: read with safe words (issue 23); names hidden, the server sends none.
    const nameless = {
      ...REPORT,
      students: REPORT.students.map(({ firstName, lastName, username, ...s }) => s),
    };
    mockApi([
      { method: 'GET', path: `/analytics/plays/${P2}?words=safe&names=hidden`, body: nameless },
      { method: 'GET', path: `/analytics/plays/${P2}?words=safe`, body: REPORT },
    ]);
    renderPage(
      <RaidReportPage />,
      '/prof/analytics/report/:playId',
      `/prof/analytics/report/${P2}?names=hidden`,
    );
    await screen.findByRole('rowheader', { name: tx('ANALYTICS.REPORT.PUPIL_N', { n: 1 }) });
    expect(screen.queryByText(/Martin|Dupont/)).toBeNull();
    await user.click(screen.getByRole('button', { name: tx('ANALYTICS.REPORT.SHOW_NAMES') }));
    expect(await screen.findByRole('rowheader', { name: 'Léo Dupont' })).toBeTruthy();
  });

  it("opens, from the projector's end screen, the latest live play of that raid in that class", async () => {
    const calls = mockApi([
      {
        method: 'GET',
        path: `/analytics/schoolclasses/${C1}/${S1}/plays?period=year&kind=live`,
        body: PLAYS,
      },
      { method: 'GET', path: `/analytics/plays/${P2}`, body: REPORT },
    ]);
    renderPage(
      <RaidReportPage />,
      '/prof/analytics/report/:playId',
      `/prof/analytics/report/latest?schoolclassId=${C1}&subjectId=${S1}&raidId=${R1}`,
    );
    await screen.findByRole('heading', { name: tx('ANALYTICS.REPORT.TITLE', { raid: 'Les fractions' }) });
    expect(where()).toBe(`/prof/analytics/report/${P2}`);
    expect(calls.map((c) => c.url)).toContain(`/api/analytics/plays/${P2}`);
  });

  it('exports the questions as a CSV a French spreadsheet reads', async () => {
    const user = userEvent.setup();
    mockApi([{ method: 'GET', path: `/analytics/plays/${P2}`, body: REPORT }]);
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      blobs.push(b as Blob);
      return 'blob:x';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    renderPage(<RaidReportPage />, '/prof/analytics/report/:playId', `/prof/analytics/report/${P2}`);
    await screen.findByRole('rowheader', { name: /1\/2 \+ 1\/4/ });
    await user.click(screen.getAllByRole('button', { name: tx('ANALYTICS.EXPORT.CSV') })[0]);
    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(clicks[0]).toMatch(/^Les-fractions-.*\.csv$/);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await blobs[0].arrayBuffer());
    const lines = text.split('\r\n');
    expect(lines[0].startsWith('\uFEFF#;')).toBe(true);
    expect(lines[1]).toBe('1;Combien font 1/2 + 1/4 ?;50;1;2;2/6;1;;8,5;9;09/03/2026 09:00');
  });
});

describe('personal page', () => {
  it("shows the period's totals and the same numbers per day in a table a screen reader reads", async () => {
    const body: PersonalAnalytics = personalAnalyticsSchema.parse({
      range,
      totals: { connections: 12, summons: 7, codexDisplays: 3, raidsCreated: 2, raidsStarted: 5 },
      series: {
        connections: [
          { day: '2026-03-02', count: 5 },
          { day: '2026-03-03', count: 7 },
        ],
        summons: [{ day: '2026-03-03', count: 7 }],
        codexDisplays: [{ day: '2026-03-02', count: 3 }],
        raidsCreated: [{ day: '2026-03-02', count: 2 }],
        raidsStarted: [{ day: '2026-03-03', count: 5 }],
      },
    });
    mockApi([{ method: 'GET', path: '/analytics/personal?period=week', body }]);
    renderPage(<PersonalPage />, '/prof/analytics/personal', '/prof/analytics/personal?period=week');
    expect((await screen.findByTestId('total-connections')).textContent).toBe('12');
    expect(screen.getByTestId('total-raidsStarted').textContent).toBe('5');
    const table = screen.getByRole('table', { name: tx('ANALYTICS.PERSONAL.CHART') });
    const day = within(table).getByRole('rowheader', { name: '03/03/2026' }).closest('tr') as HTMLElement;
    expect(
      within(day)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['7', '7', '0', '0', '5']);
  });
});

describe('my stats (student)', () => {
  it("shows the student's level, XP curve, raids played, rate per subject and the teacher's reason", async () => {
    const body: StudentOwnStats = studentOwnStatsSchema.parse({
      range,
      xp: 1250,
      level: 4,
      levelProgression: 0,
      xpHistory: [
        { at: '2026-03-02T08:20:00.000Z', xp: 1200, level: 3, gain: 40, source: 'live', reason: null },
        {
          at: '2026-03-03T10:00:00.000Z',
          xp: 1250,
          level: 4,
          gain: 50,
          source: 'manual',
          reason: 'Aide au tableau',
        },
      ],
      raidsPlayed: { live: 3, homework: 1 },
      subjects: [{ subjectId: S1, subjectCode: 'MATHEMATICS', answers: 8, correct: 6, goodAnswerRate: 0.75 }],
    });
    mockApi([{ method: 'GET', path: '/analytics/me?period=year', body }]);
    renderPage(<MyStatsPage />, '/student/stats');
    expect((await screen.findByTestId('my-level')).textContent).toBe('4');
    expect(screen.getByTestId('my-xp').textContent).toBe('1250');
    expect(screen.getByText(/Aide au tableau/)).toBeTruthy();
    const row = screen
      .getByRole('rowheader', { name: tx('SUBJECTS.MATHEMATICS') })
      .closest('tr') as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent?.replace(/\s/g, ' ')),
    ).toEqual(['75 %', '6 / 8']);
    const curve = screen.getByRole('table', { name: tx('ANALYTICS.ME.CHART') });
    expect(
      within(curve)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1200', '1250']);
    // The level over time too, with its table a screen reader reads.
    const levels = screen.getByRole('table', { name: tx('ANALYTICS.MY_HISTORY.LEVEL_CHART') });
    expect(
      within(levels)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['3', '4']);
    // The XP history and the per-subject table export.
    expect(screen.getAllByRole('button', { name: tx('ANALYTICS.EXPORT.CSV') })).toHaveLength(2);
  });
});
