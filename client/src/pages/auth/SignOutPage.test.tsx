import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_MARKER_KEY } from '../../app/activity';
import type { AppRoute } from '../../app/routes';
import {
  record,
  renderApp,
  signIn,
  storedUser,
  stubFetch,
  studentRecord,
  studentUser,
} from '../../app/test-app';
import { leaveTo } from '../../lib/browser';

vi.mock('../../lib/browser', () => ({ leaveTo: vi.fn() }));

const page = (title: string) => async () => ({ default: () => <h1>{title}</h1> });
const ROUTES: AppRoute[] = [
  { name: 'login', path: '/login', access: 'public', load: page('login') },
  { name: 'gar-helper', path: '/gar-helper', access: 'all', load: page('gar-helper') },
  { name: 'select', path: '/prof/select', access: 'PROFESSOR', load: page('select') },
  {
    name: 'sign-out-professor',
    path: '/sign-out-professor',
    access: 'PROFESSOR',
    load: () => import('./SignOutPage'),
  },
  {
    name: 'sign-out-student',
    path: '/sign-out-student',
    access: 'STUDENT',
    load: () => import('./SignOutPage'),
  },
];

describe('SignOutPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('revokes the refresh token, forgets the user and the session marker, and opens login', async () => {
    const calls = stubFetch({
      'GET /api/users/u-stu': { body: studentRecord() },
      'GET /api/changelog': { body: [] },
      'POST /api/auth/logout': { status: 204 },
    });
    signIn(studentUser({ refreshToken: 'rt-42' }));
    const { router } = renderApp('/sign-out-student', ROUTES);
    expect(await screen.findByRole('heading', { name: 'login' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(calls.find((c) => c.url === '/api/auth/logout')?.body).toEqual({ refreshToken: 'rt-42' });
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem(SESSION_MARKER_KEY)).toBeNull();
  });

  it('still signs out when the server cannot be reached', async () => {
    stubFetch({ 'GET /api/users/u-prof': { body: record() }, 'POST /api/auth/logout': { status: 500 } });
    signIn(storedUser());
    renderApp('/sign-out-professor', ROUTES);
    expect(await screen.findByRole('heading', { name: 'login' })).toBeTruthy();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('sends a school sign-on teacher through the SSO logout, with the ticket of the session', async () => {
    stubFetch({
      'GET /api/users/u-prof': { body: record({ isGar: true }) },
      'POST /api/auth/logout': { status: 204 },
    });
    signIn(storedUser({ isGar: true, ticket: 'T/1' }));
    renderApp('/sign-out-professor', ROUTES);
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('/api/gar/logout?ticket=T%2F1'));
    expect(localStorage.getItem('user')).toBeNull();
  });
});
