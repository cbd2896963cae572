// /student: the student's home.
import type { Page } from 'playwright-core';
import { atPath } from '../browser';
import { fr, tr } from './fr';

export class StudentHomePage {
  constructor(readonly page: Page) {}

  readonly name = () => this.page.getByRole('heading', { level: 1 });
  readonly level = (n: number) =>
    this.page.getByText(tr(fr.STUDENT_HOME.LEVEL, { level: n }), { exact: true });
  /** The "My classes" card: its heading and the list under it. */
  readonly classes = () =>
    this.page
      .locator('section')
      .filter({ has: this.page.getByRole('heading', { name: fr.STUDENT_HOME.MY_CLASSES }) });
  readonly className = (name: string) => this.classes().getByText(name, { exact: true });

  async signOut() {
    await this.page.getByRole('link', { name: fr.STUDENT_HOME.SIGN_OUT }).click();
    await atPath(this.page, '/login');
  }
}
