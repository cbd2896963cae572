// /student/avatar-selection and /student/skin-shop: the avatar collection, its unlock dialog and the chest.
import type { Page } from 'playwright-core';
import avatarsFr from '../../../client/src/i18n/locales/fr/avatars.json';
import { atPath } from '../browser';
import { fr, tr } from './fr';

export const A = avatarsFr.AVATARS;
export const S = avatarsFr.SHOP;

export class AvatarSelectionPage {
  constructor(readonly page: Page) {}

  readonly heading = () => this.page.getByRole('heading', { name: A.TITLE, level: 1 });
  readonly grid = () => this.page.getByRole('list', { name: A.GRID_LABEL });
  /** Every slot, in the grid's order: 'owned', 'mystery' or 'locked'. */
  async slotKinds(): Promise<string[]> {
    return this.grid()
      .locator('li > .slot')
      .evaluateAll((els) =>
        els.map((e) =>
          e.classList.contains('slot--owned')
            ? 'owned'
            : e.classList.contains('slot--mystery')
              ? 'mystery'
              : 'locked',
        ),
      );
  }
  readonly owned = () => this.grid().locator('button.slot--owned');
  readonly equipped = () => this.grid().locator('button.slot--owned[aria-pressed="true"]');
  readonly mysteries = () => this.grid().getByRole('button', { name: A.MYSTERY_SLOT });
  readonly dialog = () => this.page.getByRole('dialog');
  readonly chooseHeading = () => this.dialog().getByRole('heading', { name: A.CHOOSE_TITLE });
  readonly unlockedHeading = () => this.dialog().getByRole('heading', { name: A.UNLOCKED_TITLE });
  readonly unlockButton = () => this.dialog().getByRole('button', { name: A.UNLOCK });
  readonly candidates = () => this.dialog().getByRole('radio');
  /** The picture of the unlocked avatar in the dialog. */
  readonly revealed = () => this.dialog().locator('img.unlock-dialog__reveal');

  async open() {
    await this.page.getByRole('link', { name: fr.STUDENT_HOME.TILE_AVATARS }).first().click();
    await atPath(this.page, '/student/avatar-selection');
    await this.heading().waitFor();
    await this.grid().waitFor();
  }
  async equipFromDialog() {
    await this.dialog().getByRole('button', { name: A.EQUIP }).click();
  }
  async continueFromDialog() {
    await this.dialog().getByRole('button', { name: A.CONTINUE }).click();
    await this.dialog().waitFor({ state: 'detached' });
  }
}

export class SkinShopPage {
  constructor(readonly page: Page) {}

  readonly heading = () => this.page.getByRole('heading', { name: S.TITLE, level: 1 });
  readonly coins = () => this.page.locator('.coin-pill__value');
  readonly bubble = () => this.page.locator('.shop-bubble');
  readonly chest = () => this.page.getByRole('button', { name: tr(S.CHEST_LABEL, { price: 30 }) });
  readonly emptyChest = () => this.page.getByRole('button', { name: S.CHEST_EMPTY_LABEL });
  readonly confirmHeading = (price: number) =>
    this.page.getByRole('heading', { name: tr(S.CONFIRM_TITLE, { price }) });
  readonly revealedHeading = () => this.page.getByRole('heading', { name: S.REVEALED_TITLE });
  readonly skin = () => this.page.locator('img.shop-reveal__skin');

  async open() {
    await this.page.getByRole('link', { name: fr.STUDENT_HOME.TILE_SHOP }).first().click();
    await atPath(this.page, '/student/skin-shop');
    await this.heading().waitFor();
  }
  /** Chest → confirm → Open: waits for the skin. */
  async buy(price: number) {
    await this.chest().click();
    await this.confirmHeading(price).waitFor();
    await this.page.getByRole('button', { name: S.OPEN }).click();
    await this.revealedHeading().waitFor();
  }
  async continue() {
    await this.page.getByRole('button', { name: S.CONTINUE }).click();
    await this.chest().or(this.emptyChest()).waitFor();
  }
}
