// The stored local user (SPEC point 3) in localStorage, shared by every tab of the browser.
import type { StoredUser } from '../../../shared/types';

const KEY = 'user';
type Listener = (user: StoredUser | null) => void;
const listeners = new Set<Listener>();
export type AuthEvent = { type: 'login'; userId: string; role: string } | { type: 'logout' };
const eventListeners = new Set<(e: AuthEvent) => void>();

export function getStoredUser(): StoredUser | null {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as StoredUser) : null;
  } catch {
    return null;
  }
}

function notify(user: StoredUser | null) {
  for (const l of listeners) l(user);
}

/** Saves new tokens without announcing a login (refresh, profile change). */
export function saveStoredUser(user: StoredUser) {
  localStorage.setItem(KEY, JSON.stringify(user));
  notify(user);
}

export function login(user: StoredUser) {
  saveStoredUser(user);
  for (const l of eventListeners) l({ type: 'login', userId: user.id, role: user.role });
}

export function logout() {
  const had = getStoredUser();
  localStorage.removeItem(KEY);
  notify(null);
  if (had) for (const l of eventListeners) l({ type: 'logout' });
}

export function subscribeUser(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}
export function onAuthEvent(l: (e: AuthEvent) => void): () => void {
  eventListeners.add(l);
  return () => eventListeners.delete(l);
}

/** Another tab changed the stored user: `cb` receives the new one (or null). */
export function onOtherTabUserChange(cb: (user: StoredUser | null) => void): () => void {
  const handler = (e: StorageEvent) => {
    if (e.key !== KEY && e.key !== null) return;
    const user = getStoredUser();
    notify(user);
    cb(user);
  };
  window.addEventListener('storage', handler);
  return () => window.removeEventListener('storage', handler);
}
