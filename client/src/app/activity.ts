// Session activity (SPEC point 4). A marker in localStorage says "this user was active until T"
// (shared by every tab, so one classroom laptop with three tabs counts one session). It lasts
// 30 minutes and is pushed back by mouse moves, scrolls, clicks and key presses, handled at most
// once per second. When a signed-in user loads the app and the marker is absent (or run out, or
// another user's), and once on the first page load of a browser session, a session log is created.
import { ACTIVITY_THROTTLE_MS, SESSION_ACTIVE_MS } from '../../../shared/constants';

export const SESSION_MARKER_KEY = 'sessionActive';
/** sessionStorage: set after the first page load of this browser session. */
export const BROWSER_SESSION_KEY = 'sessionStarted';
export const ACTIVITY_EVENTS = ['mousemove', 'scroll', 'click', 'keydown'] as const;

interface Marker {
  userId: string;
  until: number;
}

export interface ActivityDeps {
  userId: string;
  createLog: (userId: string) => Promise<unknown>;
  now?: () => number;
  local?: Storage;
  session?: Storage;
  target?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
}

function readMarker(storage: Storage): Marker | null {
  try {
    const raw = storage.getItem(SESSION_MARKER_KEY);
    const m = raw ? (JSON.parse(raw) as Marker) : null;
    return m && typeof m.until === 'number' && typeof m.userId === 'string' ? m : null;
  } catch {
    return null;
  }
}

/** True when `userId` has a marker that has not run out. */
export function isSessionActive(userId: string, now = Date.now(), storage: Storage = localStorage): boolean {
  const m = readMarker(storage);
  return !!m && m.userId === userId && m.until > now;
}

/** Sign-out and "Disconnect" remove the marker, so the next sign-in opens a new session log. */
export function removeSessionMarker(storage: Storage = localStorage) {
  storage.removeItem(SESSION_MARKER_KEY);
}

/** Starts tracking; answers a function that stops it. */
export function startActivityTracking(deps: ActivityDeps): () => void {
  const now = deps.now ?? Date.now;
  const local = deps.local ?? localStorage;
  const session = deps.session ?? sessionStorage;
  const target = deps.target ?? window;
  let lastHandled = Number.NEGATIVE_INFINITY;

  const log = () => {
    // A failed log must never break the page; the next absent marker tries again.
    deps.createLog(deps.userId).catch(() => {});
  };
  const mark = () => {
    local.setItem(
      SESSION_MARKER_KEY,
      JSON.stringify({ userId: deps.userId, until: now() + SESSION_ACTIVE_MS }),
    );
  };

  const firstLoadOfBrowserSession = !session.getItem(BROWSER_SESSION_KEY);
  if (firstLoadOfBrowserSession || !isSessionActive(deps.userId, now(), local)) log();
  session.setItem(BROWSER_SESSION_KEY, '1');
  mark();
  lastHandled = now();

  const onActivity = () => {
    const t = now();
    if (t - lastHandled < ACTIVITY_THROTTLE_MS) return;
    lastHandled = t;
    // Back after more than 30 minutes without activity: that is a new session.
    if (!isSessionActive(deps.userId, t, local)) log();
    mark();
  };
  for (const type of ACTIVITY_EVENTS)
    target.addEventListener(type, onActivity, { passive: true, capture: true });
  return () => {
    for (const type of ACTIVITY_EVENTS) target.removeEventListener(type, onActivity, { capture: true });
  };
}
