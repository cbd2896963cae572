// School sign-on calls (issue 14): the teacher's school divisions and the class created from one.
import { api } from './http';

export interface DivisionDto {
  code: string;
  name: string;
  level: number;
  schoolclassId: string | null;
}

export const listDivisions = () => api.get<DivisionDto[]>('/sso/divisions');
export const createDivisionClass = (code: string, subjectId: string) =>
  api.post<{ id: string }>(`/sso/divisions/${encodeURIComponent(code)}/class`, { subjectId });
/** The subjects the teacher's school sign-on says they teach (GAR: P_MAT), to prefill gar-signup. */
export const suggestedSubjects = () =>
  api.get<{ subjectIds: string[]; source: 'record' | 'school' | 'none' }>('/sso/subjects');
