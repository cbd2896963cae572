// Test helpers for the app shell: a fetch stub answering API calls and changelog files, stored
// users and records, and the real router (routes.ts or a given list) in memory.
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { StoredUser, UserRecord } from '../../../shared/types';
import { AppProviders, buildRouteObjects } from './App';
import type { AppRoute } from './routes';

export interface Reply {
  status?: number;
  body?: unknown;
  text?: string;
  /** Response headers (a download's content-disposition and type). */
  headers?: Record<string, string>;
}
export type Routes = Record<string, Reply | ((init: RequestInit | undefined, url: string) => Reply)>;
export interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** Stubs fetch. Keys are "METHOD /url" (the url as fetched, query included); anything else is a 404. */
export function stubFetch(routes: Routes): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const url = String(input);
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
      calls.push({ method, url, body });
      const r = routes[`${method} ${url}`];
      const reply: Reply =
        typeof r === 'function'
          ? r(init, url)
          : (r ?? { status: 404, body: { message: 'ERRORS.NOT_FOUND' } });
      const status = reply.status ?? 200;
      return {
        ok: status < 400,
        status,
        json: async () => reply.body ?? {},
        text: async () => reply.text ?? JSON.stringify(reply.body ?? {}),
        headers: new Headers(reply.headers ?? {}),
        arrayBuffer: async () =>
          new TextEncoder().encode(reply.text ?? JSON.stringify(reply.body ?? {})).buffer,
      };
    }),
  );
  return calls;
}

export const storedUser = (over: Partial<StoredUser> = {}): StoredUser => ({
  accessToken: 'access',
  refreshToken: 'refresh',
  role: 'PROFESSOR',
  isGar: false,
  id: 'u-prof',
  studentId: null,
  professorId: 'p1',
  avatarId: 'av1',
  ticket: null,
  ...over,
});
export const studentUser = (over: Partial<StoredUser> = {}) =>
  storedUser({ role: 'STUDENT', id: 'u-stu', studentId: 'st1', professorId: null, ...over });

export const record = (over: Partial<UserRecord> = {}): UserRecord => ({
  id: 'u-prof',
  role: 'PROFESSOR',
  firstName: 'Marie',
  lastName: 'Curie',
  username: 'mcurie',
  email: 'marie@ac-paris.fr',
  isGar: false,
  isAdmin: false,
  uai: null,
  status: 'ACTIVE',
  language: 'fr',
  avatar: {
    id: 'av1',
    baseAvatarId: null,
    image: '/assets/avatars/prof/body/x.webp',
    head: '/assets/avatars/prof/head/x.webp',
  },
  lastChangelogViewedAt: null,
  professor: { id: 'p1', civility: 'MME', powerMode: true, shareRaids: false, schoolclasses: [] },
  ...over,
});
export const studentRecord = (over: Partial<UserRecord> = {}): UserRecord =>
  record({
    id: 'u-stu',
    role: 'STUDENT',
    firstName: 'Léo',
    lastName: 'Martin',
    username: 'leo-m',
    email: null,
    professor: undefined,
    student: {
      id: 'st1',
      coin: 120,
      xp: 340,
      level: 4,
      levelProgression: 65,
      powerXp: 7,
      activeProfessorsCount: 1,
      schoolclasses: [{ id: 'c1', name: '5e B', planet: 'nebula' }],
    },
    ...over,
  });

export function signIn(user: StoredUser) {
  localStorage.setItem('user', JSON.stringify(user));
}

/** Renders the whole app (providers, layout, guards) at `url`; `routes` replaces routes.ts. */
export function renderApp(url: string, routes?: AppRoute[]) {
  const router = createMemoryRouter(buildRouteObjects(routes), { initialEntries: [url] });
  const view = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router };
}
