// What a phone really downloads: starts the built server (`npm run build` first) on a database of
// its own, opens /login and a signed-in student's /student in Chromium with an empty cache, then
// again in the same browser (the second visit), and sums the bytes of JavaScript that crossed the
// network (Chromium's encodedDataLength: compressed body plus headers; 0 when served from cache).
// Usage: npx tsx scripts/bundle-size.ts [--url http://host:port] (default: start dist/server)
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/e2e/chromium';

const ROOT = path.resolve(import.meta.dirname, '..');
/** DESIGN "Budgets": phone pages under 150 KB of JavaScript on first load. */
const BUDGET_KB = 150;
const STUDENT = { login: 'eleve01', password: 'Cartable-Bleu-7!' };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

async function startServer(): Promise<{ url: string; stop: () => Promise<void> }> {
  const entry = path.join(ROOT, 'dist', 'server', 'main.js');
  if (!existsSync(entry)) throw new Error('no build: run `npm run build` first');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cr-bundle-'));
  const port = await freePort();
  const server: ChildProcess = spawn(process.execPath, [entry], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: '',
      REDIS_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited (${server.exitCode})`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error('server did not start');
    }
    try {
      if ((await fetch(`${url}/api/subjects`)).ok) return { url, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

const kb = (n: number) => Math.round((n / 1024) * 10) / 10;

interface Visit {
  page: string;
  visit: 'first' | 'second';
  /** JavaScript bytes that crossed the network, compressed, headers included. */
  jsBytes: number;
  /** Scripts the page used, and how many of them came from the network. */
  jsFiles: number;
  jsFromNetwork: number;
  /** Everything that crossed the network (HTML, CSS, fonts, images, API calls). */
  allBytes: number;
  /** What the same scripts weigh uncompressed. */
  jsDecodedBytes: number;
  /** The heaviest scripts that crossed the network: name and KB transferred. */
  biggest: string[];
}

/** What each page shows once it is really there (its data loaded), before the network settles. */
const READY: Record<string, string> = {
  '/login': 'form button[type="submit"]',
  '/student': '.hero-card__name',
};

async function visit(context: BrowserContext, url: string, label: string, which: Visit['visit']) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const type = new Map<string, string>();
  const urls = new Map<string, string>();
  const perScript: [string, number][] = [];
  const scripts = new Set<string>();
  const decoded = new Map<string, number>();
  let jsBytes = 0;
  let allBytes = 0;
  let jsFromNetwork = 0;
  cdp.on('Network.requestWillBeSent', (e) => {
    type.set(e.requestId, e.type ?? '');
    urls.set(e.requestId, e.request.url);
    if (e.type === 'Script') scripts.add(e.request.url);
  });
  cdp.on('Network.dataReceived', (e) =>
    decoded.set(e.requestId, (decoded.get(e.requestId) ?? 0) + e.dataLength),
  );
  cdp.on('Network.loadingFinished', (e) => {
    allBytes += e.encodedDataLength;
    if (type.get(e.requestId) === 'Script') {
      jsBytes += e.encodedDataLength;
      if (e.encodedDataLength > 0) jsFromNetwork++;
      perScript.push([urls.get(e.requestId) ?? '', e.encodedDataLength]);
    }
  });
  await page.goto(url);
  // The page is loaded when it shows its content (a busy machine can leave the network quiet for
  // half a second before the lazy chunks are even asked for), then nothing moved for a while.
  const ready = READY[url];
  if (ready) await page.waitForSelector(ready, { timeout: 60_000 });
  await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => {});
  let jsDecodedBytes = 0;
  for (const [id, n] of decoded) if (type.get(id) === 'Script') jsDecodedBytes += n;
  await page.close();
  const biggest = perScript
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 6)
    .map(([u, n]) => `${path.basename(u).replace(/-[\w-]{8}\.js$/, '')} ${kb(n)}`);
  return {
    page: label,
    visit: which,
    jsBytes,
    jsFiles: scripts.size,
    jsFromNetwork,
    allBytes,
    jsDecodedBytes,
    biggest,
  };
}

const urlArg = process.argv.indexOf('--url');
const server =
  urlArg > 0 ? { url: process.argv[urlArg + 1] as string, stop: async () => {} } : await startServer();
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: [...CHROMIUM_FLAGS, '--disable-gpu'],
});
const results: Visit[] = [];
try {
  const phone = { viewport: { width: 360, height: 800 }, locale: 'fr-FR', baseURL: server.url };
  // A phone that has never opened the app: the sign-in page.
  const anon = await browser.newContext(phone);
  results.push(await visit(anon, '/login', '/login', 'first'));
  results.push(await visit(anon, '/login', '/login', 'second'));
  await anon.close();
  // A signed-in student's phone opening its home with an empty cache, then once more.
  const res = await fetch(`${server.url}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(STUDENT),
  });
  if (!res.ok) throw new Error(`signin ${STUDENT.login}: ${res.status}`);
  const user = await res.text();
  const student = await browser.newContext(phone);
  await student.addInitScript((u) => localStorage.setItem('user', u), user);
  results.push(await visit(student, '/student', '/student', 'first'));
  results.push(await visit(student, '/student', '/student', 'second'));
  await student.close();
} finally {
  await browser.close();
  await server.stop();
}

console.log(
  JSON.stringify(
    {
      budgetKb: BUDGET_KB,
      pages: results.map((r) => ({
        ...r,
        jsKb: kb(r.jsBytes),
        jsDecodedKb: kb(r.jsDecodedBytes),
        withinBudget: r.jsBytes <= BUDGET_KB * 1024,
      })),
    },
    null,
    2,
  ),
);
