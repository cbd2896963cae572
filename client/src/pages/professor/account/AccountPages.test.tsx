import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProfessorAccount } from '../../../api/professors';
import { getStoredUser, saveStoredUser } from '../../../app/auth-store';
import { SessionProvider } from '../../../app/session';
import { record } from '../../../app/test-app';
import {
  fieldError,
  type Handler,
  mockApi,
  renderPage,
  storedUserFixture,
  tx,
  where,
} from '../../../test-utils/page';
import AccountAvatarPage from './AccountAvatarPage';
import AccountInformationPage from './AccountInformationPage';
import AccountPage from './AccountPage';
import AccountPasswordPage from './AccountPasswordPage';
import AccountSettingsPage from './AccountSettingsPage';
import SettingsLinkPage from './SettingsLinkPage';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const PROF = storedUserFixture({
  role: 'PROFESSOR',
  studentId: null,
  professorId: 'p1',
  id: 'u-prof',
  avatarId: 'd0000000-0000-4000-8000-000000000001',
});
const MATHS = 'a0000000-0000-4000-8000-000000000001';
const ACCOUNT: ProfessorAccount = {
  id: 'p1',
  civility: 'MME',
  powerMode: true,
  shareRaids: false,
  firstName: 'Claire',
  lastName: 'Fontaine',
  email: 'claire@ac-lyon.fr',
  phone: '0102030405',
  city: 'Lyon',
  department: 'Rhône',
  school: 'Collège Jean Moulin',
  subjectIds: [MATHS],
  isGar: false,
  avatarId: PROF.avatarId,
};
const AVATARS = [1, 2].map((n) => ({
  id: `d0000000-0000-4000-8000-00000000000${n}`,
  baseAvatarId: null,
  planet: 'preia',
  avatarType: 'professor',
  race: 'human',
  avatarClass: 'mentor',
  gender: 'male',
  skinId: null,
  userType: 'professor',
  image: `/assets/avatars/prof/body/p${n}.webp`,
  head: `/assets/avatars/prof/head/p${n}.webp`,
}));
const base: Handler[] = [
  { method: 'GET', path: '/users/u-prof', body: record() },
  { method: 'GET', path: '/professors/p1', body: ACCOUNT },
  {
    method: 'GET',
    path: '/subjects',
    body: [{ id: MATHS, code: 'MATHEMATICS', name: 'Maths', group: 'MAIN', position: 1 }],
  },
  { method: 'GET', path: '/avatars?userType=professor', body: AVATARS },
];
function renderSigned(ui: ReactElement, path: string, user = PROF) {
  saveStoredUser(user);
  return renderPage(<SessionProvider>{ui}</SessionProvider>, path);
}

describe('AccountPage', () => {
  it('links My information, Character choice, Settings and Logout; no My information for school sign-on', async () => {
    mockApi(base);
    const { unmount } = renderSigned(<AccountPage />, '/prof/account');
    const hrefs = () => screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(hrefs()).toEqual([
      '/prof/account/information',
      '/prof/account/password',
      '/prof/account/avatar',
      '/prof/account/settings',
      '/sign-out-professor',
    ]);
    unmount();
    renderSigned(<AccountPage />, '/prof/account', { ...PROF, isGar: true });
    expect(hrefs()).toEqual(['/prof/account/avatar', '/prof/account/settings', '/sign-out-professor']);
    expect(screen.getByText(tx('ACCOUNT.LINKS.LOGOUT_GAR'))).toBeTruthy();
  });
});

