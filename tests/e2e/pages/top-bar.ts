// The top bar of a signed-in teacher (desktop: dropdown menus).
import type { Page } from 'playwright-core';
import { atPath } from '../browser';
import { fr } from './fr';

const mainNav = (page: Page) => page.getByRole('navigation', { name: fr.LAYOUT.MAIN_NAV });

/**
 * Follows a link of a top-bar menu, opening the menu only when it is not open already. Right after a
 * sign-in the menu has been seen to close again while the page settles: then it is opened again.
 */
export async function fromMenu(page: Page, menuLabel: string, label: string) {
  const menu = mainNav(page).getByRole('button', { name: menuLabel });
  const link = mainNav(page).getByRole('link', { name: label });
  for (let attempt = 1; ; attempt++) {
    if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
    try {
      await link.click({ timeout: 5000 });
      return;
    } catch (err) {
      if (attempt === 4) throw err;
    }
  }
}

export class ProfessorTopBar {
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
    await fromMenu(this.page, fr.LAYOUT.MENU.MY_ACCOUNT, fr.LAYOUT.MENU.LOGOUT);
    await atPath(this.page, '/login');
  }
}
