// The extra-time clock of a live question (issue 24), as pure functions. A pupil whose support plan
// gives extra time ("tiers-temps": +1/3, +1/2 or double) keeps the question open for that much longer
// than the class. Everything is derived from the class's deadline, which the room already moves by a
// pause's length on resume: so a pause, a reconnect or a pupil joining late never needs state of its own
// here, and the same answer comes out on every node.
//
// Never sent to the board or to other pupils: which pupil has extra time. The board only gets the
// latest deadline and how many pupils (no names) are still answering after the class's time.

export const EXTRA_TIMES = ['none', 'third', 'half', 'double'] as const;
export type ExtraTime = (typeof EXTRA_TIMES)[number];

/** How much longer than the class a pupil has, as a share of the question's time. */
export const EXTRA_SHARE: Record<ExtraTime, number> = { none: 0, third: 1 / 3, half: 1 / 2, double: 1 };

/** The extra milliseconds a pupil gets on a question of `seconds` (0 without a clock). */
export function extraMs(seconds: number | null, extra: ExtraTime | undefined): number {
  if (seconds === null || !extra) return 0;
  return Math.round(seconds * 1000 * (EXTRA_SHARE[extra] ?? 0));
}

/**
 * A pupil's own deadline: the class's plus their extra share of the question's time. Null without a
 * clock (the question stays open until the teacher reveals it, for everyone).
 */
export function pupilDeadline(
  classDeadline: number | null,
  seconds: number | null,
  extra: ExtraTime | undefined,
): number | null {
  if (classDeadline === null) return null;
  return classDeadline + extraMs(seconds, extra);
}

/**
 * Whether the question still takes this pupil's answer at `now`. Paused (`pausedAt` set), nobody's
 * clock runs and no answer is taken; on resume the class's deadline has moved by the pause's length,
 * and so has every pupil's.
 */
export function openFor(
  q: { deadline: number | null; seconds: number | null; pausedAt?: number | null },
  extra: ExtraTime | undefined,
  now: number,
): boolean {
  if (q.pausedAt) return false;
  const until = pupilDeadline(q.deadline, q.seconds, extra);
  return until === null || now <= until;
}

/** The class's deadline moved by a pause's length (what resuming does). */
export function resumeDeadline(deadline: number | null, pausedAt: number, resumedAt: number): number | null {
  return deadline === null ? null : deadline + Math.max(0, resumedAt - pausedAt);
}

/**
 * The latest deadline of the pupils given (the end of the question's extra time), or null when none
 * of them has extra time or the question has no clock.
 */
export function extraUntil(
  classDeadline: number | null,
  seconds: number | null,
  extras: Iterable<ExtraTime | undefined>,
): number | null {
  if (classDeadline === null || seconds === null) return null;
  let latest = classDeadline;
  for (const e of extras) latest = Math.max(latest, pupilDeadline(classDeadline, seconds, e) ?? latest);
  return latest > classDeadline ? latest : null;
}

export interface PupilClock {
  extra: ExtraTime | undefined;
  answered: boolean;
  /** In the room now: an absent pupil is not waited for (a reconnect counts them again). */
  connected: boolean;
}

/**
 * What the board shows of the clock at `now`: the class's countdown, then "extra time" with how many
 * pupils are still answering (those with extra time, connected, who have not answered and whose own
 * time is not out), then the end. `allAnswered`: every connected pupil answered (so "end when all
 * answered" reveals), which waits for the pupils with extra time like any other.
 */
export function clockStatus(
  q: { deadline: number | null; seconds: number | null; pausedAt?: number | null },
  pupils: PupilClock[],
  now: number,
): { phase: 'class' | 'extra' | 'over' | 'open'; answering: number; allAnswered: boolean } {
  const connected = pupils.filter((p) => p.connected);
  const allAnswered = connected.length > 0 && connected.every((p) => p.answered);
  if (q.deadline === null) return { phase: 'open', answering: 0, allAnswered };
  // Paused, the clock stands still where it was.
  const at = q.pausedAt ? Math.min(now, q.pausedAt) : now;
  if (at <= q.deadline) return { phase: 'class', answering: 0, allAnswered };
  const answering = connected.filter(
    (p) =>
      !p.answered &&
      at <= (pupilDeadline(q.deadline, q.seconds, p.extra) ?? 0) &&
      extraMs(q.seconds, p.extra) > 0,
  ).length;
  return { phase: answering > 0 ? 'extra' : 'over', answering, allAnswered };
}

/**
 * How quick a right answer was for speed scoring, 1 at once to 0 at the pupil's own deadline: a pupil
 * with extra time is measured against their own time, so the speed bonus rules stay the same for all.
 */
export function quicknessFor(
  openedAt: number,
  at: number,
  windowMs: number,
  seconds: number | null,
  extra: ExtraTime | undefined,
): number {
  const own = windowMs + extraMs(seconds, extra);
  return Math.min(1, Math.max(0, 1 - (at - openedAt) / own));
}
