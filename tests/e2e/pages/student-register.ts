// /register/student/*: a student joins a class with its code (code, character, identifier, password).
import type { Locator, Page } from 'playwright-core';
import { characterRadio, choose } from './choices';
import { fr, tr } from './fr';

const S = fr.REGISTER.STUDENT;

export class StudentRegisterPages {
  constructor(readonly page: Page) {}

  readonly heading = (name: string) => this.page.getByRole('heading', { name, level: 1 });
  readonly codeBox = (i: number) =>
    this.page.getByRole('textbox', { name: tr(fr.CODE_INPUT.BOX, { index: i + 1, length: 6 }) });
  readonly codeError = () => this.page.getByRole('alert');
  readonly classBadge = (name: string) => this.page.getByText(tr(S.JOINING, { name }));
  /** The colour of the class badge: the world of the class, the same on every step. */
  readonly badgeColour = (name: string) =>
    this.classBadge(name).evaluate((el) => getComputedStyle(el).backgroundColor);
  readonly character = (n: number) => characterRadio(this.page, n);
  readonly choose = (radio: Locator) => choose(this.page, radio);
  readonly field = (label: string) => this.page.getByLabel(label, { exact: true });
  readonly next = () => this.page.getByRole('button', { name: fr.REGISTER.NEXT });

  async openFromSignUp() {
    await this.page.goto('/sign-up');
    await this.page.getByRole('link', { name: fr.PROFILE.STUDENT }).click();
    await this.heading(S.CODE_TITLE).waitFor();
  }

  /** One digit per box, as a child types it; the last one sends the code. */
  async typeCode(code: string) {
    for (const [i, digit] of [...code].entries()) await this.codeBox(i).fill(digit);
  }

  async fillIdentifier(d: { firstName: string; lastName: string; username: string }) {
    await this.field(S.FIRST_NAME).fill(d.firstName);
    await this.field(S.LAST_NAME).fill(d.lastName);
    await this.field(S.USERNAME).fill(d.username);
  }

  async fillPassword(password: string) {
    await this.field(S.PASSWORD).fill(password);
    await this.field(S.CONFIRMATION).fill(password);
  }
}
