// Helpers for page tests: a fetch stub that routes calls like the real API, and a router around a page.
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { ERR } from '../../../shared/errors';
import { SUBJECTS } from '../../../shared/subjects';
import type { StoredUser } from '../../../shared/types';
import { FeedbackProvider } from '../app/feedback';
import i18n from '../i18n';

// Keys other areas own may not exist yet in the locale files: give each a recognisable text, so a
// test can assert `tx(key)` whatever the final wording is.
for (const key of [
  ...Object.values(ERR),
  ...SUBJECTS.map((s) => `SUBJECTS.${s.code}`),
  'COMMON.SHOW_PASSWORD',
  'COMMON.HIDE_PASSWORD',
]) {
  if (key.includes('.') && !key.endsWith('.') && !i18n.exists(key))
    i18n.addResource('fr', 'translation', key, `«${key}»`);
}
export const tx = (key: string, params?: Record<string, unknown>) => i18n.t(key, params);

export interface FetchCall {
  method: string;
  url: string;
  body: unknown;
}
export interface Handler {
  method: string;
  /** Path after /api, matched exactly (query included) or by a RegExp. */
  path: string | RegExp;
  status?: number;
  body?: unknown;
  /** Response headers (a download's content-disposition). */
  headers?: Record<string, string>;
  /** A file's bytes, for a download; the JSON body's otherwise. */
  bytes?: Uint8Array;
}

/** Stubs global fetch; the first matching handler answers (a handler used once is kept). Returns the calls. */
export function mockApi(handlers: Handler[]): FetchCall[] {
  const calls: FetchCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const url = String(input);
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, url, body });
      const path = url.replace(/^\/api/, '');
      const h = handlers.find(
        (x) => x.method === method && (typeof x.path === 'string' ? x.path === path : x.path.test(path)),
      );
      const status = h ? (h.status ?? 200) : 404;
      const payload = h ? h.body : { message: 'ERRORS.NOT_FOUND' };
      const bytes = h?.bytes ?? new TextEncoder().encode(JSON.stringify(payload ?? {}));
      return {
        ok: status < 400,
        status,
        json: async () => payload ?? {},
        headers: new Headers(h?.headers ?? {}),
        arrayBuffer: async () => bytes.slice().buffer,
      };
    }),
  );
  return calls;
}

function LocationProbe() {
  const loc = useLocation();
  return (
    <div hidden data-testid="location" data-state={JSON.stringify(loc.state ?? null)}>
      {loc.pathname + loc.search}
    </div>
  );
}

/** Renders `page` at `pattern`, starting at `url`; any other path renders an empty placeholder. */
export function renderPage(page: ReactElement, pattern: string, url: string = pattern, state?: unknown) {
  return render(
    <FeedbackProvider>
      <MemoryRouter
        initialEntries={[
          { pathname: url.split('?')[0], search: url.includes('?') ? `?${url.split('?')[1]}` : '', state },
        ]}
      >
        <Routes>
          <Route path={pattern} element={page} />
          <Route path="*" element={<div data-testid="elsewhere" />} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </FeedbackProvider>,
  );
}

/** The translated error shown under the field labelled `label`, or null. */
export function fieldError(input: HTMLElement): string | null {
  const id = input.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

export const where = () => document.querySelector('[data-testid="location"]')?.textContent ?? '';
export const whereState = () =>
  JSON.parse(document.querySelector('[data-testid="location"]')?.getAttribute('data-state') ?? 'null');

export function storedUserFixture(over: Partial<StoredUser> = {}): StoredUser {
  return {
    accessToken: 'access',
    refreshToken: 'refresh-token-123',
    role: 'STUDENT',
    isGar: false,
    id: '11111111-1111-4111-8111-111111111111',
    studentId: '22222222-2222-4222-8222-222222222222',
    professorId: null,
    avatarId: null,
    ticket: null,
    ...over,
  };
}
