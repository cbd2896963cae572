// Teacher administration of chapters and raids: /prof/administration/chapters and the raid pages.
import type { Locator, Page } from 'playwright-core';
import raids from '../../../client/src/i18n/locales/fr/raids.json';
import { atPath } from '../browser';
import { fr, tr } from './fr';
import { fromMenu } from './top-bar';

export const C = raids.CHAPTERS;
export const R = raids.RAIDS;
export const F = raids.RAIDS.FORM;

export class ChaptersPage {
  constructor(readonly page: Page) {}

  readonly heading = () => this.page.getByRole('heading', { name: C.TITLE, level: 1 });
  readonly row = (name: string) =>
    this.page.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name, exact: true }) });

  /** From anywhere with the teacher's top bar: Administration, then Raids. */
  async openFromMenu() {
    await fromMenu(this.page, fr.LAYOUT.MENU.ADMINISTRATION, fr.LAYOUT.MENU.RAIDS);
    await atPath(this.page, '/prof/administration/chapters');
    await this.heading().waitFor();
  }

  async create(name: string) {
    await this.page.getByRole('button', { name: C.NEW }).first().click();
    await this.page.getByLabel(C.NAME).fill(name);
    await this.page.getByRole('button', { name: C.CREATE }).click();
    await this.row(name).waitFor();
  }

  async openRaids(name: string) {
    await this.row(name).getByRole('link', { name: C.OPEN }).click();
    await this.page.getByRole('heading', { name, level: 1 }).waitFor();
  }
}

export class RaidFormPage {
  constructor(readonly page: Page) {}

  readonly title = () => this.page.getByLabel(F.RAID_TITLE);
  readonly share = () => this.page.getByRole('checkbox', { name: F.SHARE });
  readonly cards = () => this.page.getByTestId('question-card');
  readonly card = (n: number) =>
    this.page.getByRole('listitem', { name: tr(F.QUESTION_N, { n }), exact: true });
  readonly questionText = (n: number) => this.card(n).getByLabel(F.QUESTION_TEXT);
  readonly answer = (n: number, a: number) =>
    this.card(n).getByRole('textbox', { name: tr(F.ANSWER_N, { n: a }), exact: true });
  readonly correct = (n: number, a: number) =>
    this.card(n).getByRole('checkbox', { name: `${F.CORRECT} (${tr(F.ANSWER_N, { n: a })})` });
  readonly previews = (n: number) => this.card(n).getByTestId('formula-preview');
  readonly image = (n: number) => this.card(n).getByRole('img', { name: tr(F.IMAGE_ALT, { n }) });
  readonly grip = (n: number) => this.card(n).getByTitle(tr(F.DRAG, { n }));

  async fillQuestion(n: number, text: string, answers: [string, boolean][]) {
    await this.questionText(n).fill(text);
    for (const [i, [a, ok]] of answers.entries()) {
      if (i >= 2)
        await this.card(n)
          .getByRole('button', { name: `+ ${F.ADD_ANSWER}` })
          .click();
      await this.answer(n, i + 1).fill(a);
      if (ok) await this.correct(n, i + 1).check();
    }
  }

  async addQuestion() {
    await this.page.getByRole('button', { name: `+ ${F.ADD_QUESTION}` }).click();
  }

  async attachImage(n: number, file: { name: string; mimeType: string; buffer: Buffer }) {
    const done = this.page.waitForResponse((r) => r.url().endsWith('/api/raids/images'));
    await this.card(n).getByLabel(F.IMAGE, { exact: true }).setInputFiles(file);
    await done;
    await this.image(n).waitFor();
  }

  /**
   * Drags question `from` by its grip and drops it on question `to`: on the part of `to` next to
   * `from` (a card with its kind's fields and explanation may be taller than the window).
   */
  async drag(from: number, to: number) {
    const grip = this.grip(from);
    // The dragged card's top a little under the window's middle, so the end of the card above shows.
    await this.card(from).evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - 500));
    const a = await grip.boundingBox();
    const b = await this.card(to).boundingBox();
    if (!a || !b) throw new Error('question not shown');
    const y = to < from ? b.y + b.height - 40 : b.y + 40;
    await this.page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await this.page.mouse.down();
    await this.page.mouse.move(a.x + a.width / 2, a.y + a.height / 2 + 12, { steps: 4 });
    await this.page.mouse.move(b.x + 60, y, { steps: 12 });
    await this.page.mouse.up();
  }

  async save() {
    await this.page.getByRole('button', { name: F.SAVE }).click();
  }

  readonly questionTexts = (): Promise<string[]> =>
    this.cards().evaluateAll((els) =>
      els.map((e) => (e.querySelector('textarea') as HTMLTextAreaElement).value),
    );
}

/** Whether an <img> really shows a picture (loaded, with a width). */
export const imageLoaded = (img: Locator) =>
  img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0);
