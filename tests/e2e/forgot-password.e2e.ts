// Forgotten passwords: a teacher resets by e-mail (a weak password is refused first); a student is
// told to ask the teacher. prof-sciences gets the original password back at the end, so the other
// files still find the demo accounts as seeded.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  atPath,
  DESKTOP,
  lastMailTo,
  launch,
  linkIn,
  newPage,
  PHONE,
  scrollWidth,
  shot,
  thirdPartyRequests,
} from './browser';
import { ForgotPasswordPages } from './pages/forgot-password';
import { fr, tr } from './pages/fr';
import { LoginPage } from './pages/login';

const F = fr.FORGOT;
const EMAIL = 'prof-sciences@demo.classe-raid.fr';
const ORIGINAL = 'Craie-Verte-2026!';
const NEW_PASSWORD = 'Boussole-Ambre-2026!';

describe('forgotten password', () => {
  let browser: Browser;
  let page: Page;

  /** Asks for a link as a teacher would and opens it from the mail. */
  async function openResetLink(forgot: ForgotPasswordPages) {
    await forgot.openFromLogin('professor');
    await atPath(page, '/forgot-password/professor');
    await forgot.heading(F.PROFESSOR_TITLE).waitFor();
    const since = Date.now();
    await forgot.requestLink(EMAIL);
    await forgot.heading(F.SENT_TITLE).waitFor();
    await page.getByText(tr(F.SENT_TEXT, { email: EMAIL })).waitFor();
    const link = linkIn(await lastMailTo(EMAIL, since));
    expect(link).toContain('/forgot-password/professor/');
    await page.goto(link);
    await forgot.heading(F.RESET_TITLE).waitFor();
  }

  beforeAll(async () => {
    browser = await launch();
    ({ page } = await newPage(browser, DESKTOP));
  });
  afterAll(async () => {
    await browser?.close();
  });

  test('an unknown address is told it has no account', async () => {
    const forgot = new ForgotPasswordPages(page);
    await forgot.openFromLogin('professor');
    await shot(page, 'forgot-professor');
    await forgot.requestLink('personne@exemple.fr');
    await page.getByRole('alert').filter({ hasText: fr.USERS.EMAIL_NOT_FOUND }).waitFor();
  });

  test('a teacher resets the password from the mail link; a weak one is refused first', async () => {
    const forgot = new ForgotPasswordPages(page);
    await page.goto('/forgot-password');
    await forgot.heading(F.TITLE).waitFor();
    await shot(page, 'forgot-choice');

    await openResetLink(forgot);
    await shot(page, 'forgot-sent-link-opened');
    await forgot.choosePassword('azertyuiop1');
    await page.getByRole('alert').filter({ hasText: fr.VALIDATION.PASSWORD_TOO_WEAK }).waitFor();
    await shot(page, 'forgot-reset-weak');
    // Confirmation must match (checked before anything is sent).
    await forgot.choosePassword(NEW_PASSWORD, `${NEW_PASSWORD}x`);
    await page.getByRole('alert').filter({ hasText: fr.VALIDATION.PASSWORD_MISMATCH }).waitFor();

    await forgot.choosePassword(NEW_PASSWORD);
    await atPath(page, '/login');
    await page.getByText(F.RESET_SUCCESS).waitFor();
    const login = new LoginPage(page);
    await login.heading().waitFor();
    await shot(page, 'forgot-reset-success');

    expect(await login.signInRefused('prof-sciences', ORIGINAL)).toBe(401);
    await login.error().filter({ hasText: fr.AUTH.BAD_CREDENTIALS }).waitFor();
    // prof-sciences has no character yet: the first sign-in goes to the character choice.
    await login.signIn('prof-sciences', NEW_PASSWORD);
    await atPath(page, '/gar-signup');
    await page.getByRole('heading', { name: fr.ONBOARDING.TITLE }).waitFor();
    // No top bar on this page: sign out through its route.
    await page.goto('/sign-out-professor');
    await atPath(page, '/login');
  });

  test('the used link cannot be used twice; the original password comes back the same way', async () => {
    const forgot = new ForgotPasswordPages(page);
    await openResetLink(forgot);
    const link = page.url();
    await forgot.choosePassword(ORIGINAL);
    await atPath(page, '/login');
    await new LoginPage(page).signInTo('prof-sciences', ORIGINAL, '/gar-signup');
    await page.goto('/sign-out-professor');
    await atPath(page, '/login');

    await page.goto(link);
    await forgot.choosePassword(NEW_PASSWORD);
    await forgot.heading(F.INVALID_LINK_TITLE).waitFor();
    await page.getByRole('link', { name: F.ASK_AGAIN }).waitFor();
  });

  test('a student is told to ask the teacher (phone)', async () => {
    const phone = await newPage(browser, PHONE);
    const forgot = new ForgotPasswordPages(phone.page);
    await forgot.openFromLogin('student');
    await atPath(phone.page, '/forgot-password/student');
    await forgot.heading(F.STUDENT_TITLE).waitFor();
    await phone.page.getByText(F.STUDENT_TEXT).waitFor();
    expect(await scrollWidth(phone.page)).toBeLessThanOrEqual(PHONE.width);
    await shot(phone.page, 'forgot-student-phone');
    await phone.page.getByRole('link', { name: F.BACK_TO_LOGIN }).click();
    await atPath(phone.page, '/login');
    await phone.context.close();
  });

  test('nothing is loaded from another host', () => {
    expect(thirdPartyRequests).toEqual([]);
  });
});
