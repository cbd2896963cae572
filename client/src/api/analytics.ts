// REST helpers of the analytics pages (shapes: shared/schemas/analytics.ts).
import type {
  AcceptAnswerInput,
  AcceptAnswerResult,
  ClassesAnalytics,
  ClassStudentsAnalytics,
  ManualXpInput,
  ManualXpResult,
  Period,
  PersonalAnalytics,
  PlayKind,
  PupilPage,
  RaidPlayList,
  RaidReport,
  StudentOwnStats,
} from '../../../shared/schemas/analytics';
import { api } from './http';

export interface PeriodChoice {
  period: Period;
  /** yyyy-MM-dd, custom only. */
  from?: string;
  to?: string;
}

const q = (p: PeriodChoice) =>
  p.period === 'custom' ? { period: p.period, from: p.from, to: p.to } : { period: p.period };

export const getPersonalAnalytics = (p: PeriodChoice) =>
  api.get<PersonalAnalytics>('/analytics/personal', { query: q(p) });
export const getClassesAnalytics = (p: PeriodChoice) =>
  api.get<ClassesAnalytics>('/analytics/schoolclasses', { query: q(p) });
export const getClassStudents = (
  schoolclassId: string,
  subjectId: string,
  p: PeriodChoice,
  signal?: AbortSignal,
) =>
  api.get<ClassStudentsAnalytics>(`/analytics/schoolclasses/${schoolclassId}/${subjectId}`, {
    query: q(p),
    signal,
  });
export const getClassPlays = (
  schoolclassId: string,
  subjectId: string,
  p: PeriodChoice,
  kind?: PlayKind,
  signal?: AbortSignal,
) =>
  api.get<RaidPlayList>(`/analytics/schoolclasses/${schoolclassId}/${subjectId}/plays`, {
    query: { ...q(p), kind },
    signal,
  });
export const addManualXp = (
  schoolclassId: string,
  subjectId: string,
  studentId: string,
  body: ManualXpInput,
) =>
  api.post<ManualXpResult>(
    `/analytics/schoolclasses/${schoolclassId}/${subjectId}/students/${studentId}/xp`,
    body,
  );
/**
 * The report at the desk (`desk`, whole), or projected: `safe`, rude typed words stay on the server
 * (issue 23); `hidden`, the pupils' names stay there too.
 */
export const getRaidReport = (playId: string, view: 'desk' | 'safe' | 'hidden' = 'desk') =>
  api.get<RaidReport>(
    `/analytics/plays/${playId}`,
    view === 'hidden'
      ? { query: { words: 'safe', names: 'hidden' } }
      : view === 'safe'
        ? { query: { words: 'safe' } }
        : undefined,
  );
/** Issue 23: accept a typed answer the rules refused, for every pupil of the play who gave it. */
export const acceptAnswer = (playId: string, body: AcceptAnswerInput) =>
  api.post<AcceptAnswerResult>(`/analytics/plays/${playId}/accept`, body);
export const getPupilPage = (studentId: string, p: PeriodChoice) =>
  api.get<PupilPage>(`/analytics/students/${studentId}`, { query: q(p) });
export const getMyStats = (p: PeriodChoice) => api.get<StudentOwnStats>('/analytics/me', { query: q(p) });
