// Server state of the teachers' pages (TanStack Query): one client for the whole tab, so a page opened
// again shows what it read a moment ago while it checks for news. Only teachers' pages (the board
// included) import this module (each wraps itself with `withQueries`), so it stays out of the phones'
// first load; phones and the app shell load with `useAsync` (lib/use-async.ts).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // As the pages behaved before: a failed load says so at once (with its own retry button), and
      // coming back to the tab does not reload under the teacher's eyes. A page opened again shows
      // what it last read at once, and asks the server again (stale at once: nothing is missed).
      retry: false,
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
});

/** Query keys, one place: a change invalidates every query that starts with the same key. */
export const keys = {
  subjects: ['subjects'] as const,
  chapters: ['chapters'] as const,
  chapter: (chapterId: string) => ['chapters', chapterId] as const,
  chapterRaids: (chapterId: string) => ['chapters', chapterId, 'raids'] as const,
  library: (filters: { q: string; level: string; subjectId: string }) => ['library', filters] as const,
  libraryRaid: (id: string) => ['library', 'raid', id] as const,
  /** Everything the library shows (a saved raid may change what it lists). */
  libraryAll: ['library'] as const,
  /** One of the teacher's raids as the raid editor reads it. */
  raid: (raidId: string) => ['raids', raidId] as const,
  /** The teacher's "share my raids" preference (a new raid's default). */
  sharePreference: (professorId: string) => ['professors', professorId, 'share'] as const,
  /** Everything about homework (the teacher's list, each one's details). */
  homework: ['homework'] as const,
  professorHomework: (professorId: string) => ['homework', 'professor', professorId] as const,
  /** Everything about classes (the list, each class, its students and its teachers). */
  classes: ['classes'] as const,
  schoolclass: (id: string) => ['classes', id] as const,
  classStudents: (id: string) => ['classes', id, 'students'] as const,
  classProfessors: (id: string) => ['classes', id, 'teachers'] as const,
  classAccommodations: (id: string) => ['classes', id, 'accommodations'] as const,
  tickets: (page: number) => ['tickets', page] as const,
  /** The board's select-raid list: a subject's chapters with their raids (under `chapters`, so a
   * chapter's change reaches it; a raid saved or deleted marks `gameRaidsAll` stale). */
  gameRaids: (subjectId: string) => ['chapters', 'game', subjectId] as const,
  gameRaidsAll: ['chapters', 'game'] as const,
  /** The address phones reach the server at (asked once a tab). */
  reachableUrl: ['game', 'address'] as const,
  /** A QR code drawn in the browser (not server state: cached by its text for the tab's life). */
  qrCode: (text: string) => ['qr', text] as const,
  /** Everything the analytics pages show, then the page and what it is about (ids, period). */
  analytics: (...about: unknown[]) => ['analytics', ...about] as const,
};

/** Children under the one query client (a component rendered alone in its tests uses it as `wrapper`). */
export function QueryScope({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/** The page under the one query client (a page is rendered alone in its tests, with the same client). */
export function withQueries<P extends object>(Page: ComponentType<P>): ComponentType<P> {
  function WithQueries(props: P) {
    return (
      <QueryScope>
        <Page {...props} />
      </QueryScope>
    );
  }
  WithQueries.displayName = `withQueries(${Page.displayName ?? Page.name})`;
  return WithQueries;
}
