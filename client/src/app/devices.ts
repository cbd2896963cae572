// Known-device tokens (server/modules/auth/device.ts), one per account that signed in with its
// password in this browser, keyed by the login typed. They outlive sign-out: behind a school's one
// address, the token lets the owner in while a classmate keeps failing on the same login.
const KEY = 'devices';
const MAX = 40;

type Devices = Record<string, string>;

function read(): Devices {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? '{}') as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Devices) : {};
  } catch {
    return {};
  }
}

const norm = (login: string) => login.trim().toLowerCase();

export function deviceTokenFor(login: string): string | undefined {
  const t = read()[norm(login)];
  return typeof t === 'string' ? t : undefined;
}

export function rememberDeviceToken(login: string, token: string) {
  const all = read();
  delete all[norm(login)];
  all[norm(login)] = token;
  // A shared classroom computer keeps the most recent accounts only.
  const entries = Object.entries(all).slice(-MAX);
  try {
    localStorage.setItem(KEY, JSON.stringify(Object.fromEntries(entries)));
  } catch {
    // Storage full or refused: the sign-in itself still worked.
  }
}
