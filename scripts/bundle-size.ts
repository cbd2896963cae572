// What a phone really downloads: starts the built server (`npm run build` first) on a database of
// its own, opens /login and a signed-in student's /student in Chromium with an empty cache, then
// again in the same browser (the second visit), and sums the bytes of JavaScript that crossed the
// network (Chromium's encodedDataLength: compressed body plus headers; 0 when served from cache).
// The live answer page too (/student/live/:class/:subject, what a phone loads to answer a question
// during a raid): the demo teacher opens the room of 5e B and starts a raid of its own (a plain
// choice question, then a number question), and a student's phone opens the page with an empty
// cache on the choice question (first visit, then the second), and on the number question.
// The other pages a phone opens first: the class code's page of a new student (the QR code on the
// teacher's screen opens it) and a signed-in student's "join a class", each with an empty cache.
// Usage: npx tsx scripts/bundle-size.ts [--url http://host:port] [--files]
// (default: start dist/server; --files lists every script that crossed the network, with its KB)
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';
import { io, type Socket } from 'socket.io-client';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/e2e/chromium';

const ROOT = path.resolve(import.meta.dirname, '..');
/** DESIGN "Budgets": phone pages under 150 KB of JavaScript on first load. */
const BUDGET_KB = 150;
const STUDENT = { login: 'eleve01', password: 'Cartable-Bleu-7!' };
/** The demo teacher of eleve01's class, 5e B (server/db/seed.ts). */
const PROFESSOR = { login: 'prof-demo', password: 'Craie-Verte-2026!', className: '5e B' };

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
  /** With --files: every script that crossed the network, heaviest first. */
  files?: string[];
}

/** What each page shows once it is really there (its data loaded), before the network settles. */
const READY: Record<string, string> = {
  '/login': 'form button[type="submit"]',
  '/student': '.hero-card__name',
  '/register/student/code': 'form button[type="submit"]',
  '/student/account/join-class': 'form button[type="submit"]',
};
/** The live page once a question can be answered: its choices, or the typed answer's field. */
const LIVE_READY = 'section.question button.answer, section.question input.typed__input';

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
  const ready = url.startsWith('/student/live/') ? LIVE_READY : READY[url];
  if (ready) await page.waitForSelector(ready, { timeout: 60_000 });
  await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => {});
  let jsDecodedBytes = 0;
  for (const [id, n] of decoded) if (type.get(id) === 'Script') jsDecodedBytes += n;
  await page.close();
  const transferred = perScript
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([u, n]) => `${path.basename(u).replace(/-[\w-]{8}\.js$/, '')} ${kb(n)}`);
  return {
    page: label,
    visit: which,
    jsBytes,
    jsFiles: scripts.size,
    jsFromNetwork,
    allBytes,
    jsDecodedBytes,
    biggest: transferred.slice(0, 6),
    ...(LIST_FILES ? { files: transferred } : {}),
  };
}

async function signIn(url: string, who: { login: string; password: string }): Promise<string> {
  const res = await fetch(`${url}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: who.login, password: who.password }),
  });
  if (!res.ok) throw new Error(`signin ${who.login}: ${res.status}`);
  return res.text();
}

/**
 * The demo teacher's board: opens 5e B's room and starts a raid of its own (a choice question
 * without formulas, then a number question); `next()` reveals the open question and shows the next.
 */
async function liveRaid(url: string) {
  const { accessToken } = JSON.parse(await signIn(url, PROFESSOR)) as { accessToken: string };
  const api = async <T>(path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${url}/api${path}`, {
      method: body ? 'POST' : 'GET',
      headers: {
        authorization: `Bearer ${accessToken}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const classes = await api<{ id: string; name: string; subjectId: string }[]>('/schoolclasses');
  const cls = classes.find((c) => c.name === PROFESSOR.className);
  if (!cls) throw new Error(`no class ${PROFESSOR.className}`);
  const [chapter] = await api<{ id: string }[]>('/chapters');
  const raid = await api<{ id: string }>(`/chapters/${chapter.id}/raids`, {
    title: `Mesure du téléphone ${Date.now()}`,
    questions: [
      {
        kind: 'choice',
        text: 'Quelle est la capitale de la France ?',
        answers: [
          { text: 'Paris', isCorrect: true },
          { text: 'Lyon', isCorrect: false },
          { text: 'Marseille', isCorrect: false },
          { text: 'Lille', isCorrect: false },
        ],
      },
      {
        kind: 'number',
        text: 'Combien de côtés a un hexagone ?',
        number: { value: 6, tolerance: 0, toleranceMode: 'absolute', unit: null },
      },
    ],
  });
  const board: Socket = io(url, { auth: { token: accessToken }, transports: ['websocket'], forceNew: true });
  const ack = async (event: string, payload: unknown) => {
    const r = await board.timeout(30_000).emitWithAck(event, payload);
    if (!r.ok) throw new Error(`${event}: ${r.message}`);
  };
  await ack('room:open', { schoolclassId: cls.id, subjectId: cls.subjectId });
  await ack('raid:start', {
    raidId: raid.id,
    settings: {
      questionSeconds: null,
      endWhenAllAnswered: false,
      askEveryQuestion: true,
      scoring: 'accuracy',
    },
  });
  await ack('raid:begin', {});
  return {
    path: `/student/live/${cls.id}/${cls.subjectId}`,
    next: async () => {
      await ack('raid:reveal', {});
      await ack('raid:next', {});
    },
    close: () => board.disconnect(),
  };
}

const LIST_FILES = process.argv.includes('--files');
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
  // A new student's phone opening the class code's page (the QR code's link), empty cache.
  const newcomer = await browser.newContext(phone);
  results.push(await visit(newcomer, '/register/student/code', '/register/student/code', 'first'));
  await newcomer.close();
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
  // The same student joining another class from a fresh phone (empty cache).
  const joining = await browser.newContext(phone);
  await joining.addInitScript((u) => localStorage.setItem('user', u), user);
  results.push(await visit(joining, '/student/account/join-class', '/student/account/join-class', 'first'));
  await joining.close();
  // The live answer page, opened straight (a phone following the class's link or QR code), on a
  // choice question with an empty cache, again, then on a number question with an empty cache.
  const live = await liveRaid(server.url);
  try {
    const phoneContext = async () => {
      const c = await browser.newContext(phone);
      await c.addInitScript((u) => localStorage.setItem('user', u), user);
      return c;
    };
    const onChoice = await phoneContext();
    results.push(await visit(onChoice, live.path, 'live (choice question)', 'first'));
    results.push(await visit(onChoice, live.path, 'live (choice question)', 'second'));
    await onChoice.close();
    await live.next();
    const onNumber = await phoneContext();
    results.push(await visit(onNumber, live.path, 'live (number question)', 'first'));
    await onNumber.close();
  } finally {
    live.close();
  }
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
