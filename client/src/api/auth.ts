import type { CodeSignup, TeacherSignup } from '../../../shared/schemas/account';
import type { StoredUser } from '../../../shared/types';
import { deviceTokenFor, rememberDeviceToken } from '../app/devices';
import { api } from './http';

/** Signs in, sending and keeping this browser's known-device token for the login (app/devices.ts). */
export async function signin(login: string, password: string): Promise<StoredUser> {
  const device = deviceTokenFor(login);
  const { deviceToken, ...user } = await api.post<StoredUser>(
    '/auth/signin',
    { login, password, ...(device ? { device } : {}) },
    { auth: false },
  );
  if (deviceToken) rememberDeviceToken(login, deviceToken);
  return user;
}
export const logoutSession = (refreshToken: string) =>
  api.post<void>('/auth/logout', { refreshToken }, { auth: false });
export const signupTeacher = (body: TeacherSignup) =>
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
