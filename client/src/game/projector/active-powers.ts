// Active powers kept locally (SPEC points 3 and 4): a power stays active for the whole lesson, so
// the board remembers who activated one, and forgets it when the class or subject changes or after
// two hours.
import { ACTIVE_POWERS_TTL_MS } from '../../../../shared/constants';
import type { RoomKey } from '../../../../shared/game/contract';

export const ACTIVE_POWERS_KEY = 'activePowers';

export interface StoredActivePowers {
  schoolclassId: string;
  subjectId: string;
  studentIds: string[];
  /** When the first power of this lesson was stored (ms). */
  timestamp: number;
}

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function parse(raw: string | null): StoredActivePowers | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as StoredActivePowers;
    if (typeof v?.schoolclassId !== 'string' || typeof v.subjectId !== 'string') return null;
    if (!Array.isArray(v.studentIds) || typeof v.timestamp !== 'number') return null;
    return v;
  } catch {
    return null;
  }
}

/** The stored entry when it belongs to this class and subject and is younger than two hours. */
function current(store: Store, key: RoomKey, now: number): StoredActivePowers | null {
  const v = parse(store.getItem(ACTIVE_POWERS_KEY));
  if (!v) return null;
  const fresh = now - v.timestamp < ACTIVE_POWERS_TTL_MS && now >= v.timestamp;
  if (v.schoolclassId === key.schoolclassId && v.subjectId === key.subjectId && fresh) return v;
  return null;
}

export function readActivePowers(store: Store, key: RoomKey, now = Date.now()): string[] {
  const v = current(store, key, now);
  if (!v) store.removeItem(ACTIVE_POWERS_KEY);
  return v ? v.studentIds : [];
}

/** Adds students whose power is active; another class or subject, or an old entry, starts afresh. */
export function rememberActivePowers(
  store: Store,
  key: RoomKey,
  studentIds: readonly string[],
  now = Date.now(),
): string[] {
  const v = current(store, key, now);
  const ids = [...new Set([...(v?.studentIds ?? []), ...studentIds])];
  if (v && ids.length === v.studentIds.length) return ids;
  const next: StoredActivePowers = {
    schoolclassId: key.schoolclassId,
    subjectId: key.subjectId,
    studentIds: ids,
    timestamp: v?.timestamp ?? now,
  };
  store.setItem(ACTIVE_POWERS_KEY, JSON.stringify(next));
  return ids;
}
