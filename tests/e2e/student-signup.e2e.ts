// A student joins 5e B on a phone with the class code: character, identifier, password, then home.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import {
  atPath,
  bugButtonCovers,
  launch,
  newPage,
  PHONE,
  scrollWidth,
  shot,
  thirdPartyRequests,
} from './browser';
import { fr, tr } from './pages/fr';
import { StudentHomePage } from './pages/student-home';
import { StudentRegisterPages } from './pages/student-register';

const S = fr.REGISTER.STUDENT;
const student = {
  firstName: 'Inès',
  lastName: 'Martin',
  username: 'ines-martin',
  password: 'Licorne-Rapide-42!',
};

describe('student sign-up with a class code (phone)', () => {
  let browser: Browser;
  let page: Page;
  let steps: StudentRegisterPages;
  let worldColour: string;
  const codes = inject('classCodes');

  /** What a child would notice first on a phone: the page must not scroll sideways. */
  async function fitsThePhone() {
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
  }

  beforeAll(async () => {
    browser = await launch();
    ({ page } = await newPage(browser, PHONE));
    steps = new StudentRegisterPages(page);
  });
  afterAll(async () => {
    await browser?.close();
  });

  test('an unknown code is refused', async () => {
    await steps.openFromSignUp();
    await fitsThePhone();
    await shot(page, 'student-1-code');
    const unknown = ['000000', '000001', '000002'].find((c) => !Object.values(codes).includes(c)) as string;
    await steps.typeCode(unknown);
    await steps.codeError().filter({ hasText: fr.VALIDATION.INVALID_CODE }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/register/student/code');
    await fitsThePhone();
    await shot(page, 'student-1-code-invalid');
  });

  test('the code of 5e B opens the character step', async () => {
    await page.reload();
    await steps.heading(S.CODE_TITLE).waitFor();
    await steps.typeCode(codes['5e B']);
    await atPath(page, '/register/student/avatar');
    await steps.heading(S.AVATAR_TITLE).waitFor();
    await steps.classBadge('5e B').waitFor();
    worldColour = await steps.badgeColour('5e B');
    await steps.next().click();
    await page.getByText(S.AVATAR_REQUIRED).waitFor();
    await steps.choose(steps.character(2));
    await fitsThePhone();
    expect(await bugButtonCovers(page, page.getByRole('link', { name: S.CHANGE_CLASS }))).toBe(false);
    await shot(page, 'student-2-avatar');
    await steps.next().click();
  });

  test('identifier then password create the account', async () => {
    await atPath(page, '/register/student/identifier');
    await steps.heading(S.IDENTIFIER_TITLE).waitFor();
    expect(await steps.badgeColour('5e B')).toBe(worldColour);
    // A username already taken is refused on this step.
    await steps.fillIdentifier({ ...student, username: 'eleve01' });
    await steps.next().click();
    await page.getByRole('alert').filter({ hasText: fr.VALIDATION.USERNAME_TAKEN }).waitFor();
    await steps.field(S.USERNAME).fill(student.username);
    await fitsThePhone();
    await shot(page, 'student-3-identifier');
    await steps.next().click();

    await atPath(page, '/register/student/password');
    await steps.heading(S.PASSWORD_TITLE).waitFor();
    expect(await steps.badgeColour('5e B')).toBe(worldColour);
    await steps.fillPassword(student.password);
    await fitsThePhone();
    const submit = page.getByRole('button', { name: S.SUBMIT });
    expect(await bugButtonCovers(page, submit)).toBe(false);
    await shot(page, 'student-4-password');
    await submit.click();

    await atPath(page, '/student');
    await page.getByText(tr(S.WELCOME_CLASS, { name: '5e B' })).waitFor();
  });

  test('the student home shows the name, the level and the class', async () => {
    const home = new StudentHomePage(page);
    const name = await home.name().textContent();
    expect(name).toContain(student.firstName);
    await home.level(1).waitFor();
    await home.className('5e B').waitFor();
    await page.getByRole('img', { name: fr.STUDENT_HOME.AVATAR_ALT }).waitFor();
    await fitsThePhone();
    // What the phone shows: the first screen, then the bottom of the page.
    await page.getByText(tr(S.WELCOME_CLASS, { name: '5e B' })).waitFor({ state: 'detached' });
    await shot(page, 'student-5-home', false);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await shot(page, 'student-5-home-bottom', false);
  });

  test('nothing is loaded from another host', () => {
    expect(thirdPartyRequests).toEqual([]);
  });
});
