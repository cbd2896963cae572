import { api } from './http';

export interface ProfessorPreferences {
  /** true: students use the powers they earn in the game. */
  powerMode: boolean;
  /** true: the teacher's raids join the shared library. */
  shareRaids: boolean;
}

export const updateProfessorPreferences = (professorId: string, body: ProfessorPreferences) =>
  api.put<ProfessorPreferences & { id: string }>(`/professors/${professorId}`, body);