describe('AccountPasswordPage', () => {
  it('checks the new password like the sign-up, shows a wrong current one on its field, then keeps this session', async () => {
    let answer: Handler = {
      method: 'PUT',
      path: '/professors/p1/password',
      status: 400,
      body: { message: 'VALIDATION.CURRENT_PASSWORD_INCORRECT', field: 'currentPassword' },
    };
    const calls = mockApi([...base, { method: 'PUT', path: '/professors/p1/password', body: undefined }]);
    const user = userEvent.setup();
    renderSigned(<AccountPasswordPage />, '/prof/account/password');
    const current = await screen.findByLabelText(tx('ACCOUNT.PASSWORD.CURRENT'));
    const next = screen.getByLabelText(tx('ACCOUNT.PASSWORD.NEW'));
    const confirmation = screen.getByLabelText(tx('ACCOUNT.PASSWORD.CONFIRMATION'));
    const save = () => user.click(screen.getByRole('button', { name: tx('ACCOUNT.PASSWORD.SAVE') }));
    await user.type(next, 'short');
    await save();
    expect(fieldError(current)).toBe(tx('VALIDATION.REQUIRED'));
    expect(fieldError(next)).toBe(tx('VALIDATION.PASSWORD_TOO_SHORT'));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    mockApi([...base, answer]);
    await user.type(current, 'pas-le-bon-1');
    await user.clear(next);
    await user.type(next, 'Tableau-Noir-2031!');
    await user.type(confirmation, 'Tableau-Noir-2031!');
    await save();
    await waitFor(() => expect(fieldError(current)).toBe(tx('VALIDATION.CURRENT_PASSWORD_INCORRECT')));

    answer = {
      method: 'PUT',
      path: '/professors/p1/password',
      body: { ...PROF, accessToken: 'fresh-access', refreshToken: 'fresh-refresh' },
    };
    const sent = mockApi([...base, answer]);
    await user.clear(current);
    await user.type(current, 'Craie-Verte-2026!');
    await save();
    expect(await screen.findByText(tx('ACCOUNT.PASSWORD.CHANGED'))).toBeTruthy();
    expect(sent.find((c) => c.method === 'PUT')?.body).toEqual({
      currentPassword: 'Craie-Verte-2026!',
      newPassword: 'Tableau-Noir-2031!',
    });
    expect(getStoredUser()).toMatchObject({ accessToken: 'fresh-access', refreshToken: 'fresh-refresh' });
    await waitFor(() => expect(where()).toBe('/prof/account'));
  });
});

describe('AccountInformationPage', () => {
  it('shows the e-mail read-only, checks the fields like the sign-up and saves the changes', async () => {
    const calls = mockApi([
      ...base,
      { method: 'PUT', path: '/professors/p1', body: { ...ACCOUNT, city: 'Bastia' } },
    ]);
    const user = userEvent.setup();
    renderSigned(<AccountInformationPage />, '/prof/account/information');
    const email = (await screen.findByLabelText(tx('ACCOUNT.INFO.EMAIL'))) as HTMLInputElement;
    expect(email.value).toBe('claire@ac-lyon.fr');
    expect(email.readOnly).toBe(true);
    const phone = screen.getByLabelText(tx('ACCOUNT.INFO.PHONE'));
    await user.clear(phone);
    await user.type(phone, '12');
    const city = screen.getByLabelText(tx('ACCOUNT.INFO.CITY'));
    await user.clear(city);
    await user.type(city, 'Bastia');
    await user.click(screen.getByRole('button', { name: tx('ACCOUNT.SAVE') }));
    expect(fieldError(phone)).toBe(tx('VALIDATION.PHONE_INVALID'));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.clear(phone);
    await user.type(phone, '06 11 22 33 44');
    await user.click(screen.getByRole('button', { name: tx('ACCOUNT.SAVE') }));
    expect(await screen.findByText(tx('ACCOUNT.INFO.SAVED'))).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      civility: 'MME',
      firstName: 'Claire',
      lastName: 'Fontaine',
      phone: '0611223344',
      city: 'Bastia',
      department: 'Rhône',
      school: 'Collège Jean Moulin',
      subjectIds: [MATHS],
    });
  });

  it('requires a subject and shows a field refused by the server', async () => {
    mockApi([
      ...base,
      {
        method: 'PUT',
        path: '/professors/p1',
        status: 400,
        body: { message: 'VALIDATION.NAME_TOO_SHORT', field: 'lastName' },
      },
    ]);
    const user = userEvent.setup();
    renderSigned(<AccountInformationPage />, '/prof/account/information');
    const maths = await screen.findByRole('button', { name: new RegExp(tx('SUBJECTS.MATHEMATICS')) });
    await user.click(maths);
    await user.click(screen.getByRole('button', { name: tx('ACCOUNT.SAVE') }));
    expect(screen.getByRole('alert').textContent).toBe(tx('VALIDATION.SUBJECT_REQUIRED'));
    await user.click(maths);
    await user.click(screen.getByRole('button', { name: tx('ACCOUNT.SAVE') }));
    await waitFor(() =>
      expect(fieldError(screen.getByLabelText(tx('ACCOUNT.INFO.LASTNAME')))).toBe(
        tx('VALIDATION.NAME_TOO_SHORT'),
      ),
    );
  });
});

