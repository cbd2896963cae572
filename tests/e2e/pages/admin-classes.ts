// The teacher's class administration: hub, class list, class form, code modal, student table.
import type { Page } from 'playwright-core';
import en from '../../../client/src/i18n/locales/en/classes.json';
import enLayout from '../../../client/src/i18n/locales/en/layout.json';
import frClasses from '../../../client/src/i18n/locales/fr/classes.json';
import { fr } from './fr';

export const C = frClasses.CLASSES;
export const CEn = en.CLASSES;

export class AdminClassesPages {
  constructor(readonly page: Page) {}

  readonly heading = (name: string) => this.page.getByRole('heading', { name, level: 1 });
  readonly field = (label: string) => this.page.getByLabel(label, { exact: true });
  readonly button = (name: string) => this.page.getByRole('button', { name, exact: true });
  readonly link = (name: string) => this.page.getByRole('link', { name, exact: true });
  readonly world = (planet: keyof typeof fr.WORLDS) =>
    this.page.locator('label.cls-world').filter({ hasText: fr.WORLDS[planet] });
  readonly alert = (text: string) => this.page.getByRole('alert').filter({ hasText: text });
  readonly dialog = () => this.page.getByRole('dialog');
  readonly codeDigits = () => this.page.getByTestId('class-code');
  readonly qr = () => this.page.getByTestId('class-qr');
  readonly joinUrl = () => this.page.getByTestId('join-url');
  readonly table = () => this.page.getByRole('table');
  readonly row = (lastName: string) =>
    this.table()
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: lastName }) });
  readonly columnHeader = (name: string) => this.table().getByRole('columnheader', { name, exact: true });
  /** The top bar's language switcher, whatever language it currently speaks. */
  readonly language = () =>
    this.page.getByRole('combobox', {
      name: new RegExp(`^(${fr.LAYOUT.LANGUAGE}|${enLayout.LAYOUT.LANGUAGE})$`),
    });

  async fillClass(d: { name: string; level: string; subject: string; planet: keyof typeof fr.WORLDS }) {
    await this.field(C.FORM.NAME).fill(d.name);
    await this.field(C.FORM.LEVEL).selectOption({ label: d.level });
    await this.field(C.FORM.SUBJECT).selectOption({ label: d.subject });
    await this.world(d.planet).click();
  }
}
