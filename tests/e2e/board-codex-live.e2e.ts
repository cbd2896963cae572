// Issue 21, item 6: a phrase approved during the lesson reaches the board's codex screen at once.
// The board (1440x1024) stays on the codex screen of 2nde A (prof-sciences) while a pupil writes a
// phrase on a phone (360x800) and the teacher approves it in another tab: the board offers it
// without leaving the screen. The phrase goes to the trash at the end, and the lesson is quit.
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DESKTOP, launch, newPage, PHONE } from './browser';
import { CodexModerationPage, EditCodexPage, X } from './pages/codex';
import { tr } from './pages/fr';
import { gameFr } from './pages/game-fr';
import { LoginPage } from './pages/login';
import { openBoard, ProjectorPage } from './pages/projector';

const PASSWORD = { professor: 'Craie-Verte-2026!', student: 'Cartable-Bleu-7!' };
const CLASS = '2nde A';
const tag = `CODEXLIVE${Date.now() % 100000}`;
const PHRASE = `La vitesse ${tag} se mesure en mètres par seconde.`;
const G = gameFr.GAME;

describe('the board’s codex screen during a lesson', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
  });

  test('a phrase approved in another tab appears on the board without leaving the codex screen', {
    timeout: 180_000,
  }, async () => {
    // prof-sciences has no character yet: its set-up opens first, left undone for the other files.
    const professor = await openBoard(browser, 'prof-sciences', CLASS, { landing: '/gar-signup' });
    contexts.push(professor.context);
    const { page, boardPath } = professor;
    const board = new ProjectorPage(page);
    await board.ready(CLASS);
    await board.activities().getByRole('link', { name: G.MENU.CODEX }).click();
    await page.waitForURL((u) => u.pathname === `${boardPath}/codex`);
    // 2nde A has no approved phrase yet: asked for one, the board says there is none left.
    await page.getByRole('button', { name: G.CODEX.FIRST }).click();
    await page.getByTestId('codex-empty').waitFor();

    // A pupil of 2nde A writes a phrase on a phone.
    const pupil = await newPage(browser, PHONE);
    contexts.push(pupil.context);
    await new LoginPage(pupil.page).signInTo('eleve31', PASSWORD.student, '/student');
    const write = new EditCodexPage(pupil.page);
    await write.goto();
    expect(await write.write(PHRASE)).toBe(201);

    // The teacher approves it in another tab of the same browser.
    const tab = await professor.context.newPage();
    await tab.setViewportSize(DESKTOP);
    const mod = new CodexModerationPage(tab);
    try {
      await mod.openFromMenu();
      await mod.search().fill(tag);
      await expect.poll(() => mod.rows().count()).toBe(1);
      await mod.act(mod.row(PHRASE), X.MODERATION.APPROVE);
      await expect.poll(() => mod.statusOf(mod.row(PHRASE)).textContent()).toBe(X.STATUS.APPROVED);

      // The board, still on its codex screen, counts it and shows it.
      expect(new URL(page.url()).pathname).toBe(`${boardPath}/codex`);
      await page.getByText(tr(G.CODEX.LEFT_one, { count: 1 }), { exact: true }).waitFor();
      await page.getByRole('button', { name: new RegExp(`^(${G.CODEX.FIRST}|${G.CODEX.NEXT})$`) }).click();
      await page.getByTestId('codex-card').locator('.codex__phrase').getByText(PHRASE).waitFor();
      expect(new URL(page.url()).pathname).toBe(`${boardPath}/codex`);
    } finally {
      // Leave 2nde A's codex as it was, and close the lesson.
      await mod.search().fill(tag);
      await mod.act(mod.row(PHRASE), X.MODERATION.DELETE);
      await mod.row(PHRASE).waitFor({ state: 'detached' });
      await page
        .getByRole('navigation', { name: G.TOOLS })
        .getByRole('button', { name: G.BACK_TO_BOARD })
        .click();
      await page.waitForURL((u) => u.pathname === boardPath);
      await board.quit();
    }
  });
});
