// Issue 5, a student on a phone (360x800) plays the demo homework "Puissances et Pythagore", whose
// third question has a picture: the picture loads and fits the screen; every answer is right; the end
// screen announces XP, coins and a new level, and the home shows exactly those changes. Demo student
// eleve12 only (5e B, level 1 with 24 XP in the seed), whom no other e2e file uses.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEMO_CHAPTERS } from '../../server/db/demo/raids';
import {
  atPath,
  bugButtonEverCovers,
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
import { PHONE_TEXTS, S, StudentWorldPages } from './pages/student-world';

const PASSWORD = 'Cartable-Bleu-7!';
const HOMEWORK = 'Puissances et Pythagore';
const RAID = DEMO_CHAPTERS.flatMap((c) => c.raids).find((r) => r.title === HOMEWORK);
if (!RAID) throw new Error(`no demo raid ${HOMEWORK}`);
const QUESTIONS = RAID.questions;

const norm = (s: string) => s.replace(/\s+/g, ' ').trim();

/** What each answer button says, formulas given back as `$$tex$$` (KaTeX keeps the source). */
function answerSources(page: Page): Promise<string[]> {
  return page.locator('.answers .answer .answer__text').evaluateAll((els) =>
    els.map((el) => {
      const c = el.cloneNode(true) as HTMLElement;
      for (const x of c.querySelectorAll('.sr-only')) x.remove();
      for (const k of c.querySelectorAll('.katex')) {
        const tex = k.querySelector('annotation')?.textContent ?? '';
        k.replaceWith(`$$${tex}$$`);
      }
      return c.textContent ?? '';
    }),
  );
}

/** The home's numbers, as the student reads them. */
async function homeNumbers(page: Page) {
  const home = new StudentHomePage(page);
  await home.className('5e B').waitFor();
  const value = async (kind: string) =>
    Number(await page.locator(`.stat--${kind} .stat__value`).textContent());
  const level = Number(/\d+/.exec((await page.locator('.level__badge').textContent()) ?? '')?.[0]);
  return { xp: await value('xp'), coins: await value('coin'), power: await value('power'), level };
}

describe('a homework with a picture on a phone', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  test('the picture loads; the end screen announces XP, coins and level, the home shows the same', async () => {
    const { page, context } = await newPage(browser, PHONE);
    await new LoginPage(page).signInTo('eleve12', PASSWORD, '/student');
    const before = await homeNumbers(page);

    const world = new StudentWorldPages(page);
    await page.getByRole('link', { name: fr.STUDENT_HOME.TILE_RAIDS }).first().click();
    await atPath(page, '/student/raid-list');
    await world.card(HOMEWORK).getByRole('link').click();
    await page.waitForURL(/\/student\/raid\/[^/]+\/[^/]+\/[^/]+\/[^/]+\/[^/]+$/);

    const count = QUESTIONS.length;
    let pictures = 0;
    for (const [i, q] of QUESTIONS.entries()) {
      await page.getByText(tr(S.PLAY.QUESTION_OF, { index: i + 1, count })).waitFor();
      // Each question starts at the top of the page, whatever the scroll of the one before.
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      const image = page.getByRole('img', { name: S.PLAY.IMAGE_ALT });
      if (q.image) {
        pictures++;
        await image.waitFor();
        await expect
          .poll(() =>
            image.evaluate(
              (el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth,
            ),
          )
          .toBeGreaterThan(0);
        expect(await image.getAttribute('src')).toContain(q.image);
        // Whole on the phone's width, and the page does not scroll sideways.
        const box = await image.boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
        expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
        await shot(page, 'homework-image-1-question', false);
      } else {
        expect(await image.count()).toBe(0);
      }

      // The right answers, found by their text (each student gets the answers in an order of their own).
      const right = q.answers.filter(([, ok]) => ok).map(([text]) => norm(text));
      let indexes: number[] = [];
      await expect
        .poll(async () => {
          const shown = (await answerSources(page)).map(norm);
          indexes = right.map((r) => shown.indexOf(r));
          return indexes.every((n) => n >= 0) && shown.length === q.answers.length;
        })
        .toBe(true);
      const buttons = page.locator('.answers .answer');
      // The bug-report button never lies over an answer (it covered the right of D on this phone).
      expect(await bugButtonEverCovers(page, buttons)).toBe(false);
      for (const n of indexes) await buttons.nth(n).click();
      if (right.length > 1) {
        await page.getByText(tr(PHONE_TEXTS.PICK_N_other, { count: right.length })).waitFor();
        await page
          .getByRole('button', { name: tr(PHONE_TEXTS.VALIDATE_other, { count: right.length }) })
          .click();
      }
      await page.getByRole('status').filter({ hasText: S.PLAY.RIGHT }).waitFor();
      if (q.image) await shot(page, 'homework-image-2-answered', false);
      await page.getByRole('button', { name: i === count - 1 ? S.PLAY.FINISH : S.PLAY.NEXT }).click();
    }
    expect(pictures).toBe(1);

    await page.getByRole('heading', { name: S.PLAY.RESULT_TITLE }).waitFor();
    // The result starts at the top of the page, not at the scroll of the last question.
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.getByTestId('homework-score').textContent()).toBe(
      tr(S.PLAY.SCORE, { score: count, total: count }),
    );
    const gains = await page.locator('.homework-result__gains li').allTextContents();
    const xp = Number(/\+(\d+)/.exec(gains[0] ?? '')?.[1]);
    const coins = Number(/\+(\d+)/.exec(gains[1] ?? '')?.[1]);
    expect(gains[0]).toBe(tr(S.PLAY.XP_GAINED_other, { count: xp }));
    expect(gains[1]).toBe(tr(S.PLAY.COINS_GAINED_other, { count: coins }));
    // A positive gain also brings one power XP (SPEC point 4): said here, and on the home below.
    expect(gains[2]).toBe(tr(S.PLAY.POWER_XP_GAINED_one, { count: 1 }));
    // All right, one teacher: 10 XP an answer + 20, 1 coin an answer + 5 (docs/decisions.md).
    expect(xp).toBe(10 * count + 20);
    expect(coins).toBe(count + 5);
    // 24 XP + 110 crosses into level 2: the end screen says so.
    const levelText = (await page.locator('.homework-result__level').textContent()) ?? '';
    const announced = levelText.includes(tr(S.PLAY.LEVEL_UP, { level: before.level + 1 }))
      ? before.level + 1
      : before.level;
    expect(announced).toBe(Math.floor((before.xp + xp) / 100) + 1);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await shot(page, 'homework-image-3-result', false);

    // Back home through the screens: exactly the announced changes.
    await page.getByRole('link', { name: S.PLAY.BACK_TO_LIST }).click();
    await atPath(page, '/student/raid-list');
    await world
      .card(HOMEWORK)
      .getByText(tr(S.RAIDS.DONE_SCORE, { score: count, total: count }), { exact: true })
      .waitFor();
    await page
      .getByRole('navigation', { name: fr.LAYOUT.MAIN_NAV_MOBILE })
      .getByRole('link', { name: fr.LAYOUT.MENU.HOME })
      .click();
    await atPath(page, '/student');
    await expect
      .poll(() => homeNumbers(page))
      .toEqual({
        xp: before.xp + xp,
        coins: before.coins + coins,
        power: before.power + 1,
        level: announced,
      });
    await shot(page, 'homework-image-4-home-after', false);
    expect(thirdPartyRequests).toEqual([]);
    await context.close();
  }, 90_000);
});
