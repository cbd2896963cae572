// Issue 5, the skin shop on a phone (360x800) when the student can pay for one chest only: a double
// click on Open, or Open in two tabs at once, buys exactly one skin and takes exactly one price; the
// balance never goes below zero and the next try is refused by the merchant. Demo students eleve17
// (41 coins in the seed) and eleve18 (54 coins) only, whom no other e2e file uses.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { SKIN_CHEST_PRICE } from '../../shared/avatar-rules';
import { bugButtonEverCovers, launch, newPage, PHONE, shot } from './browser';
import { tr } from './pages/fr';
import { LoginPage } from './pages/login';
import { S, SkinShopPage } from './pages/student-avatars';

const PASSWORD = 'Cartable-Bleu-7!';

/** The student's coins and owned avatars (base ones and skins), read from the API. */
async function account(login: string) {
  const base = inject('baseUrl');
  const res = await fetch(`${base}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`signin ${login}: ${res.status}`);
  const u = (await res.json()) as { accessToken: string; id: string; studentId: string };
  const get = async <T>(path: string) => {
    const r = await fetch(`${base}/api${path}`, { headers: { authorization: `Bearer ${u.accessToken}` } });
    if (r.status !== 200) throw new Error(`GET ${path}: ${r.status}`);
    return (await r.json()) as T;
  };
  const user = await get<{ student: { coin: number } }>(`/users/${u.id}`);
  const grid = await get<{ owned: { id: string }[] }>(`/avatars/students/${u.studentId}`);
  return { coins: user.student.coin, owned: grid.owned.map((a) => a.id).sort() };
}

/** Counts the purchase requests a page sends. */
function countPurchases(page: Page) {
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/studentAvatar/unlockSkin')) sent.push(r.url());
  });
  return sent;
}

describe('skin shop: one chest paid for, clicked twice', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  test('a double click on Open buys one skin and takes one price', async () => {
    const before = await account('eleve17');
    expect(before.coins).toBeGreaterThanOrEqual(SKIN_CHEST_PRICE);
    expect(before.coins).toBeLessThan(2 * SKIN_CHEST_PRICE);

    const { page, context } = await newPage(browser, PHONE);
    const purchases = countPurchases(page);
    await new LoginPage(page).signInTo('eleve17', PASSWORD, '/student');
    const shop = new SkinShopPage(page);
    await shop.open();
    await expect.poll(() => shop.coins().textContent()).toBe(String(before.coins));
    await shop.chest().click();
    await shop.confirmHeading(SKIN_CHEST_PRICE).waitFor();
    await shot(page, 'shop-double-1-confirm', false);

    await page.getByRole('button', { name: S.OPEN }).dblclick();
    await shop.revealedHeading().waitFor();
    const after = before.coins - SKIN_CHEST_PRICE;
    await expect.poll(() => shop.coins().textContent()).toBe(String(after));
    // Whatever the second click did, the page stays on the one skin, and the server agrees.
    await expect.poll(() => account('eleve17')).toMatchObject({ coins: after });
    const now = await account('eleve17');
    expect(now.owned.length).toBe(before.owned.length + 1);
    expect(now.owned).toEqual(expect.arrayContaining(before.owned));
    await shop.revealedHeading().waitFor();
    expect(await shop.coins().textContent()).toBe(String(after));
    expect(purchases.length).toBeGreaterThanOrEqual(1);
    await shot(page, 'shop-double-2-revealed', false);
    // On the phone the bug-report button never lies over "Equip" or "Continue", whatever the scroll.
    expect(await bugButtonEverCovers(page, page.locator('#main button'))).toBe(false);

    // Too poor for a second chest now: the merchant says what is missing, the balance stays.
    await shop.continue();
    await shop.chest().click();
    await shop
      .bubble()
      .getByText(tr(S.BUBBLE.SHORT, { missing: SKIN_CHEST_PRICE - after }))
      .waitFor();
    expect(await shop.confirmHeading(SKIN_CHEST_PRICE).count()).toBe(0);
    expect(await shop.coins().textContent()).toBe(String(after));
    await shot(page, 'shop-double-3-short', false);
    expect(await account('eleve17')).toEqual(now);
    await context.close();
  });

  test('Open in two tabs at once: one skin, one price, the other tab is told it is short', async () => {
    const before = await account('eleve18');
    expect(before.coins).toBeGreaterThanOrEqual(SKIN_CHEST_PRICE);
    expect(before.coins).toBeLessThan(2 * SKIN_CHEST_PRICE);

    const { page, context } = await newPage(browser, PHONE);
    await new LoginPage(page).signInTo('eleve18', PASSWORD, '/student');
    const second = await context.newPage();
    await second.goto('/student');
    const tabs = [new SkinShopPage(page), new SkinShopPage(second)];
    const sent = tabs.map((shop) => countPurchases(shop.page));
    for (const shop of tabs) {
      await shop.open();
      await expect.poll(() => shop.coins().textContent()).toBe(String(before.coins));
      await shop.chest().click();
      await shop.confirmHeading(SKIN_CHEST_PRICE).waitFor();
    }
    await Promise.all(tabs.map((shop) => shop.page.getByRole('button', { name: S.OPEN }).click()));

    const after = before.coins - SKIN_CHEST_PRICE;
    const outcome = async (shop: SkinShopPage) => {
      await shop.revealedHeading().or(shop.chest()).waitFor();
      return (await shop.revealedHeading().isVisible()) ? 'revealed' : 'refused';
    };
    const results = await Promise.all(tabs.map(outcome));
    // Each tab did send its purchase: the server, not a tab, kept the second one from being paid.
    expect(sent.map((s) => s.length)).toEqual([1, 1]);
    expect([...results].sort()).toEqual(['refused', 'revealed']);
    const refused = tabs[results.indexOf('refused')];
    await refused
      .bubble()
      .getByText(tr(S.BUBBLE.SHORT, { missing: SKIN_CHEST_PRICE - after }))
      .waitFor();
    for (const shop of tabs) await expect.poll(() => shop.coins().textContent()).toBe(String(after));
    await shot(refused.page, 'shop-double-4-other-tab-short', false);
    const now = await account('eleve18');
    expect(now.coins).toBe(after);
    expect(now.owned.length).toBe(before.owned.length + 1);
    await context.close();
  });
});
