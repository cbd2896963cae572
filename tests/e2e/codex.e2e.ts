// The codex both ways: students write phrases on their phones and find them in their history; the
// teacher searches, sees the rude one flagged first, approves and rejects, then clears the test's
// phrases into the trash (demo students eleve10 and eleve11, prof-demo).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CODEX_MAX_LENGTH } from '../../shared/constants';
import { DESKTOP, launch, newPage, PHONE, scrollWidth, shot, thirdPartyRequests } from './browser';
import { CodexModerationPage, EditCodexPage, X } from './pages/codex';
import { LoginPage } from './pages/login';

const STUDENT_PASSWORD = 'Cartable-Bleu-7!';
const tag = `E2E${Date.now() % 100000}`;
const CLEAN = `Chaque élève ${tag} sait que la somme des angles d'un triangle vaut 180°.`;
const RUDE = `Ce devoir ${tag} est de la m.e.r.d.e`;

describe('codex', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  test('a student writes a codex phrase on a phone and finds it in the history', async () => {
    const { page, context } = await newPage(browser, PHONE);
    await new LoginPage(page).signInTo('eleve10', STUDENT_PASSWORD, '/student');
    const codex = new EditCodexPage(page);
    await codex.goto();
    // One teacher, one subject, one class: the teacher is chosen, no other select, a small form.
    expect(await codex.professor().locator('option:checked').textContent()).toBe('Mme Claire Fontaine');
    expect(await page.getByLabel(X.WRITE.SUBJECT, { exact: true }).count()).toBe(0);
    expect(await codex.form().getAttribute('data-size')).toBe('small');
    // Write and History are tabs on a phone.
    expect(await codex.tab(X.WRITE.TAB_HISTORY).isVisible()).toBe(true);

    await codex.text().fill('x'.repeat(CODEX_MAX_LENGTH + 1));
    expect(await codex.counter().textContent()).toContain(`${CODEX_MAX_LENGTH + 1}/${CODEX_MAX_LENGTH}`);
    expect(await codex.counter().getAttribute('class')).toContain('ec__counter--danger');
    expect(await codex.send().isDisabled()).toBe(true);
    await shot(page, 'codex-student-too-long', false);

    expect(await codex.write(CLEAN)).toBe(201);
    await codex.success().waitFor();
    expect(await codex.text().inputValue()).toBe('');
    await shot(page, 'codex-student-sent', false);
    // The same phrase again, other case: refused under the text.
    expect(await codex.write(CLEAN.toUpperCase())).toBe(409);
    await page.getByRole('alert').filter({ hasText: 'Tu as déjà écrit cette phrase.' }).waitFor();

    await codex.tab(X.WRITE.TAB_HISTORY).click();
    const item = codex.historyItem(tag);
    await item.waitFor();
    expect(await item.textContent()).toContain(X.STATUS.PENDING);
    expect(await item.textContent()).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    expect(await codex.send().isVisible()).toBe(false);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await shot(page, 'codex-student-history', false);
    // Above 480 px the form and the history sit side by side, without tabs.
    await page.setViewportSize({ width: 1024, height: 800 });
    expect(await codex.send().isVisible()).toBe(true);
    expect(await item.isVisible()).toBe(true);
    expect(await codex.tab(X.WRITE.TAB_HISTORY).isVisible()).toBe(false);
    await shot(page, 'codex-student-wide', false);
    await context.close();

    // A classmate writes a rude phrase, spelled out.
    const other = await newPage(browser, PHONE);
    await new LoginPage(other.page).signInTo('eleve11', STUDENT_PASSWORD, '/student');
    const codex2 = new EditCodexPage(other.page);
    await codex2.goto();
    expect(await codex2.write(RUDE)).toBe(201);
    await other.context.close();
  });

  test('the teacher finds, approves and rejects codex phrases, rude ones flagged first', async () => {
    const { page, context } = await newPage(browser, DESKTOP);
    await new LoginPage(page).signInTo('prof-demo', 'Craie-Verte-2026!', '/prof/select');
    const mod = new CodexModerationPage(page);
    await mod.openFromMenu();
    // The flagged pending phrase comes first, marked.
    const first = mod.rows().first();
    await expect.poll(() => first.textContent()).toContain(RUDE);
    await mod.flag(first).waitFor();
    expect(await mod.flag(mod.row(CLEAN)).count()).toBe(0);
    await shot(page, 'codex-moderation');

    // Search ignores case and accents.
    await mod.search().fill(`ELEVE ${tag.toLowerCase()}`);
    await expect.poll(() => mod.rows().count()).toBe(1);
    expect(await mod.rows().first().textContent()).toContain('Gabriel Moreau');
    await mod.search().fill(tag);
    await expect.poll(() => mod.rows().count()).toBe(2);

    await mod.act(mod.row(CLEAN), X.MODERATION.APPROVE);
    await expect.poll(() => mod.statusOf(mod.row(CLEAN)).textContent()).toBe(X.STATUS.APPROVED);
    await mod.act(mod.row(RUDE), X.MODERATION.REJECT);
    await expect.poll(() => mod.statusOf(mod.row(RUDE)).textContent()).toBe(X.STATUS.REJECTED);
    await mod.status().selectOption({ label: X.STATUS.REJECTED });
    await expect.poll(() => mod.rows().count()).toBe(1);
    await shot(page, 'codex-moderation-decided');
    // On a narrow window each phrase becomes a card, without sideways scrolling.
    await page.setViewportSize({ width: 600, height: 900 });
    expect(await scrollWidth(page)).toBeLessThanOrEqual(600);
    await shot(page, 'codex-moderation-narrow', false);
    await page.setViewportSize(DESKTOP);

    // The student's history shows the decision.
    const s = await newPage(browser, PHONE);
    await new LoginPage(s.page).signInTo('eleve10', STUDENT_PASSWORD, '/student');
    const codex = new EditCodexPage(s.page);
    await codex.goto();
    await codex.tab(X.WRITE.TAB_HISTORY).click();
    expect(await codex.historyItem(tag).textContent()).toContain(X.STATUS.APPROVED);
    await s.context.close();

    // Leave the demo class's game as it was: the test's phrases go to the trash.
    await mod.status().selectOption('');
    for (const text of [CLEAN, RUDE]) {
      await mod.act(mod.row(text), X.MODERATION.DELETE);
      // The row leaves the table once the list has re-rendered, not when the response arrives.
      await mod.row(text).waitFor({ state: 'detached' });
    }
    await expect.poll(() => mod.rows().count()).toBe(0);
    await page.getByRole('button', { name: X.MODERATION.TRASH }).click();
    await mod.row(CLEAN).waitFor();
    expect(thirdPartyRequests).toEqual([]);
    await context.close();
  });
});
