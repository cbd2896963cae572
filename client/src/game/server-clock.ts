// Question deadlines are server times (epoch ms). A phone's clock can be minutes off, so the page
// estimates the offset once from the Date header of a small request (second precision is enough
// for a 30-second countdown). A public route: no token, no 401 in the console.
let offsetMs = 0;
let measured: Promise<void> | null = null;

export const serverNow = () => Date.now() + offsetMs;

export function measureServerClock(url = '/api/subjects'): Promise<void> {
  measured ??= (async () => {
    try {
      const sent = Date.now();
      const res = await fetch(url, { method: 'HEAD', cache: 'no-store' });
      const received = Date.now();
      const date = Date.parse(res.headers?.get('date') ?? '');
      if (Number.isNaN(date)) return;
      // The header is truncated to the second: its middle is half a second later.
      const offset = date + 500 - (sent + received) / 2;
      offsetMs = Math.abs(offset) > 1500 ? offset : 0;
    } catch {
      // Offline: keep the phone's own clock.
    }
  })();
  return measured;
}
