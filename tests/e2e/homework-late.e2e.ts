// Issue 21, item 20, late work: the demo's history gives 2nde A an open homework whose due date
// passed two days ago (server/db/demo/history.ts, DEMO_OVERDUE_HOMEWORK). A pupil sees it late on a
// phone (360x800), does it to the end: it is accepted, the result says it is late and the list says
// "Rendu en retard"; prof-sciences' homework page counts it as late. Demo student eleve32 (2nde A)
// only, whom no other e2e file uses; nobody else touches this homework.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import library from '../../client/src/i18n/locales/fr/library.json';
import { DEMO_OVERDUE_HOMEWORK, parisAt } from '../../server/db/demo/history';
import { parisDay } from '../../shared/homework-schedule';
import { atPath, DESKTOP, launch, newPage, PHONE, shot } from './browser';
import { tr } from './pages/fr';
import { LoginPage } from './pages/login';
import { HomeworkPage } from './pages/professor-library';
import { S, StudentWorldPages } from './pages/student-world';

const H = library.HOMEWORK;
const NAME = DEMO_OVERDUE_HOMEWORK.name;
const PASSWORD = 'Cartable-Bleu-7!';
/** The due date as the seed wrote it: that many days before today, in Paris. */
const due = parisDay(parisAt(new Date(), DEMO_OVERDUE_HOMEWORK.dueDaysAgo, 12));
const ddmmyyyy = (d: string) => d.split('-').reverse().join('/');

describe('late homework: accepted and marked late, for the pupil and the teacher', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  test('a pupil does a homework past its due date: accepted, and both sides see it late', async () => {
    const { page } = await newPage(browser, PHONE);
    await new LoginPage(page).signInTo('eleve32', PASSWORD, '/student');
    await page.goto('/student/raid-list');
    const world = new StudentWorldPages(page);
    const card = world.card(NAME);
    await card.waitFor();
    expect(await card.textContent()).toContain(S.RAIDS.OVERDUE);
    expect(await card.textContent()).toContain(tr(S.RAIDS.DUE, { date: ddmmyyyy(due) }));
    await shot(page, 'homework-late-1-list');

    // Still open: the pupil plays it to the end.
    await card.getByRole('link').click();
    await page.waitForURL(/\/student\/raid\/[^/]+\/[^/]+\/[^/]+\/[^/]+\/[^/]+$/);
    const count = 9;
    for (let i = 1; i <= count; i++) {
      await page.getByText(tr(S.PLAY.QUESTION_OF, { index: i, count })).waitFor();
      await world.answerFirst();
      await page.getByRole('button', { name: i === count ? S.PLAY.FINISH : S.PLAY.NEXT }).click();
    }
    await page.getByRole('heading', { name: S.PLAY.RESULT_TITLE }).waitFor();
    const score = /^Score : (\d)\/9$/.exec(
      (await page.getByTestId('homework-score').textContent()) ?? '',
    )?.[1];
    expect(score).toBeDefined();
    await page.getByText(S.PLAY.LATE, { exact: true }).waitFor();
    await shot(page, 'homework-late-2-result');

    // The list: done, with its score, handed in late.
    await page.getByRole('link', { name: S.PLAY.BACK_TO_LIST }).click();
    await atPath(page, '/student/raid-list');
    await card.getByText(tr(S.RAIDS.DONE_SCORE, { score: score ?? '', total: 9 })).waitFor();
    await card.getByText(`${tr(S.RAIDS.DUE, { date: ddmmyyyy(due) })} · ${S.RAIDS.DONE_LATE}`).waitFor();
    await shot(page, 'homework-late-3-list-done');

    // The teacher's homework page counts one pupil done, late.
    const professor = await newPage(browser, DESKTOP);
    // prof-sciences has no character yet: its set-up opens first, left undone for the other files.
    await new LoginPage(professor.page).signInTo('prof-sciences', 'Craie-Verte-2026!', '/gar-signup');
    await professor.page.goto('/prof/administration/homework');
    const row = new HomeworkPage(professor.page).row(NAME);
    await row.waitFor();
    const text = (await row.textContent()) ?? '';
    expect(text).toMatch(new RegExp(`^${NAME}.*${tr(H.COMPLETED_OF, { count: 1, total: '\\d+' })}`));
    expect(text).toContain(tr(H.LATE_OF_one, { count: 1 }));
    expect(text).toContain(tr(H.DUE, { date: ddmmyyyy(due) }));
    expect(text).toContain(H.ONGOING);
    await shot(professor.page, 'homework-late-4-teacher');
  });
});
