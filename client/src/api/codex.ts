// The codex calls of SPEC point 7: students write phrases to their teachers, teachers moderate them.
import type { CodexEntry, CodexStatus, StudentProfessor } from '../../../shared/codex';
import { api } from './http';

export const listStudentProfessors = (studentId: string) =>
  api.get<StudentProfessor[]>(`/professors/students/${studentId}`);
export const createCodex = (body: {
  professorId: string;
  subjectId: string;
  schoolclassId: string;
  text: string;
  studentId: string;
}) => api.post<CodexEntry>('/codex/', body);
export const listStudentCodex = (studentId: string) => api.get<CodexEntry[]>(`/codex/students/${studentId}`);
export const listProfessorCodex = (professorId: string, trash = false) =>
  api.get<CodexEntry[]>(`/codex/professors/${professorId}`, { query: trash ? { trash } : undefined });
export const setCodexStatus = (id: string, status: CodexStatus) =>
  api.put<CodexEntry>(`/codex/${id}`, { status });
export const deleteCodex = (id: string) => api.delete<CodexEntry>(`/codex/${id}`);
