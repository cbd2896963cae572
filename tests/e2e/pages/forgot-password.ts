// /forgot-password and its teacher and student pages.
import type { Page } from 'playwright-core';
import { fr } from './fr';

const F = fr.FORGOT;

export class ForgotPasswordPages {
  constructor(readonly page: Page) {}

  readonly heading = (name: string) => this.page.getByRole('heading', { name, level: 1 });
  readonly field = (label: string) => this.page.getByLabel(label, { exact: true });

  /** From the login page's link, then the profile choice. */
  async openFromLogin(profile: 'professor' | 'student') {
    await this.page.goto('/login');
    await this.page.getByRole('link', { name: fr.LOGIN.FORGOT }).click();
    await this.heading(F.TITLE).waitFor();
    await this.page
      .getByRole('link', { name: profile === 'professor' ? fr.PROFILE.PROFESSOR : fr.PROFILE.STUDENT })
      .click();
  }

  async requestLink(email: string) {
    await this.field(F.EMAIL_LABEL).fill(email);
    await this.page.getByRole('button', { name: F.SEND }).click();
  }

  async choosePassword(password: string, confirmation = password) {
    await this.field(F.NEW_PASSWORD).fill(password);
    await this.field(F.CONFIRMATION).fill(confirmation);
    await this.page.getByRole('button', { name: F.RESET_SUBMIT }).click();
  }
}
