import type { CodeSignup, ProfessorSignup } from '../../../shared/schemas/account';
import type { StoredUser } from '../../../shared/types';
import { deviceTokenFor, rememberDeviceToken } from '../app/devices';
import { ApiError, api } from './http';

/** Tries told "again in 1 s" (the server could not check the password in time) sent again by themselves. */
const QUICK_RETRIES = 10;

/**
 * Signs in, sending and keeping this browser's known-device token for the login (app/devices.ts).
 * While others flood the login from the school's address the server may answer a try it had no
 * time to check with 429 and a wait of 1 s: it is sent again after that second, ten times at
 * most, before the page says anything.
 */
export async function signin(login: string, password: string): Promise<StoredUser> {
  const device = deviceTokenFor(login);
  const once = () =>
    api.post<StoredUser>('/auth/signin', { login, password, ...(device ? { device } : {}) }, { auth: false });
  let answer: StoredUser | undefined;
  for (let retry = 0; !answer; retry++) {
    try {
      answer = await once();
    } catch (err) {
      const quick = err instanceof ApiError && err.status === 429 && (err.retryAfter ?? 99) <= 1;
      if (!quick || retry >= QUICK_RETRIES) throw err;
      await new Promise((r) => setTimeout(r, 1_000));
    }
  }
  const { deviceToken, ...user } = answer;
  if (deviceToken) rememberDeviceToken(login, deviceToken);
  return user;
}
export const logoutSession = (refreshToken: string) =>
  api.post<void>('/auth/logout', { refreshToken }, { auth: false });
export const signupProfessor = (body: ProfessorSignup) =>
  api.post<{ id: string }>('/auth/signup', body, { auth: false });
/** A teacher whose activation mail was lost: a new link, proven by their password. */
export const resendActivation = (login: string, password: string) =>
  api.post<void>('/auth/resend-activation', { login, password }, { auth: false });
export const activateAccount = (token: string) =>
  api.put<{ status: 'PENDING_APPROVAL' | 'ACTIVE' }>('/auth/activate', { token }, { auth: false });
export const codeSignup = (body: CodeSignup) =>
  api.post<StoredUser>('/auth/code-signup', body, { auth: false });
export const checkUsername = (username: string) =>
  api.get<{ available: boolean }>(`/auth/check-username/${encodeURIComponent(username)}`, { auth: false });
