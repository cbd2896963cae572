// Families' data rights (issue 14): one pupil's data exported by their teacher, or by the pupil;
// a pupil deleted for good by their teacher.
import type { DataExportFormat } from '../../../shared/schemas/data-export';
import { download } from '../lib/export/table';
import { api, getFile } from './http';

async function save(path: string, format: DataExportFormat) {
  const file = await getFile(path, { query: { format } });
  download(file.fileName ?? `donnees.${format === 'csv' ? 'zip' : 'json'}`, file.bytes, file.type);
}

/** Downloads a pupil's data (a teacher of one of their classes). */
export const downloadPupilData = (studentId: string, format: DataExportFormat) =>
  save(`/students/${studentId}/data`, format);

/** Downloads the signed-in pupil's own data. */
export const downloadMyData = (studentId: string, format: DataExportFormat) =>
  save(`/students/${studentId}/my-data`, format);

/** Deletes a pupil for good: account, answers, phrases, avatars, events, sessions, bug reports. */
export const deletePupil = (studentId: string) => api.delete<void>(`/students/${studentId}`);
