// Question import upload (POST /api/questions/import): XMLHttpRequest rather than fetch, for the
// upload's progress. Same token handling as http.ts (one refresh on 401).
import { type ImportResult, importMaxBytes } from '../../../shared/question-import';
import { getStoredUser } from '../app/auth-store';
import { ApiError, refreshAccessToken } from './http';

/** A refused file: its error key and parameters (e.g. the size limit). */
export class ImportFileError extends ApiError {
  constructor(
    status: number,
    message: string,
    readonly params?: Record<string, string | number>,
  ) {
    super(status, message);
  }
}

export interface UploadProgress {
  /** 'upload' while bytes are sent (fraction 0..1), then 'analysing' while the server reads the file. */
  phase: 'upload' | 'analysing';
  fraction: number;
}

export interface ImportUpload {
  promise: Promise<ImportResult>;
  abort(): void;
}

export function importQuestionFile(
  file: File,
  existingQuestions: readonly string[],
  onProgress: (p: UploadProgress) => void,
): ImportUpload {
  let xhr: XMLHttpRequest | null = null;
  let aborted = false;
  const send = () =>
    new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const form = new FormData();
      form.append('existingQuestions', JSON.stringify(existingQuestions));
      form.append('file', file, file.name);
      const req = new XMLHttpRequest();
      xhr = req;
      req.open('POST', '/api/questions/import');
      const user = getStoredUser();
      if (user) req.setRequestHeader('authorization', `Bearer ${user.accessToken}`);
      req.upload.onprogress = (e) => {
        if (e.lengthComputable) onProgress({ phase: 'upload', fraction: e.total ? e.loaded / e.total : 1 });
      };
      req.upload.onload = () => onProgress({ phase: 'analysing', fraction: 1 });
      req.onload = () => {
        let body: unknown = {};
        try {
          body = JSON.parse(req.responseText);
        } catch {
          // A proxy's HTML error page: the status tells enough.
        }
        resolve({ status: req.status, body });
      };
      req.onerror = () => reject(new ApiError(0, 'ERRORS.GENERIC'));
      req.onabort = () => reject(new ApiError(0, 'ERRORS.GENERIC'));
      onProgress({ phase: 'upload', fraction: 0 });
      req.send(form);
    });

  const promise = (async () => {
    let res = await send();
    if (res.status === 401 && getStoredUser() && !aborted && (await refreshAccessToken())) res = await send();
    if (res.status >= 200 && res.status < 300) return res.body as ImportResult;
    const body = res.body as { message?: string; params?: Record<string, string | number> };
    // A proxy in front of the server may refuse a large upload with its own page, without our key.
    const fallback = res.status === 413 ? 'IMPORT.ERRORS.FILE_TOO_LARGE' : 'ERRORS.GENERIC';
    throw new ImportFileError(
      res.status,
      body.message ?? fallback,
      body.params ?? { maxMb: importMaxBytes(file.name) / (1024 * 1024) },
    );
  })();
  return {
    promise,
    abort() {
      aborted = true;
      (xhr as XMLHttpRequest | null)?.abort();
    },
  };
}
