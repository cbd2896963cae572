// The top bar of a signed-in teacher (desktop: dropdown menus).
import type { Page } from 'playwright-core';
import { atPath } from '../browser';
import { fr } from './fr';

export class TeacherTopBar {
  constructor(readonly page: Page) {}

  readonly nav = () => this.page.getByRole('navigation', { name: fr.LAYOUT.MAIN_NAV });
  readonly play = () => this.nav().getByRole('link', { name: fr.LAYOUT.MENU.PLAY });
  readonly menu = (label: string) => this.nav().getByRole('button', { name: label });

  /** The four entries of SPEC point 2: Play, Administration, Analyze, My account. */
  async waitForMenus() {
    await this.play().waitFor();
    for (const label of [fr.LAYOUT.MENU.ADMINISTRATION, fr.LAYOUT.MENU.ANALYZE, fr.LAYOUT.MENU.MY_ACCOUNT])
      await this.menu(label).waitFor();
  }

  async signOut() {
    await this.menu(fr.LAYOUT.MENU.MY_ACCOUNT).click();
    await this.nav().getByRole('link', { name: fr.LAYOUT.MENU.LOGOUT }).click();
    await atPath(this.page, '/login');
  }
}
