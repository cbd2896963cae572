import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getStoredUser, saveStoredUser } from '../../app/auth-store';
import { mockApi, renderPage, storedUserFixture, tx, where } from '../../test-utils/page';
import TeacherOnboardingPage from './TeacherOnboardingPage';

afterEach(() => vi.unstubAllGlobals());

const PROF = storedUserFixture({
  role: 'PROFESSOR',
  studentId: null,
  professorId: 'p0000000-0000-4000-8000-000000000001',
});
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
const handlers = [
  { method: 'GET', path: '/avatars?userType=professor', body: AVATARS },
  {
    method: 'PUT',
    path: `/professors/${PROF.professorId}`,
    body: { id: PROF.professorId, powerMode: false, shareRaids: true },
  },
  { method: 'PUT', path: `/users/${PROF.id}`, body: {} },
];
const next = () => screen.getByRole('button', { name: tx('REGISTER.NEXT') });

describe('TeacherOnboardingPage', () => {
  it('walks character, power mode and sharing, saves them and opens the professor home', async () => {
    saveStoredUser(PROF);
    const calls = mockApi(handlers);
    const user = userEvent.setup();
    renderPage(<TeacherOnboardingPage />, '/gar-signup');
    await user.click(next());
    expect(screen.getByRole('alert').textContent).toBe(tx('ONBOARDING.CHARACTER_REQUIRED'));
    await user.click(await screen.findByRole('radio', { name: tx('REGISTER.AVATAR_ALT', { index: 2 }) }));
    await user.click(next());
    expect(screen.getByRole('heading', { name: tx('ONBOARDING.POWERS_TITLE') })).toBeTruthy();
    expect(
      (screen.getByRole('radio', { name: new RegExp(tx('ONBOARDING.POWERS_ON')) }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    await user.click(screen.getByRole('radio', { name: new RegExp(tx('ONBOARDING.POWERS_OFF')) }));
    await user.click(next());
    expect(screen.getByRole('heading', { name: tx('ONBOARDING.SHARING_TITLE') })).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: new RegExp(tx('ONBOARDING.SHARE_ON')) }));
    await user.click(screen.getByRole('button', { name: tx('ONBOARDING.FINISH') }));
    await waitFor(() => expect(where()).toBe('/prof/select'));
    expect(calls.find((c) => c.url === `/api/professors/${PROF.professorId}`)?.body).toEqual({
      powerMode: false,
      shareRaids: true,
    });
    expect(calls.find((c) => c.url === `/api/users/${PROF.id}`)?.body).toEqual({ avatarId: AVATARS[1].id });
    expect(getStoredUser()?.avatarId).toBe(AVATARS[1].id);
  });

  it('back keeps the choices and a failed save stays on the page with the error', async () => {
    saveStoredUser(PROF);
    mockApi([
      {
        method: 'PUT',
        path: `/professors/${PROF.professorId}`,
        status: 500,
        body: { message: 'ERRORS.GENERIC' },
      },
      ...handlers,
    ]);
    const user = userEvent.setup();
    renderPage(<TeacherOnboardingPage />, '/gar-signup');
    await user.click(await screen.findByRole('radio', { name: tx('REGISTER.AVATAR_ALT', { index: 1 }) }));
    await user.click(next());
    await user.click(screen.getByRole('button', { name: tx('REGISTER.BACK') }));
    expect(
      (screen.getByRole('radio', { name: tx('REGISTER.AVATAR_ALT', { index: 1 }) }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    await user.click(next());
    await user.click(next());
    await user.click(screen.getByRole('button', { name: tx('ONBOARDING.FINISH') }));
    expect((await screen.findByRole('alert')).textContent).toBe(tx('ERRORS.GENERIC'));
    expect(where()).toBe('/gar-signup');
    expect(getStoredUser()?.avatarId).toBeNull();
  });
});
