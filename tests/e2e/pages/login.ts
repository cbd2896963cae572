// /login and the way out of each role's pages.
import type { Page } from 'playwright-core';
import { atPath } from '../browser';
import { fr } from './fr';

export class LoginPage {
  constructor(readonly page: Page) {}

  readonly heading = () => this.page.getByRole('heading', { name: fr.LOGIN.TITLE, level: 1 });
  readonly loginField = () => this.page.getByLabel(fr.LOGIN.LOGIN_LABEL);
  // exact: the reveal button's label also contains "mot de passe".
  readonly passwordField = () => this.page.getByLabel(fr.LOGIN.PASSWORD_LABEL, { exact: true });
  readonly error = () => this.page.getByRole('alert');
  /** The notice of an account that exists but cannot sign in yet (pending approval). */
  readonly pendingNotice = () => this.page.getByRole('heading', { name: fr.LOGIN.PENDING_APPROVAL_TITLE });

  async goto() {
    await this.page.goto('/login');
    await this.heading().waitFor();
  }

  async signIn(login: string, password: string) {
    await this.loginField().fill(login);
    await this.passwordField().fill(password);
    await this.page.getByRole('button', { name: fr.LOGIN.SUBMIT }).click();
  }

  /** Submits wrong credentials and waits for the server's refusal (not an earlier message). */
  async signInRefused(login: string, password: string) {
    const refused = this.page.waitForResponse(
      (r) => r.url().endsWith('/api/auth/signin') && r.request().method() === 'POST',
    );
    await this.signIn(login, password);
    return (await refused).status();
  }

  /** Signs in from a fresh /login and waits for the page the after-login rule chooses. */
  async signInTo(login: string, password: string, landing: string) {
    await this.goto();
    await this.signIn(login, password);
    await atPath(this.page, landing);
  }
}
