// The student's own account and homework practice (docs/protocol.md, section `student`).
import type {
  HomeworkAnswerResult,
  HomeworkFinishResult,
  HomeworkPlayDto,
  HomeworkRaidDto,
  StoredUser,
  StudentDto,
} from '../../../shared/types';
import { api } from './http';

export const getStudent = (studentId: string) => api.get<StudentDto>(`/students/${studentId}`);
export const joinClass = (studentId: string, code: string) =>
  api.post<{ name: string; schoolclassId: string }>('/students/join', { code, studentId });
/** Answers a fresh session: the other devices were signed out. */
export const changeOwnPassword = (studentId: string, currentPassword: string, newPassword: string) =>
  api.put<StoredUser>(`/students/${studentId}/password`, { currentPassword, newPassword });
export const completeAccount = (
  studentId: string,
  body: { firstName: string; lastName: string; userName: string },
) => api.put<{ ok: true }>(`/students/${studentId}/account`, body);

export const listHomework = (studentId: string) => api.get<HomeworkRaidDto[]>(`/homeworkRaids/${studentId}`);
export const countHomework = (studentId: string, signal?: AbortSignal) =>
  api.get<{ count: number }>(`/homeworkRaids/count/${studentId}`, { signal });
const hw = (studentId: string, homeworkId: string) => `/students/${studentId}/homework/${homeworkId}`;
export const getHomework = (studentId: string, homeworkId: string) =>
  api.get<HomeworkPlayDto>(hw(studentId, homeworkId));
/**
 * One answer: the choices ticked (a list of ids), or, for the other kinds (issue 23), an order's
 * items in the pupil's order or what was typed. The server judges.
 */
export const answerHomework = (
  studentId: string,
  homeworkId: string,
  questionId: string,
  response: string[] | { answerIds: string[] } | { order: string[] } | { value: string },
) =>
  api.post<HomeworkAnswerResult>(`${hw(studentId, homeworkId)}/answer`, {
    questionId,
    ...(Array.isArray(response) ? { answerIds: response } : response),
  });
export const finishHomework = (studentId: string, homeworkId: string) =>
  api.post<HomeworkFinishResult>(`${hw(studentId, homeworkId)}/finish`);
/** A new try of a finished homework while tries are left (issue 21). */
export const retryHomework = (studentId: string, homeworkId: string) =>
  api.post<{ ok: true }>(`${hw(studentId, homeworkId)}/retry`);
