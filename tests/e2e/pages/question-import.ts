// The question import dialog of the raid form (client/src/pages/admin/raids/import).
import type { Page } from 'playwright-core';
import raids from '../../../client/src/i18n/locales/fr/raids.json';
import { tr } from './fr';

export const I = raids.IMPORT;

export class ImportDialog {
  constructor(readonly page: Page) {}

  readonly dialog = () => this.page.getByRole('dialog', { name: I.TITLE });
  readonly report = () => this.dialog().getByRole('list', { name: I.REPORT });
  /** The report's entry for a row of the file ("Ligne 5"). */
  readonly line = (n: number) =>
    this.report()
      .locator(':scope > li')
      .filter({ has: this.page.getByText(tr(I.LINE, { line: n }), { exact: true }) });
  /** "Ajouter 5 questions" (French plural: 0 and 1 are singular). */
  readonly addButton = (count: number) =>
    this.dialog().getByRole('button', { name: tr(count <= 1 ? I.ADD_one : I.ADD_other, { count }) });

  /** Picks `file` in the dialog and waits for the server's answer. */
  async importFile(file: { name: string; mimeType: string; buffer: Buffer }) {
    const answered = this.page.waitForResponse((r) => r.url().endsWith('/api/questions/import'));
    await this.dialog().locator('input[type="file"]').setInputFiles(file);
    return answered;
  }

  /** Each entry of the report: its row, status class and text. */
  readonly entries = () =>
    this.report()
      .locator(':scope > li')
      .evaluateAll((els) =>
        els.map((e) => ({
          status: e.classList.contains('qi-line--imported') ? 'imported' : 'refused',
          text: (e.textContent ?? '').replace(/\s+/g, ' ').trim(),
        })),
      );
}
