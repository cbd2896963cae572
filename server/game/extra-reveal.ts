// The end of a question's extra time (issue 24). Once the class's time is out, a question that pupils
// with extra time are still answering stays open for them (the board counts them, without names);
// when the last of them has answered or their own time is out, the server reveals it, as it does when
// everyone has answered ('all-answered'). Without such a phase (nobody with extra time still
// answering at the class's deadline), nothing changes: the teacher reveals, as in every raid.
// The checks run on timers of the node that showed the question (opened or resumed it): a node that
// dies takes its timers along, and the teacher's own reveal still works.
import { pupilDeadline } from '../../shared/game/extra-time.js';
import type { RoomRecord } from './store.js';

/** A check runs this long after each deadline, so that the deadline is past when it reads the clock. */
const AFTER_MS = 20;

export interface ExtraRevealDeps {
  now: () => number;
  read: (id: string) => Promise<RoomRecord | null>;
  /** Pupils with extra time still answering (connected, not answered, time left); null before the class's deadline. */
  extraClock: (r: RoomRecord) => Promise<{ extraAnswering: number } | null>;
  reveal: (id: string) => Promise<void>;
  schedule?: (fn: () => void, ms: number) => () => void;
}

const questionKey = (r: RoomRecord): string | null =>
  r.activity?.kind === 'raid' && r.activity.raid.phase === 'question'
    ? `${r.activity.raid.runId}:${r.activity.raid.index}`
    : null;

export function createExtraReveal(deps: ExtraRevealDeps) {
  const schedule =
    deps.schedule ??
    ((fn: () => void, ms: number) => {
      const t = setTimeout(fn, ms);
      t.unref?.();
      return () => clearTimeout(t);
    });
  /** Rooms of this node whose open question has pupils with extra time. */
  const rooms = new Map<string, { key: string; deadline: number; began: boolean; cancel: (() => void)[] }>();

  function forget(id: string) {
    for (const c of rooms.get(id)?.cancel ?? []) c();
    rooms.delete(id);
  }

  async function check(id: string, key: string) {
    const entry = rooms.get(id);
    if (!entry || entry.key !== key) return;
    const r = await deps.read(id);
    if (!r || questionKey(r) !== key) return forget(id);
    // Paused: the clock stands still; resuming shows the question again, which arms new checks.
    if (r.paused) return;
    const clock = await deps.extraClock(r);
    if (!clock) return;
    if (!entry.began) {
      // At the class's deadline: an extra phase only if some pupil with extra time is still answering.
      if (clock.extraAnswering > 0) entry.began = true;
      else forget(id);
      return;
    }
    if (clock.extraAnswering > 0) return;
    forget(id);
    await deps.reveal(id);
  }

  return {
    /** A room's activity was shown (a question opened, a lesson resumed, anything else): checks armed or dropped. */
    shown(id: string, r: RoomRecord) {
      // Armed afresh each time: a resume moved the deadlines; a check whose time is past runs at once
      // (shown again during the extra phase, it finds it begun again).
      const key = questionKey(r);
      forget(id);
      if (!key || r.paused || r.activity?.kind !== 'raid') return;
      const raid = r.activity.raid;
      const extra = Object.values(raid.extraTime ?? {}).filter((e) => e !== 'none');
      if (raid.deadline === null || extra.length === 0) return;
      const seconds = raid.settings?.questionSeconds ?? null;
      const at = new Set<number>([raid.deadline]);
      for (const e of extra) at.add(pupilDeadline(raid.deadline, seconds, e) ?? raid.deadline);
      const entry = { key, deadline: raid.deadline, began: false, cancel: [] as (() => void)[] };
      rooms.set(id, entry);
      const now = deps.now();
      for (const t of [...at].sort((a, b) => a - b))
        entry.cancel.push(
          schedule(() => void check(id, key).catch(() => {}), Math.max(0, t - now) + AFTER_MS),
        );
    },
    /**
     * A pupil's answer was counted: during the extra phase, the last one reveals at once. An answer
     * counted after the class's deadline came from a pupil with extra time: the phase has begun.
     */
    async answered(id: string) {
      const entry = rooms.get(id);
      if (!entry) return;
      if (deps.now() > entry.deadline) entry.began = true;
      if (entry.began) await check(id, entry.key).catch(() => {});
    },
    forget,
  };
}
