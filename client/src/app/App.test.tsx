// The router and its gate, through the whole app shell (providers, layout, guards) in memory.
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Access } from './guards';
import { REGISTER_SCHOOLCLASS_KEY } from './RouteGate';
import type { AppRoute } from './routes';
import {
  type Routes,
  record,
  renderApp,
  signIn,
  storedUser,
  stubFetch,
  studentRecord,
  studentUser,
} from './test-app';

const page = (title: string) => async () => ({ default: () => <h1>{title}</h1> });
const route = (name: string, path: string, access: Access, extra: Partial<AppRoute> = {}): AppRoute => ({
  name,
  path,
  access,
  load: page(name),
  ...extra,
});
const ROUTES: AppRoute[] = [
  route('login', '/login', 'public'),
  route('register-form', '/register/form', 'public', { chrome: false }),
  route('register-request-sent', '/register/professor/requestSent', 'public', { special: 'request-sent' }),
  route('register-identifier', '/register/student/identifier', 'public', { special: 'registration-step' }),
  route('register-character', '/register/student/avatar', 'all', { special: 'registration-step' }),
  route('gar-helper', '/gar-helper', 'all'),
  route('gar-signup', '/gar-signup', 'PROFESSOR', { chrome: false }),
  route('select', '/prof/select', 'PROFESSOR'),
  route('users-validation', '/users-validation', 'PROFESSOR', { special: 'admin' }),
  route('student', '/student', 'STUDENT'),
  route('student-update-account', '/student-update-account', 'STUDENT'),
];

