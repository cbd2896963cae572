// /users-validation: the administrator's list of pending access requests.
import type { Page } from 'playwright-core';
import { fr } from './fr';

const UV = fr.USERS_VALIDATION;

export class UsersValidationPage {
  constructor(readonly page: Page) {}

  readonly heading = () => this.page.getByRole('heading', { name: UV.TITLE, level: 1 });
  /** The request of one teacher, found by name. */
  readonly row = (name: string) =>
    this.page.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name }) });

  async goto() {
    await this.page.goto('/users-validation');
    await this.heading().waitFor();
  }

  async activate(name: string) {
    await this.row(name).getByRole('button', { name: UV.ACTIVATE }).click();
  }
}
