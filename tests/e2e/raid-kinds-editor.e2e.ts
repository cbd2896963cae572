// Issue 23: a teacher builds one question of each kind in the raid editor (choice with an explanation
// and its formula, true/false, number, short text, order, poll), saves, reopens and finds them as
// entered; exports the raid to GIFT from the raid page and imports the file back into a new raid
// through the import dialog, finding the same questions. prof-demo, a chapter of their own.
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DESKTOP, launch, newPage, scrollWidth, shot } from './browser';
import { ChaptersPage, F, R, RaidFormPage } from './pages/admin-raids';
import { tr } from './pages/fr';
import { LoginPage } from './pages/login';
import { ImportDialog } from './pages/question-import';

const PHONE_WIDE = { width: 390, height: 844 };

/** The kind editor's fields of question `n` (client/src/pages/admin/raids/KindFields.tsx). */
class KindsForm extends RaidFormPage {
  readonly kind = (n: number) => this.card(n).getByRole('combobox', { name: F.KIND });
  readonly field = (n: number, label: string) => this.card(n).getByLabel(label, { exact: true });
  readonly box = (n: number, label: string, i: number) =>
    this.card(n).getByRole('textbox', { name: tr(label, { n: i }), exact: true });

  async build() {
    // 1. Choice, two right answers, an explanation with a formula.
    await this.fillQuestion(1, 'Lesquels sont premiers ?', [
      ['2', true],
      ['4', false],
      ['7', true],
    ]);
    await this.field(1, F.EXPLANATION).fill('Un premier a deux diviseurs : $$1$$ et lui-même.');
    await this.previews(1).last().waitFor();
    // 2. True / false.
    await this.addQuestion();
    await this.questionText(2).fill('La Terre tourne autour du Soleil.');
    await this.kind(2).selectOption('truefalse');
    await this.card(2).getByRole('radio', { name: F.TRUE }).check();
    // 3. Number: π to the hundredth, French comma, a unit.
    await this.addQuestion();
    await this.questionText(3).fill('Donnez π au centième.');
    await this.kind(3).selectOption('number');
    await this.field(3, F.NUMBER_VALUE).fill('3,14');
    await this.field(3, F.TOLERANCE).fill('0,01');
    await this.field(3, F.UNIT).fill('rad');
    // 4. Short text: two spellings, one typo forgiven.
    await this.addQuestion();
    await this.questionText(4).fill('Quelle est la capitale de la Corse ?');
    await this.kind(4).selectOption('text');
    await this.box(4, F.ACCEPTED_N, 1).fill('Ajaccio');
    await this.card(4)
      .getByRole('button', { name: `+ ${F.ADD_ACCEPTED}` })
      .click();
    await this.box(4, F.ACCEPTED_N, 2).fill('Aiacciu');
    await this.card(4).getByRole('checkbox', { name: F.ALLOW_TYPO }).check();
    // 5. Order: three periods.
    await this.addQuestion();
    await this.questionText(5).fill('Remettez ces périodes dans l’ordre.');
    await this.kind(5).selectOption('order');
    await this.box(5, F.ITEM_N, 1).fill('Antiquité');
    await this.box(5, F.ITEM_N, 2).fill('Moyen Âge');
    await this.box(5, F.ITEM_N, 3).fill('Renaissance');
    // 6. Poll with choices.
    await this.addQuestion();
    await this.questionText(6).fill('Êtes-vous sûrs de vous ?');
    await this.kind(6).selectOption('poll');
    await this.box(6, F.CHOICE_N, 1).fill('Oui');
    await this.box(6, F.CHOICE_N, 2).fill('Non');
  }

  /** What the form shows of each question, kind by kind. */
  async read() {
    const out: unknown[] = [];
    const value = (l: ReturnType<Page['getByRole']>) => l.inputValue();
    out.push({
      kind: await this.kind(1).inputValue(),
      text: await this.questionText(1).inputValue(),
      answers: [
        await value(this.answer(1, 1)),
        await value(this.answer(1, 2)),
        await value(this.answer(1, 3)),
      ],
      right: [
        await this.correct(1, 1).isChecked(),
        await this.correct(1, 2).isChecked(),
        await this.correct(1, 3).isChecked(),
      ],
      explanation: await this.field(1, F.EXPLANATION).inputValue(),
    });
    out.push({
      kind: await this.kind(2).inputValue(),
      text: await this.questionText(2).inputValue(),
      trueRight: await this.card(2).getByRole('radio', { name: F.TRUE }).isChecked(),
    });
    out.push({
      kind: await this.kind(3).inputValue(),
      value: await this.field(3, F.NUMBER_VALUE).inputValue(),
      tolerance: await this.field(3, F.TOLERANCE).inputValue(),
      unit: await this.field(3, F.UNIT).inputValue(),
    });
    out.push({
      kind: await this.kind(4).inputValue(),
      accepted: [await value(this.box(4, F.ACCEPTED_N, 1)), await value(this.box(4, F.ACCEPTED_N, 2))],
      typo: await this.card(4).getByRole('checkbox', { name: F.ALLOW_TYPO }).isChecked(),
    });
    out.push({
      kind: await this.kind(5).inputValue(),
      items: [
        await value(this.box(5, F.ITEM_N, 1)),
        await value(this.box(5, F.ITEM_N, 2)),
        await value(this.box(5, F.ITEM_N, 3)),
      ],
    });
    out.push({
      kind: await this.kind(6).inputValue(),
      choices: [await value(this.box(6, F.CHOICE_N, 1)), await value(this.box(6, F.CHOICE_N, 2))],
    });
    return out;
  }
}

