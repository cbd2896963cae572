// Release notes (SPEC points 3, 4 and 6). Pure: no DOM and no Node APIs, so the server (file listing)
// and the client (parsing what it fetched) share it.
import type { ChangelogEntry } from './types.js';

export type ChangelogRole = 'PROFESSOR' | 'STUDENT';

/** How far Paris's wall clock is ahead of UTC at this instant (1 or 2 hours). */
function parisOffsetMs(t: number): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Paris',
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(new Date(t));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return wall - Math.floor(t / 60_000) * 60_000;
}

/**
 * `day-month-year[-hour[-minute]].txt`, e.g. `21-11-2026-14-30.txt`, read as Paris time (the authors'
 * clock, and the one every date of the interface is shown in), whatever the server's or the reader's zone.
 * Answers null for any other name (or an impossible date such as 31-02-2026).
 */
export function parseChangelogFileName(name: string): Date | null {
  const m = /^(\d{1,2})-(\d{1,2})-(\d{4})(?:-(\d{1,2}))?(?:-(\d{1,2}))?\.txt$/.exec(name);
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const hour = m[4] === undefined ? 0 : Number(m[4]);
  const minute = m[5] === undefined ? 0 : Number(m[5]);
  if (hour > 23 || minute > 59) return null;
  // Date.UTC rolls 31-02 over to March: refuse it rather than show a wrong date.
  const day0 = new Date(Date.UTC(year, month - 1, day));
  if (day0.getUTCFullYear() !== year || day0.getUTCMonth() !== month - 1 || day0.getUTCDate() !== day)
    return null;
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // The offset at the guessed instant, then at the corrected one (right across a change of time).
  const guess = wall - parisOffsetMs(wall);
  return new Date(wall - parisOffsetMs(guess));
}

/**
 * A translation sits next to its French file with the language before `.txt`:
 * `21-11-2026-14-30.en.txt` translates `21-11-2026-14-30.txt`.
 */
export function changelogTranslationName(file: string, lang: string): string {
  return file.replace(/\.txt$/, `.${lang}.txt`);
}

/** The French file and the language of a translation's name, or null for any other name. */
export function parseChangelogTranslationName(name: string): { file: string; lang: string } | null {
  const m = /^(.+)\.([a-z]{2})\.txt$/.exec(name);
  if (!m) return null;
  const file = `${m[1]}.txt`;
  return parseChangelogFileName(file) ? { file, lang: m[2] } : null;
}

/** One title and its items, as written in a changelog file. */
export interface ChangelogSection {
  title: string;
  items: string[];
}

const HEADER = /^---(.+)---$/;

/**
 * Keeps the sections a user may read: `---{ROLE} GENERAL---` plus `---{ROLE} GAR---` for school
 * sign-on accounts or `---{ROLE} NON-GAR---` for the others. Inside a section a line that does not
 * start with '-' is a title and '-' lines are items of the last title.
 */
export function parseChangelog(text: string, role: ChangelogRole, isGar: boolean): ChangelogSection[] {
  const wanted = new Set([`${role} GENERAL`, `${role} ${isGar ? 'GAR' : 'NON-GAR'}`]);
  const out: ChangelogSection[] = [];
  let keep = false;
  let current: ChangelogSection | null = null;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const header = HEADER.exec(line);
    if (header) {
      keep = wanted.has(header[1].trim().toUpperCase());
      current = null;
      continue;
    }
    if (line.startsWith('-')) {
      if (!current) throw new Error("An item doesn't belong to a title");
      current.items.push(line.replace(/^-+\s*/, ''));
      continue;
    }
    current = { title: line, items: [] };
    if (keep) out.push(current);
  }
  return out;
}

/** Newest first; entries of one file keep their written order. */
export function sortEntries(entries: ChangelogEntry[]): ChangelogEntry[] {
  return entries
    .map((e, i) => ({ e, i }))
    .sort((a, b) => Date.parse(b.e.date) - Date.parse(a.e.date) || a.i - b.i)
    .map(({ e }) => e);
}

/** Entries dated after the user's last visit of the changelog (all of them when never visited). */
export function countUnread(entries: ChangelogEntry[], lastViewedAt: string | null | undefined): number {
  if (!lastViewedAt) return entries.length;
  const seen = Date.parse(lastViewedAt);
  if (Number.isNaN(seen)) return entries.length;
  return entries.filter((e) => Date.parse(e.date) > seen).length;
}
