// Issue 21, item 2: every QR code and address reach the server from a phone. prof-demo opens the
// board of 5e B (1440x1024) at http://localhost:… (the address the start banner prints first): the
// lobby's QR code and address line, and the class page's registration QR code, hold the address the
// server says phones reach it at (GET /api/game/address: PUBLIC_URL, here the harness's), never the
// page's own localhost; the lobby shows the class code. A phone (360x800) opens the lobby's address
// and lands on the sign-in, then on the student's home. The lobby is left by Quit.
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { atPath, DESKTOP, launch, newPage, PHONE, shot } from './browser';
import { C } from './pages/admin-classes';
import { tr } from './pages/fr';
import { gameFr } from './pages/game-fr';
import { LoginPage } from './pages/login';
import { ProjectorPage, playWith } from './pages/projector';

const PASSWORD = { professor: 'Craie-Verte-2026!', student: 'Cartable-Bleu-7!' };
const CLASS = '5e B';
// A pupil of 5e B no other browser test signs in as.
const STUDENT = 'eleve15';
const G = gameFr.GAME;

/** What GET /api/game/address answers a signed-in teacher. */
async function reachableAddress(): Promise<string> {
  const base = inject('baseUrl');
  const signin = await fetch(`${base}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: 'prof-demo', password: PASSWORD.professor }),
  });
  expect(signin.status).toBe(200);
  const { accessToken } = (await signin.json()) as { accessToken: string };
  const res = await fetch(`${base}/api/game/address`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { url: string }).url.replace(/\/$/, '');
}

const LOOPBACK_NAME = /localhost/i;

describe('the addresses a board hands the phones', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
  });

  test('opened at localhost, the lobby and the class page give the server’s reachable address and the class code', {
    timeout: 180_000,
  }, async () => {
    const reachable = await reachableAddress();
    // The harness sets PUBLIC_URL to the address its browser uses: that is what phones get.
    expect(reachable).toBe(inject('baseUrl'));
    expect(reachable).not.toMatch(LOOPBACK_NAME);
    const code = inject('classCodes')[CLASS];
    expect(code).toMatch(/^\d{6}$/);

    // The teacher's browser is at localhost, as the banner's first line says.
    const local = inject('baseUrl').replace('://127.0.0.1', '://localhost');
    expect(local).toMatch(/^http:\/\/localhost:\d+$/);
    const professor = await newPage(browser, DESKTOP);
    contexts.push(professor.context);
    const { page } = professor;
    const login = new LoginPage(page);
    await page.goto(`${local}/login`);
    await login.heading().waitFor();
    await login.signIn('prof-demo', PASSWORD.professor);
    await atPath(page, '/prof/select');
    expect(new URL(page.url()).origin).toBe(local);

    // The lobby of a raid of 5e B.
    const boardPath = await playWith(page, CLASS);
    const [, , , schoolclassId] = boardPath.split('/');
    const board = new ProjectorPage(page);
    await board.className(CLASS).waitFor();
    // The board's scene is drawn before the teacher moves on.
    const scene = page.locator('.proj-scene__canvas[data-renderer]');
    await scene.waitFor({ state: 'attached' });
    const asked = page.waitForResponse((r) => r.url().endsWith('/api/game/address'));
    await board.raidMenu().click();
    await atPath(page, `${boardPath}/select-raid`);
    await board.raidButton('Les fractions').click();
    await board.settingsPanel().waitFor();
    await board.openLobby().click();
    await board.lobby().waitFor();
    expect(((await (await asked).json()) as { url: string }).url.replace(/\/$/, '')).toBe(reachable);

    const studentHome = `${reachable}/student`;
    const qr = page.getByTestId('lobby-qr');
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\//);
    expect(await qr.getAttribute('data-url')).toBe(studentHome);
    expect(await qr.getAttribute('data-url')).not.toMatch(LOOPBACK_NAME);
    const address = page.getByTestId('lobby-address');
    expect((await address.textContent())?.trim()).toBe(
      tr(G.LOBBY.ADDRESS, { address: studentHome.replace(/^https?:\/\//, '') }),
    );
    expect(await address.textContent()).not.toMatch(LOOPBACK_NAME);
    // The class code the text tells new pupils to use.
    await page
      .getByTestId('lobby-class-code')
      .getByText(tr(G.LOBBY.CLASS_CODE, { code }), { exact: true })
      .waitFor();
    await shot(page, 'lobby-addresses');

    // A phone opens the lobby's address: the sign-in, then its home.
    const phone = await newPage(browser, PHONE);
    contexts.push(phone.context);
    await phone.page.goto(studentHome);
    const phoneLogin = new LoginPage(phone.page);
    await phoneLogin.heading().waitFor();
    await phoneLogin.signIn(STUDENT, PASSWORD.student);
    await atPath(phone.page, '/student');
    expect(new URL(phone.page.url()).origin).toBe(reachable);

    // The lesson ends, from the board.
    await board.lobby().getByRole('button', { name: G.BACK_TO_BOARD }).click();
    await atPath(page, boardPath);
    await scene.waitFor({ state: 'attached' });
    await board.quit();
    await atPath(page, '/prof/select');

    // The class page's registration QR code, still at localhost.
    await page.goto(`${local}/prof/administration/class/${schoolclassId}`);
    await page.getByRole('heading', { name: CLASS, level: 1 }).waitFor();
    await page.getByRole('button', { name: C.CODE.SHOW, exact: true }).click();
    await page.getByRole('dialog').waitFor();
    const register = `${reachable}/register/student/code?code=${code}`;
    const classQr = page.getByTestId('class-qr');
    await expect.poll(() => classQr.getAttribute('data-url'), { timeout: 10_000 }).toBe(register);
    expect(await classQr.getAttribute('data-url')).not.toMatch(LOOPBACK_NAME);
    expect((await page.getByTestId('join-url').textContent())?.trim()).toBe(register);
    expect(new URL(page.url()).origin).toBe(local);
  });
});
