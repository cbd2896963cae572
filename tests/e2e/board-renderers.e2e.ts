// The board's avatars are drawn by either of its two renderers: Canvas 2D where WebGL would run on
// the CPU (as on this machine, and on a school PC whose GPU the browser blocks), WebGL on a real GPU
// (forced here through the `boardRenderer` override). For each: which renderer started, and that the
// class's avatars and names really show on the canvas (the screen with and without the canvas
// differs over a good part of the avatars' area). live-raid.e2e.ts plays in the same room and leaves
// it paused: whichever runs first, this file brings the room to the board and leaves it as it found
// it (paused or not).

import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BOARD_RENDERER_KEY } from '../../client/src/game/projector/scene/renderer-choice';
import { atPath, launch, shot } from './browser';
import { openBoard, ProjectorPage } from './pages/projector';

const CLASS = '5e B';

/** Share of the scene's pixels that change (any channel by more than 40) when the canvas is hidden. */
async function drawnShare(page: Page): Promise<number> {
  const scene = page.locator('.proj-scene');
  const withCanvas = await scene.screenshot();
  const hide = await page.addStyleTag({ content: '.proj-scene__canvas { visibility: hidden !important; }' });
  const without = await scene.screenshot();
  await hide.evaluate((tag) => (tag as Element).remove());
  const [a, b] = await Promise.all(
    [withCanvas, without].map((png) => sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true })),
  );
  let changed = 0;
  const px = a.info.width * a.info.height;
  for (let i = 0; i < px; i++) {
    const o = i * 3;
    if (
      Math.abs(a.data[o] - b.data[o]) > 40 ||
      Math.abs(a.data[o + 1] - b.data[o + 1]) > 40 ||
      Math.abs(a.data[o + 2] - b.data[o + 2]) > 40
    )
      changed++;
  }
  return changed / px;
}

describe('the board draws the class with either renderer', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
  });

  for (const forced of [null, 'webgl'] as const) {
    test(forced
      ? 'WebGL, as on a machine with a GPU'
      : 'Canvas 2D, chosen by itself on a machine without a GPU', {
      timeout: 120_000,
    }, async () => {
      const { context, page, boardPath } = await openBoard(browser, 'prof-demo', CLASS, {
        prepare: async (ctx) => {
          if (forced)
            await ctx.addInitScript(([k, v]) => localStorage.setItem(k, v), [BOARD_RENDERER_KEY, forced]);
        },
      });
      contexts.push(context);
      const board = new ProjectorPage(page);
      // Left paused by the raid test, perhaps on another screen: resume, go back to the board.
      const wasPaused = await board.ready(CLASS);
      if (await board.toolsBackToBoard().isVisible()) await board.toolsBackToBoard().click();
      await atPath(page, boardPath);

      const host = page.locator('.proj-scene__canvas[data-renderer]');
      await host.waitFor({ timeout: 30_000 });
      // Chromium here has no GPU: left alone, the board picks Canvas 2D.
      expect(await host.getAttribute('data-renderer')).toBe(forced ?? 'canvas');

      // 30 students, 28 of them with an avatar: once the images are in, they cover a good part of the
      // scene (the motes alone change well under 1 %).
      let share = 0;
      for (let i = 0; i < 30 && share < 0.06; i++) {
        await page.waitForTimeout(500);
        share = await drawnShare(page);
      }
      await shot(page, `board-renderer-${forced ?? 'canvas'}`, false);
      expect(share).toBeGreaterThan(0.06);
      if (wasPaused) {
        await board.pauseButton().click();
        await board.pausedDialog().waitFor();
      }
      await context.close();
    });
  }
});
