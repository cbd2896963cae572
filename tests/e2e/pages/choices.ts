// Radio buttons dressed as pictures or cards (the input itself is visually hidden): a user clicks
// the picture, which is the input's label.
import type { Locator, Page } from 'playwright-core';
import { fr, tr } from './fr';

export const cardOf = (page: Page, radio: Locator) => page.locator('label').filter({ has: radio });

/** The n-th character of an avatar grid ("Personnage n"). */
export const characterRadio = (page: Page, n: number) =>
  page.getByRole('radio', { name: tr(fr.REGISTER.AVATAR_ALT, { index: n }), exact: true });

/** Clicks the card of `radio` and checks that it is now the chosen one. */
export async function choose(page: Page, radio: Locator) {
  await cardOf(page, radio).click();
  await radio.and(page.locator(':checked')).waitFor({ state: 'attached' });
}