const EXPECTED = [
  {
    kind: 'choice',
    text: 'Lesquels sont premiers ?',
    answers: ['2', '4', '7'],
    right: [true, false, true],
    explanation: 'Un premier a deux diviseurs : $$1$$ et lui-même.',
  },
  { kind: 'truefalse', text: 'La Terre tourne autour du Soleil.', trueRight: true },
  { kind: 'number', value: '3,14', tolerance: '0,01', unit: 'rad' },
  { kind: 'text', accepted: ['Ajaccio', 'Aiacciu'], typo: true },
  { kind: 'order', items: ['Antiquité', 'Moyen Âge', 'Renaissance'] },
  { kind: 'poll', choices: ['Oui', 'Non'] },
];

describe('raid editor: every kind of question', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  test('a teacher builds one question of each kind, saves, reopens, exports to GIFT and imports it back', async () => {
    const { page, context } = await newPage(browser, DESKTOP);
    await new LoginPage(page).signInTo('prof-demo', 'Craie-Verte-2026!', '/prof/select');
    const chapters = new ChaptersPage(page);
    await chapters.openFromMenu();
    const chapterName = `Tous les types E2E ${Date.now() % 100000}`;
    await chapters.create(chapterName);
    await chapters.openRaids(chapterName);
    await page.getByRole('link', { name: R.NEW }).first().click();

    const form = new KindsForm(page);
    const raidTitle = `Six types ${Date.now() % 100000}`;
    await form.title().fill(raidTitle);
    await form.build();
    await shot(page, 'raid-kinds-editor-desktop');
    await page.setViewportSize(PHONE_WIDE);
    await shot(page, 'raid-kinds-editor-390');
    // Nothing runs past its question's card (nor the window).
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll('.rq__body')].flatMap((body) => {
        const right = body.getBoundingClientRect().right;
        return [...body.querySelectorAll('*')]
          .filter((e) => e.getBoundingClientRect().right > right + 1)
          .slice(0, 3)
          .map((e) => `${e.tagName}.${e.className}`);
      }),
    );
    expect(wide).toEqual([]);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE_WIDE.width);
    await page.setViewportSize(DESKTOP);

    await form.save();
    const row = page.getByRole('row').filter({ has: page.getByText(raidTitle, { exact: true }) });
    await row.waitFor();
    await row.getByRole('link', { name: R.EDIT }).click();
    await form.kind(6).waitFor();
    expect(await form.read()).toEqual(EXPECTED);

    // Export to GIFT from the raid page.
    await page.getByText(F.EXPORT, { exact: true }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: F.EXPORT_GIFT }).click();
    const download = await downloading;
    const file = await download.path();
    const gift = readFileSync(file);
    expect(download.suggestedFilename()).toMatch(/\.gift(\.txt)?$/);
    expect(gift.toString('utf8')).toContain('Ajaccio');

    // Import it back into a new raid of the same chapter: the same six questions.
    await page.getByRole('link', { name: `← ${chapterName}` }).click();
    await page.getByRole('link', { name: R.NEW }).first().click();
    const copy = new KindsForm(page);
    await copy.title().fill(`${raidTitle} (GIFT)`);
    await page.getByRole('button', { name: F.IMPORT }).click();
    const dialog = new ImportDialog(page);
    const res = await dialog.importFile({ name: 'raid.gift', mimeType: 'text/plain', buffer: gift });
    expect(res.status()).toBe(200);
    await dialog.addButton(6).click();
    await copy.kind(6).waitFor();
    expect(await copy.cards().count()).toBe(6);
    expect(await copy.read()).toEqual(EXPECTED);
    await copy.save();
    await page
      .getByRole('row')
      .filter({ has: page.getByText(`${raidTitle} (GIFT)`, { exact: true }) })
      .waitFor();
    await context.close();
  });
});
