// One fetch wrapper for every REST call: base path /api, Bearer token, one refresh on 401,
// and errors that carry the server's message key.
import type { StoredUser } from '../../../shared/types';
import { getStoredUser, logout, saveStoredUser } from '../app/auth-store';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
    /** Seconds a 429 asks to wait. */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

let refreshing: Promise<boolean> | null = null;

/** Refreshes the stored tokens once; true when the caller may retry. */
export async function refreshAccessToken(): Promise<boolean> {
  refreshing ??= refreshTokens().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function refreshTokens(): Promise<boolean> {
  const user = getStoredUser();
  if (!user) return false;
  const res = await fetch('/api/auth/refresh', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ refreshToken: user.refreshToken }),
  });
  if (res.ok) {
    const fresh = (await res.json()) as StoredUser;
    saveStoredUser({ ...user, accessToken: fresh.accessToken, refreshToken: fresh.refreshToken });
    return true;
  }
  // Another tab may have rotated the token a moment ago: use its copy if it changed.
  const now = getStoredUser();
  if (now && now.refreshToken !== user.refreshToken) return true;
  logout();
  return false;
}

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  /** FormData for multipart uploads. */
  form?: FormData;
  auth?: boolean;
  /** Aborts the call (a page left, or a query whose key changed). */
  signal?: AbortSignal;
}

/** The response of one REST call: the Bearer token, and one refresh and retry on 401. */
async function send(method: string, path: string, opts: RequestOptions = {}): Promise<Response> {
  const qs = opts.query
    ? `?${new URLSearchParams(
        Object.entries(opts.query)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => [k, String(v)]),
      )}`
    : '';
  const once = () => {
    const headers: Record<string, string> = {};
    const user = getStoredUser();
    if (user && opts.auth !== false) headers.authorization = `Bearer ${user.accessToken}`;
    let body: BodyInit | undefined;
    if (opts.form) body = opts.form;
    else if (opts.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
    return fetch(`/api${path}${qs}`, { method, headers, body, signal: opts.signal });
  };
  let res = await once();
  if (res.status === 401 && getStoredUser() && opts.auth !== false && !path.startsWith('/auth/')) {
    if (await refreshAccessToken()) res = await once();
  }
  return res;
}

async function failure(res: Response): Promise<ApiError> {
  const data = (await res.json().catch(() => ({}))) as {
    message?: string;
    field?: string;
    retryAfter?: number;
  };
  return new ApiError(res.status, data.message ?? 'ERRORS.GENERIC', data.field, data.retryAfter);
}

export async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
  const res = await send(method, path, opts);
  if (res.status === 204) return undefined as T;
  if (!res.ok) throw await failure(res);
  return (await res.json().catch(() => ({}))) as T;
}

/** A file the server answers (an export): its bytes, type and the name it suggests. */
export async function getFile(
  path: string,
  opts: RequestOptions = {},
): Promise<{ bytes: Uint8Array; type: string; fileName: string | null; headers: Headers }> {
  const res = await send('GET', path, opts);
  if (!res.ok) throw await failure(res);
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? null;
  return {
    bytes: new Uint8Array(await res.arrayBuffer()),
    type: res.headers.get('content-type') ?? 'application/octet-stream',
    fileName: name,
    headers: res.headers,
  };
}

export const api = {
  get: <T>(path: string, opts?: RequestOptions) => request<T>('GET', path, opts),
  post: <T>(path: string, body?: unknown, opts?: RequestOptions) =>
    request<T>('POST', path, { ...opts, body }),
  put: <T>(path: string, body?: unknown, opts?: RequestOptions) => request<T>('PUT', path, { ...opts, body }),
  patch: <T>(path: string, body?: unknown, opts?: RequestOptions) =>
    request<T>('PATCH', path, { ...opts, body }),
  delete: <T>(path: string, opts?: RequestOptions) => request<T>('DELETE', path, opts),
};
