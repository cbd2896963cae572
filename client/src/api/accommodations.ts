// Accommodations (issue 24): a teacher sets a pupil's from the class page; the pupil reads theirs
// and sets the display ones in Options.
import type {
  Accommodations,
  DisplayPrefs,
  PupilAccommodations,
} from '../../../shared/schemas/accommodations';
import { api } from './http';

export const listClassAccommodations = (schoolclassId: string, signal?: AbortSignal) =>
  api.get<PupilAccommodations[]>(`/schoolclasses/${schoolclassId}/accommodations`, { signal });
export const setPupilAccommodations = (schoolclassId: string, studentId: string, a: Accommodations) =>
  api.put<Accommodations>(`/schoolclasses/${schoolclassId}/students/${studentId}/accommodations`, a);
export const getMyAccommodations = (studentId: string) =>
  api.get<Accommodations>(`/students/${studentId}/accommodations`);
export const setMyDisplay = (studentId: string, prefs: DisplayPrefs) =>
  api.put<Accommodations>(`/students/${studentId}/display`, prefs);
