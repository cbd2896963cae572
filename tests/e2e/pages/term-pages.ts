// Issue 21's pages: a teacher's page about one pupil, the administrators' bug reports, and pupils'
// accounts from a class list.
import type { Page } from 'playwright-core';
import analytics from '../../../client/src/i18n/locales/fr/analytics.json';
import classes from '../../../client/src/i18n/locales/fr/classes.json';
import misc from '../../../client/src/i18n/locales/fr/misc.json';
import { tr } from './fr';

export const PUPIL = analytics.ANALYTICS.PUPIL;
export const ROSTER = classes.ROSTER;
export const TICKETS = misc.ADMIN_TICKETS;

export class PupilPageObject {
  constructor(readonly page: Page) {}
  readonly heading = (name: string) =>
    this.page.getByRole('heading', { name: tr(PUPIL.TITLE, { name }), level: 1 });
  readonly plays = () => this.page.getByTestId('pupil-plays');
  readonly live = () => this.page.getByTestId('pupil-live');
}

export class TicketsPage {
  constructor(readonly page: Page) {}
  readonly heading = () => this.page.getByRole('heading', { name: TICKETS.TITLE, level: 1 });
  readonly ticket = (summary: string) =>
    this.page.getByTestId('ticket').filter({ has: this.page.getByRole('heading', { name: summary }) });
  readonly showScreenshot = (summary: string) =>
    this.ticket(summary).getByRole('button', { name: TICKETS.SHOW_SCREENSHOT });
  readonly screenshot = (summary: string) =>
    this.ticket(summary).getByRole('img', { name: tr(TICKETS.SCREENSHOT_OF, { summary }) });
}

export class ClassListImportPage {
  constructor(readonly page: Page) {}
  readonly file = () => this.page.getByLabel(ROSTER.FILE);
  readonly read = () => this.page.getByRole('button', { name: ROSTER.READ });
  readonly report = () => this.page.getByTestId('roster-report');
  readonly create = (count: number) =>
    this.page.getByRole('button', {
      name: tr(count === 1 ? ROSTER.CREATE_one : ROSTER.CREATE_other, { count: String(count) }),
    });
  readonly accounts = () => this.page.getByTestId('roster-accounts');
  readonly print = () => this.page.getByRole('button', { name: ROSTER.PRINT });
}
