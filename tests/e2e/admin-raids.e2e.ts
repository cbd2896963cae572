// A teacher prepares a chapter and a raid with formulas and an image, reorders, saves, reopens and
// finds everything; then deletes the chapter (after confirming). prof-demo, their own new chapter.
import { crc32, deflateSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { atPath, DESKTOP, launch, newPage, scrollWidth, shot, thirdPartyRequests } from './browser';
import { C, ChaptersPage, F, imageLoaded, R, RaidFormPage } from './pages/admin-raids';
import { tr } from './pages/fr';
import { LoginPage } from './pages/login';

/** A 48x48 PNG: a purple square with a yellow diagonal band (a picture a user would recognise). */
function pngFixture(): Buffer {
  const size = 48;
  const raw = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 3 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const o = y * (size * 3 + 1) + 1 + x * 3;
      const band = Math.abs(x - y) < 6;
      raw[o] = band ? 0xff : 0x5b;
      raw[o + 1] = band ? 0xc9 : 0x3c;
      raw[o + 2] = band ? 0x4a : 0xc4;
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('chapters and raids administration', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  test('a teacher prepares a chapter and a raid with a formula and an image, reorders, saves and reopens it', async () => {
    const { page, context } = await newPage(browser, DESKTOP);
    await new LoginPage(page).signInTo('prof-demo', 'Craie-Verte-2026!', '/prof/select');

    const chapters = new ChaptersPage(page);
    await chapters.openFromMenu();
    // The demo chapter is listed with its level, subject and raids; nothing of prof-sciences.
    const demo = chapters.row('Fractions et puissances');
    await demo.waitFor();
    expect(await demo.textContent()).toMatch(/5e.*Mathématiques.*2.*\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    expect(await page.getByText('Mouvement et interactions').count()).toBe(0);

    const chapterName = `Équations E2E ${Date.now() % 100000}`;
    await chapters.create(chapterName);
    expect(await chapters.row(chapterName).textContent()).toContain('Mathématiques');
    // The same name again is refused next to the field.
    await page.getByRole('button', { name: C.NEW }).first().click();
    await page.getByLabel(C.NAME).fill(chapterName.toUpperCase());
    await page.getByRole('button', { name: C.CREATE }).click();
    await page.getByText(C.ERRORS.NAME_TAKEN).waitFor();
    await shot(page, 'admin-raids-chapters');
    await page.getByRole('button', { name: C.CANCEL }).click();

    await chapters.openRaids(chapterName);
    await page.getByText(R.EMPTY).waitFor();
    await page.getByRole('link', { name: R.NEW }).first().click();
    await page.getByRole('heading', { name: F.TITLE_NEW, level: 1 }).waitFor();

    const form = new RaidFormPage(page);
    await form.title().fill('Fractions en formules');
    // Question 1: a formula (equation mode turns on by itself) and a formula that cannot render.
    await form.fillQuestion(1, 'Combien vaut $$\\frac{1}{2} + \\frac{1}{4}$$ ?', [
      ['$$\\frac{3}{4}$$', true],
      ['$$\\frac{1}{2$$', false],
    ]);
    expect(await form.card(1).getByRole('checkbox', { name: F.EQUATION_MODE }).isChecked()).toBe(true);
    await form.previews(1).first().locator('.katex').first().waitFor();
    // The broken formula shows as its plain text, with no error.
    const broken = form.previews(1).nth(2);
    await expect.poll(() => broken.textContent()).toContain('\\frac{1}{2');
    expect(await form.card(1).locator('.katex-error').count()).toBe(0);
    await form.attachImage(1, { name: 'fraction.png', mimeType: 'image/png', buffer: pngFixture() });
    await expect.poll(() => imageLoaded(form.image(1))).toBe(true);

    // Question 2 without a correct answer: the form says so next to the answers, nothing is sent.
    await form.addQuestion();
    await form.fillQuestion(2, 'Quelle fraction est la plus grande ?', [
      ['1/3', false],
      ['1/2', false],
      ['1/4', false],
    ]);
    await form.save();
    await form.card(2).getByText(R.ERRORS.CORRECT_ANSWER_REQUIRED).waitFor();
    await page.getByText(F.FIX_ERRORS).waitFor();
    await shot(page, 'admin-raids-form-errors');
    await form.correct(2, 2).check();
    await expect.poll(() => form.card(2).getByText(R.ERRORS.CORRECT_ANSWER_REQUIRED).count()).toBe(0);

    // Reorder: drag question 2 onto question 1, then back down and up again with the buttons.
    await form.drag(2, 1);
    await expect
      .poll(() => form.questionTexts())
      .toEqual(['Quelle fraction est la plus grande ?', 'Combien vaut $$\\frac{1}{2} + \\frac{1}{4}$$ ?']);
    await form
      .card(1)
      .getByRole('button', { name: tr(F.MOVE_DOWN, { n: 1 }) })
      .click();
    await form
      .card(2)
      .getByRole('button', { name: tr(F.MOVE_UP, { n: 2 }) })
      .click();
    expect(await form.questionTexts()).toEqual([
      'Quelle fraction est la plus grande ?',
      'Combien vaut $$\\frac{1}{2} + \\frac{1}{4}$$ ?',
    ]);
    // The image moved with its question.
    await form.image(2).waitFor();
    await shot(page, 'admin-raids-form');
    expect(await scrollWidth(page)).toBeLessThanOrEqual(DESKTOP.width);

    await form.save();
    const listUrl = new URL(page.url()).pathname.replace(/\/create$/, '');
    await atPath(page, listUrl);
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Fractions en formules' }) });
    await row.waitFor();
    expect(await row.textContent()).toContain(tr(R.QUESTION_COUNT_other, { count: 2 }));
    await shot(page, 'admin-raids-list');

    // Reopen: everything is there, in the new order.
    await row.getByRole('link', { name: R.EDIT }).click();
    await page.getByRole('heading', { name: F.TITLE_EDIT, level: 1 }).waitFor();
    expect(await form.title().inputValue()).toBe('Fractions en formules');
    expect(await form.questionTexts()).toEqual([
      'Quelle fraction est la plus grande ?',
      'Combien vaut $$\\frac{1}{2} + \\frac{1}{4}$$ ?',
    ]);
    expect(await form.correct(1, 2).isChecked()).toBe(true);
    expect(await form.correct(1, 1).isChecked()).toBe(false);
    expect(await form.correct(2, 1).isChecked()).toBe(true);
    expect(await form.answer(2, 2).inputValue()).toBe('$$\\frac{1}{2$$');
    await form.previews(2).first().locator('.katex').first().waitFor();
    await form.image(2).waitFor();
    await expect.poll(() => imageLoaded(form.image(2))).toBe(true);
    expect(await form.image(1).count()).toBe(0);
    await shot(page, 'admin-raids-reopened');

    // The chapter now counts one raid; deleting it asks first.
    await page.goto('/prof/administration/chapters');
    await chapters.heading().waitFor();
    const mine = chapters.row(chapterName);
    expect(await mine.getByRole('cell').nth(2).textContent()).toBe('1');
    await mine.getByRole('button', { name: `${C.DELETE} ${chapterName}` }).click();
    await mine.getByText(tr(C.CONFIRM_DELETE_one, { name: chapterName, count: 1 })).waitFor();
    await mine.getByRole('button', { name: C.CONFIRM }).click();
    await expect.poll(() => chapters.row(chapterName).count()).toBe(0);
    await chapters.row('Fractions et puissances').waitFor();

    expect(thirdPartyRequests).toEqual([]);
    await context.close();
  });
});
