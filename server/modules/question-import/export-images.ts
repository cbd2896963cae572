// The pictures of a raid's questions for its Moodle XML export (issue 23): read from the uploads'
// questions folder in question order, as long as the file stays within what the import reads back
// (IMPORT_XML_MAX_BYTES, base64 adds a third). A picture past that, or whose file is gone, is left
// out and counted (the export says so). GIFT and our sheet template carry none (docs/decisions.md).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { IMPORT_XML_MAX_BYTES } from '../../../shared/question-import.js';
import { IMAGE_FILE_RE } from '../../../shared/schemas/raid.js';
import { questionsDir } from '../raids/service.js';
import type { ExportImage } from './export.js';

/**
 * Picture bytes one export embeds: base64 makes them 4/3 larger, and a megabyte is left for the
 * questions' text, so that the file stays under the import's limit.
 */
export const EXPORT_IMAGES_MAX_BYTES = Math.floor(((IMPORT_XML_MAX_BYTES - 1024 * 1024) * 3) / 4);

interface WithImages {
  imagePath: string | null;
  explanationImagePath: string | null;
}

/** Pictures of these questions (a question's and its explanation's). */
export const imagesLeftOut = (questions: readonly WithImages[]) =>
  questions.reduce((n, q) => n + Number(!!q.imagePath) + Number(!!q.explanationImagePath), 0);

/** Each question's pictures as the Moodle XML export embeds them, and how many were left out. */
export async function readExportImages(
  uploadsDir: string,
  questions: readonly WithImages[],
  maxBytes = EXPORT_IMAGES_MAX_BYTES,
): Promise<{ images: { image?: ExportImage; explanationImage?: ExportImage }[]; leftOut: number }> {
  const dir = questionsDir(uploadsDir);
  let total = 0;
  let leftOut = 0;
  const read = async (file: string | null): Promise<ExportImage | undefined> => {
    if (!file) return undefined;
    const data = IMAGE_FILE_RE.test(file) ? await readFile(path.join(dir, file)).catch(() => null) : null;
    if (!data || total + data.length > maxBytes) {
      leftOut++;
      return undefined;
    }
    total += data.length;
    return { name: file, data };
  };
  const images: { image?: ExportImage; explanationImage?: ExportImage }[] = [];
  for (const q of questions) {
    const image = await read(q.imagePath);
    const explanationImage = await read(q.explanationImagePath);
    images.push({ ...(image ? { image } : {}), ...(explanationImage ? { explanationImage } : {}) });
  }
  return { images, leftOut };
}
