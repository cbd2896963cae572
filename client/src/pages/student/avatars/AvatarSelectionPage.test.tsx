import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AvatarGridDto, OwnedAvatarDto } from '../../../../../shared/avatar-rules';
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
  {
    name: 'avatar-selection',
    path: '/student/avatar-selection',
    access: 'STUDENT',
    load: () => import('./AvatarSelectionPage'),
  },
];
const t = (k: string, o?: Record<string, unknown>) => i18n.t(k, o);

const av = (id: string, over: Partial<AvatarDto> = {}): AvatarDto => ({
  id,
  baseAvatarId: null,
  planet: 'nebula',
  avatarType: 'water',
  race: 'fairy',
  avatarClass: 'mage',
  gender: 'female',
  skinId: null,
  userType: 'student',
  image: `/assets/avatars/eleves/body/${id}.webp`,
  head: `/assets/avatars/eleves/head/${id}.webp`,
  ...over,
});
const owned = (id: string, isNew = false, over: Partial<AvatarDto> = {}): OwnedAvatarDto => ({
  ...av(id, over),
  isNew,
});

const GRID: AvatarGridDto = {
  slots: 8,
  equippedId: 'a1',
  owned: [owned('a1'), owned('a2', true, { avatarClass: 'warrior' })],
  offers: [
    { id: 'o1', avatarId1: 'c1', avatarId2: 'c2', isUnlocked: false, candidates: [av('c1'), av('c2')] },
    { id: 'o2', avatarId1: 'g1', avatarId2: null, isUnlocked: false, candidates: [av('g1')] },
  ],
  locked: [av('l1'), av('l2')],
};

function setMobile(mobile: boolean) {
  vi.stubGlobal('matchMedia', (q: string) => ({ matches: mobile, media: q }) as MediaQueryList);
}

function open(grid: AvatarGridDto = GRID, extra: Parameters<typeof stubFetch>[0] = {}): Call[] {
  const calls = stubFetch({
    'GET /api/users/u-stu': { body: studentRecord() },
    'GET /api/changelog': { body: [] },
    'GET /api/avatars/students/st1': { body: grid },
    'PATCH /api/usersAvatars/u-stu/seen': { body: { amount: 0 } },
    ...extra,
  });
  signIn(studentUser());
  renderApp('/student/avatar-selection', ROUTES);
  return calls;
}

const slotsList = () => screen.findByRole('list', { name: t('AVATARS.GRID_LABEL') });

describe('AvatarSelectionPage', () => {
  beforeEach(() => setMobile(true));
  afterEach(() => vi.unstubAllGlobals());

  it('shows owned avatars first, then a question mark per offer, then locked slots up to the slot count', async () => {
    const calls = open();
    const list = await slotsList();
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(8);
    const kinds = items.map((li) => (li.firstElementChild as HTMLElement).className);
    expect(kinds.map((c) => c.split(' ')[1])).toEqual([
      'slot--owned',
      'slot--owned',
      'slot--mystery',
      'slot--mystery',
      'slot--locked',
      'slot--locked',
      'slot--locked',
      'slot--locked',
    ]);
    const equipped = within(list).getByRole('button', { pressed: true });
    expect(within(equipped).getByRole('img').getAttribute('src')).toBe('/assets/avatars/eleves/body/a1.webp');
    expect(within(list).getByText(t('AVATARS.NEW_BADGE'))).toBeTruthy();
    expect(within(list).getAllByRole('img', { name: t('AVATARS.LOCKED_SLOT') })).toHaveLength(4);
    expect(screen.getByText(t('AVATARS.OFFERS_WAITING', { count: 2 }))).toBeTruthy();
    // Seeing the grid clears the "new" flags on the server.
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
  });

  it('offers a choice of two: Unlock waits for a pick, then shows the unlocked avatar', async () => {
    const calls = open(GRID, {
      'PUT /api/studentAvatarUnlock/st1?avatarId=c2': { body: { offerId: 'o1', avatar: av('c2') } },
    });
    const list = await slotsList();
    fireEvent.click(within(list).getAllByRole('button', { name: t('AVATARS.MYSTERY_SLOT') })[0]);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: t('AVATARS.CHOOSE_TITLE') })).toBeTruthy();
    const unlock = within(dialog).getByRole('button', { name: t('AVATARS.UNLOCK') }) as HTMLButtonElement;
    expect(unlock.disabled).toBe(true);
    const radios = within(dialog).getAllByRole('radio');
    expect(radios).toHaveLength(2);
    fireEvent.click(radios[1]);
    expect(unlock.disabled).toBe(false);
    fireEvent.click(unlock);
    expect(await within(dialog).findByRole('heading', { name: t('AVATARS.UNLOCKED_TITLE') })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: t('AVATARS.EQUIP') })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.url)).toEqual([
      '/api/studentAvatarUnlock/st1?avatarId=c2',
    ]);
    const loads = calls.filter((c) => c.url === '/api/avatars/students/st1').length;
    fireEvent.click(within(dialog).getByRole('button', { name: t('AVATARS.CONTINUE') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/api/avatars/students/st1').length).toBe(loads + 1),
    );
  });

  it('unlocks a single candidate by itself; Equip equips it and goes home on a phone', async () => {
    const calls = open(GRID, {
      'PUT /api/studentAvatarUnlock/st1?avatarId=g1': { body: { offerId: 'o2', avatar: av('g1') } },
      'PUT /api/usersAvatars/u-stu/g1': { body: { avatar: { id: 'g1' } } },
    });
    const list = await slotsList();
    fireEvent.click(within(list).getAllByRole('button', { name: t('AVATARS.MYSTERY_SLOT') })[1]);
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('heading', { name: t('AVATARS.UNLOCKED_TITLE') });
    expect(within(dialog).queryAllByRole('radio')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: t('AVATARS.EQUIP') }));
    expect(await screen.findByRole('heading', { name: 'HOME' })).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT' && c.url === '/api/usersAvatars/u-stu/g1')).toBe(true);
    expect(JSON.parse(localStorage.getItem('user') ?? '{}').avatarId).toBe('g1');
  });

  it('equips an owned avatar on a tap; on a wide screen the student stays on the grid', async () => {
    setMobile(false);
    const calls = open(GRID, { 'PUT /api/usersAvatars/u-stu/a2': { body: { avatar: { id: 'a2' } } } });
    const list = await slotsList();
    const [second] = within(list).getAllByRole('button', { pressed: false });
    fireEvent.click(second);
    await waitFor(() => expect(within(list).getByRole('button', { pressed: true })).toBe(second));
    expect(calls.some((c) => c.method === 'PUT' && c.url === '/api/usersAvatars/u-stu/a2')).toBe(true);
    expect(screen.queryByRole('heading', { name: 'HOME' })).toBeNull();
  });

  it('shows the server refusal of a choice and keeps the dialog open', async () => {
    open(GRID, {
      'PUT /api/studentAvatarUnlock/st1?avatarId=c1': {
        status: 400,
        body: { message: 'AVATARS.ERRORS.NO_OFFER' },
      },
    });
    const list = await slotsList();
    fireEvent.click(within(list).getAllByRole('button', { name: t('AVATARS.MYSTERY_SLOT') })[0]);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getAllByRole('radio')[0]);
    fireEvent.click(within(dialog).getByRole('button', { name: t('AVATARS.UNLOCK') }));
    expect(await within(dialog).findByText(t('AVATARS.ERRORS.NO_OFFER'))).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: t('AVATARS.CHOOSE_TITLE') })).toBeTruthy();
  });
});
