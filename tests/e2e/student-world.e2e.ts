// The student's world on a phone (360x800): the home, a homework raid played to the end, joining a
// second class with its code, changing identifier and password. Demo students eleve25-eleve30 and
// eleve35-eleve40 only; what is changed for other tests' data (class membership) is restored.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import {
  atPath,
  bugButtonCovers,
  launch,
  newPage,
  PHONE,
  scrollWidth,
  shot,
  thirdPartyRequests,
} from './browser';
import { fr, tr } from './pages/fr';
import { LoginPage } from './pages/login';
import { StudentHomePage } from './pages/student-home';
import { S, StudentWorldPages } from './pages/student-world';

const PASSWORD = 'Cartable-Bleu-7!';
const PROFESSOR_PASSWORD = 'Craie-Verte-2026!';

describe('student world on a phone', () => {
  let browser: Browser;
  let page: Page;
  let world: StudentWorldPages;
  const codes = inject('classCodes');
  const cleanups: (() => Promise<void>)[] = [];

  const fitsThePhone = async () => expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);

  async function signInAs(login: string, password = PASSWORD) {
    await page.context().clearCookies();
    await page.goto('/login');
    await page.evaluate(() => localStorage.clear());
    await new LoginPage(page).signInTo(login, password, '/student');
  }

  beforeAll(async () => {
    browser = await launch();
    ({ page } = await newPage(browser, PHONE));
    world = new StudentWorldPages(page);
  });
  afterAll(async () => {
    for (const c of cleanups) await c();
    await browser?.close();
  });

  test('the home shows the character, level, progress, coins and the class clear of the bug button', async () => {
    await signInAs('eleve26');
    const home = new StudentHomePage(page);
    await page.getByRole('img', { name: fr.STUDENT_HOME.AVATAR_ALT }).waitFor();
    await page.getByRole('progressbar', { name: fr.STUDENT_HOME.PROGRESS_LABEL }).waitFor();
    await home.className('5e B').waitFor();
    await fitsThePhone();
    expect(await bugButtonCovers(page, page.locator('.my-classes__item').first())).toBe(false);
    // The button is fixed at the right edge: wherever the page is scrolled, the class's name and world
    // end before it.
    const bug = await page.getByRole('link', { name: fr.LAYOUT.BUG_REPORT_LABEL }).boundingBox();
    const world = await page.locator('.my-classes__world').first().boundingBox();
    expect(bug && world && world.x + world.width <= bug.x).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'student-world-1-home', false);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await shot(page, 'student-world-1-home-bottom', false);
  });

  test('a homework raid is played to the end: score, XP and coins, then it is marked done', async () => {
    const home = new StudentHomePage(page);
    await page.goto('/student');
    const before = Number(await page.locator('.stat--xp .stat__value').textContent());
    await page.goto('/student/raid-list');
    await world.heading(S.RAIDS.TITLE).waitFor();
    await world.card('Les fractions').waitFor();
    expect(await world.cards().count()).toBe(2);
    await fitsThePhone();
    await shot(page, 'student-world-2-raid-list');

    await world.card('Les fractions').getByRole('link').click();
    await page.waitForURL(/\/student\/raid\/[^/]+\/[^/]+\/[^/]+\/[^/]+\/[^/]+$/);
    await page.getByText(tr(S.PLAY.QUESTION_OF, { index: 1, count: 9 })).waitFor();
    // The first question has a formula: KaTeX renders it.
    await page.locator('.homework-question__text .katex').first().waitFor();
    await fitsThePhone();
    await shot(page, 'student-world-3-question');
    await world.answerFirst();
    await shot(page, 'student-world-3-verdict');
    await page.getByRole('button', { name: S.PLAY.NEXT }).click();

    // A reload resumes at the next question.
    await page.getByText(tr(S.PLAY.QUESTION_OF, { index: 2, count: 9 })).waitFor();
    await page.reload();
    await page.getByText(tr(S.PLAY.QUESTION_OF, { index: 2, count: 9 })).waitFor();

    for (let i = 2; i <= 9; i++) {
      await page.getByText(tr(S.PLAY.QUESTION_OF, { index: i, count: 9 })).waitFor();
      await world.answerFirst();
      await page.getByRole('button', { name: i === 9 ? S.PLAY.FINISH : S.PLAY.NEXT }).click();
    }
    await page.getByRole('heading', { name: S.PLAY.RESULT_TITLE }).waitFor();
    const score = await page.getByTestId('homework-score').textContent();
    expect(score).toMatch(/^Score : \d\/9$/);
    const gained = await page.locator('.homework-result__gains li').first().textContent();
    const xp = Number(/\+(\d+)/.exec(gained ?? '')?.[1]);
    expect(xp).toBeGreaterThan(0);
    await fitsThePhone();
    await shot(page, 'student-world-4-result');

    await page.getByRole('link', { name: S.PLAY.BACK_TO_LIST }).click();
    await atPath(page, '/student/raid-list');
    const done = world.card('Les fractions');
    await done.getByText(new RegExp(`^Terminé · ${score?.replace('Score : ', '')}$`)).waitFor();
    await shot(page, 'student-world-5-raid-list-done');
    // Opened again: already completed.
    await done.getByRole('link').click();
    await page.getByText(S.ERRORS.RAID_ALREADY_COMPLETED).waitFor();
    await shot(page, 'student-world-5-already-completed');
    // The home counts the XP.
    await page.goto('/student');
    await home.className('5e B').waitFor();
    expect(Number(await page.locator('.stat--xp .stat__value').textContent())).toBe(before + xp);
  });

  test('eleve25 of 5e B joins 2nde A with its code; a second try says already joined', async () => {
    await signInAs('eleve25');
    await world.openOptions();
    await page.getByTestId('options-changelog-badge').waitFor();
    await fitsThePhone();
    await shot(page, 'student-world-6-options', false);
    await world.openFromOptions(
      S.OPTIONS.JOIN_CLASS,
      '/student/account/join-class',
      S.ACCOUNT_FORM.JOIN_TITLE,
    );
    await fitsThePhone();
    await shot(page, 'student-world-6-join');
    const boxes = world.dialog().getByRole('textbox');
    await boxes.first().click();
    const joined = page.waitForResponse((r) => r.url().endsWith('/api/students/join'));
    await page.keyboard.type(codes['2nde A']);
    const res = await joined;
    expect(res.status()).toBe(200);
    const { schoolclassId } = (await res.json()) as { schoolclassId: string };
    const me = (await page.evaluate(() => JSON.parse(localStorage.getItem('user') as string))) as {
      studentId: string;
    };
    // Put 2nde A back as the other tests know it.
    cleanups.push(async () => {
      const api = page.request;
      const signin = await api.post('/api/auth/signin', {
        data: { login: 'prof-sciences', password: PROFESSOR_PASSWORD },
      });
      const { accessToken } = (await signin.json()) as { accessToken: string };
      const del = await api.delete(`/api/schoolclasses/${schoolclassId}/students/${me.studentId}`, {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      if (!del.ok()) throw new Error(`could not take eleve25 out of 2nde A: ${del.status()}`);
    });
    await atPath(page, '/student');
    await page.getByText(tr(S.ACCOUNT_FORM.JOINED, { name: '2nde A' })).waitFor();
    const home = new StudentHomePage(page);
    await home.className('2nde A').waitFor();
    await home.className('5e B').waitFor();
    await shot(page, 'student-world-7-two-classes', false);

    await world.openFromOptions(
      S.OPTIONS.JOIN_CLASS,
      '/student/account/join-class',
      S.ACCOUNT_FORM.JOIN_TITLE,
    );
    await world.dialog().getByRole('textbox').first().click();
    await page.keyboard.type(codes['2nde A']);
    await world.dialog().getByRole('alert').filter({ hasText: S.ACCOUNT_FORM.ALREADY_JOINED }).waitFor();
    await shot(page, 'student-world-8-already-joined');
  });

  test('a click outside the card returns home, a click on the bug-report button does not', async () => {
    await world.openFromOptions(S.OPTIONS.IDENTIFIER, '/student/account/identifier');
    // The sheet is modal: the bug-report button a pupil can reach is the one drawn inside it (the
    // page's own is inert underneath).
    const bug = world.dialog().getByRole('link', { name: fr.LAYOUT.BUG_REPORT_LABEL });
    const [popup] = await Promise.all([page.context().waitForEvent('page'), bug.click()]);
    await popup.close();
    expect(new URL(page.url()).pathname).toBe('/student/account/identifier');
    await page.mouse.click(6, 300);
    await atPath(page, '/student');
  });

  test('eleve27 changes their identifier: Save waits for a change, a taken username is refused', async () => {
    await signInAs('eleve27');
    await world.openFromOptions(S.OPTIONS.IDENTIFIER, '/student/account/identifier');
    const save = world.dialog().getByRole('button', { name: S.IDENTIFIER.SAVE });
    expect(await save.isDisabled()).toBe(true);
    await world.field(S.IDENTIFIER.USERNAME).fill('eleve28');
    await save.click();
    await world.dialog().getByRole('alert').filter({ hasText: S.IDENTIFIER.TAKEN }).waitFor();
    await fitsThePhone();
    await shot(page, 'student-world-9-identifier-taken');
    await world.field(S.IDENTIFIER.FIRST_NAME).fill('Zéphyrin'); // a name no demo student has: boards list first names
    await world.field(S.IDENTIFIER.USERNAME).fill('camille-27');
    await save.click();
    await atPath(page, '/student/account');
    await page.getByText(S.IDENTIFIER.SAVED).waitFor();
    await page.goto('/student');
    await page.getByText('@camille-27').waitFor();
    // The new username signs in.
    await signInAs('camille-27');
  });

  test('eleve28 changes their password: the current one is checked first', async () => {
    await signInAs('eleve28');
    await world.openFromOptions(S.OPTIONS.PASSWORD, '/student/account/password');
    const next = 'Trottinette-Rouge-42!';
    await world.field(S.PASSWORD.CURRENT).fill('Pas-le-bon-1!');
    await world.field(S.PASSWORD.NEW).fill(next);
    await world.field(S.PASSWORD.CONFIRMATION).fill(next);
    await world.dialog().getByRole('button', { name: S.PASSWORD.VALIDATE }).click();
    await world
      .dialog()
      .getByRole('alert')
      .filter({ hasText: fr.VALIDATION.CURRENT_PASSWORD_INCORRECT })
      .waitFor();
    await fitsThePhone();
    await shot(page, 'student-world-10-password-wrong');
    await world.field(S.PASSWORD.CURRENT).fill(PASSWORD);
    await world.dialog().getByRole('button', { name: S.PASSWORD.VALIDATE }).click();
    await atPath(page, '/student/account');
    await page.getByText(S.PASSWORD.CHANGED).waitFor();
    // Still signed in on this phone; the old password no longer works, the new one does.
    await page.goto('/student');
    await new StudentHomePage(page).className('5e B').waitFor();
    await page.goto('/login');
    await page.evaluate(() => localStorage.clear());
    await page.goto('/login');
    const login = new LoginPage(page);
    expect(await login.signInRefused('eleve28', PASSWORD)).toBe(401);
    await signInAs('eleve28', next);
  });

  test('nothing is loaded from another host', () => {
    expect(thirdPartyRequests).toEqual([]);
  });
});
