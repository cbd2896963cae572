// REST helpers of the shared library (docs/protocol.md, section "library").
import type {
  NumberSettings,
  PollSettings,
  QuestionKind,
  TextSettings,
} from '../../../shared/questions/kinds';
import { api } from './http';

export interface LibraryRaid {
  id: string;
  title: string;
  level: number;
  chapterName: string;
  subject: { id: string; code: string };
  author: { civility: string | null; lastName: string };
  questionCount: number;
  updatedAt: string;
}

export interface LibraryRaidDetail extends LibraryRaid {
  questions: {
    id: string;
    text: string;
    equationMode: boolean;
    imagePath: string | null;
    answers: { text: string; isCorrect: boolean }[];
    /** Issue 23: the kind, its settings (null unless of that kind) and the explanation. */
    kind: QuestionKind;
    number: NumberSettings | null;
    textAnswer: TextSettings | null;
    poll: PollSettings | null;
    explanation: string | null;
    explanationImagePath: string | null;
  }[];
}

export interface CopyResult {
  raidId: string;
  chapterId: string;
  title: string;
  copied: number;
  skipped: string[];
  missingImages: number;
}

export const searchLibrary = (
  query: { q?: string; level?: number; subjectId?: string },
  signal?: AbortSignal,
) => api.get<LibraryRaid[]>('/library/raids', { query, signal });
export const getLibraryRaid = (id: string, signal?: AbortSignal) =>
  api.get<LibraryRaidDetail>(`/library/raids/${id}`, { signal });
export const copyLibraryRaid = (
  id: string,
  body: { chapterId: string; targetRaidId?: string; questionIds?: string[] },
) => api.post<CopyResult>(`/library/raids/${id}/copy`, body);
