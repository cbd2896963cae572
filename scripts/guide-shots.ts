// Screenshots of the real screens for the guides (/guide/professor, /guide/student), in French (the
// default language): a server of its own on the seeded demo school, started as the browser tests
// start theirs (tests/e2e/global-setup.ts), Chromium, and each shot encoded as WebP by the browser
// itself, small, into assets/guide/ (served under /assets/guide/). Rerun it when a screen changes:
//   npx tsx scripts/guide-shots.ts
// With --review, the two guides are then photographed whole, on a phone and a desktop, into
// test-results/screenshots/ (not committed), to look at the result.
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import fr from '../client/src/i18n/locales/fr/game.json';
import frRegister from '../client/src/i18n/locales/fr/register.json';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/e2e/chromium';
import setup from '../tests/e2e/global-setup';

const OUT = path.resolve(import.meta.dirname, '../assets/guide');
/** Teacher screens: a 1280x800 school computer, shrunk to 800 px wide. Student screens: a phone as is. */
const PROFESSOR = { viewport: { width: 1280, height: 800 }, width: 800 };
const STUDENT = { viewport: { width: 360, height: 740 }, width: 360 };
const QUALITY = 0.72;

async function api<T>(base: string, p: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}/api${p}`, {
    method: body ? 'POST' : 'GET',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${p}: ${res.status}`);
  return (await res.json()) as T;
}

/** Rendered: no loader, fonts and images loaded, the pointer out of the way, two frames. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    () => !document.querySelector('.page-loader') && !!document.querySelector('#root')?.children.length,
  );
  await page.mouse.move(-1, -1);
  await page.evaluate(async () => {
    for (const img of document.images) img.loading = 'eager';
    await Promise.all(
      [...document.images].map((img) =>
        img.complete
          ? null
          : new Promise((r) => {
              img.addEventListener('load', r, { once: true });
              img.addEventListener('error', r, { once: true });
            }),
      ),
    );
    await document.fonts.ready;
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
}

/** PNG from the page, WebP from a blank page of the same browser (canvas encoder), resized to `width`. */
async function shot(browser: Browser, page: Page, name: string, width: number) {
  const png = (await page.screenshot({ type: 'png' })).toString('base64');
  const encoder = await browser.newPage();
  const webp = await encoder.evaluate(
    async ({ png, width, quality }) => {
      const blob = await (await fetch(`data:image/png;base64,${png}`)).blob();
      const bitmap = await createImageBitmap(blob);
      const height = Math.round((bitmap.height * width) / bitmap.width);
      const canvas = new OffscreenCanvas(width, height);
      const ctx = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
      ctx.imageSmoothingQuality = 'high';
      ctx.drawImage(bitmap, 0, 0, width, height);
      const out = await canvas.convertToBlob({ type: 'image/webp', quality });
      const bytes = new Uint8Array(await out.arrayBuffer());
      let s = '';
      for (const b of bytes) s += String.fromCharCode(b);
      return btoa(s);
    },
    { png, width, quality: QUALITY },
  );
  await encoder.close();
  const file = path.join(OUT, `${name}.webp`);
  writeFileSync(file, Buffer.from(webp, 'base64'));
  console.log(`${name}.webp ${Math.round(statSync(file).size / 1024)} KB`);
}

async function signIn(page: Page, login: string, password: string) {
  await page.goto('/login');
  await page.getByLabel(frRegister.LOGIN.LOGIN_LABEL).fill(login);
  await page.getByLabel(frRegister.LOGIN.PASSWORD_LABEL, { exact: true }).fill(password);
  await page.getByRole('button', { name: frRegister.LOGIN.SUBMIT }).click();
  await page.waitForURL((u) => u.pathname !== '/login');
}

