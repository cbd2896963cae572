// Release notes for the signed-in teacher or student: the entries of every changelog file
// (sections chosen by role and school sign-on), newest first, and the count of unread ones.
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import {
  type ChangelogRole,
  countUnread,
  parseChangelog,
  parseChangelogFileName,
  sortEntries,
} from '../../../shared/changelog';
import type { ChangelogEntry } from '../../../shared/types';
import { listChangelogFiles } from '../api/catalogue';
import { markChangelogViewed } from '../api/users';
import { useSession } from './session';

/** Every entry the user may read; a failed fetch gives an empty list (SPEC point 4). */
export async function loadChangelog(role: ChangelogRole, isGar: boolean): Promise<ChangelogEntry[]> {
  try {
    const files = await listChangelogFiles();
    const perFile = await Promise.all(
      files.map(async ({ file, date }) => {
        const res = await fetch(`/assets/changelog/${encodeURIComponent(file)}`);
        if (!res.ok) return [];
        const text = await res.text();
        const when = parseChangelogFileName(file)?.toISOString() ?? date;
        try {
          return parseChangelog(text, role, isGar).map((s) => ({
            date: when,
            title: s.title,
            items: s.items,
          }));
        } catch {
          // One badly written file must not hide the others.
          return [];
        }
      }),
    );
    return sortEntries(perFile.flat());
  } catch {
    return [];
  }
}

interface ChangelogValue {
  entries: ChangelogEntry[];
  loaded: boolean;
  unread: number;
  lastViewedAt: string | null;
  /** Marks every entry read (PUT /users/{id}/changelog). */
  markRead: () => Promise<void>;
}

const ChangelogContext = createContext<ChangelogValue>({
  entries: [],
  loaded: false,
  unread: 0,
  lastViewedAt: null,
  markRead: async () => {},
});

export function ChangelogProvider({ children }: { children: ReactNode }) {
  const { user, record } = useSession();
  const role = user?.role === 'PROFESSOR' || user?.role === 'STUDENT' ? user.role : null;
  const isGar = !!user?.isGar;
  const userId = user?.id ?? null;
  const [entries, setEntries] = useState<ChangelogEntry[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [viewed, setViewed] = useState<{ userId: string; at: string | null } | null>(null);

  useEffect(() => {
    setEntries([]);
    setLoaded(false);
    if (!role) return;
    let live = true;
    void loadChangelog(role, isGar).then((list) => {
      if (!live) return;
      setEntries(list);
      setLoaded(true);
    });
    return () => {
      live = false;
    };
  }, [role, isGar]);

  // The record says when the user last read the notes; a local mark wins until the record is fetched again.
  const lastViewedAt =
    viewed && viewed.userId === userId
      ? viewed.at
      : record?.id === userId
        ? (record?.lastChangelogViewedAt ?? null)
        : null;
  const knowsLastView = (viewed && viewed.userId === userId) || (!!record && record.id === userId);

  const markRead = useCallback(async () => {
    if (!userId) return;
    try {
      const r = await markChangelogViewed(userId);
      setViewed({ userId, at: r.lastChangelogViewedAt });
    } catch {
      // Not being able to save the visit only leaves the badge up.
    }
  }, [userId]);

  const value = useMemo<ChangelogValue>(
    () => ({
      entries,
      loaded,
      lastViewedAt,
      unread: role && loaded && knowsLastView ? countUnread(entries, lastViewedAt) : 0,
      markRead,
    }),
    [entries, loaded, lastViewedAt, role, knowsLastView, markRead],
  );
  return <ChangelogContext.Provider value={value}>{children}</ChangelogContext.Provider>;
}

export const useChangelog = () => useContext(ChangelogContext);
