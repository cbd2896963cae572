// A teacher signs up (three steps), confirms the address from the mail, is approved by the
// administrator, then chooses a character at first sign-in and lands on the professor home.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { atPath, DESKTOP, lastMailTo, launch, linkIn, newPage, shot, thirdPartyRequests } from './browser';
import { fr, tr } from './pages/fr';
import { LoginPage } from './pages/login';
import { ProfessorOnboardingPage } from './pages/professor-onboarding';
import { type ProfessorData, ProfessorRegisterPage } from './pages/professor-register';
import { fromMenu, ProfessorTopBar } from './pages/top-bar';
import { UsersValidationPage } from './pages/users-validation';

const T = fr.REGISTER.PROFESSOR;
const professor: ProfessorData = {
  firstName: 'Camille',
  lastName: 'Durand',
  email: 'camille.durand@ac-lyon.fr',
  phone: '06 12 34 56 78',
  school: 'Collège Jean Moulin',
  city: 'Lyon',
  department: 'Rhône',
  subject: fr.SUBJECTS.MATHEMATICS,
  username: 'camille-durand',
  password: 'Tableau-Noir-2026!',
};
const fullName = `${professor.firstName} ${professor.lastName}`;

describe('teacher sign-up, approval and first sign-in (desktop)', () => {
  let browser: Browser;
  let page: Page;
  let startedAt: number;

  beforeAll(async () => {
    browser = await launch();
    ({ page } = await newPage(browser, DESKTOP));
  });
  afterAll(async () => {
    await browser?.close();
  });

  test('step 1 refuses an invalid phone number and an e-mail already in use', async () => {
    const form = new ProfessorRegisterPage(page);
    await form.openFromSignUp();
    await page.getByRole('heading', { name: T.TITLE, level: 1 }).waitFor();

    await form.fillPersonal({ ...professor, phone: '12 34' });
    await form.next().click();
    await form.fieldError(fr.VALIDATION.PHONE_INVALID).waitFor();
    expect(await form.field(T.PHONE).getAttribute('aria-invalid')).toBe('true');
    await form.stepHeading(T.STEPS.PERSONAL).waitFor();

    await form.field(T.PHONE).fill(professor.phone);
    await form.field(T.EMAIL).fill('prof-demo@demo.classe-raid.fr');
    await form.next().click();
    await form.fieldError(fr.VALIDATION.EMAIL_TAKEN).waitFor();
    await form.stepHeading(T.STEPS.PERSONAL).waitFor();
    await shot(page, 'teacher-signup-1-errors');
  });

  test('the three steps send the request', async () => {
    const form = new ProfessorRegisterPage(page);
    await form.field(T.EMAIL).fill(professor.email);
    await shot(page, 'teacher-signup-1-personal');
    await form.next().click();

    await form.stepHeading(T.STEPS.SUBJECTS).waitFor();
    await form.next().click();
    await form.fieldError(fr.VALIDATION.SUBJECT_REQUIRED).waitFor();
    await form.subject(professor.subject).click();
    expect(await form.subject(professor.subject).getAttribute('aria-pressed')).toBe('true');
    await page.getByText(tr(T.SUBJECTS_COUNT_one, { count: 1 })).waitFor();
    await shot(page, 'teacher-signup-2-subjects');
    await form.next().click();

    await form.stepHeading(T.STEPS.PASSWORD).waitFor();
    await form.fillCredentials(professor);
    await page.getByText(tr(fr.PASSWORD_STRENGTH.LABEL, { level: fr.PASSWORD_STRENGTH.STRONG })).waitFor();
    await shot(page, 'teacher-signup-3-password');
    startedAt = Date.now();
    await form.submit();

    await atPath(page, '/register/professor/requestSent');
    await page.getByRole('heading', { name: fr.REGISTER.REQUEST_SENT.TITLE }).waitFor();
    await page.getByText(fr.REGISTER.REQUEST_SENT.STEP_LINK).waitFor();
    await shot(page, 'teacher-request-sent');
  });

  test('the activation link confirms the address; the request then awaits approval', async () => {
    const link = linkIn(await lastMailTo(professor.email, startedAt));
    expect(link).toContain('/register/professor/success?token=');
    await page.goto(link);
    await page.getByRole('heading', { name: fr.REGISTER.ACTIVATION.PENDING_TITLE }).waitFor();
    await page.getByText(fr.REGISTER.ACTIVATION.PENDING_TEXT).waitFor();
    await shot(page, 'teacher-activation-pending');

    // Signing in before the approval explains why it is not possible yet.
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(professor.username, professor.password);
    await login.pendingNotice().waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  test('the administrator activates the request, which leaves the list', async () => {
    await new LoginPage(page).signInTo('prof-demo', 'Craie-Verte-2026!', '/prof/select');
    const topBar = new ProfessorTopBar(page);
    await fromMenu(page, fr.LAYOUT.MENU.ADMINISTRATION, fr.LAYOUT.MENU.USERS_VALIDATION);
    await atPath(page, '/users-validation');

    const requests = new UsersValidationPage(page);
    await requests.heading().waitFor();
    const row = requests.row(fullName);
    await row.getByText(fr.USERS_VALIDATION.STATUS.PENDING_APPROVAL).waitFor();
    await row.getByText(professor.email).waitFor();
    await row.getByText(professor.subject).waitFor();
    await shot(page, 'users-validation');

    const since = Date.now();
    await requests.activate(fullName);
    await page.getByText(tr(fr.USERS_VALIDATION.DONE_ACTIVE, { name: fullName })).waitFor();
    await row.waitFor({ state: 'detached' });
    // The teacher is told by mail.
    await lastMailTo(professor.email, since);

    await topBar.signOut();
  });

  test('at first sign-in the new teacher chooses a character, powers and sharing', async () => {
    await new LoginPage(page).signInTo(professor.username, professor.password, '/gar-signup');
    const onboarding = new ProfessorOnboardingPage(page);
    await onboarding.heading().waitFor();
    await onboarding.stepHeading(fr.ONBOARDING.CHARACTER_TITLE).waitFor();
    await onboarding.next().click();
    await page.getByText(fr.ONBOARDING.CHARACTER_REQUIRED).waitFor();
    await onboarding.choose(onboarding.character(1));
    await shot(page, 'gar-signup-1-character');
    await onboarding.next().click();

    // The subjects chosen at registration are already ticked, named in French under French headings,
    // and the page says the teacher chose them (not the school: she signed up by e-mail).
    await onboarding.stepHeading(fr.ONBOARDING.SUBJECTS_TITLE).waitFor();
    await page.getByText(fr.ONBOARDING.SUBJECTS_TEXT_RECORD).waitFor();
    expect(await page.getByText(fr.ONBOARDING.SUBJECTS_TEXT).count()).toBe(0);
    expect(await onboarding.subject(professor.subject).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('group', { name: fr.REGISTER.PROFESSOR.GROUPS.MAIN }).waitFor();
    expect(await page.getByRole('button', { name: /^(Mathematics|French|Physics-Chemistry)$/ }).count()).toBe(
      0,
    );
    await shot(page, 'gar-signup-1b-subjects');
    await onboarding.next().click();

    await onboarding.stepHeading(fr.ONBOARDING.POWERS_TITLE).waitFor();
    await onboarding.choose(onboarding.option(fr.ONBOARDING.POWERS_OFF));
    await onboarding.choose(onboarding.option(fr.ONBOARDING.POWERS_ON));
    await shot(page, 'gar-signup-2-powers');
    await onboarding.next().click();

    await onboarding.stepHeading(fr.ONBOARDING.SHARING_TITLE).waitFor();
    await onboarding.choose(onboarding.option(fr.ONBOARDING.SHARE_ON));
    await shot(page, 'gar-signup-3-sharing');
    await onboarding.finish().click();

    await atPath(page, '/prof/select');
    await page.getByText(fr.ONBOARDING.SAVED).waitFor();
    await page.getByRole('heading', { name: tr(fr.PROF_HOME.HELLO, { name: fullName }), level: 1 }).waitFor();
    await page.getByRole('heading', { name: fr.PROF_HOME.EMPTY_TITLE }).waitFor();
    // The character just chosen greets the teacher.
    await page.getByRole('img', { name: fr.PROF_HOME.AVATAR_ALT }).waitFor();
    await new ProfessorTopBar(page).waitForMenus();
    await shot(page, 'professor-home-new-teacher');
  });

  test('nothing is loaded from another host', () => {
    expect(thirdPartyRequests).toEqual([]);
  });
});
