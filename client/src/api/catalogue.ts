import type { LegalInfo } from '../../../shared/schemas/legal';
import type { AvatarDto, SubjectDto } from '../../../shared/types';
import { api } from './http';

export const listSubjects = (signal?: AbortSignal) =>
  api.get<SubjectDto[]>('/subjects', { auth: false, signal });
export const listAvatars = (query: { userType: 'student' | 'professor'; starter?: boolean }) =>
  api.get<AvatarDto[]>('/avatars', { query, auth: false });
export const lookupClassCode = (code: string) =>
  api.get<{ status: string; schoolclassId: string; name: string; planet: string }>(
    '/professorsSchoolclasses',
    {
      query: { code },
      auth: false,
    },
  );
export const sendTicket = (form: FormData) => api.post<{ id: string }>('/tickets', undefined, { form });
export const listChangelogFiles = () =>
  api.get<{ file: string; date: string; translations?: string[] }[]>('/changelog', { auth: false });
export const getLegalInfo = (signal?: AbortSignal) => api.get<LegalInfo>('/legal', { auth: false, signal });
