// A deleted pupil leaves no trace in a live or paused room (issue 14, families' data rights): out of
// the roster, the summon pool, the active powers, the lesson's gains, the open raid's answers and
// scores, a summon or pick on screen, and the codex queue (their phrases by id). Pure: the room store
// and the paused_rooms table both apply it.
import type { ActivityState, RoomRecord } from './store.js';

const without = <T>(rec: Record<string, T> | undefined, key: string): Record<string, T> | undefined => {
  if (!rec || !(key in rec)) return rec;
  const { [key]: _, ...rest } = rec;
  return rest;
};

function forgetInActivity(
  a: ActivityState,
  studentId: string,
  phraseIds: ReadonlySet<string>,
): ActivityState {
  switch (a.kind) {
    case 'raid': {
      const r = a.raid;
      return {
        kind: 'raid',
        raid: {
          ...r,
          answers: without(r.answers, studentId) ?? {},
          rightCount: without(r.rightCount, studentId) ?? {},
          speedXp: without(r.speedXp, studentId) ?? {},
          result: r.result ? { ...r.result, gains: without(r.result.gains, studentId) ?? {} } : r.result,
        },
      };
    }
    case 'summon': {
      const v = a.view;
      const drawn = v.drawn === studentId;
      return {
        kind: 'summon',
        view: {
          ...v,
          drawn: drawn ? null : v.drawn,
          marked: drawn ? null : v.marked,
          names: without(v.names, studentId),
        },
      };
    }
    case 'pick': {
      const v = a.view;
      return {
        kind: 'pick',
        view: {
          ...v,
          groups: v.groups.map((g) => g.filter((id) => id !== studentId)).filter((g) => g.length > 0),
          names: without(v.names, studentId),
        },
      };
    }
    case 'codex':
      return {
        kind: 'codex',
        view: { ...a.view, phrase: a.view.phrase && phraseIds.has(a.view.phrase.id) ? null : a.view.phrase },
        pending: a.pending.filter((p) => !phraseIds.has(p.id)),
      };
  }
}

/** Whether the record names the pupil anywhere. */
export function mentions(r: RoomRecord, studentId: string, phraseIds: ReadonlySet<string>): boolean {
  const json = JSON.stringify(r);
  return json.includes(studentId) || [...phraseIds].some((id) => json.includes(id));
}

/** The record without the pupil. */
export function forgetStudent(r: RoomRecord, studentId: string, phraseIds: ReadonlySet<string>): RoomRecord {
  return {
    ...r,
    roster: r.roster.filter((x) => x.studentId !== studentId),
    summonPool: r.summonPool.filter((x) => x !== studentId),
    activePowers: r.activePowers.filter((x) => x !== studentId),
    lessonGains: without(r.lessonGains, studentId),
    activity: r.activity ? forgetInActivity(r.activity, studentId, phraseIds) : r.activity,
  };
}
