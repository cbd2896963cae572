// The codex pages: the student's write form and history (/student/edit-codex), the teacher's
// moderation table (/prof/administration/codex). Texts come from the app's locale files.
import type { Locator, Page } from 'playwright-core';
import codexFr from '../../../client/src/i18n/locales/fr/codex.json';
import { fr } from './fr';

export const X = codexFr.CODEX;

export class EditCodexPage {
  constructor(readonly page: Page) {}

  readonly professor = () => this.page.getByLabel(X.WRITE.PROFESSOR, { exact: true });
  readonly text = () => this.page.getByLabel(X.WRITE.TEXT, { exact: true });
  readonly send = () => this.page.getByRole('button', { name: X.WRITE.SEND });
  readonly counter = () => this.page.locator('.ec__counter');
  readonly form = () => this.page.locator('form.ec__form');
  readonly tab = (name: string) => this.page.getByRole('tab', { name });
  readonly historyItem = (text: string) => this.page.locator('.ec__item').filter({ hasText: text });
  readonly success = () => this.page.getByRole('status').filter({ hasText: X.WRITE.SENT });

  async goto() {
    await this.page.goto('/student/edit-codex');
    await this.send().waitFor();
  }

  /** Writes and sends a phrase; resolves with the server's status. */
  async write(text: string): Promise<number> {
    await this.text().fill(text);
    const res = this.page.waitForResponse(
      (r) => r.url().endsWith('/api/codex/') && r.request().method() === 'POST',
    );
    await this.send().click();
    return (await res).status();
  }
}

export class CodexModerationPage {
  constructor(readonly page: Page) {}

  readonly search = () => this.page.getByLabel(X.MODERATION.SEARCH, { exact: true });
  readonly status = () => this.page.getByLabel(X.MODERATION.FILTER_STATUS, { exact: true });
  readonly rows = () => this.page.locator('.cm__table tbody tr');
  readonly row = (text: string): Locator => this.rows().filter({ hasText: text });
  readonly flag = (row: Locator) => row.getByText(X.MODERATION.FLAGGED);
  readonly statusOf = (row: Locator) => row.locator('.cm__status');

  async openFromMenu() {
    await this.page.goto('/prof/administration/codex');
    await this.page.getByRole('heading', { level: 1, name: X.MODERATION.TITLE }).waitFor();
    await this.page.getByRole('status').filter({ hasText: fr.COMMON.LOADING }).waitFor({ state: 'detached' });
  }

  async act(row: Locator, action: string) {
    const done = this.page.waitForResponse((r) => /\/api\/codex\/[0-9a-f-]{36}$/.test(r.url()) && r.ok());
    await row.getByRole('button', { name: action }).click();
    await done;
  }
}
