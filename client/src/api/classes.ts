// Class administration calls (issue 4): one typed function per REST call.
import type {
  ClassCodeDto,
  ClassProfessorDto,
  ClassStudentDto,
  RosterResult,
  SchoolclassDto,
  SchoolclassInput,
  ShareClassInput,
} from '../../../shared/schemas/schoolclass';
import { api } from './http';

export const listClasses = (signal?: AbortSignal) => api.get<SchoolclassDto[]>('/schoolclasses', { signal });
export const getClass = (id: string, signal?: AbortSignal) =>
  api.get<SchoolclassDto>(`/schoolclasses/${id}`, { signal });
export const createClass = (body: SchoolclassInput) => api.post<SchoolclassDto>('/schoolclasses', body);
export const updateClass = (id: string, body: SchoolclassInput) =>
  api.put<SchoolclassDto>(`/schoolclasses/${id}`, body);
export const deleteClass = (id: string) => api.delete<void>(`/schoolclasses/${id}`);

export const listClassStudents = (schoolclassId: string, signal?: AbortSignal) =>
  api.get<ClassStudentDto[]>(`/students/users/schoolclasses/${schoolclassId}`, { signal });
export const removeStudent = (schoolclassId: string, studentId: string) =>
  api.delete<void>(`/schoolclasses/${schoolclassId}/students/${studentId}`);
export const generateStudentPassword = (userId: string) =>
  api.put<{ userId: string; studentId: string; password: string }>(`/users/${userId}/password`);

export const generateCode = (schoolclassId: string) =>
  api.patch<ClassCodeDto>('/professors/generate-code', { schoolclassId });
export const revokeCode = (schoolclassId: string) =>
  api.patch<ClassCodeDto>('/professors/revoke-code', { schoolclassId });

export const listClassProfessors = (schoolclassId: string, signal?: AbortSignal) =>
  api.get<ClassProfessorDto[]>(`/professorsSchoolclasses/schoolclass/${schoolclassId}`, { signal });
export const shareClass = (body: ShareClassInput) =>
  api.post<ClassProfessorDto>('/professorsSchoolclasses/', body);

/**
 * The address a phone opens (from the QR code) to register straight into the class; `base` is the
 * server's reachable address (lib/reachable-url.ts), not necessarily this page's origin.
 */
export const joinUrl = (code: string, base: string) =>
  `${base}/register/student/code?code=${encodeURIComponent(code)}`;

/**
 * Reads a class list (CSV from the school's software) for a class: `create` false answers the
 * line-by-line report only; true creates the accounts and answers their passwords, once.
 */
export function importClassList(schoolclassId: string, file: File, create: boolean) {
  const form = new FormData();
  form.append('create', String(create));
  form.append('file', file);
  return api.post<RosterResult>(`/schoolclasses/${schoolclassId}/students/import`, undefined, { form });
}

/** The address a pupil opens to sign in (printed on each pupil's sheet, and in its QR code). */
export const signInUrl = () => `${window.location.origin}/login`;
