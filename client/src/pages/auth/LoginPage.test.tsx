import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getStoredUser } from '../../app/auth-store';
import { fieldError, mockApi, renderPage, storedUserFixture, tx, where } from '../../test-utils/page';
import LoginPage from './LoginPage';

afterEach(() => vi.unstubAllGlobals());

async function signIn(login = 'marie.curie', password = 'secret-123') {
  const user = userEvent.setup();
  renderPage(<LoginPage />, '/login');
  await user.type(screen.getByLabelText(tx('LOGIN.LOGIN_LABEL')), login);
  await user.type(screen.getByLabelText(tx('LOGIN.PASSWORD_LABEL')), password);
  await user.click(screen.getByRole('button', { name: tx('LOGIN.SUBMIT') }));
}

describe('LoginPage', () => {
  it('offers a sign-in link for the GAR and each ENT the school configured', async () => {
    mockApi([
      {
        method: 'GET',
        path: '/sso/links',
        body: [
          { id: 'gar', name: 'GAR', loginUrl: '/api/gar/login' },
          { id: 'ent:monent', name: 'Mon ENT', loginUrl: '/api/ent/monent/login' },
        ],
      },
    ]);
    renderPage(<LoginPage />, '/login');
    const ent = await screen.findByRole('link', { name: tx('LOGIN.SSO_WITH', { name: 'Mon ENT' }) });
    expect(ent.getAttribute('href')).toBe('/api/ent/monent/login');
    expect(
      screen.getByRole('link', { name: tx('LOGIN.SSO_WITH', { name: 'GAR' }) }).getAttribute('href'),
    ).toBe('/api/gar/login');
  });

  it('refuses an empty form without calling the server', async () => {
    const calls = mockApi([]);
    const user = userEvent.setup();
    renderPage(<LoginPage />, '/login');
    await user.click(screen.getByRole('button', { name: tx('LOGIN.SUBMIT') }));
    expect(fieldError(screen.getByLabelText(tx('LOGIN.LOGIN_LABEL')))).toBe(tx('VALIDATION.REQUIRED'));
    expect(fieldError(screen.getByLabelText(tx('LOGIN.PASSWORD_LABEL')))).toBe(tx('VALIDATION.REQUIRED'));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it.each([
    ['a teacher without avatar', { role: 'PROFESSOR' as const, avatarId: null }, '/gar-signup'],
    ['a teacher with an avatar', { role: 'PROFESSOR' as const, avatarId: 'a1' }, '/prof/select'],
    ['a student with an avatar', { role: 'STUDENT' as const, avatarId: 'a1' }, '/student'],
    [
      'a student without avatar',
      { role: 'STUDENT' as const, avatarId: null },
      '/register/student/avatar?id=11111111-1111-4111-8111-111111111111',
    ],
  ])('signs in %s and goes to %s', async (_, over, target) => {
    const stored = storedUserFixture(over);
    const calls = mockApi([{ method: 'POST', path: '/auth/signin', body: stored }]);
    await signIn();
    await waitFor(() => expect(where()).toBe(target));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      login: 'marie.curie',
      password: 'secret-123',
    });
    expect(getStoredUser()).toEqual(stored);
  });

  it('shows bad credentials on the form and stays', async () => {
    mockApi([
      { method: 'POST', path: '/auth/signin', status: 401, body: { message: 'AUTH.BAD_CREDENTIALS' } },
    ]);
    await signIn();
    expect((await screen.findByRole('alert')).textContent).toBe(tx('AUTH.BAD_CREDENTIALS'));
    expect(where()).toBe('/login');
    expect(getStoredUser()).toBeNull();
  });

  it.each([
    ['AUTH.EMAIL_NOT_CONFIRMED', 'LOGIN.EMAIL_NOT_CONFIRMED'],
    ['AUTH.PENDING_APPROVAL', 'LOGIN.PENDING_APPROVAL'],
  ])('explains %s', async (message, key) => {
    mockApi([{ method: 'POST', path: '/auth/signin', status: 403, body: { message } }]);
    await signIn();
    expect(await screen.findByText(tx(`${key}_TEXT`))).toBeTruthy();
    expect(screen.getByText(tx(`${key}_TITLE`))).toBeTruthy();
    expect(where()).toBe('/login');
  });

  it('sends the activation link again when the address is not confirmed, with the typed credentials', async () => {
    const calls = mockApi([
      { method: 'POST', path: '/auth/signin', status: 403, body: { message: 'AUTH.EMAIL_NOT_CONFIRMED' } },
      { method: 'POST', path: '/auth/resend-activation', status: 204 },
    ]);
    await signIn('sdurand', 'Tableau-Noir-2026!');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: tx('LOGIN.RESEND_ACTIVATION') }));
    expect(await screen.findByText(tx('LOGIN.RESEND_ACTIVATION_DONE'))).toBeTruthy();
    expect(calls.find((c) => c.url.endsWith('/auth/resend-activation'))?.body).toEqual({
      login: 'sdurand',
      password: 'Tableau-Noir-2026!',
    });
    expect(screen.queryByRole('button', { name: tx('LOGIN.RESEND_ACTIVATION') })).toBeNull();
  });

  it('says so when the new activation mail cannot leave', async () => {
    mockApi([
      { method: 'POST', path: '/auth/signin', status: 403, body: { message: 'AUTH.EMAIL_NOT_CONFIRMED' } },
      { method: 'POST', path: '/auth/resend-activation', status: 503, body: { message: 'AUTH.MAIL_FAILED' } },
    ]);
    await signIn();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: tx('LOGIN.RESEND_ACTIVATION') }));
    expect((await screen.findByRole('alert')).textContent).toBe(tx('AUTH.MAIL_FAILED'));
    expect(screen.getByRole('button', { name: tx('LOGIN.RESEND_ACTIVATION') })).toBeTruthy();
  });

  it('offers no new link to a teacher who only awaits approval', async () => {
    mockApi([
      { method: 'POST', path: '/auth/signin', status: 403, body: { message: 'AUTH.PENDING_APPROVAL' } },
    ]);
    await signIn();
    await screen.findByText(tx('LOGIN.PENDING_APPROVAL_TEXT'));
    expect(screen.queryByRole('button', { name: tx('LOGIN.RESEND_ACTIVATION') })).toBeNull();
  });

  it('sends a disabled user to /user-disabled', async () => {
    mockApi([{ method: 'POST', path: '/auth/signin', status: 403, body: { message: 'AUTH.USER_DISABLED' } }]);
    await signIn();
    await waitFor(() => expect(where()).toBe('/user-disabled'));
  });

  it('links to the forgotten password and sign-up pages', () => {
    mockApi([]);
    renderPage(<LoginPage />, '/login');
    expect(screen.getByRole('link', { name: tx('LOGIN.FORGOT') }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: tx('LOGIN.SIGN_UP') }).getAttribute('href')).toBe('/sign-up');
  });
});
