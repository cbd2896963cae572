// REST helpers of the teacher's homework raids (docs/protocol.md, section "library").
import { api } from './http';

/** One of the teacher's classes, with the subject of their link: where a homework can be sent. */
export interface HomeworkTarget {
  schoolclassId: string;
  schoolclassName: string;
  level: number;
  subjectId: string;
  subjectCode: string;
}

export interface ProfessorHomework {
  id: string;
  name: string;
  isOnGoing: boolean;
  createdAt: string;
  raidId: string;
  raidTitle: string;
  schoolclassId: string;
  schoolclassName: string;
  subject: { id: string; code: string; name: string };
  /** Students of the class who completed it. */
  completedCount: number;
  studentCount: number;
  /** Issue 21 (absent from older servers). */
  startsOn?: string | null;
  dueOn?: string | null;
  maxTries?: number;
  lateCount?: number;
}

export const listHomeworkTargets = (professorId: string) =>
  api.get<HomeworkTarget[]>(`/homeworkRaids/professors/${professorId}/targets`);
export const listProfessorHomework = (professorId: string, signal?: AbortSignal) =>
  api.get<ProfessorHomework[]>(`/homeworkRaids/professors/${professorId}`, { signal });
export const sendHomework = (body: {
  raidId: string;
  name: string;
  targets: { schoolclassId: string; subjectId: string }[];
  /** Issue 21: Paris days YYYY-MM-DD or null, tries allowed, scoring of several right answers. */
  startsOn?: string | null;
  dueOn?: string | null;
  maxTries?: number;
  multiScoring?: 'all' | 'partial';
}) => api.post<{ ids: string[] }>('/homeworkRaids', body);
export const stopHomework = (id: string) => api.patch<ProfessorHomework>(`/homeworkRaids/${id}/stop`);
export const deleteHomework = (id: string) => api.delete<void>(`/homeworkRaids/${id}`);
