// When a homework can be played and whether it is late (issue 21, item 20), as pure functions the
// server and the pages share. Dates are days in Europe/Paris (YYYY-MM-DD): a homework "from Monday"
// opens at 00:00 Paris time on Monday, one "due Friday" is on time until 23:59:59 Paris time on Friday.

export const HOMEWORK_TRIES_MAX = 5;
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/** Today's date in Paris, YYYY-MM-DD. */
export function parisDay(at: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** A real calendar day written YYYY-MM-DD (not 2026-02-30). */
export function isDay(s: string): boolean {
  if (!DAY_RE.test(s)) return false;
  const d = new Date(`${s}T12:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

export interface HomeworkSchedule {
  startsOn: string | null;
  dueOn: string | null;
}

/** Before its start date a homework is shown as upcoming and cannot be played. */
export const isUpcoming = (h: HomeworkSchedule, at: Date = new Date()) =>
  h.startsOn !== null && parisDay(at) < h.startsOn;

/** After its due day (Paris time) a homework is late: still playable, marked late. */
export const isLate = (h: HomeworkSchedule, at: Date = new Date()) =>
  h.dueOn !== null && parisDay(at) > h.dueOn;
