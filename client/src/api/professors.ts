import type { StoredUser } from '../../../shared/types';
import { api } from './http';

export interface ProfessorPreferences {
  /** true: students use the powers they earn in the game. */
  powerMode: boolean;
  /** true: the teacher's raids join the shared library. */
  shareRaids: boolean;
}

export const updateProfessorPreferences = (
  professorId: string,
  body: ProfessorPreferences & { subjectIds?: string[] },
) => api.put<ProfessorPreferences & { id: string }>(`/professors/${professorId}`, body);

/** The teacher's account as GET/PUT /professors/{id} answer it. */
export interface ProfessorAccount extends ProfessorPreferences {
  id: string;
  civility: 'M' | 'MME' | null;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  city: string | null;
  department: string | null;
  school: string | null;
  subjectIds: string[];
  isGar: boolean;
  avatarId: string | null;
}

export type ProfessorAccountUpdate = Partial<
  ProfessorPreferences &
    Pick<ProfessorAccount, 'firstName' | 'lastName'> & {
      civility: 'M' | 'MME';
      phone: string;
      city: string;
      department: string;
      school: string;
      subjectIds: string[];
    }
>;

export const getProfessorAccount = (professorId: string) =>
  api.get<ProfessorAccount>(`/professors/${professorId}`);
export const updateProfessorAccount = (professorId: string, body: ProfessorAccountUpdate) =>
  api.put<ProfessorAccount>(`/professors/${professorId}`, body);
/** Public: whether the teacher of a /settings/{professorId} link still has to set up their account. */
export const getSetupStatus = (professorId: string) =>
  api.get<{ needsSetup: boolean }>(`/professors/${professorId}/setup-status`, { auth: false });

/** The teacher changes her own password: fresh tokens come back, her other sessions end. */
export const changeProfessorPassword = (professorId: string, currentPassword: string, newPassword: string) =>
  api.put<StoredUser>(`/professors/${professorId}/password`, { currentPassword, newPassword });