const api = (extra: Routes = {}): Routes => ({
  'GET /api/users/u-prof': { body: record() },
  'GET /api/users/u-stu': { body: studentRecord() },
  'GET /api/changelog': { body: [] },
  'POST /api/session-logs/': { status: 201, body: { id: 'log' } },
  ...extra,
});

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('App routing', () => {
  beforeEach(() => {
    sessionStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('redirects / to /login', async () => {
    stubFetch(api());
    const { router } = renderApp('/', ROUTES);
    expect(await heading('login')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows a real 404 page for an unknown path, with the top bar', async () => {
    stubFetch(api());
    renderApp('/no/such/page', ROUTES);
    expect(await screen.findByTestId('not-found')).toBeTruthy();
    expect(screen.getByText('/no/such/page')).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
  });

  it('sends a visitor on a role route to login', async () => {
    stubFetch(api());
    const { router } = renderApp('/prof/select', ROUTES);
    expect(await heading('login')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends a signed-in teacher from a public page home, or to gar-signup without avatar', async () => {
    stubFetch(api());
    signIn(storedUser());
    const first = renderApp('/login', ROUTES);
    expect(await heading('select')).toBeTruthy();
    first.unmount();
    signIn(storedUser({ avatarId: null }));
    const second = renderApp('/login', ROUTES);
    expect(await heading('gar-signup')).toBeTruthy();
    expect(second.router.state.location.pathname).toBe('/gar-signup');
  });

  it('sends a user of another role to their own home', async () => {
    stubFetch(api());
    signIn(studentUser());
    const { router } = renderApp('/prof/select', ROUTES);
    expect(await heading('student')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/student');
  });

  it('logs out a school sign-on user without ticket and opens the GAR helper', async () => {
    stubFetch(api());
    signIn(storedUser({ isGar: true, ticket: null }));
    const { router } = renderApp('/prof/select', ROUTES);
    expect(await heading('gar-helper')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/gar-helper');
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('sends a student whose account has an e-mail to student-update-account', async () => {
    stubFetch(api({ 'GET /api/users/u-stu': { body: studentRecord({ email: 'kid@example.org' }) } }));
    signIn(studentUser());
    expect(
      await (async () => {
        renderApp('/student', ROUTES);
        return heading('student-update-account');
      })(),
    ).toBeTruthy();
  });

  describe('admin routes', () => {
    it('send a teacher who is not admin home', async () => {
      stubFetch(api());
      signIn(storedUser());
      renderApp('/users-validation', ROUTES);
      expect(await heading('select')).toBeTruthy();
    });
    it('open for an admin teacher', async () => {
      stubFetch(api({ 'GET /api/users/u-prof': { body: record({ isAdmin: true }) } }));
      signIn(storedUser());
      renderApp('/users-validation', ROUTES);
      expect(await heading('users-validation')).toBeTruthy();
    });
  });

  describe('registration steps', () => {
    const codeApi = api({
      'GET /api/professorsSchoolclasses?code=123456': {
        body: { status: 'VALID', schoolclassId: 'class-9', name: '4e A', planet: 'xaih' },
      },
      'GET /api/professorsSchoolclasses?code=000000': {
        status: 404,
        body: { message: 'VALIDATION.INVALID_CODE' },
      },
    });

    it('open with a valid class code and remember the class for the session', async () => {
      stubFetch(codeApi);
      renderApp('/register/student/identifier?code=123456', ROUTES);
      expect(await heading('register-identifier')).toBeTruthy();
      expect(sessionStorage.getItem(REGISTER_SCHOOLCLASS_KEY)).toBe('class-9');
    });
    it('send an unknown code, or no code, to login', async () => {
      stubFetch(codeApi);
      const first = renderApp('/register/student/identifier?code=000000', ROUTES);
      expect(await heading('login')).toBeTruthy();
      expect(sessionStorage.getItem(REGISTER_SCHOOLCLASS_KEY)).toBeNull();
      first.unmount();
      renderApp('/register/student/avatar', ROUTES);
      expect(await heading('login')).toBeTruthy();
    });
    it('open with a ticket in the query', async () => {
      stubFetch(codeApi);
      renderApp('/register/student/avatar?ticket=T', ROUTES);
      expect(await heading('register-character')).toBeTruthy();
    });
    it('open without code when coming from another step', async () => {
      stubFetch(codeApi);
      const { router } = renderApp('/register/student/avatar?code=123456', ROUTES);
      expect(await heading('register-character')).toBeTruthy();
      await act(() => router.navigate('/register/student/identifier'));
      expect(await heading('register-identifier')).toBeTruthy();
    });
  });

  describe('request-sent', () => {
    it('is reachable from the register form', async () => {
      stubFetch(api());
      const { router } = renderApp('/register/form', ROUTES);
      expect(await heading('register-form')).toBeTruthy();
      await act(() => router.navigate('/register/professor/requestSent'));
      expect(await heading('register-request-sent')).toBeTruthy();
    });
    it('sends a direct visit to login', async () => {
      stubFetch(api());
      renderApp('/register/professor/requestSent', ROUTES);
      expect(await heading('login')).toBeTruthy();
    });
  });

  describe('another tab', () => {
    const otherTab = (value: string | null) =>
      act(() => {
        if (value === null) localStorage.removeItem('user');
        else localStorage.setItem('user', value);
        window.dispatchEvent(new StorageEvent('storage', { key: 'user' }));
      });

    it('signing in as someone else opens that role home; signing out opens login', async () => {
      stubFetch(api());
      signIn(storedUser());
      const { router } = renderApp('/prof/select', ROUTES);
      expect(await heading('select')).toBeTruthy();
      await otherTab(JSON.stringify(studentUser()));
      await waitFor(() => expect(router.state.location.pathname).toBe('/student'));
      await otherTab(null);
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    });

    it('a token refresh for the same user does not move the page', async () => {
      stubFetch(api());
      signIn(storedUser());
      const { router } = renderApp('/users-validation', ROUTES);
      expect(await heading('select')).toBeTruthy();
      await act(() => router.navigate('/gar-helper'));
      await otherTab(JSON.stringify(storedUser({ accessToken: 'new', refreshToken: 'new' })));
      expect(router.state.location.pathname).toBe('/gar-helper');
    });
  });
});
