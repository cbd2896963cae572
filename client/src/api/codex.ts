// The codex calls of SPEC point 7: students write phrases to their teachers, teachers moderate them.
import type { CodexStatus, Phrase, StudentProfessor } from '../../../shared/codex';
import { api } from './http';

export const listStudentProfessors = (studentId: string) =>
  api.get<StudentProfessor[]>(`/professors/students/${studentId}`);
export const createPhrase = (body: {
  professorId: string;
  subjectId: string;
  schoolclassId: string;
  text: string;
  studentId: string;
}) => api.post<Phrase>('/codex/', body);
export const listStudentPhrases = (studentId: string) => api.get<Phrase[]>(`/codex/students/${studentId}`);
export const listProfessorCodex = (professorId: string, trash = false) =>
  api.get<Phrase[]>(`/codex/professors/${professorId}`, { query: trash ? { trash } : undefined });
export const setPhraseStatus = (id: string, status: CodexStatus) =>
  api.put<Phrase>(`/codex/${id}`, { status });
export const deletePhrase = (id: string) => api.delete<Phrase>(`/codex/${id}`);
