import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppRoute } from '../../app/routes';
import { record, renderApp, storedUser, stubFetch } from '../../app/test-app';
import i18n from '../../i18n';

const page = (title: string) => async () => ({ default: () => <h1>{title}</h1> });
const ROUTES: AppRoute[] = [
  { name: 'login', path: '/login', access: 'public', load: page('login') },
  { name: 'gar', path: '/gar', access: 'all', chrome: false, load: () => import('./GarSignInPage') },
  { name: 'gar-helper', path: '/gar-helper', access: 'all', load: page('gar-helper') },
  { name: 'gar-signup', path: '/gar-signup', access: 'PROFESSOR', chrome: false, load: page('gar-signup') },
];

describe('GarSignInPage (/gar)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('exchanges the ticket once, stores the user with isGar and ticket, and sends a new teacher to gar-signup', async () => {
    const user = storedUser({ isGar: true, avatarId: null, ticket: 'tk-1234567890abcdefghij' });
    const calls = stubFetch({
      'POST /api/auth/signin?ticket=tk-1234567890abcdefghij': { body: user },
      'GET /api/users/u-prof': { body: record({ isGar: true, avatar: null }) },
      'GET /api/changelog': { body: [] },
    });
    const { router } = renderApp('/gar?ticket=tk-1234567890abcdefghij', ROUTES);
    expect(await screen.findByRole('heading', { name: 'gar-signup' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/gar-signup');
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toMatchObject({
      isGar: true,
      ticket: user.ticket,
    });
    expect(calls.filter((c) => c.url.startsWith('/api/auth/signin')).length).toBe(1);
  });

  it('an invalid ticket says so and stores no user', async () => {
    stubFetch({
      'POST /api/auth/signin?ticket=used-ticket-0000000000': {
        status: 401,
        body: { message: 'Invalid ticket.' },
      },
    });
    renderApp('/gar?ticket=used-ticket-0000000000', ROUTES);
    expect((await screen.findByRole('alert')).textContent).toBe(i18n.t('AUTH.INVALID_TICKET'));
    expect(localStorage.getItem('user')).toBeNull();
    expect(screen.getByRole('link', { name: i18n.t('AUTH.SSO_HELP') }).getAttribute('href')).toBe(
      '/gar-helper',
    );
  });

  it('a refused sign-on shows its translated reason without calling the server', async () => {
    const calls = stubFetch({});
    renderApp('/gar?error=AUTH.SSO_PROFILE', ROUTES);
    expect((await screen.findByRole('alert')).textContent).toBe(i18n.t('AUTH.SSO_PROFILE'));
    await waitFor(() => expect(calls.filter((c) => c.url.startsWith('/api/auth')).length).toBe(0));
  });
});
