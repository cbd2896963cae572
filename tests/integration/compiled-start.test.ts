// The compiled server, as `npm start` runs it: `npm run build` (skipped when dist/ is fresh for these
// sources, as `npm start` skips it: the second CI pass reuses the first pass's build), then
// `node dist/server/main.js` with plain node on a free port with its own data directory. Its OpenAPI
// document and page answer, the phones' pages arrive compressed, and a question import runs through
// the compiled worker thread.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_BYTES } from '../../scripts/compress-assets.js';
import { DEMO } from './helpers/app.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DIST = path.join(ROOT, 'dist');
const ENTRY = path.join(DIST, 'server', 'main.js');

/** Why the build must run again (scripts/build-stamp.mjs, as `npm start` asks), or '' when fresh. */
function staleReason(): string {
  return execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "import { staleReason } from './scripts/build-stamp.mjs'; process.stdout.write(staleReason() ?? '');",
    ],
    { cwd: ROOT, encoding: 'utf8' },
  );
}

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

let server: ChildProcess | undefined;
let dataDir = '';
let baseUrl = '';
let output = '';

beforeAll(async () => {
  if (staleReason()) execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'pipe' });
  expect(staleReason()).toBe('');
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'cr-compiled-'));
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    CLIENT_DIST: path.join(DIST, 'client'),
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'warn',
    SMTP_URL: '',
  };
  // The embedded database and in-memory rooms in both CI passes: what is checked is the compiled code.
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.NODE_OPTIONS;
  server = spawn(process.execPath, [ENTRY], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  server.stdout?.on('data', (d) => {
    output += d;
  });
  server.stderr?.on('data', (d) => {
    output += d;
  });
  const deadline = Date.now() + 120_000;
  // Ready when it answers and has printed its banner (after listening).
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the compiled server exited: ${output}`);
    try {
      const res = await fetch(`${baseUrl}/api/subjects`);
      if (res.ok && output.includes('/register/student/code')) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the compiled server did not start: ${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}, 600_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server?.once('exit', r));
    server.kill('SIGTERM');
    const timer = setTimeout(() => server?.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

describe('the compiled server (node dist/server/main.js)', () => {
  it('runs compiled JavaScript, not TypeScript', () => {
    expect(existsSync(ENTRY)).toBe(true);
    expect(existsSync(path.join(DIST, 'server', 'modules', 'question-import', 'worker.js'))).toBe(true);
    expect(server?.spawnargs).toEqual([process.execPath, ENTRY]);
  });

  it('serves the OpenAPI 3.1 document with the calls of SPEC point 7, and its readable page', async () => {
    const res = await fetch(`${baseUrl}/api/docs/json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toBe('3.1.0');
    for (const [method, p] of [
      ['post', '/api/auth/signin'],
      ['post', '/api/users'],
      ['post', '/api/avatars'],
      ['get', '/api/avatars/'],
      ['post', '/api/students/join'],
      ['get', '/api/professorsSchoolclasses'],
    ])
      expect(doc.paths[p]?.[method], `${method} ${p}`).toBeDefined();
    const page = await fetch(`${baseUrl}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('swagger');
  });

  it("sends the phones' page and its scripts compressed", async () => {
    const page = await fetch(`${baseUrl}/login`, { headers: { 'accept-encoding': 'br' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const html = await page.text();
    // The page goes compressed once it is worth it; under MIN_BYTES (its scripts are one chunk now:
    // 0.6 KB) the headers would outweigh the saving and it goes as it is (compress-assets.ts).
    expect(page.headers.get('content-encoding')).toBe(Buffer.byteLength(html) >= MIN_BYTES ? 'br' : null);
    const script = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    expect(script, html).toBeDefined();
    const jsBr = await fetch(`${baseUrl}${script}`, { headers: { 'accept-encoding': 'br' } });
    expect(jsBr.headers.get('content-encoding')).toBe('br');
    const js = await fetch(`${baseUrl}${script}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(js.status).toBe(200);
    expect(js.headers.get('content-encoding')).toBe('gzip');
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('imports questions from a CSV file through the compiled worker thread', async () => {
    const signin = await fetch(`${baseUrl}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO.admin),
    });
    expect(signin.status).toBe(200);
    const { accessToken } = (await signin.json()) as { accessToken: string };
    const form = new FormData();
    form.append(
      'file',
      new Blob(['Question;Réponse 1;Correcte 1;Réponse 2;Correcte 2\nCombien font 2 + 2 ?;4;x;5;\n'], {
        type: 'text/csv',
      }),
      'questions.csv',
    );
    const res = await fetch(`${baseUrl}/api/questions/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}` },
      body: form,
    });
    const body = await res.text();
    expect(res.status, body).toBe(200);
    const { questions } = JSON.parse(body) as { questions: { text: string }[] };
    expect(questions.map((q) => q.text)).toEqual(['Combien font 2 + 2 ?']);
  });
});
