// Chromium through playwright-core, with the flags this machine needs; screenshots for review.
import { mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { inject } from 'vitest';
import layout from '../../client/src/i18n/locales/fr/layout.json';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium';

const BUG_REPORT_LABEL = layout.LAYOUT.BUG_REPORT;

export const DESKTOP = { width: 1440, height: 1024 };
export const PHONE = { width: 360, height: 800 };
export const SCREENSHOTS = path.resolve(import.meta.dirname, '../../test-results/screenshots');

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_FLAGS, '--disable-gpu'] });
}

/** Requests to any host but this machine, recorded by every page: the suite asserts there are none. */
export const thirdPartyRequests: string[] = [];

/**
 * Uncaught errors (`pageerror`) of every page a context of `newPage` opens, popups included: the
 * setup file (page-errors.ts) fails the test during which one was thrown, or the next one when it
 * came while a file was setting up. A user's console is no place for an exception.
 */
export const pageErrors: string[] = [];

function recordErrors(page: Page) {
  page.on('pageerror', (e) => pageErrors.push(`${page.url()}: ${e.stack ?? e.message}`));
  // A React root logs the errors it catches (an error boundary, or @pixi/react's own root, whose
  // uncaught errors go to console.error) instead of throwing them: they count as uncaught too.
  page.on('console', (m) => {
    if (m.type() === 'error' && UNCAUGHT.test(m.text())) pageErrors.push(`${page.url()}: ${m.text()}`);
  });
}

/** A console error that is an exception's own text ("TypeError: …"), not a failed request's line. */
const UNCAUGHT = /^(Uncaught )?([A-Z]\w*)?Error\b/;

export async function newPage(
  browser: Browser,
  viewport = DESKTOP,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, baseURL: inject('baseUrl'), locale: 'fr-FR' });
  await context.route('**/*', (route) => {
    const u = new URL(route.request().url());
    if (u.protocol.startsWith('http') && !['127.0.0.1', 'localhost'].includes(u.hostname)) {
      thirdPartyRequests.push(u.toString());
      return route.abort();
    }
    return route.continue();
  });
  context.on('page', recordErrors);
  const page = await context.newPage();
  return { context, page };
}

/**
 * A screenshot for review, of the whole page by default (fixed bars then stay where the first screen
 * shows them: pass `fullPage = false` to see what a phone shows). Lazy images are loaded first, and
 * an image that fails to load fails the test: a user would see a broken picture.
 */
export async function shot(page: Page, name: string, fullPage = true) {
  const broken = await page.evaluate(async () => {
    const images = [...document.images];
    for (const img of images) img.loading = 'eager';
    await Promise.all(
      images.map((img) =>
        img.complete
          ? null
          : new Promise((resolve) => {
              img.addEventListener('load', resolve, { once: true });
              img.addEventListener('error', resolve, { once: true });
            }),
      ),
    );
    await document.fonts.ready;
    return images.filter((img) => img.complete && img.naturalWidth === 0).map((img) => img.src);
  });
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage });
  if (broken.length) throw new Error(`broken images on ${name}: ${broken.join(', ')}`);
}

/** The newest mail written to the outbox for `to` (the e2e server has no SMTP server). */
export async function lastMailTo(to: string, since = 0): Promise<string> {
  const dir = path.join(inject('dataDir'), 'outbox');
  for (let i = 0; i < 100; i++) {
    try {
      const files = readdirSync(dir)
        .filter((f) => f.endsWith(`-${to}.eml`))
        .map((f) => path.join(dir, f))
        .filter((f) => statSync(f).mtimeMs >= since)
        .sort();
      if (files.length) return readFileSync(files[files.length - 1], 'utf8');
    } catch {
      // outbox not created yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to}`);
}

export const linkIn = (mail: string) => {
  const m = /https?:\/\/\S+/.exec(mail);
  if (!m) throw new Error(`no link in ${mail}`);
  return m[0];
};

/** Waits until the tab shows `pathname` (whatever the query). */
export const atPath = (page: Page, pathname: string) => page.waitForURL((u) => u.pathname === pathname);

/** The document's width: more than the viewport means the page scrolls sideways. */
export const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/**
 * Whether the floating bug-report button covers `target` once the page is scrolled to the bottom
 * (where the last button of a form sits on a phone).
 */
export async function bugButtonCovers(page: Page, target: Locator): Promise<boolean> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const a = await page.getByRole('link', { name: BUG_REPORT_LABEL }).boundingBox();
  const b = await target.boundingBox();
  if (!a || !b) throw new Error('bug-report button or target not shown');
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * Whether the bug-report button covers one of `targets` at any scroll position of the page (it is
 * scrolled top to bottom, 40 px at a time, then put back): a tap on an answer must never open it.
 */
export async function bugButtonEverCovers(page: Page, targets: Locator): Promise<boolean> {
  const els = await targets.elementHandles();
  if (els.length === 0) throw new Error('no target shown');
  return page.getByRole('link', { name: BUG_REPORT_LABEL }).evaluate((bug, list) => {
    const covers = () => {
      const a = bug.getBoundingClientRect();
      return list.some((el) => {
        const b = (el as Element).getBoundingClientRect();
        return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      });
    };
    const start = window.scrollY;
    let found = false;
    const end = document.documentElement.scrollHeight;
    for (let y = 0; y <= end && !found; y += 40) {
      window.scrollTo({ top: y, behavior: 'instant' });
      found = covers();
    }
    window.scrollTo({ top: start, behavior: 'instant' });
    return found;
  }, els);
}
