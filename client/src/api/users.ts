import type { PendingProfessorDto, UserRecord } from '../../../shared/types';
import { api } from './http';

export const getUser = (id: string) => api.get<UserRecord>(`/users/${id}`);
export const updateUser = (
  id: string,
  body: { firstName?: string; lastName?: string; userName?: string; avatarId?: string; language?: string },
) => api.put<UserRecord>(`/users/${id}`, body);
export const checkEmail = (email: string) =>
  api.get<{ emailExists: boolean }>('/users/check/email', { query: { email }, auth: false });
export const checkPassword = (password: string) =>
  api.post<{ isPasswordCorrect: boolean }>('/users/check-password', { password });
export const forgotPassword = (email: string) =>
  api.get<{ sent: boolean }>(`/users/forgot-password/${encodeURIComponent(email)}`, { auth: false });
export const resetPassword = (token: string, newPassword: string) =>
  api.put<{ ok: boolean }>(
    `/users/reset-password/${encodeURIComponent(token)}`,
    { newPassword },
    { auth: false },
  );
export const listPendingProfessors = () => api.get<PendingProfessorDto[]>('/users/pending/freemium');
export const decideProfessor = (id: string, action: 'active' | 'reject' | 'approve-ent') =>
  api.put<{ id: string; status: string }>(`/users/${id}/${action}`);
export const getChangelogViewed = (id: string) =>
  api.get<{ lastChangelogViewedAt: string | null }>(`/users/${id}/changelog`);
export const markChangelogViewed = (id: string) =>
  api.put<{ lastChangelogViewedAt: string }>(`/users/${id}/changelog`);
export const createSessionLog = (userId: string) => api.post<void>('/session-logs/', { userId });
