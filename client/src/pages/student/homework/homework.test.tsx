import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NO_ACCOMMODATIONS } from '../../../../../shared/schemas/accommodations';
import type { HomeworkPlayDto, HomeworkQuestionDto, HomeworkRaidDto } from '../../../../../shared/types';
import type { AppRoute } from '../../../app/routes';
import { type Routes, renderApp, signIn, stubFetch, studentRecord, studentUser } from '../../../app/test-app';
import { setDisplayPrefs } from '../../../lib/display-prefs';
import { tx } from '../../../test-utils/page';

const ROUTES: AppRoute[] = [
  { name: 'raid-list', path: '/student/raid-list', access: 'STUDENT', load: () => import('./RaidListPage') },
  {
    name: 'student-raid',
    path: '/student/raid/:homeworkId/:professorId/:subjectId/:raidId/:schoolclassId',
    access: 'STUDENT',
    load: () => import('./HomeworkRaidPage'),
  },
];

const homework = (over: Partial<HomeworkRaidDto> = {}): HomeworkRaidDto => ({
  id: 'hw1',
  name: 'Les fractions',
  isOnGoing: true,
  createdAt: '2026-11-20T10:00:00.000Z',
  raidId: 'r1',
  schoolclassId: 'c1',
  schoolclassName: '5e B',
  professor: { id: 'p1', civility: 'MME' },
  user: { firstName: 'Claire', lastName: 'Fontaine', avatar: null },
  subject: { id: 's1', code: 'MATHEMATICS', name: 'Mathematics' },
  questionCount: 2,
  answeredCount: 0,
  completion: null,
  startsOn: null,
  dueOn: null,
  maxTries: 1,
  multiScoring: 'all',
  upcoming: false,
  overdue: false,
  ...over,
});
const question = (
  id: string,
  text: string,
  over: Partial<HomeworkQuestionDto> = {},
): HomeworkQuestionDto => ({
  kind: 'choice',
  id,
  text,
  equationMode: false,
  image: null,
  multiple: false,
  toPick: 1,
  answers: [
    { id: `${id}-a`, text: 'Un demi' },
    { id: `${id}-b`, text: 'Un quart' },
  ],
  given: null,
  ...over,
});
const PLAY_URL = '/student/raid/hw1/p1/s1/r1/c1';

function open(url: string, extra: Routes) {
  const calls = stubFetch({
    'GET /api/users/u-stu': { body: studentRecord() },
    'GET /api/changelog': { body: [] },
    ...extra,
  });
  signIn(studentUser());
  return { calls, ...renderApp(url, ROUTES) };
}

describe('RaidListPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a card per homework with subject, teacher, state and a link to play it', async () => {
    open('/student/raid-list', {
      'GET /api/homeworkRaids/st1': {
        body: [
          homework(),
          homework({
            id: 'hw2',
            name: 'Puissances',
            completion: {
              score: 7,
              total: 9,
              xpGained: 90,
              completedAt: '2026-11-21T10:00:00.000Z',
              tries: 1,
              retrying: false,
              late: false,
            },
          }),
        ],
      },
    });
    const cards = within(await screen.findByRole('list', { name: tx('STUDENT.RAIDS.TITLE') })).getAllByRole(
      'listitem',
    );
    expect(cards).toHaveLength(2);
    const first = within(cards[0]);
    expect(first.getByRole('heading', { name: 'Les fractions' })).toBeTruthy();
    expect(first.getByText(tx('SUBJECTS.MATHEMATICS'))).toBeTruthy();
    expect(first.getByText(new RegExp(`${tx('STUDENT.RAIDS.CIVILITY_MME')} Fontaine`))).toBeTruthy();
    expect(first.getByText(tx('STUDENT.RAIDS.TODO'))).toBeTruthy();
    expect(first.getByRole('link').getAttribute('href')).toBe(PLAY_URL);
    expect(within(cards[1]).getByText(tx('STUDENT.RAIDS.DONE_SCORE', { score: 7, total: 9 }))).toBeTruthy();
  });

  it('shows the waiting character when there is no homework', async () => {
    open('/student/raid-list', { 'GET /api/homeworkRaids/st1': { body: [] } });
    expect(await screen.findByRole('heading', { name: tx('STUDENT.RAIDS.EMPTY_TITLE') })).toBeTruthy();
    expect(screen.getByText(tx('STUDENT.RAIDS.EMPTY_TEXT'))).toBeTruthy();
    expect(document.querySelector('.waiting__hero')?.getAttribute('src')).toBe(
      '/assets/avatars/prof/body/x.webp',
    );
  });

  it('offers a retry when the list cannot be loaded', async () => {
    let fail = true;
    open('/student/raid-list', {
      'GET /api/homeworkRaids/st1': () =>
        fail ? { status: 500, body: { message: 'ERRORS.GENERIC' } } : { body: [] },
    });
    expect((await screen.findByRole('alert')).textContent).toContain(tx('ERRORS.GENERIC'));
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: tx('COMMON.RETRY') }));
    expect(await screen.findByRole('heading', { name: tx('STUDENT.RAIDS.EMPTY_TITLE') })).toBeTruthy();
  });
});