async function main() {
  const provided: Record<string, unknown> = {};
  const project = { provide: (k: string, v: unknown) => (provided[k] = v) } as unknown as TestProject;
  const teardown = await setup(project);
  const base = provided.baseUrl as string;
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_FLAGS, '--disable-gpu'],
  });
  try {
    mkdirSync(OUT, { recursive: true });
    const professor = await api<{ accessToken: string }>(base, '/auth/signin', undefined, {
      login: 'prof-demo',
      password: 'Craie-Verte-2026!',
    });
    const classes = await api<{ id: string; name: string; subjectId: string }[]>(
      base,
      '/schoolclasses',
      professor.accessToken,
    );
    const cls = classes.find((c) => c.name === '5e B') ?? classes[0];
    const chapters = await api<{ id: string }[]>(base, '/chapters', professor.accessToken);
    let raid = '';
    for (const c of chapters) {
      const raids = await api<{ id: string }[]>(base, `/chapters/${c.id}/raids`, professor.accessToken);
      if (raids[0]) {
        raid = `/prof/administration/chapters/${c.id}/raids/${raids[0].id}`;
        break;
      }
    }

    const tctx = await browser.newContext({ viewport: PROFESSOR.viewport, baseURL: base, locale: 'fr-FR' });
    const t = await tctx.newPage();
    await signIn(t, 'prof-demo', 'Craie-Verte-2026!');
    const professorShots: [string, string][] = [
      ['prof-classlist', '/prof/administration/classlist'],
      ['prof-class', `/prof/administration/class/${cls.id}`],
      ['prof-raid', raid],
      ['prof-codex', '/prof/administration/codex'],
      ['prof-stats', `/prof/analytics/schoolclasses/${cls.id}/${cls.subjectId}`],
      ['prof-password', '/prof/account/password'],
    ];
    for (const [name, url] of professorShots) {
      await t.goto(url);
      await settle(t);
      await shot(browser, t, name, PROFESSOR.width);
    }
    // The board: a raid chosen, its settings, then the lobby the phones join.
    await t.goto(`/prof/game/${cls.id}/${cls.subjectId}/select-raid`);
    await t.locator('.select-raid__raid').first().click();
    await t.getByRole('button', { name: fr.GAME.SETTINGS.OPEN_LOBBY }).waitFor();
    await settle(t);
    await shot(browser, t, 'prof-settings', PROFESSOR.width);
    await t.getByRole('button', { name: fr.GAME.SETTINGS.OPEN_LOBBY }).click();
    await t.getByRole('button', { name: fr.GAME.LOBBY.BEGIN }).waitFor();
    await settle(t);
    await shot(browser, t, 'prof-lobby', PROFESSOR.width);

    const sctx = await browser.newContext({ viewport: STUDENT.viewport, baseURL: base, locale: 'fr-FR' });
    const s = await sctx.newPage();
    await signIn(s, 'eleve01', 'Cartable-Bleu-7!');
    const studentShots: [string, string][] = [
      ['student-home', '/student'],
      ['student-raids', '/student/raid-list'],
      ['student-codex', '/student/edit-codex'],
      ['student-avatars', '/student/avatar-selection'],
      ['student-options', '/student/account'],
    ];
    for (const [name, url] of studentShots) {
      await s.goto(url);
      await settle(s);
      await shot(browser, s, name, STUDENT.width);
    }
    const total = readdirSync(OUT).reduce((n, f) => n + statSync(path.join(OUT, f)).size, 0);
    console.log(`assets/guide: ${Math.round(total / 1024)} KB`);
    if (process.argv.includes('--review')) {
      const dir = path.resolve(import.meta.dirname, '../test-results/screenshots');
      mkdirSync(dir, { recursive: true });
      for (const [who, p] of [
        ['professor', t],
        ['student', s],
      ] as const)
        for (const vp of [
          { width: 360, height: 800 },
          { width: 1440, height: 1024 },
        ]) {
          await p.setViewportSize(vp);
          await p.goto(`/guide/${who === 'professor' ? 'professor' : 'student'}`);
          await settle(p);
          const file = path.join(dir, `guide-${who}-${vp.width}.png`);
          await p.screenshot({ path: file, fullPage: true });
          console.log(file);
        }
    }
  } finally {
    await browser.close();
    await teardown();
  }
}

await main();
