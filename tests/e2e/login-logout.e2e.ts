// Sign-in and sign-out of both roles; wrong passwords; a signed-in user does not see /login.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { atPath, DESKTOP, launch, newPage, PHONE, scrollWidth, shot, thirdPartyRequests } from './browser';
import { fr, tr } from './pages/fr';
import { LoginPage } from './pages/login';
import { StudentHomePage } from './pages/student-home';
import { ProfessorTopBar } from './pages/top-bar';

const PROFESSOR_PASSWORD = 'Craie-Verte-2026!';
const STUDENT_PASSWORD = 'Cartable-Bleu-7!';

describe('sign-in and sign-out', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  test('a teacher signs in, sees 5e B on the professor home and signs out', async () => {
    const { page, context } = await newPage(browser, DESKTOP);
    const login = new LoginPage(page);
    await page.goto('/');
    await atPath(page, '/login');
    await login.heading().waitFor();
    await shot(page, 'login-desktop');

    await login.signIn('prof-demo', PROFESSOR_PASSWORD);
    await atPath(page, '/prof/select');
    await page
      .getByRole('heading', { name: tr(fr.PROF_HOME.HELLO, { name: 'Claire Fontaine' }), level: 1 })
      .waitFor();
    await page.getByRole('heading', { name: '5e B', level: 3 }).waitFor();
    await page.getByRole('link', { name: tr(fr.PROF_HOME.PLAY_WITH, { name: '5e B' }) }).waitFor();
    await new ProfessorTopBar(page).waitForMenus();
    await shot(page, 'professor-home');

    // Signed in, /login sends the teacher home.
    await page.goto('/login');
    await atPath(page, '/prof/select');

    await new ProfessorTopBar(page).signOut();
    await login.heading().waitFor();
    // Signed out, the professor pages send back to login.
    await page.goto('/prof/select');
    await atPath(page, '/login');
    await context.close();
  });

  test('a student signs in on a phone, lands on the student home and signs out', async () => {
    const { page, context } = await newPage(browser, PHONE);
    const login = new LoginPage(page);
    await login.goto();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await shot(page, 'login-phone');

    await login.signIn('eleve01', STUDENT_PASSWORD);
    await atPath(page, '/student');
    const home = new StudentHomePage(page);
    await home.className('5e B').waitFor();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);

    await page.goto('/login');
    await atPath(page, '/student');
    await home.className('5e B').waitFor();

    await home.signOut();
    await login.heading().waitFor();
    await context.close();
  });

  test('a wrong password or an unknown user gets the bad-credentials message', async () => {
    const { page, context } = await newPage(browser, DESKTOP);
    const login = new LoginPage(page);
    await login.goto();
    expect(await login.signInRefused('eleve02', 'Pas-le-bon-2026!')).toBe(401);
    await login.error().filter({ hasText: fr.AUTH.BAD_CREDENTIALS }).waitFor();
    await shot(page, 'login-bad-credentials');

    expect(await login.signInRefused('personne-inconnue', 'Pas-le-bon-2026!')).toBe(401);
    await login.error().filter({ hasText: fr.AUTH.BAD_CREDENTIALS }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');

    // Empty fields are refused before anything is sent.
    await login.loginField().fill('');
    await login.passwordField().fill('');
    await page.getByRole('button', { name: fr.LOGIN.SUBMIT }).click();
    await page.getByRole('alert').filter({ hasText: fr.VALIDATION.REQUIRED }).first().waitFor();
    await context.close();
  });

  test('nothing is loaded from another host', () => {
    expect(thirdPartyRequests).toEqual([]);
  });
});
