// Issue 21, item 5: summons start fresh with a new lesson (docs/decisions.md: the pool resets when a
// lesson opens and when the teacher resets it). prof-demo's board of 5e B (1440x1024) with two phones
// (360x800, eleve22 and eleve23, whom no other browser test signs in as): a summon in the first
// lesson draws one of them, the teacher quits; in the next lesson the first summon still has the
// other one left to call (it said "Tout le monde est passé" when the pool outlived Quit), and the
// second draws the other pupil, not the same one twice in a row.
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { STUDENT_NAMES } from '../../server/db/demo/raids';
import { atPath, DESKTOP, launch, newPage } from './browser';
import { tr } from './pages/fr';
import { gameFr } from './pages/game-fr';
import { LoginPage } from './pages/login';
import type { PhonePage } from './pages/phone';
import { openPhone, PROFESSOR_PASSWORD, ProjectorPage, playWith } from './pages/projector';

const CLASS = '5e B';
const PUPILS = [22, 23].map((n) => {
  const [firstName, lastName] = STUDENT_NAMES[n - 1];
  return { login: `eleve${n}`, firstName, label: `${firstName} ${lastName.slice(0, 1)}.` };
});
const G = gameFr.GAME;

describe('summons across two lessons', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
  });

  test('the first summon of a new lesson draws from the whole class again', {
    timeout: 180_000,
  }, async () => {
    const professor = await newPage(browser, DESKTOP);
    contexts.push(professor.context);
    const { page } = professor;
    const board = new ProjectorPage(page);
    await new LoginPage(page).signInTo('prof-demo', PROFESSOR_PASSWORD, '/prof/select');

    const phones: PhonePage[] = [];
    for (const p of PUPILS) {
      const { context, phone } = await openPhone(browser, p.login);
      contexts.push(context);
      phones.push(phone);
    }

    /** Opens a lesson on the board of 5e B; both phones join it; only they are connected. */
    const openLesson = async () => {
      await page.goto('/prof/select');
      const boardPath = await playWith(page, CLASS);
      await board.ready(CLASS);
      if (await board.toolsBackToBoard().isVisible()) await board.toolsBackToBoard().click();
      await atPath(page, boardPath);
      for (const [i, phone] of phones.entries()) {
        await phone.page.goto('/student');
        await phone.waitForJoinCard(CLASS);
        await phone.joinLink(CLASS).click();
        await phone.hello(PUPILS[i].firstName).waitFor();
      }
      // Phones of other files' lessons have gone past the presence grace: the two are the class here.
      await page.getByTestId('connected-count').getByText(/^2 \//).waitFor({ timeout: 45_000 });
      await board.activities().getByRole('link', { name: G.MENU.SUMMON }).click();
      await atPath(page, `${boardPath}/random-summon`);
      return boardPath;
    };
    /** Back to the board (Quit is there), then Quit. */
    const quitLesson = async (boardPath: string) => {
      await board.toolsBackToBoard().click();
      await atPath(page, boardPath);
      await board.quit();
      await atPath(page, '/prof/select');
    };

    /** Draws a pupil, marks the answer wrong (no XP), and says who it was and what is left. */
    const draw = async (first: boolean) => {
      await page
        .getByRole('button', { name: first ? G.SUMMON.DRAW : G.SUMMON.DRAW_AGAIN, exact: true })
        .click();
      const spot = page.getByTestId('summon-drawn');
      await spot.getByRole('button', { name: G.SUMMON.WRONG }).waitFor();
      const name = ((await spot.locator('.summon__name').textContent()) ?? '').trim();
      const left = ((await page.getByTestId('pool-left').textContent()) ?? '').trim();
      await spot.getByRole('button', { name: G.SUMMON.WRONG }).click();
      await spot.getByText(G.SUMMON.MARKED_WRONG).waitFor();
      return { name, left };
    };
    const oneLeft = tr(G.SUMMON.POOL_LEFT_one, { count: 1 });

    // The first lesson: one pupil called, the other still to call. Then Quit.
    const firstLesson = await openLesson();
    const before = await draw(true);
    expect(PUPILS.map((p) => p.label)).toContain(before.name);
    expect(before.left).toBe(oneLeft);
    await quitLesson(firstLesson);
    for (const phone of phones) await phone.closed().waitFor();

    // The next lesson: the pool is whole again.
    const nextLesson = await openLesson();
    const first = await draw(true);
    expect(first.left).toBe(oneLeft);
    const second = await draw(false);
    expect(second.name).not.toBe(first.name);
    expect([first.name, second.name].sort()).toEqual(PUPILS.map((p) => p.label).sort());
    await quitLesson(nextLesson);
  });
});
