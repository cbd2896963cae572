// The student's Options card and its sub-pages, the homework list and a homework raid on a phone.
import type { Page } from 'playwright-core';
import phoneTexts from '../../../client/src/i18n/locales/fr/phone.json';
import studentTexts from '../../../client/src/i18n/locales/fr/student.json';
import { atPath } from '../browser';

export const S = studentTexts.STUDENT;
export const PHONE_TEXTS = phoneTexts.PHONE;

export class StudentWorldPages {
  constructor(readonly page: Page) {}

  readonly dialog = () => this.page.getByRole('dialog');
  readonly heading = (name: string) => this.page.getByRole('heading', { name, level: 1 });

  async openOptions() {
    await this.page.goto('/student/account');
    await this.dialog().getByRole('heading', { name: S.OPTIONS.TITLE }).waitFor();
    await this.settled();
  }

  /** The card slides in: wait until it is still, as a user would see it. */
  readonly settled = () =>
    this.page.waitForFunction(() => document.querySelector('.sheet')?.getAnimations().length === 0);

  /** Opens a sub-page of Options from its button. */
  async openFromOptions(label: string, path: string, title = label) {
    await this.openOptions();
    await this.dialog().getByRole('link', { name: label }).click();
    await atPath(this.page, path);
    await this.dialog().getByRole('heading', { name: title, level: 1 }).waitFor();
    await this.settled();
  }

  readonly field = (label: string) => this.dialog().getByLabel(label, { exact: true });

  // Homework
  readonly cards = () => this.page.getByRole('list', { name: S.RAIDS.TITLE }).getByRole('listitem');
  readonly card = (name: string) =>
    this.cards().filter({ has: this.page.getByRole('heading', { name, exact: true }) });

  /** Answers the question on screen with its first answer; true once the verdict is shown. */
  async answerFirst() {
    const answers = this.page.locator('.answers .answer');
    await answers.first().waitFor();
    // A question with several right answers says how many to tick ("Choisis 2 réponses, puis valide.").
    const pickHint = new RegExp(
      `^${PHONE_TEXTS.PICK_N_other.replace('{{count}}', '\\d+').replace(/[.]/g, '\\.')}$`,
    );
    const multiple = await this.page.getByText(pickHint).isVisible();
    await answers.first().click();
    if (multiple)
      await this.page.getByRole('button', { name: PHONE_TEXTS.VALIDATE_one, exact: true }).click();
    // One answer ticked of several right ones may be partly right.
    const verdicts = [S.PLAY.RIGHT, S.PLAY.WRONG, S.PLAY.PARTIAL].map((v) => v.replace(/[.!?]/g, '\\$&'));
    await this.page.getByText(new RegExp(`^(${verdicts.join('|')})$`)).waitFor();
  }
}