describe('HomeworkRaidPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  const play = (over: Partial<HomeworkPlayDto> = {}): HomeworkPlayDto => ({
    homework: homework(),
    title: 'Les fractions',
    questions: [
      question('q1', 'Combien vaut $$\\frac{1}{2}$$ ?'),
      question('q2', 'Lesquelles sont égales ?', {
        multiple: true,
        image: '/uploads/questions/fig.png',
      }),
    ],
    ...over,
  });

  it('plays question by question, tells right or wrong, then shows score, XP, power XP, coins and the new level', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const toTop = expect.objectContaining({ top: 0 });
    const { calls } = open(PLAY_URL, {
      'GET /api/students/st1/homework/hw1': { body: play() },
      'POST /api/students/st1/homework/hw1/answer': (init) => {
        const body = JSON.parse(String(init?.body));
        return body.questionId === 'q1'
          ? {
              body: { correct: true, verdict: 'right', credit: 1, missedIds: [], correctAnswerIds: ['q1-a'] },
            }
          : {
              body: {
                correct: false,
                verdict: 'wrong',
                credit: 0,
                missedIds: ['q2-a', 'q2-b'],
                correctAnswerIds: ['q2-a', 'q2-b'],
              },
            };
      },
      'POST /api/students/st1/homework/hw1/finish': {
        body: {
          score: 1,
          total: 2,
          xpGained: 30,
          coinsGained: 6,
          level: 5,
          levelProgression: 10,
          previousLevel: 4,
          coin: 126,
        },
      },
    });
    expect(await screen.findByText(tx('STUDENT.PLAY.QUESTION_OF', { index: 1, count: 2 }))).toBeTruthy();
    // One right answer: a tap sends it.
    fireEvent.click(screen.getByRole('button', { name: /Un demi/ }));
    expect(await screen.findByText(tx('STUDENT.PLAY.RIGHT'))).toBeTruthy();
    expect(calls.find((c) => c.url.endsWith('/answer'))?.body).toEqual({
      questionId: 'q1',
      answerIds: ['q1-a'],
    });
    scrollTo.mockClear();
    fireEvent.click(screen.getByRole('button', { name: tx('STUDENT.PLAY.NEXT') }));
    // Several right answers: pick, then validate. The new question starts at the top of the page.
    expect(await screen.findByText(tx('STUDENT.PLAY.QUESTION_OF', { index: 2, count: 2 }))).toBeTruthy();
    expect(scrollTo).toHaveBeenCalledWith(toTop);
    expect(screen.getByAltText(tx('STUDENT.PLAY.IMAGE_ALT')).getAttribute('src')).toBe(
      '/uploads/questions/fig.png',
    );
    fireEvent.click(screen.getByRole('button', { name: /Un quart/ }));
    fireEvent.click(screen.getByRole('button', { name: tx('PHONE.VALIDATE', { count: 1 }) }));
    expect(await screen.findByText(tx('STUDENT.PLAY.WRONG'))).toBeTruthy();
    scrollTo.mockClear();
    fireEvent.click(screen.getByRole('button', { name: tx('STUDENT.PLAY.FINISH') }));
    expect((await screen.findByTestId('homework-score')).textContent).toBe(
      tx('STUDENT.PLAY.SCORE', { score: 1, total: 2 }),
    );
    // The result starts at the top, not at the scroll of the last question.
    expect(scrollTo).toHaveBeenCalledWith(toTop);
    expect(screen.getByText(tx('STUDENT.PLAY.XP_GAINED', { count: 30 }))).toBeTruthy();
    expect(screen.getByText(tx('STUDENT.PLAY.COINS_GAINED', { count: 6 }))).toBeTruthy();
    // A positive gain also brings one power XP (SPEC point 4).
    expect(screen.getByText(tx('STUDENT.PLAY.POWER_XP_GAINED', { count: 1 }))).toBeTruthy();
    scrollTo.mockRestore();
    expect(screen.getByText(tx('STUDENT.PLAY.LEVEL_UP', { level: 5 }))).toBeTruthy();
  });

  it('resumes at the first question left after a reload', async () => {
    open(PLAY_URL, {
      'GET /api/students/st1/homework/hw1': {
        body: play({
          questions: [
            question('q1', 'Première', {
              given: { answerIds: ['q1-a'], correct: true, verdict: 'right', correctAnswerIds: ['q1-a'] },
            }),
            question('q2', 'Deuxième'),
          ],
        }),
      },
    });
    expect(await screen.findByText(tx('STUDENT.PLAY.QUESTION_OF', { index: 2, count: 2 }))).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Deuxième' })).toBeTruthy();
  });

  it('says "This raid has already been completed" with the score when it is', async () => {
    open(PLAY_URL, {
      'GET /api/students/st1/homework/hw1': {
        body: play({
          homework: homework({
            completion: {
              score: 1,
              total: 2,
              xpGained: 15,
              completedAt: '2026-11-21T10:00:00.000Z',
              tries: 1,
              retrying: false,
              late: false,
            },
          }),
          questions: [
            question('q1', 'Première', {
              given: { answerIds: ['q1-a'], correct: true, verdict: 'right', correctAnswerIds: ['q1-a'] },
            }),
            question('q2', 'Deuxième'),
          ],
        }),
      },
    });
    expect(await screen.findByText(tx('STUDENT.ERRORS.RAID_ALREADY_COMPLETED'))).toBeTruthy();
    expect(screen.getByText(tx('STUDENT.PLAY.SCORE', { score: 1, total: 2 }))).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Un demi/ })).toBeNull();
    // The review lists each question with what became of the answer.
    const review = within(screen.getByRole('list', { name: tx('STUDENT.PLAY.REVIEW') })).getAllByRole(
      'listitem',
    );
    expect(review.map((li) => li.textContent)).toEqual([
      `✓Première : ${tx('STUDENT.PLAY.RIGHT')}`,
      `✗Deuxième : ${tx('STUDENT.PLAY.REVIEW_NONE')}`,
    ]);
  });

  it('shows the server refusal (stopped homework) and a way back to the list', async () => {
    open(PLAY_URL, {
      'GET /api/students/st1/homework/hw1': {
        status: 409,
        body: { message: 'STUDENT.ERRORS.HOMEWORK_STOPPED' },
      },
    });
    expect((await screen.findByRole('alert')).textContent).toContain(tx('STUDENT.ERRORS.HOMEWORK_STOPPED'));
    expect(screen.getByRole('link', { name: tx('STUDENT.PLAY.BACK_TO_LIST') }).getAttribute('href')).toBe(
      '/student/raid-list',
    );
  });

  it('refuses an address whose raid or class does not match the homework', async () => {
    open('/student/raid/hw1/p1/s1/other-raid/c1', { 'GET /api/students/st1/homework/hw1': { body: play() } });
    expect((await screen.findByRole('alert')).textContent).toContain(tx('ERRORS.NOT_FOUND'));
  });

  it('reloads from the server when the question was already answered elsewhere', async () => {
    let answered = false;
    open(PLAY_URL, {
      'GET /api/students/st1/homework/hw1': () => ({
        body: answered
          ? play({
              questions: [
                question('q1', 'Première', {
                  given: {
                    answerIds: ['q1-b'],
                    correct: false,
                    verdict: 'wrong',
                    correctAnswerIds: ['q1-a'],
                  },
                }),
                question('q2', 'Deuxième'),
              ],
            })
          : play(),
      }),
      'POST /api/students/st1/homework/hw1/answer': () => {
        answered = true;
        return { status: 409, body: { message: 'STUDENT.ERRORS.ALREADY_ANSWERED' } };
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: /Un demi/ }));
    await waitFor(() =>
      expect(screen.getByText(tx('STUDENT.PLAY.QUESTION_OF', { index: 2, count: 2 }))).toBeTruthy(),
    );
  });
});

