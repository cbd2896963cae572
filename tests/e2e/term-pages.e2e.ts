// What a teacher's term showed (issue 21): with the demo's history, a pupil's "Mes stats" has data
// and fits a 360 px phone; the teacher opens one pupil's page from the class table; an administrator
// reads a bug report and its screenshot; a teacher creates pupils' accounts from a class list
// (Pronote's CSV, Windows-1252) and gets one sheet per pupil to print.
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { STUDENT_NAMES } from '../../server/db/demo/raids';
import { atPath, DESKTOP, lastMailTo, launch, newPage, PHONE, scrollWidth } from './browser';
import { A, AnalyticsPage } from './pages/analytics';
import { LoginPage } from './pages/login';
import { apiSignIn } from './pages/screen-walk';
import { ClassListImportPage, PupilPageObject, ROSTER, TicketsPage } from './pages/term-pages';

const PROFESSOR_PASSWORD = 'Craie-Verte-2026!';
/** The e2e server's ADMIN_EMAILS (global-setup.ts). */
const ADMIN_EMAIL = 'prof-demo@demo.classe-raid.fr';
const STUDENT_PASSWORD = 'Cartable-Bleu-7!';
// Read-only here: eleve02 is nobody else's player.
const PUPIL = { login: 'eleve02', first: STUDENT_NAMES[1][0], last: STUDENT_NAMES[1][1] };
/** The last 60 days: the demo's term (its dates move with today). */
const day = (d: Date) => d.toISOString().slice(0, 10);
const TERM = `period=custom&from=${day(new Date(Date.now() - 60 * 86400_000))}&to=${day(new Date())}`;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe("a teacher's term", () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
  });

  test('a pupil\'s "Mes stats" shows the term and fits 360 px', { timeout: 60_000 }, async () => {
    const { context, page } = await newPage(browser, PHONE);
    contexts.push(context);
    await new LoginPage(page).signInTo(PUPIL.login, STUDENT_PASSWORD, '/student');
    await page.goto(`/student/stats?${TERM}`);
    await page.getByRole('heading', { name: A.ME.TITLE, level: 1 }).waitFor();
    await page.getByRole('table', { name: A.ME.SUBJECTS }).waitFor();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
  });

  test("the teacher opens one pupil's page from the class table, on a phone too", {
    timeout: 60_000,
  }, async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    contexts.push(context);
    await new LoginPage(page).signInTo('prof-demo', PROFESSOR_PASSWORD, '/prof/select');
    await page.goto(`/prof/analytics/schoolclasses?${TERM}`);
    const a = new AnalyticsPage(page);
    await a.classLink('5e B').click();
    await a.studentsTable().waitFor();
    await a.studentRow(PUPIL.last).getByRole('link', { name: PUPIL.last, exact: true }).click();
    const p = new PupilPageObject(page);
    await p.heading(`${PUPIL.first} ${PUPIL.last}`).waitFor();
    await p.plays().waitFor();
    expect(await p.plays().getByRole('row').count()).toBeGreaterThan(3);
    expect(Number(await p.live().textContent())).toBeGreaterThan(0);
    await page.setViewportSize(PHONE);
    await p.plays().waitFor();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
  });

  test('an administrator gets a mail for a bug report and reads it and its screenshot', {
    timeout: 60_000,
  }, async () => {
    const summary = `Bouton figé ${Date.now()}`;
    const since = Date.now();
    const pupil = await apiSignIn('eleve03', STUDENT_PASSWORD);
    const form = new FormData();
    form.append('summary', summary);
    form.append('description', 'Je clique et rien ne se passe.');
    form.append('screenshot', new Blob([PNG], { type: 'image/png' }), 'capture.png');
    const sent = await fetch(`${inject('baseUrl')}/api/tickets`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${pupil.token}` },
    });
    expect(sent.status).toBe(201);
    // The e2e server's ADMIN_EMAILS is prof-demo's address (global-setup.ts): the mail names the
    // report and links to the list; the description stays on the instance.
    const mail = await lastMailTo(ADMIN_EMAIL, since);
    expect(mail).toContain(`Subject: Nouveau signalement de bug : ${summary}`);
    expect(mail).toContain(`Résumé : ${summary}`);
    expect(mail).toContain(`${inject('baseUrl')}/admin/tickets`);
    expect(mail).not.toContain('Je clique et rien ne se passe.');
    const { context, page } = await newPage(browser, DESKTOP);
    contexts.push(context);
    await new LoginPage(page).signInTo('prof-demo', PROFESSOR_PASSWORD, '/prof/select');
    await page.goto('/admin/tickets');
    const t = new TicketsPage(page);
    await t.heading().waitFor();
    await t.ticket(summary).getByText('Je clique et rien ne se passe.').waitFor();
    await t.showScreenshot(summary).click();
    await t.screenshot(summary).waitFor();
    // Not an administrator: sent home.
    const other = await newPage(browser, DESKTOP);
    contexts.push(other.context);
    const login = new LoginPage(other.page);
    await login.goto();
    await login.signIn('prof-sciences', PROFESSOR_PASSWORD);
    await other.page.waitForURL((u) => u.pathname !== '/login');
    await other.page.goto('/admin/tickets');
    await other.page.waitForURL((u) => u.pathname !== '/admin/tickets');
  });

  test("a teacher creates her pupils' accounts from Pronote's class list", { timeout: 60_000 }, async () => {
    const professor = await apiSignIn('prof-demo', PROFESSOR_PASSWORD);
    const subjects = (await (await fetch(`${inject('baseUrl')}/api/subjects`)).json()) as {
      id: string;
      code: string;
    }[];
    const res = await fetch(`${inject('baseUrl')}/api/schoolclasses`, {
      method: 'POST',
      headers: { authorization: `Bearer ${professor.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: `1re ${Date.now() % 1000}`,
        level: 1,
        subjectId: subjects.find((s) => s.code === 'MATHEMATICS')?.id,
        planet: 'nebula',
      }),
    });
    expect(res.status).toBe(201);
    const cls = (await res.json()) as { id: string };
    // The class is this test's own: deleted after (its pupils' memberships with it).
    const cleanup = () =>
      fetch(`${inject('baseUrl')}/api/schoolclasses/${cls.id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${professor.token}` },
      });
    const { context, page } = await newPage(browser, PHONE);
    contexts.push(context);
    try {
      await new LoginPage(page).signInTo('prof-demo', PROFESSOR_PASSWORD, '/prof/select');
      await page.goto(`/prof/administration/class/${cls.id}`);
      await page.getByRole('link', { name: ROSTER.OPEN }).click();
      await atPath(page, `/prof/administration/class/${cls.id}/import`);
      const imp = new ClassListImportPage(page);
      // Windows-1252, `;`, Pronote's one-column "Élève", a line without a name.
      const text = 'Élève;Classe\r\nNOËL Anaïs;1E\r\nPETIT Zoé;1E\r\n;1E\r\n';
      const bytes = Buffer.from([...text].map((c) => c.charCodeAt(0) & 0xff));
      await imp.file().setInputFiles({ name: 'liste.csv', mimeType: 'text/csv', buffer: bytes });
      await imp.read().click();
      await imp.report().getByText('Anaïs').waitFor();
      await imp
        .report()
        .getByText(ROSTER.ERRORS.NAME_MISSING.replace('{{field}}', ROSTER.LAST_NAME))
        .waitFor();
      expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
      await imp.create(2).click();
      await imp.accounts().getByText('anais-noel').waitFor();
      await imp.print().waitFor();
      // Printed: one sheet per pupil, with the sign-in address and its QR code.
      await page.emulateMedia({ media: 'print' });
      const sheets = page.locator('.roster-sheet');
      expect(await sheets.count()).toBe(2);
      await sheets.first().locator('img').waitFor();
      expect(await sheets.first().textContent()).toContain(`${inject('baseUrl')}/login`);
    } finally {
      await cleanup();
    }
  });
});
