// School sign-on through the GAR (issue 14), against the test identity provider that signs real SAML
// responses (tests/helpers/test-idp.ts): a teacher signs in, passes /gar-signup and creates the class
// of her division in one click; a pupil of that division signs in on a phone and is in that class
// without a code; leaving ends our session and the identity provider's, for both.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import frClasses from '../../client/src/i18n/locales/fr/classes.json';
import { PROFESSOR, PUPIL } from '../helpers/sso';
import { atPath, DESKTOP, launch, newPage, PHONE, scrollWidth, shot, thirdPartyRequests } from './browser';
import { fr, tr } from './pages/fr';
import {
  GarSignupPage,
  garProfessorSignOut,
  garPupilSignOut,
  SchoolDivisionsSection,
  TestIdpPage,
} from './pages/school-sign-on';
import { StudentHomePage } from './pages/student-home';
import { StudentRegisterPages } from './pages/student-register';

const L = frClasses.CLASSES.LIST;
/** The division both belong to, as the GAR sends it (`5B##5EME B`): the class takes its label. */
const DIVISION = '5EME B';
const OTHER_DIVISION = '4EME A';

interface Tab {
  context: BrowserContext;
  page: Page;
}

/** The refresh token of the session the browser holds (the stored local user of SPEC point 3). */
const storedRefreshToken = (page: Page) =>
  page.evaluate(
    () => (JSON.parse(localStorage.getItem('user') ?? '{}') as { refreshToken?: string }).refreshToken,
  );

/** Whether the server still accepts this refresh token, as the app does when its access token expires. */
async function refreshStatus(refreshToken: string) {
  const res = await fetch(`${inject('baseUrl')}/api/auth/refresh`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ refreshToken }),
  });
  return res.status;
}

