import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SKIN_CHEST_PRICE } from '../../../../../shared/avatar-rules';
import type { AvatarDto } from '../../../../../shared/types';
import type { AppRoute } from '../../../app/routes';
import { type Call, renderApp, signIn, stubFetch, studentRecord, studentUser } from '../../../app/test-app';
import i18n from '../../../i18n';

const ROUTES: AppRoute[] = [
  {
    name: 'student',
    path: '/student',
    access: 'STUDENT',
    load: async () => ({ default: () => <h1>HOME</h1> }),
  },
  { name: 'skin-shop', path: '/student/skin-shop', access: 'STUDENT', load: () => import('./SkinShopPage') },
];
const t = (k: string, o?: Record<string, unknown>) => i18n.t(k, o);

const SKIN: AvatarDto = {
  id: 'sk1',
  baseAvatarId: 'a1',
  planet: 'nebula',
  avatarType: 'water',
  race: 'fairy',
  avatarClass: 'mage',
  gender: 'female',
  skinId: '2',
  userType: 'student',
  image: '/assets/avatars/eleves/body/newafamafe2.webp',
  head: '/assets/avatars/eleves/head/newafamafe2.webp',
};

function open(coin: number, hasSkin: boolean, extra: Parameters<typeof stubFetch>[0] = {}): Call[] {
  const base = studentRecord();
  const student = base.student as NonNullable<typeof base.student>;
  const calls = stubFetch({
    'GET /api/users/u-stu': { body: studentRecord({ student: { ...student, coin } }) },
    'GET /api/changelog': { body: [] },
    'GET /api/studentAvatar/hasUnlockableSkin/st1': { body: hasSkin },
    ...extra,
  });
  signIn(studentUser());
  renderApp('/student/skin-shop', ROUTES);
  return calls;
}

/** The chest, once the page knows whether a skin is left (it is disabled until then). */
async function chest() {
  const b = (await screen.findByRole('button', {
    name: t('SHOP.CHEST_LABEL', { price: SKIN_CHEST_PRICE }),
  })) as HTMLButtonElement;
  await waitFor(() => expect(b.disabled).toBe(false));
  return b;
}
const bubble = (key: string, o?: Record<string, unknown>) => screen.findByText(t(key, o));

describe('SkinShopPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the balance and the chest with its price; short of coins only the bubble changes', async () => {
    const calls = open(10, true);
    expect(await bubble('SHOP.BUBBLE.WELCOME', { price: SKIN_CHEST_PRICE })).toBeTruthy();
    expect(screen.getByText(t('SHOP.BALANCE', { count: 10 }))).toBeTruthy();
    fireEvent.click(await chest());
    expect(await bubble('SHOP.BUBBLE.SHORT', { missing: SKIN_CHEST_PRICE - 10 })).toBeTruthy();
    expect(screen.queryByText(t('SHOP.CONFIRM_TITLE', { price: SKIN_CHEST_PRICE }))).toBeNull();
    expect(calls.some((c) => c.url.includes('unlockSkin'))).toBe(false);
  });

  it('disables the chest when no skin is left to win', async () => {
    open(500, false);
    const empty = (await screen.findByRole('button', {
      name: t('SHOP.CHEST_EMPTY_LABEL'),
    })) as HTMLButtonElement;
    expect(empty.disabled).toBe(true);
    expect(await bubble('SHOP.BUBBLE.EMPTY')).toBeTruthy();
  });

  it('confirms, can cancel, opens for the price, shows the skin and the new balance, and equips it', async () => {
    const calls = open(100, true, {
      'POST /api/studentAvatar/unlockSkin': { body: { skin: SKIN, coin: 100 - SKIN_CHEST_PRICE } },
      'PUT /api/usersAvatars/u-stu/sk1': { body: { avatar: { id: 'sk1' } } },
    });
    fireEvent.click(await chest());
    expect(
      await screen.findByRole('heading', { name: t('SHOP.CONFIRM_TITLE', { price: SKIN_CHEST_PRICE }) }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: t('SHOP.CANCEL') }));
    fireEvent.click(await chest());
    fireEvent.click(await screen.findByRole('button', { name: t('SHOP.OPEN') }));
    expect(await screen.findByRole('heading', { name: t('SHOP.REVEALED_TITLE') })).toBeTruthy();
    expect(screen.getByRole('img', { name: /Tenue Royale/ }).getAttribute('src')).toBe(SKIN.image);
    expect(screen.getByText(t('SHOP.BALANCE', { count: 100 - SKIN_CHEST_PRICE }))).toBeTruthy();
    const posts = calls.filter((c) => c.url.includes('unlockSkin'));
    expect(posts).toEqual([
      { method: 'POST', url: '/api/studentAvatar/unlockSkin', body: { studentId: 'st1' } },
    ]);
    fireEvent.click(screen.getByRole('button', { name: t('SHOP.EQUIP') }));
    expect(await screen.findByRole('heading', { name: 'HOME' })).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT' && c.url === '/api/usersAvatars/u-stu/sk1')).toBe(true);
  });

  it('Continue goes back to the chest', async () => {
    open(100, true, { 'POST /api/studentAvatar/unlockSkin': { body: { skin: SKIN, coin: 70 } } });
    fireEvent.click(await chest());
    fireEvent.click(await screen.findByRole('button', { name: t('SHOP.OPEN') }));
    fireEvent.click(await screen.findByRole('button', { name: t('SHOP.CONTINUE') }));
    expect(await chest()).toBeTruthy();
  });

  it('falls back to the short-of-coins bubble when the server refuses (another tab spent them)', async () => {
    // The record says 40 coins when the page opens, 10 once the other tab has spent 30.
    let reads = 0;
    const base = studentRecord();
    const student = base.student as NonNullable<typeof base.student>;
    open(40, true, {
      'GET /api/users/u-stu': () => ({
        body: studentRecord({ student: { ...student, coin: ++reads > 1 ? 10 : 40 } }),
      }),
      'POST /api/studentAvatar/unlockSkin': {
        status: 409,
        body: { message: 'SHOP.ERRORS.NOT_ENOUGH_COINS' },
      },
    });
    fireEvent.click(await chest());
    fireEvent.click(await screen.findByRole('button', { name: t('SHOP.OPEN') }));
    expect(await bubble('SHOP.BUBBLE.SHORT', { missing: SKIN_CHEST_PRICE - 10 })).toBeTruthy();
    expect(screen.getByText(t('SHOP.BALANCE', { count: 10 }))).toBeTruthy();
    expect(screen.queryByRole('button', { name: t('SHOP.OPEN') })).toBeNull();
  });
});
