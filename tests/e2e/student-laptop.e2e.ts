// The student's pages on a laptop (1440x1024), not only on a phone: each opens with its title in
// view, without sideways scrolling, and its content keeps a readable width instead of stretching
// over the whole screen. Demo student eleve29 only reads (no other browser test uses it).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DESKTOP, launch, newPage, scrollWidth, shot, thirdPartyRequests } from './browser';
import { LoginPage } from './pages/login';

const PAGES = [
  ['home', '/student'],
  ['avatars', '/student/avatar-selection'],
  ['shop', '/student/skin-shop'],
  ['codex', '/student/edit-codex'],
  ['raids', '/student/raid-list'],
] as const;

describe('student pages on a laptop', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launch();
    ({ page } = await newPage(browser, DESKTOP));
    await new LoginPage(page).signInTo('eleve29', 'Cartable-Bleu-7!', '/student');
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const [name, path] of PAGES) {
    test(`${name} fits the screen with its title in view`, async () => {
      await page.goto(path);
      const title = page.getByRole('heading', { level: 1 }).first();
      await title.waitFor();
      const box = await title.boundingBox();
      expect(box && box.y >= 0 && box.y + box.height <= DESKTOP.height).toBe(true);
      expect(await scrollWidth(page)).toBeLessThanOrEqual(DESKTOP.width);
      // The page's content is centred at a readable width, not spread edge to edge.
      const main = await page.locator('main').boundingBox();
      const content = await page.evaluate(() => {
        const m = document.querySelector('main');
        let widest = 0;
        for (const el of Array.from(m?.children ?? []))
          widest = Math.max(widest, el.getBoundingClientRect().width);
        return widest;
      });
      expect(main).not.toBeNull();
      expect(content).toBeGreaterThan(0);
      expect(content).toBeLessThanOrEqual(1280);
      await shot(page, `student-laptop-${name}`);
    });
  }

  test('no request left this machine', () => {
    expect(thirdPartyRequests).toEqual([]);
  });
});