describe('school sign-on through the GAR', () => {
  let browser: Browser;
  let professor: Tab;
  let pupil: Tab;
  /** Every path the pupil's tab showed: none of them asks for a class code. */
  const pupilPaths: string[] = [];

  beforeAll(async () => {
    browser = await launch();
    professor = await newPage(browser, DESKTOP);
    pupil = await newPage(browser, PHONE);
    pupil.page.on('framenavigated', (frame) => {
      if (frame === pupil.page.mainFrame()) pupilPaths.push(new URL(frame.url()).pathname);
    });
  });
  afterAll(async () => {
    await browser?.close();
  });

  test('a teacher signs in at the identity provider and passes gar-signup', async () => {
    const { page } = professor;
    const idp = new TestIdpPage(page);
    await idp.openFromLogin();
    await shot(page, 'gar-idp-pick');
    await idp.pick(PROFESSOR);

    // A first sign-in: the teacher sets up her account, with no password ever asked.
    await atPath(page, '/gar-signup');
    const signup = new GarSignupPage(page);
    let subjectsSeen = false;
    await signup.passAllSteps(async (label) => {
      if (label !== fr.ONBOARDING.STEPS.SUBJECTS) return;
      // What the GAR sent (MATHEMATIQUES) is ticked, named in French, and the page says so.
      await page.getByText(fr.ONBOARDING.SUBJECTS_TEXT).waitFor();
      expect(await signup.subject(fr.SUBJECTS.MATHEMATICS).getAttribute('aria-pressed')).toBe('true');
      subjectsSeen = true;
    });
    expect(subjectsSeen).toBe(true);
    await page
      .getByRole('heading', { name: tr(fr.PROF_HOME.HELLO, { name: 'Claire Durand' }), level: 1 })
      .waitFor();
  });

  test('she creates the class of her division in one click', async () => {
    const { page } = professor;
    // The divisions the GAR sent, each one click away from its class.
    const divisions = new SchoolDivisionsSection(page);
    await divisions.goto();
    await divisions.create(DIVISION).waitFor();
    await divisions.create(OTHER_DIVISION).waitFor();
    // The subject she teaches (what the GAR sent, kept at gar-signup) is chosen already.
    await expect
      .poll(() => divisions.subject().evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.text))
      .toBe(fr.SUBJECTS.MATHEMATICS);
    // Without a subject the refusal speaks to her as "vous", in the page's error style.
    await divisions.subject().selectOption('');
    await divisions.create(OTHER_DIVISION).click();
    const alert = divisions.section().getByRole('alert');
    await alert.getByText(frClasses.CLASSES.ERRORS.SUBJECT_REQUIRED, { exact: true }).waitFor();
    expect(frClasses.CLASSES.ERRORS.SUBJECT_REQUIRED).toMatch(/^Choisissez/);
    expect(await alert.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(253, 236, 236)');
    await shot(page, 'gar-divisions-subject-required');
    await divisions.subject().selectOption({ label: fr.SUBJECTS.MATHEMATICS });
    await shot(page, 'gar-divisions');
    await divisions.create(DIVISION).click();

    await divisions.open(DIVISION).waitFor();
    const tile = page.getByTestId('class-tile').filter({ has: page.getByRole('link', { name: DIVISION }) });
    await tile.getByText(tr(L.STUDENTS_one, { count: 0 })).waitFor();
    // Only the division chosen became a class.
    await divisions.create(OTHER_DIVISION).waitFor();
    expect(await page.getByTestId('class-tile').count()).toBe(1);
    await shot(page, 'gar-division-class-created');

    // Her empty class says its pupils come through the ENT, not with a code to generate.
    await divisions.open(DIVISION).click();
    await page.getByText(frClasses.CLASSES.STUDENTS.EMPTY_DIVISION).waitFor();
    expect(await page.getByText(frClasses.CLASSES.STUDENTS.EMPTY).count()).toBe(0);
    await shot(page, 'gar-division-class-empty');
    await divisions.goto();
  });

  test('a pupil of that division signs in at the identity provider on a phone and is in that class, without a code', async () => {
    const { page } = pupil;
    const idp = new TestIdpPage(page);
    await page.goto('/login');
    // The GAR link keeps /login within a phone's width.
    await idp.garLink().waitFor();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await shot(page, 'login-gar-phone', false);
    await idp.garLink().click();
    await idp.waitAsked();
    await idp.pick(PUPIL);

    // A first sign-in: the pupil picks a character, nothing else.
    await atPath(page, '/register/student/avatar');
    const steps = new StudentRegisterPages(page);
    await steps.heading(fr.REGISTER.STUDENT.AVATAR_TITLE).waitFor();
    await steps.choose(steps.character(1));
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await page.getByRole('button', { name: fr.REGISTER.STUDENT.AVATAR_SAVE }).click();

    await atPath(page, '/student');
    const home = new StudentHomePage(page);
    await home.className(DIVISION).waitFor();
    // The class's world, as the teacher created it (the default world).
    await home.classes().getByText(fr.WORLDS.nebula, { exact: true }).waitFor();
    // A GAR pupil's classes come from the school: no class code to type, no class to join.
    await home.classes().getByText(fr.STUDENT_HOME.JOIN_CLASS).waitFor({ state: 'detached' });
    expect(
      pupilPaths.filter((p) => p.startsWith('/register/student/code') || p.includes('join-class')),
    ).toEqual([]);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await shot(page, 'gar-pupil-home', false);
  });

  test('the teacher sees her pupil in the class', async () => {
    await professor.page.reload();
    await professor.page
      .getByTestId('class-tile')
      .filter({ has: professor.page.getByRole('link', { name: DIVISION }) })
      .getByText(tr(L.STUDENTS_one, { count: 1 }))
      .waitFor();
  });

  test('while the identity provider session lasts, signing in again does not ask who is there', async () => {
    const { page } = professor;
    const idpPaths: string[] = [];
    const record = (frame: { url(): string }) => {
      const u = new URL(frame.url());
      if (u.origin === inject('idpUrl')) idpPaths.push(u.pathname);
    };
    page.on('framenavigated', record);
    // Opened again from the ENT: the identity provider answers at once, nobody is picked.
    await page.goto('/api/gar/login');
    await atPath(page, '/prof/select');
    page.off('framenavigated', record);
    expect(idpPaths).toContain('/sso');
    expect(idpPaths).not.toContain('/sso/pick');
  });

  test('the teacher leaves: our session ends, and so does the identity provider session', async () => {
    const { page } = professor;
    await page
      .getByRole('heading', { name: tr(fr.PROF_HOME.HELLO, { name: 'Claire Durand' }), level: 1 })
      .waitFor();
    const refreshToken = await storedRefreshToken(page);
    expect(refreshToken).toBeTruthy();
    await garProfessorSignOut(page);
    await shot(page, 'gar-idp-signed-out');

    expect(await refreshStatus(refreshToken as string)).toBe(401);
    await page.goto('/prof/administration/classlist');
    await atPath(page, '/login');
    // The identity provider asks again who signs in.
    await new TestIdpPage(page).openFromLogin();
  });

  test('the pupil leaves: our session ends, and so does the identity provider session', async () => {
    const { page } = pupil;
    const refreshToken = await storedRefreshToken(page);
    expect(refreshToken).toBeTruthy();
    await garPupilSignOut(page);

    expect(await refreshStatus(refreshToken as string)).toBe(401);
    await page.goto('/student');
    await atPath(page, '/login');
    await new TestIdpPage(page).openFromLogin();
  });

  test('nothing is loaded from another host', () => {
    expect(thirdPartyRequests).toEqual([]);
  });
});
