// Chapters, raids and question images of the signed-in teacher (server/modules/raids).
import type {
  ChapterDto,
  ChapterInput,
  RaidDto,
  RaidSaveInput,
  RaidSummaryDto,
} from '../../../shared/schemas/raid';
import { download } from '../lib/export/table';
import { api, getFile } from './http';

export const listChapters = (signal?: AbortSignal) => api.get<ChapterDto[]>('/chapters', { signal });
export const getChapter = (id: string, signal?: AbortSignal) =>
  api.get<ChapterDto>(`/chapters/${id}`, { signal });
export const createChapter = (body: ChapterInput) => api.post<ChapterDto>('/chapters', body);
export const updateChapter = (id: string, body: ChapterInput) => api.put<ChapterDto>(`/chapters/${id}`, body);
export const deleteChapter = (id: string) => api.delete<void>(`/chapters/${id}`);

export const listRaids = (chapterId: string, signal?: AbortSignal) =>
  api.get<RaidSummaryDto[]>(`/chapters/${chapterId}/raids`, { signal });
export const getRaid = (id: string, signal?: AbortSignal) => api.get<RaidDto>(`/raids/${id}`, { signal });
export const createRaid = (chapterId: string, body: RaidSaveInput) =>
  api.post<RaidDto>(`/chapters/${chapterId}/raids`, body);
export const updateRaid = (id: string, body: RaidSaveInput) => api.put<RaidDto>(`/raids/${id}`, body);
export const deleteRaid = (id: string) => api.delete<void>(`/raids/${id}`);

export function uploadQuestionImage(file: Blob) {
  const form = new FormData();
  form.append('image', file);
  return api.post<{ imagePath: string }>('/raids/images', undefined, { form });
}
export const questionImageUrl = (imagePath: string) => `/uploads/questions/${encodeURIComponent(imagePath)}`;
/** The teacher's sharing preference: the default of "Share in the library" for a new raid. */
export const getSharePreference = (professorId: string) =>
  api.get<{ shareRaids: boolean }>(`/professors/${professorId}`);

export type RaidExportFormat = 'gift' | 'moodle' | 'xlsx';
const EXPORT_EXT: Record<RaidExportFormat, string> = { gift: 'gift', moodle: 'xml', xlsx: 'xlsx' };
/**
 * Downloads one of the teacher's raids as a question file (what is saved); answers how many of its
 * images the file leaves out (GIFT and the template carry none, Moodle XML stays under its limit).
 */
export async function exportRaid(
  raidId: string,
  format: RaidExportFormat,
): Promise<{ imagesLeftOut: number }> {
  const file = await getFile(`/raids/${raidId}/export/${format}`);
  download(file.fileName ?? `raid.${EXPORT_EXT[format]}`, file.bytes, file.type);
  return { imagesLeftOut: Number(file.headers.get('x-images-left-out') ?? 0) || 0 };
}
