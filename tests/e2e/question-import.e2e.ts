// A teacher imports a French Excel CSV (Windows-1252, ";") with two bad lines into a new raid: the
// report names each refused line and why, the valid questions join the form, and the raid saves.
// prof-demo, in a chapter of their own created and deleted here.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { kahootXlsx } from '../fixtures/import/kahoot';
import { atPath, DESKTOP, launch, newPage, scrollWidth, shot, thirdPartyRequests } from './browser';
import { C, ChaptersPage, F, R, RaidFormPage } from './pages/admin-raids';
import { tr } from './pages/fr';
import { LoginPage } from './pages/login';
import { I, ImportDialog } from './pages/question-import';

const FIXTURE = path.resolve(import.meta.dirname, '../fixtures/import/questions-two-bad-lines.csv');
const IMPORTED = [
  'Quelle est la capitale de la France ?',
  'Combien de côtés a un hexagone ?',
  'Quel est le résultat de 12 ÷ 4 ?',
  'Qui a écrit « Les Misérables » ?',
  'Combien font $$2^3$$ ?',
];

describe('question import', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  test('a teacher imports a CSV with two bad lines, reads the report and adds the valid questions', async () => {
    const { page, context } = await newPage(browser, DESKTOP);
    await new LoginPage(page).signInTo('prof-demo', 'Craie-Verte-2026!', '/prof/select');
    const chapters = new ChaptersPage(page);
    await chapters.openFromMenu();
    const chapterName = `Import E2E ${Date.now() % 100000}`;
    await chapters.create(chapterName);
    await chapters.openRaids(chapterName);
    await page.getByRole('link', { name: R.NEW }).first().click();
    await page.getByRole('heading', { name: F.TITLE_NEW, level: 1 }).waitFor();
    const form = new RaidFormPage(page);
    await form.title().fill('Culture générale importée');

    await page.getByRole('button', { name: F.IMPORT }).click();
    const dialog = new ImportDialog(page);
    await dialog.dialog().waitFor();
    // The format is explained in words, with both templates to download.
    await dialog.dialog().getByText(I.FORMAT_EQUATION).waitFor();
    const template = await page.request.get(
      (await dialog.dialog().getByRole('link', { name: I.TEMPLATE_XLSX }).getAttribute('href')) ?? '',
    );
    expect(template.headers()['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    await shot(page, 'question-import-dialog', false);

    const res = await dialog.importFile({
      name: 'questions.csv',
      mimeType: 'text/csv',
      buffer: readFileSync(FIXTURE),
    });
    expect(res.status()).toBe(200);
    await dialog.report().waitFor();
    await dialog
      .dialog()
      .getByText(tr(I.IMPORTED_COUNT_other, { count: 5 }))
      .waitFor();
    await dialog
      .dialog()
      .getByText(tr(I.REFUSED_COUNT_other, { count: 2 }))
      .waitFor();
    const entries = await dialog.entries();
    // Refused lines come first (what the teacher must fix), then the imported ones, each in file order.
    expect(entries.map((e) => e.status)).toEqual([
      'refused',
      'refused',
      'imported',
      'imported',
      'imported',
      'imported',
      'imported',
    ]);
    // Accents of the Windows-1252 file read right; each refused line says why, in French.
    expect(entries[4].text).toContain('Quel est le résultat de 12 ÷ 4 ?');
    expect(entries[0].text).toBe(
      `${tr(I.LINE, { line: 5 })}${I.REFUSED}${I.EMPTY_QUESTION}${I.ERRORS.QUESTION_REQUIRED}`,
    );
    expect(entries[1].text).toBe(
      `${tr(I.LINE, { line: 6 })}${I.REFUSED}Quel animal est un mammifère ?${R.ERRORS.CORRECT_ANSWER_REQUIRED}`,
    );
    const refusedColor = await dialog
      .line(5)
      .evaluate((el) => getComputedStyle(el.querySelector('.qi-line__status') as Element).color);
    expect(refusedColor).toBe('rgb(198, 40, 40)');
    await shot(page, 'question-import-report', false);
    await page.screenshot({ path: '/tmp/question-import-report.png' });
    expect(await scrollWidth(page)).toBeLessThanOrEqual(DESKTOP.width);

    await dialog.addButton(5).click();
    await dialog.dialog().waitFor({ state: 'detached' });
    await expect.poll(() => form.questionTexts()).toEqual(IMPORTED);
    expect(await form.answer(4, 2).inputValue()).toBe('Zola; Émile');
    expect(await form.correct(4, 1).isChecked()).toBe(true);
    expect(await form.correct(4, 2).isChecked()).toBe(false);
    expect(await form.card(5).getByRole('checkbox', { name: F.EQUATION_MODE }).isChecked()).toBe(true);
    await shot(page, 'question-import-form');

    // Importing the same file again: every valid line now repeats a question of the raid.
    await page.getByRole('button', { name: F.IMPORT }).click();
    await dialog.importFile({ name: 'questions.csv', mimeType: 'text/csv', buffer: readFileSync(FIXTURE) });
    await dialog
      .dialog()
      .getByText(tr(I.IMPORTED_COUNT_one, { count: 0 }))
      .waitFor();
    expect((await dialog.entries()).filter((e) => e.text.includes(R.ERRORS.DUPLICATE_QUESTION))).toHaveLength(
      5,
    );
    await dialog.dialog().getByText(I.NOTHING_TO_ADD).waitFor();
    expect(
      await dialog
        .dialog()
        .getByRole('button', { name: /^Ajouter/ })
        .count(),
    ).toBe(0);
    // A file of another kind is refused as a whole.
    await dialog.dialog().getByRole('button', { name: I.OTHER_FILE }).click();
    await dialog.importFile({
      name: 'notes.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4'),
    });
    await dialog.dialog().getByRole('alert').getByText(I.ERRORS.FILE_TYPE).waitFor();
    await shot(page, 'question-import-refused-file', false);
    await dialog.dialog().getByRole('button', { name: I.CANCEL }).click();
    expect(await form.questionTexts()).toEqual(IMPORTED);

    // The raid saves with the imported questions.
    await form.save();
    const listUrl = new URL(page.url()).pathname.replace(/\/create$/, '');
    await atPath(page, listUrl);
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: 'Culture générale importée' }) });
    await row.waitFor();
    expect(await row.textContent()).toContain(tr(R.QUESTION_COUNT_other, { count: 5 }));

    // Leave the demo data as it was: delete the chapter and its raid.
    await page.goto('/prof/administration/chapters');
    await chapters.heading().waitFor();
    const mine = chapters.row(chapterName);
    await mine.getByRole('button', { name: `${C.DELETE} ${chapterName}` }).click();
    await mine.getByRole('button', { name: C.CONFIRM }).click();
    await expect.poll(() => chapters.row(chapterName).count()).toBe(0);

    expect(thirdPartyRequests).toEqual([]);
    await context.close();
  });

  test("a teacher imports Kahoot!'s template as she wrote it: decimal commas, formulas in equation mode", async () => {
    const { page, context } = await newPage(browser, DESKTOP);
    await new LoginPage(page).signInTo('prof-demo', 'Craie-Verte-2026!', '/prof/select');
    const chapters = new ChaptersPage(page);
    await chapters.openFromMenu();
    const chapterName = `Kahoot E2E ${Date.now() % 100000}`;
    await chapters.create(chapterName);
    await chapters.openRaids(chapterName);
    await page.getByRole('link', { name: R.NEW }).first().click();
    await page.getByRole('heading', { name: F.TITLE_NEW, level: 1 }).waitFor();
    const form = new RaidFormPage(page);
    await form.title().fill('Fractions venues de Kahoot');

    await page.getByRole('button', { name: F.IMPORT }).click();
    const dialog = new ImportDialog(page);
    // The dialog says that Kahoot!'s own template is welcome.
    await dialog.dialog().getByText(I.FORMAT_KAHOOT).waitFor();
    // Kahoot!'s template as Excel saves it: numbers are number cells (0.5 in the file, "0,5" on screen).
    const file = kahootXlsx([
      ['', 'Quiz template'],
      ['', 'Add questions, at least two answer alternatives, time limit and choose correct answers'],
      [],
      [
        '',
        'Question - max 120 characters',
        'Answer 1 - max 75 characters',
        'Answer 2 - max 75 characters',
        'Time limit (sec)',
        'Correct answer(s) - choose at least one',
      ],
      [1, 'Combien vaut $$\\frac{1}{2}$$ ?', 0.5, 2, 20, 1],
      [2, 'Quelle est la moitié de 3 ?', 0.75, 1.5, 20, 2],
    ]);
    const res = await dialog.importFile({
      name: 'KahootQuizTemplate.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from(file),
    });
    expect(res.status()).toBe(200);
    await dialog
      .dialog()
      .getByText(tr(I.IMPORTED_COUNT_other, { count: 2 }))
      .waitFor();
    await dialog.addButton(2).click();
    await dialog.dialog().waitFor({ state: 'detached' });
    await expect
      .poll(() => form.questionTexts())
      .toEqual(['Combien vaut $$\\frac{1}{2}$$ ?', 'Quelle est la moitié de 3 ?']);
    expect(await form.answer(1, 1).inputValue()).toBe('0,5');
    expect(await form.answer(2, 1).inputValue()).toBe('0,75');
    expect(await form.answer(2, 2).inputValue()).toBe('1,5');
    expect(await form.correct(2, 2).isChecked()).toBe(true);
    expect(await form.card(1).getByRole('checkbox', { name: F.EQUATION_MODE }).isChecked()).toBe(true);
    await form.previews(1).first().waitFor();
    expect(await form.card(2).getByRole('checkbox', { name: F.EQUATION_MODE }).isChecked()).toBe(false);
    await shot(page, 'question-import-kahoot-form');

    // Saved, then the chapter and its raid deleted: the demo data stays as it was.
    await form.save();
    await atPath(page, new URL(page.url()).pathname.replace(/\/create$/, ''));
    await page.goto('/prof/administration/chapters');
    await chapters.heading().waitFor();
    const mine = chapters.row(chapterName);
    await mine.getByRole('button', { name: `${C.DELETE} ${chapterName}` }).click();
    await mine.getByRole('button', { name: C.CONFIRM }).click();
    await expect.poll(() => chapters.row(chapterName).count()).toBe(0);
    await context.close();
  });
});
