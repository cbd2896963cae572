// A teacher prepares a class as a new user would (1440x1024): hub, class form, a registration code
// with its QR code; a student opens the join address on a phone (360x800) and registers; the teacher
// sees them, generates a readable password, sorts the table, switches to English and back, and
// finally deletes the class. prof-demo, with a class of their own created and deleted here.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { atPath, DESKTOP, launch, newPage, PHONE, scrollWidth, shot, thirdPartyRequests } from './browser';
import { AdminClassesPages, C, CEn } from './pages/admin-classes';
import { fr, tr } from './pages/fr';
import { LoginPage } from './pages/login';
import { StudentHomePage } from './pages/student-home';
import { StudentRegisterPages } from './pages/student-register';

const CLASS_NAME = 'Olympe 3e';
const S = fr.REGISTER.STUDENT;
const suffix = Date.now().toString(36).slice(-5);
const student = {
  firstName: 'Noé',
  lastName: 'Zanetti',
  username: `noe-z-${suffix}`,
  password: 'Comete-Lente-58!',
};

async function signInStatus(login: string, password: string) {
  const res = await fetch(`${inject('baseUrl')}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login, password }),
  });
  return res.status;
}

describe('a teacher prepares a class; a student joins it with the code', () => {
  let browser: Browser;
  let professor: { context: BrowserContext; page: Page };
  let ui: AdminClassesPages;
  let code = '';
  let joinAddress = '';
  let classId = '';

  beforeAll(async () => {
    browser = await launch();
    professor = await newPage(browser, DESKTOP);
    ui = new AdminClassesPages(professor.page);
  });
  afterAll(async () => {
    await browser?.close();
    // A run that failed half-way leaves nothing behind for the other files.
    if (classId) {
      const signin = await fetch(`${inject('baseUrl')}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ login: 'prof-demo', password: 'Craie-Verte-2026!' }),
      });
      const { accessToken } = (await signin.json()) as { accessToken: string };
      await fetch(`${inject('baseUrl')}/api/schoolclasses/${classId}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${accessToken}` },
      });
    }
  });

  test('the administration hub leads to the classes', async () => {
    const { page } = professor;
    await new LoginPage(page).signInTo('prof-demo', 'Craie-Verte-2026!', '/prof/select');
    await page.goto('/prof/administration');
    await ui.heading(C.HUB.TITLE).waitFor();
    for (const card of [C.HUB.CLASSES, C.HUB.CHAPTERS, C.HUB.CODEX, C.HUB.LIBRARY, C.HUB.HOMEWORK])
      await page.getByRole('link', { name: card }).first().waitFor();
    await shot(page, 'classes-0-hub');
    await page.getByRole('link', { name: new RegExp(`^${C.HUB.CLASSES}`) }).click();
    await atPath(page, '/prof/administration/classlist');
    await ui.heading(C.LIST.TITLE).waitFor();
    // The demo class is there with its students; nothing of prof-sciences (2nde A).
    await page.getByRole('heading', { name: '5e B', level: 2 }).waitFor();
    expect(await page.getByRole('heading', { name: '2nde A' }).count()).toBe(0);
    await page
      .getByText(tr(C.LIST.STUDENTS_other, { count: 30 }))
      .first()
      .waitFor();
    await shot(page, 'classes-1-list');
  });

  test('creates a class: empty form refused with clear messages, then created', async () => {
    const { page } = professor;
    await ui.link(C.LIST.NEW).click();
    await atPath(page, '/prof/administration/class');
    await ui.heading(C.NEW_TITLE).waitFor();
    await ui.field(C.FORM.SUBJECT).selectOption({ value: '' });
    await ui.button(C.FORM.CREATE).click();
    await ui.alert(fr.VALIDATION.REQUIRED).waitFor();
    await ui.alert(C.ERRORS.LEVEL_REQUIRED).waitFor();
    await ui.alert(C.ERRORS.SUBJECT_REQUIRED).waitFor();
    await ui.alert(C.ERRORS.WORLD_REQUIRED).waitFor();
    await shot(page, 'classes-2-form-errors');
    await ui.fillClass({
      name: CLASS_NAME,
      level: fr.LEVELS['3'],
      subject: fr.SUBJECTS.MATHEMATICS,
      planet: 'preia',
    });
    await shot(page, 'classes-2-form-filled');
    await ui.button(C.FORM.CREATE).click();
    await page.waitForURL((u) => /^\/prof\/administration\/class\/[0-9a-f-]{36}$/.test(u.pathname));
    classId = new URL(page.url()).pathname.split('/').pop() as string;
    await ui.heading(CLASS_NAME).waitFor();
    await page.getByText(tr(C.CREATED, { name: CLASS_NAME })).waitFor();
    await page.getByText(C.CODE.NONE_YET).waitFor();
    await page.getByText(C.STUDENTS.EMPTY).waitFor();
    await shot(page, 'classes-3-created');
  });

  test('generates a code: the modal shows the digits, a large QR code and the join address', async () => {
    const { page } = professor;
    await ui.button(C.CODE.GENERATE).click();
    await ui.dialog().waitFor();
    code = (await ui.codeDigits().textContent())?.trim() ?? '';
    expect(code).toMatch(/^\d{6}$/);
    // The address comes from the server (the one phones reach): wait for it, not for the dialog.
    const expected = `${inject('baseUrl')}/register/student/code?code=${code}`;
    await expect
      .poll(async () => (await ui.joinUrl().textContent())?.trim(), { timeout: 10_000 })
      .toBe(expected);
    joinAddress = expected;
    await ui.qr().waitFor();
    expect(await ui.qr().getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    const box = await ui.qr().boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(300);
    await page.getByText(C.CODE.VALID_UNTIL.split('{{')[0]).first().waitFor();
    await shot(page, 'classes-4-code-modal', false);
    // Escape closes it; the page now shows the current code.
    await page.keyboard.press('Escape');
    await ui.dialog().waitFor({ state: 'detached' });
    await page.getByText(tr(C.CODE.CURRENT, { code })).waitFor();
  });

  test('a student opens the join address on a phone and lands on the registration flow', async () => {
    const phone = await newPage(browser, PHONE);
    const steps = new StudentRegisterPages(phone.page);
    await phone.page.goto(joinAddress.replace(inject('baseUrl'), ''));
    await atPath(phone.page, '/register/student/avatar');
    await steps.classBadge(CLASS_NAME).waitFor();
    await steps.choose(steps.character(3));
    await shot(phone.page, 'classes-5-phone-avatar', false);
    await steps.next().click();
    await atPath(phone.page, '/register/student/identifier');
    await steps.fillIdentifier(student);
    await steps.next().click();
    await atPath(phone.page, '/register/student/password');
    await steps.fillPassword(student.password);
    await phone.page.getByRole('button', { name: S.SUBMIT }).click();
    await atPath(phone.page, '/student');
    await phone.page.getByText(tr(S.WELCOME_CLASS, { name: CLASS_NAME })).waitFor();
    await new StudentHomePage(phone.page).className(CLASS_NAME).waitFor();
    expect(await scrollWidth(phone.page)).toBeLessThanOrEqual(PHONE.width);
    await shot(phone.page, 'classes-6-phone-home', false);
    await phone.context.close();
  });

  test('the teacher sees the student, generates a readable password, sorts the table', async () => {
    const { page } = professor;
    await page.reload();
    await ui.heading(CLASS_NAME).waitFor();
    const row = ui.row(student.lastName);
    await row.getByText(student.username).waitFor();
    await row.getByText(C.STUDENTS.PASSWORD_OWN).waitFor();
    // The tooltip explains the password column.
    await page.getByRole('button', { name: C.STUDENTS.PASSWORD_TIP_LABEL }).hover();
    await page.getByRole('tooltip').filter({ hasText: C.STUDENTS.PASSWORD_TIP }).waitFor();
    await shot(page, 'classes-7-students-tooltip');
    await page.mouse.move(0, 0);

    await row
      .getByRole('button', {
        name: tr(C.STUDENTS.NEW_PASSWORD_FOR, { name: `${student.firstName} ${student.lastName}` }),
      })
      .click();
    await row
      .getByText(tr(C.STUDENTS.CONFIRM_PASSWORD, { name: `${student.firstName} ${student.lastName}` }))
      .waitFor();
    await row.getByRole('button', { name: C.STUDENTS.CONFIRM_PASSWORD_YES }).click();
    const shown = row.locator('code');
    await shown.waitFor();
    const generated = (await shown.textContent())?.trim() ?? '';
    expect(generated).toMatch(/^[A-Z][a-z]+-[A-Z][a-z]+-\d{2,3}[!?#+]$/);
    expect(await signInStatus(student.username, generated)).toBe(200);
    expect(await signInStatus(student.username, student.password)).toBe(401);
    await shot(page, 'classes-8-generated-password');
    // "Print the list" prints the table alone, passwords included, without the buttons.
    await page.emulateMedia({ media: 'print' });
    await shot(page, 'classes-8-print', false);
    expect(await row.getByRole('button').first().isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });

    // Sorting by last name: ascending, then descending on a second click.
    const header = ui.columnHeader(C.STUDENTS.LAST_NAME);
    expect(await header.getAttribute('aria-sort')).toBe('ascending');
    await header.getByRole('button').click();
    expect(await header.getAttribute('aria-sort')).toBe('descending');
    expect(
      await ui.columnHeader(C.STUDENTS.PASSWORD).getByRole('button', { name: C.STUDENTS.PASSWORD }).count(),
    ).toBe(0);
  });

  test('the class page also fits a narrow screen', async () => {
    const { page } = professor;
    await page.setViewportSize(PHONE);
    await ui.heading(CLASS_NAME).waitFor();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await shot(page, 'classes-8-narrow');
    await page.setViewportSize(DESKTOP);
  });

  test('the interface switches to English and back to French', async () => {
    const { page } = professor;
    await ui.language().selectOption('en');
    await page.getByRole('heading', { name: tr(CEn.STUDENTS.TITLE_one, { count: 1 }) }).waitFor();
    await page.getByRole('button', { name: CEn.CODE.SHOW }).waitFor();
    await shot(page, 'classes-9-english');
    await ui.language().selectOption('fr');
    await page.getByRole('heading', { name: tr(C.STUDENTS.TITLE_one, { count: 1 }) }).waitFor();
    await page.getByRole('button', { name: C.CODE.SHOW }).waitFor();
  });

  test('deleting the class asks first, then the list no longer shows it', async () => {
    const { page } = professor;
    await ui.button(C.DELETE).click();
    await page.getByText(tr(C.CONFIRM_DELETE, { name: CLASS_NAME })).waitFor();
    await shot(page, 'classes-10-delete-confirm');
    await page.locator('.cls-danger').getByRole('button', { name: C.DELETE }).click();
    await atPath(page, '/prof/administration/classlist');
    await page.getByRole('heading', { name: '5e B', level: 2 }).waitFor();
    expect(await page.getByRole('heading', { name: CLASS_NAME }).count()).toBe(0);
    classId = '';
    // Its code no longer answers.
    const res = await fetch(`${inject('baseUrl')}/api/professorsSchoolclasses?code=${code}`);
    expect(res.status).toBe(404);
  });

  test('nothing is loaded from another host', () => {
    expect(thirdPartyRequests).toEqual([]);
  });
});