describe('AccountAvatarPage', () => {
  it('starts on the current character and saves another one on the user', async () => {
    const calls = mockApi([...base, { method: 'PUT', path: '/users/u-prof', body: record() }]);
    const user = userEvent.setup();
    renderSigned(<AccountAvatarPage />, '/prof/account/avatar');
    const first = await screen.findByRole('radio', { name: tx('REGISTER.AVATAR_ALT', { index: 1 }) });
    expect((first as HTMLInputElement).checked).toBe(true);
    const save = screen.getByRole('button', { name: tx('ACCOUNT.SAVE') });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('radio', { name: tx('REGISTER.AVATAR_ALT', { index: 2 }) }));
    await user.click(save);
    expect(await screen.findByText(tx('ACCOUNT.AVATAR.SAVED'))).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ avatarId: AVATARS[1].id });
    expect(getStoredUser()?.avatarId).toBe(AVATARS[1].id);
  });
});

describe('AccountSettingsPage', () => {
  it('walks the three steps from the current choices and saves the power mode', async () => {
    const calls = mockApi([
      ...base,
      { method: 'PUT', path: '/professors/p1', body: { ...ACCOUNT, powerMode: false } },
    ]);
    const user = userEvent.setup();
    renderSigned(<AccountSettingsPage />, '/prof/account/settings');
    const current = await screen.findByRole('radio', { name: tx('REGISTER.AVATAR_ALT', { index: 1 }) });
    expect((current as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('button', { name: tx('REGISTER.NEXT') }));
    expect(
      (screen.getByRole('radio', { name: new RegExp(tx('ONBOARDING.POWERS_ON')) }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    await user.click(screen.getByRole('radio', { name: new RegExp(tx('ONBOARDING.POWERS_OFF')) }));
    await user.click(screen.getByRole('button', { name: tx('REGISTER.NEXT') }));
    expect(
      (screen.getByRole('radio', { name: new RegExp(tx('ONBOARDING.SHARE_OFF')) }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    await user.click(screen.getByRole('button', { name: tx('ACCOUNT.SAVE') }));
    await waitFor(() => expect(where()).toBe('/prof/account'));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ powerMode: false, shareRaids: false });
    // The character did not change: the user record is not written.
    expect(calls.some((c) => c.method === 'PUT' && c.url.startsWith('/api/users/'))).toBe(false);
  });
});

describe('SettingsLinkPage (/settings/:professorId)', () => {
  it('sends to login when the teacher is unknown or already set up', async () => {
    mockApi([{ method: 'GET', path: '/professors/p-done/setup-status', body: { needsSetup: false } }]);
    const { unmount } = renderPage(<SettingsLinkPage />, '/settings/:professorId', '/settings/p-done');
    await waitFor(() => expect(where()).toBe('/login'));
    unmount();
    mockApi([]);
    renderPage(<SettingsLinkPage />, '/settings/:professorId', '/settings/unknown');
    await waitFor(() => expect(where()).toBe('/login'));
  });

  it('asks a teacher still to set up to sign in first, without changing anything', async () => {
    const calls = mockApi([
      { method: 'GET', path: '/professors/p-new/setup-status', body: { needsSetup: true } },
    ]);
    renderPage(<SettingsLinkPage />, '/settings/:professorId', '/settings/p-new');
    expect(await screen.findByRole('heading', { name: tx('ACCOUNT.SETUP_LINK.TITLE') })).toBeTruthy();
    expect(screen.getByRole('link', { name: tx('ACCOUNT.SETUP_LINK.SIGN_IN') }).getAttribute('href')).toBe(
      '/login',
    );
    expect(calls.every((c) => c.method === 'GET')).toBe(true);
  });
});
