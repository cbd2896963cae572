// Issue 21, item 10: no errors in the console when the board changes screens. Each /prof/game route
// mounts the board's Pixi scene afresh, and the scene of the screen just left may still be starting
// (WebGL or Canvas 2D set-up is asynchronous) when it is torn down. The recipe that showed
// "Cannot read properties of null (reading 'name')" and "(reading 'next')": open the raid menu the
// instant the board's heading shows, come back, four times over; then every other screen change
// (summon, pick, codex, select-raid, each left at once by the top bar's way back). The setup file
// (page-errors.ts) fails the test on any uncaught page error. prof-demo's board of 5e B, 1440x1024.
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { atPath, DESKTOP, launch, newPage } from './browser';
import { fr, tr } from './pages/fr';
import { gameFr } from './pages/game-fr';
import { LoginPage } from './pages/login';
import { ProjectorPage } from './pages/projector';

const PROFESSOR_PASSWORD = 'Craie-Verte-2026!';
const CLASS = '5e B';
const G = gameFr.GAME;

describe('the board’s scene across fast screen changes', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
  });

  test('opening and leaving screens the instant the board shows throws no error', {
    timeout: 180_000,
  }, async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    contexts.push(context);
    await new LoginPage(page).signInTo('prof-demo', PROFESSOR_PASSWORD, '/prof/select');
    await page.getByRole('link', { name: tr(fr.PROF_HOME.PLAY_WITH, { name: CLASS }) }).click();
    await page.waitForURL((u) => /^\/prof\/game\/[^/]+\/[^/]+$/.test(u.pathname));
    const boardPath = new URL(page.url()).pathname;
    const board = new ProjectorPage(page);
    // Another file may have left the room paused, or on an activity: resume, back to the board.
    await board.ready(CLASS);
    if (await board.toolsBackToBoard().isVisible()) await board.toolsBackToBoard().click();
    await atPath(page, boardPath);

    // The raid menu the instant the heading shows, and the browser's Back, four times.
    for (let i = 0; i < 4; i++) {
      await board.className(CLASS).waitFor();
      await board.raidMenu().click();
      await board.selectRaidHeading().waitFor();
      await page.goBack();
      await atPath(page, boardPath);
    }

    // Every other screen, left at once by the top bar's way back to the board.
    const screens = [
      [G.MENU.SUMMON, 'random-summon'],
      [G.MENU.PICK, 'random-pick'],
      [G.MENU.CODEX, 'codex'],
      [G.MENU.RAID, 'select-raid'],
    ] as const;
    for (const [name, suffix] of screens) {
      await board.className(CLASS).waitFor();
      await board.activities().getByRole('link', { name }).click();
      await atPath(page, `${boardPath}/${suffix}`);
      await board.toolsBackToBoard().click();
      await atPath(page, boardPath);
    }

    // The last scene starts, then the lesson ends: every scene left behind is torn down by then.
    await page.locator('.proj-scene__canvas[data-renderer]').waitFor({ timeout: 30_000 });
    await board.quit();
    await atPath(page, '/prof/select');
  });
});
