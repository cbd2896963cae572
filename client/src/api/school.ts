// The SCHOOL role's calls (issue 14): its school's usage counts, teachers and classes, and the ENT
// approval of its teachers.
import type { UserStatus } from '../../../shared/constants';
import { api } from './http';

export interface SchoolUsage {
  uai: string;
  days: number;
  professors: number;
  pendingProfessors: number;
  classes: number;
  raidsPlayed: number;
  homeworkSent: number;
  activeStudents: number;
}
export interface SchoolProfessor {
  id: string;
  firstName: string;
  lastName: string;
  status: UserStatus;
  entApproved: boolean;
  classes: number;
}
export interface SchoolClass {
  id: string;
  name: string;
  level: number;
  subjectCode: string;
  students: number;
  professors: number;
}

export const getSchoolUsage = (days: number) => api.get<SchoolUsage>(`/school/usage?days=${days}`);
export const listSchoolProfessors = () => api.get<SchoolProfessor[]>('/school/teachers');
export const listSchoolClasses = () => api.get<SchoolClass[]>('/school/classes');
export const decideSchoolProfessor = (id: string, action: 'approve-ent' | 'reject') =>
  api.put<{ id: string; status: string }>(`/school/teachers/${id}/${action}`);