describe('the pupil display settings on homework (issue 24)', () => {
  const friendly = { ...NO_ACCOMMODATIONS, readingFriendly: true, readAloud: true, fewerAnimations: true };
  const mine = { 'GET /api/students/st1/accommodations': { body: friendly } };
  afterEach(() => {
    vi.unstubAllGlobals();
    setDisplayPrefs(NO_ACCOMMODATIONS);
  });

  it('applies the reading-friendly display and fewer animations to the list and the play page', async () => {
    const list = open('/student/raid-list', {
      ...mine,
      'GET /api/homeworkRaids/st1': { body: [homework()] },
    });
    await screen.findByRole('list', { name: tx('STUDENT.RAIDS.TITLE') });
    await waitFor(() => expect(document.documentElement.dataset.reading).toBe('friendly'));
    expect(document.documentElement.dataset.motion).toBe('reduced');
    list.unmount();
    // Leaving the pupil's pages gives the page back as it was.
    expect(document.documentElement.dataset.reading).toBeUndefined();

    open(PLAY_URL, {
      ...mine,
      'GET /api/students/st1/homework/hw1': {
        body: {
          homework: homework(),
          title: 'Les fractions',
          questions: [question('q1', 'Combien vaut un demi plus un quart ?')],
        } satisfies HomeworkPlayDto,
      },
    });
    await screen.findByText('Combien vaut un demi plus un quart ?');
    await waitFor(() => expect(document.documentElement.dataset.reading).toBe('friendly'));
    expect(document.documentElement.dataset.motion).toBe('reduced');
    // Read-aloud is on: its button sits with the question.
    expect(await screen.findByTestId('read-aloud')).toBeTruthy();
  });
});
