// A student on a phone unlocks avatars earned by levelling up, equips one, then buys and equips a
// skin in the shop; another runs out of coins. Demo students eleve20-24 only (level 5, two offers,
// 100 coins each in the seed).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { atPath, launch, newPage, PHONE, scrollWidth, shot } from './browser';
import { fr, tr } from './pages/fr';
import { LoginPage } from './pages/login';
import { A, AvatarSelectionPage, S, SkinShopPage } from './pages/student-avatars';

const STUDENT_PASSWORD = 'Cartable-Bleu-7!';
const homeAvatar = (page: Page) => page.getByAltText(fr.STUDENT_HOME.AVATAR_ALT);

describe('avatars and skin shop on a phone', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  test('unlocks a chosen avatar and a gift, equips the gift, buys a skin and wears it', async () => {
    const { page, context } = await newPage(browser, PHONE);
    await new LoginPage(page).signInTo('eleve20', STUDENT_PASSWORD, '/student');
    const starter = await homeAvatar(page).getAttribute('src');

    const avatars = new AvatarSelectionPage(page);
    await avatars.open();
    // Owned first, then one question mark per offer, then locked silhouettes.
    const kinds = await avatars.slotKinds();
    expect(kinds.slice(0, 3)).toEqual(['owned', 'mystery', 'mystery']);
    expect(kinds.slice(3).every((k) => k === 'locked')).toBe(true);
    expect(kinds.length).toBeGreaterThan(12);
    expect(await avatars.equipped().locator('img').getAttribute('src')).toBe(starter);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await page.getByText(tr(A.OFFERS_WAITING_other, { count: 2 })).waitFor();
    await shot(page, 'student-avatars-grid', false);

    // The choice of two: Unlock waits for a pick; the other candidate is dropped.
    await avatars.mysteries().first().click();
    await avatars.chooseHeading().waitFor();
    expect(await avatars.candidates().count()).toBe(2);
    expect(await avatars.unlockButton().isDisabled()).toBe(true);
    await shot(page, 'student-avatars-choose', false);
    const pickedSrc = await avatars.dialog().locator('label.avatar-pick img').first().getAttribute('src');
    await avatars.dialog().locator('label.avatar-pick').first().click();
    expect(await avatars.unlockButton().isEnabled()).toBe(true);
    await avatars.unlockButton().click();
    await avatars.unlockedHeading().waitFor();
    expect(await avatars.revealed().getAttribute('src')).toBe(pickedSrc);
    await shot(page, 'student-avatars-unlocked', false);
    await avatars.continueFromDialog();
    await page.getByText(tr(A.OFFERS_WAITING_one, { count: 1 })).waitFor();
    expect((await avatars.slotKinds()).slice(0, 3)).toEqual(['owned', 'owned', 'mystery']);
    const ownedSrcs = await avatars
      .owned()
      .locator('img')
      .evaluateAll((els) => els.map((e) => e.getAttribute('src')));
    expect(ownedSrcs).toContain(pickedSrc);

    // The gift of level 5: a single candidate unlocks by itself; Equip goes home on a phone.
    await avatars.mysteries().click();
    await avatars.unlockedHeading().waitFor();
    expect(await avatars.dialog().getByRole('radio').count()).toBe(0);
    const giftSrc = await avatars.revealed().getAttribute('src');
    await shot(page, 'student-avatars-gift', false);
    await avatars.equipFromDialog();
    await atPath(page, '/student');
    await expect.poll(() => homeAvatar(page).getAttribute('src')).toBe(giftSrc);

    // The skin shop: 100 coins, the chest costs 30.
    const shop = new SkinShopPage(page);
    await shop.open();
    await expect.poll(() => shop.coins().textContent()).toBe('100');
    await shop
      .bubble()
      .getByText(tr(S.BUBBLE.WELCOME, { price: 30 }))
      .waitFor();
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await shot(page, 'student-shop-chest', false);

    // Cancel before opening spends nothing.
    await shop.chest().click();
    await shop.confirmHeading(30).waitFor();
    await shot(page, 'student-shop-confirm', false);
    await page.getByRole('button', { name: S.CANCEL }).click();
    await shop.chest().waitFor();
    expect(await shop.coins().textContent()).toBe('100');

    await shop.buy(30);
    await expect.poll(() => shop.coins().textContent()).toBe('70');
    const skinSrc = (await shop.skin().getAttribute('src')) as string;
    // A skin of one of the three avatars the student owns now.
    const stem = (src: string | null) => (src ?? '').replace(/^.*\//, '').replace(/[1-3]?\.webp$/, '');
    expect([stem(giftSrc), stem(starter), stem(pickedSrc)]).toContain(stem(skinSrc));
    expect(skinSrc).toMatch(/[1-3]\.webp$/);
    await shot(page, 'student-shop-revealed', false);
    await page.getByRole('button', { name: S.EQUIP }).click();
    await atPath(page, '/student');
    await expect.poll(() => homeAvatar(page).getAttribute('src')).toBe(skinSrc);
    await page.getByText('70', { exact: true }).first().waitFor();
    await shot(page, 'student-shop-home-after', false);

    // The avatar grid lists the skin after its base, marked as new once.
    await avatars.open();
    expect(await avatars.equipped().locator('img').getAttribute('src')).toBe(skinSrc);
    expect((await avatars.slotKinds()).slice(0, 4)).toEqual(['owned', 'owned', 'owned', 'owned']);
    await shot(page, 'student-avatars-with-skin', false);
    await context.close();
  }, 90_000);

  test('a student short of coins only hears it from the merchant', async () => {
    const { page, context } = await newPage(browser, PHONE);
    await new LoginPage(page).signInTo('eleve21', STUDENT_PASSWORD, '/student');
    const shop = new SkinShopPage(page);
    await shop.open();
    await expect.poll(() => shop.coins().textContent()).toBe('100');
    for (const left of [70, 40, 10]) {
      await shop.buy(30);
      await expect.poll(() => shop.coins().textContent()).toBe(String(left));
      await shop.continue();
    }
    // Three skins of the starter bought: the chest is empty (disabled) until a new avatar is unlocked.
    await shop.emptyChest().waitFor();
    expect(await shop.emptyChest().isDisabled()).toBe(true);
    await shop.bubble().getByText(S.BUBBLE.EMPTY).waitFor();
    await shot(page, 'student-shop-empty', false);

    const avatars = new AvatarSelectionPage(page);
    await page.goto('/student');
    await avatars.open();
    await avatars.mysteries().last().click();
    await avatars.unlockedHeading().waitFor();
    await avatars.continueFromDialog();

    await page.goto('/student');
    await shop.open();
    await shop.chest().click();
    await shop
      .bubble()
      .getByText(tr(S.BUBBLE.SHORT, { missing: 20 }))
      .waitFor();
    expect(await page.getByRole('heading', { name: tr(S.CONFIRM_TITLE, { price: 30 }) }).count()).toBe(0);
    expect(await shop.coins().textContent()).toBe('10');
    await shot(page, 'student-shop-short', false);
    await context.close();
  }, 90_000);
});
