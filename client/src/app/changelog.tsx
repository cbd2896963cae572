// Release notes for the signed-in teacher or student: the entries of every changelog file
// (sections chosen by role and school sign-on), newest first, and the count of unread ones.
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ChangelogRole,
  changelogTranslationName,
  countUnread,
  parseChangelog,
  parseChangelogFileName,
  sortEntries,
} from '../../../shared/changelog';
import type { ChangelogEntry } from '../../../shared/types';
import { listChangelogFiles } from '../api/catalogue';
import { markChangelogViewed } from '../api/users';
import { dataFor, useAsync } from '../lib/use-async';
import { useSession } from './session';

async function readEntries(
  name: string,
  date: string,
  role: ChangelogRole,
  isGar: boolean,
  fallback: boolean,
): Promise<ChangelogEntry[] | null> {
  const res = await fetch(`/assets/changelog/${encodeURIComponent(name)}`);
  if (!res.ok) return null;
  const text = await res.text();
  try {
    return parseChangelog(text, role, isGar).map((s) => ({
      date,
      title: s.title,
      items: s.items,
      ...(fallback ? { fallback: true } : {}),
    }));
  } catch {
    // One badly written file must not hide the others.
    return null;
  }
}

/**
 * Every entry the user may read, in `lang` where the file is translated, else in French marked as a
 * fallback; a failed fetch gives an empty list (SPEC point 4).
 */
export async function loadChangelog(
  role: ChangelogRole,
  isGar: boolean,
  lang = 'fr',
): Promise<ChangelogEntry[]> {
  try {
    const files = await listChangelogFiles();
    const perFile = await Promise.all(
      files.map(async ({ file, date, translations }) => {
        const when = parseChangelogFileName(file)?.toISOString() ?? date;
        if (lang !== 'fr' && translations?.includes(lang)) {
          const translated = await readEntries(
            changelogTranslationName(file, lang),
            when,
            role,
            isGar,
            false,
          );
          if (translated) return translated;
        }
        return (await readEntries(file, when, role, isGar, lang !== 'fr')) ?? [];
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

const NO_ENTRIES: ChangelogEntry[] = [];

const ChangelogContext = createContext<ChangelogValue>({
  entries: [],
  loaded: false,
  unread: 0,
  lastViewedAt: null,
  markRead: async () => {},
});

export function ChangelogProvider({ children }: { children: ReactNode }) {
  const { user, record } = useSession();
  const { i18n } = useTranslation();
  const lang = i18n.language || 'fr';
  const role = user?.role === 'PROFESSOR' || user?.role === 'STUDENT' ? user.role : null;
  const isGar = !!user?.isGar;
  const userId = user?.id ?? null;
  const listKey = role ? `${role} ${isGar} ${lang}` : null;
  const list = dataFor(
    useAsync(listKey, () => (role ? loadChangelog(role, isGar, lang) : Promise.resolve(NO_ENTRIES))),
    listKey,
  );
  const entries = list ?? NO_ENTRIES;
  const loaded = list !== undefined;
  const [viewed, setViewed] = useState<{ userId: string; at: string | null } | null>(null);

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
