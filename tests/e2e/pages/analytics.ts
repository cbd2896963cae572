// The teacher's analytics pages (/prof/analytics/…), the raid report and the student's "Mes stats".
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import analytics from '../../../client/src/i18n/locales/fr/analytics.json';
import { tr } from './fr';

export const A = analytics.ANALYTICS;

export class AnalyticsPage {
  constructor(readonly page: Page) {}

  readonly period = (p: 'WEEK' | 'MONTH' | 'TERM' | 'YEAR' | 'CUSTOM') =>
    this.page.getByRole('button', { name: A.PERIOD[p], exact: true });
  readonly classesHeading = () => this.page.getByRole('heading', { name: A.CLASSES.TITLE, level: 1 });
  /** The classes table's row of one class (its name links to the class's students). */
  readonly classRow = (name: string) =>
    this.page.getByRole('row').filter({ has: this.page.getByRole('link', { name, exact: true }) });
  readonly classLink = (name: string) => this.page.getByRole('link', { name, exact: true });
  readonly studentsTable = () =>
    this.page.getByRole('table', { name: A.STUDENTS.HEADING }).filter({ hasText: A.STUDENTS.LAST_NAME });
  readonly studentRow = (lastName: string) =>
    this.studentsTable()
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: lastName, exact: true }) });
  readonly addXpButton = (fullName: string) =>
    this.page.getByRole('button', { name: tr(A.XP.OPEN_FOR, { name: fullName }) });
  readonly xpDialog = () => this.page.getByRole('dialog');
  readonly xpAmount = () => this.xpDialog().getByLabel(A.XP.AMOUNT);
  readonly xpReason = () => this.xpDialog().getByLabel(A.XP.REASON);
  readonly xpSubmit = () => this.xpDialog().getByRole('button', { name: A.XP.SUBMIT });
  readonly csvButton = (n = 0) => this.page.getByRole('button', { name: A.EXPORT.CSV }).nth(n);
  readonly xlsxButton = (n = 0) => this.page.getByRole('button', { name: A.EXPORT.XLSX }).nth(n);

  // The raid report.
  readonly reportHeading = (raid: string) =>
    this.page.getByRole('heading', { name: tr(A.REPORT.TITLE, { raid }), level: 1 });
  readonly questionsTable = () => this.page.getByRole('table', { name: A.REPORT.QUESTIONS });
  /** The report's row of question `n` (1-based): its header starts "Q<n>". */
  readonly questionRow = (n: number) =>
    this.questionsTable()
      .getByRole('row')
      .filter({
        has: this.page.getByRole('rowheader', { name: new RegExp(`^${tr(A.REPORT.Q, { n })}\\b`) }),
      });
  readonly answersTable = () => this.page.getByRole('table', { name: A.REPORT.STUDENTS });
  /** Shows the students' names of a report opened from the projector (numbered until then). */
  readonly showNames = () => this.page.getByRole('button', { name: A.REPORT.SHOW_NAMES });
  readonly answersRow = (fullName: string) =>
    this.answersTable()
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: fullName, exact: true }) });

  /** The top bar's language switcher, whatever language it speaks ("Langue", "Lingua", "Language"). */
  readonly language = () => this.page.getByRole('combobox', { name: /^(Langue|Lingua|Language)$/ });
  /** The floating "Report a bug" button. */
  readonly bugButton = () => this.page.locator('[data-bug-report]');
  /** What a chart's time axis reads (its dd/MM labels) and the span of its scale (ISO instants). */
  async chartAxis(n = 0): Promise<{ ticks: string[]; span: string[] }> {
    const plot = this.page.locator('.an-chart__plot').nth(n);
    await plot.locator('canvas').waitFor();
    await expect.poll(() => plot.getAttribute('data-x-ticks')).toBeTruthy();
    return {
      ticks: ((await plot.getAttribute('data-x-ticks')) ?? '').split(' '),
      span: ((await plot.getAttribute('data-x-span')) ?? '').split(' '),
    };
  }

  // The student's "Mes stats".
  readonly myStatsHeading = () => this.page.getByRole('heading', { name: A.ME.TITLE, level: 1 });
  readonly myXp = () => this.page.getByTestId('my-xp');
  readonly bonusList = () => this.page.getByRole('region', { name: A.ME.BONUS });
}
