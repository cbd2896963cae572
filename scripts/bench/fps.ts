// npm run bench -- --fps [--students 35] [--seconds 10] [--gl swiftshader|disable-gpu|default]
//   [--renderer auto|webgl|canvas]
// The projector board in Chromium (playwright-core, Debian's /usr/bin/chromium) at 1920x1080 with N
// students whose phones are connected, so every avatar is animated. --renderer forces the board's
// Pixi renderer (auto: the board's own choice, canvas where WebGL is software; renderer-choice.ts).
// It measures, over --seconds:
// frames per second and frame intervals (requestAnimationFrame), and the main thread's work per
// frame (Chromium's own ScriptDuration and TaskDuration metrics), then the same page with the Pixi
// canvas hidden as a baseline. Needs `npm run build` first (it serves dist/client).
// The last line printed is one JSON object with the figures.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { chromium, type Page } from 'playwright-core';
import { io, type Socket } from 'socket.io-client';
import login from '../../client/src/i18n/locales/fr/register.json';
import { loadConfig } from '../../server/config.js';
import { openDatabase } from '../../server/db/client.js';
import { avatars, users } from '../../server/db/schema.js';
import { hashPassword } from '../../server/lib/passwords.js';
import { makeTokenSigner } from '../../server/lib/tokens.js';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../tests/e2e/chromium.js';
import { connected, freshDatabase, log, pct, ROOT, round, startServer } from './common.js';
import { prepareBench, studentToken } from './prepare.js';

const GL_FLAGS: Record<string, string[]> = {
  // What the browser tests use: no GPU process drawing, WebGL through SwiftShader where allowed.
  'disable-gpu': ['--disable-gpu'],
  // WebGL explicitly on ANGLE's SwiftShader (CPU) backend.
  swiftshader: ['--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
  // Whatever Chromium picks on this machine (a real GPU where there is one).
  default: ['--ignore-gpu-blocklist', '--enable-gpu-rasterization'],
};

interface GlCalls {
  draw: number;
  upload: number;
}
/** Counts WebGL draw calls and texture uploads: the GPU's work per frame, whatever the GPU. */
const COUNT_GL_CALLS = `(() => {
  window.glCalls_ = { draw: 0, upload: 0 };
  for (const C of [window.WebGLRenderingContext, window.WebGL2RenderingContext]) {
    if (!C) continue;
    for (const [name, kind] of [['drawElements', 'draw'], ['drawArrays', 'draw'], ['drawElementsInstanced', 'draw'],
      ['drawArraysInstanced', 'draw'], ['texImage2D', 'upload'], ['texSubImage2D', 'upload']]) {
      const f = C.prototype[name];
      if (!f) continue;
      C.prototype[name] = function (...args) {
        window.glCalls_[kind]++;
        return f.apply(this, args);
      };
    }
  }
})()`;

async function sample(page: Page, seconds: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const metric = async () => {
    const { metrics } = (await cdp.send('Performance.getMetrics')) as {
      metrics: { name: string; value: number }[];
    };
    return Object.fromEntries(metrics.map((m) => [m.name, m.value]));
  };
  // A string, not a function: tsx would wrap the inner function in a helper the page does not have.
  await page.evaluate(`(() => {
    window.frames_ = [];
    window.measuring_ = true;
    let last = performance.now();
    const step = (t) => {
      window.frames_.push(t - last);
      last = t;
      if (window.measuring_) requestAnimationFrame(step);
    };
    requestAnimationFrame(step);
  })()`);
  const gl0 = (await page.evaluate('({ ...(window.glCalls_ ?? { draw: 0, upload: 0 }) })')) as GlCalls;
  const before = await metric();
  await page.waitForTimeout(seconds * 1000);
  const after = await metric();
  const gl1 = (await page.evaluate('({ ...(window.glCalls_ ?? { draw: 0, upload: 0 }) })')) as GlCalls;
  const frames = (await page.evaluate('(window.measuring_ = false, window.frames_.slice(1))')) as number[];
  await cdp.detach();
  const n = Math.max(1, frames.length);
  const total = frames.reduce((a, b) => a + b, 0);
  return {
    fps: frames.length ? round((frames.length / total) * 1000) : 0,
    draw_calls_per_frame: round((gl1.draw - gl0.draw) / n),
    texture_uploads_per_frame: round((gl1.upload - gl0.upload) / n),
    frame_p50_ms: round(pct(frames, 50)),
    frame_p99_ms: round(pct(frames, 99)),
    script_ms_per_frame: round(((after.ScriptDuration - before.ScriptDuration) * 1000) / n),
    main_thread_ms_per_frame: round(((after.TaskDuration - before.TaskDuration) * 1000) / n),
    style_layout_ms_per_frame: round(
      ((after.RecalcStyleDuration -
        before.RecalcStyleDuration +
        after.LayoutDuration -
        before.LayoutDuration) *
        1000) /
        n,
    ),
  };
}

export async function runFps(opts: { students: number; seconds: number; gl: string; renderer: string }) {
  if (!existsSync(path.join(ROOT, 'dist/client/index.html'))) throw new Error('run `npm run build` first');
  const flags = GL_FLAGS[opts.gl];
  if (!flags) throw new Error(`--gl is one of ${Object.keys(GL_FLAGS).join(', ')}`);
  if (!['auto', 'webgl', 'canvas'].includes(opts.renderer))
    throw new Error('--renderer is auto, webgl or canvas');
  const dropDatabase = await freshDatabase();
  const config = loadConfig();
  const signer = makeTokenSigner(config.AUTH_SECRET);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cr-fps-'));
  const target = { databaseUrl: config.DATABASE_URL, pgliteDir: path.join(dataDir, 'pglite') };
  const [room] = await prepareBench(target, 1, opts.students, 3);

  // The board shows real characters: each student wears a base avatar, the teacher has one and a
  // password to sign in with.
  const password = `Fps-${Date.now()}-Bench!`;
  const database = await openDatabase(target);
  const { db } = database;
  const pool = await db
    .select({ id: avatars.id, userType: avatars.userType, skinId: avatars.skinId })
    .from(avatars);
  const studentAvatars = pool.filter((a) => a.userType === 'student' && a.skinId === null);
  const profAvatar = pool.find((a) => a.userType === 'professor');
  for (const [i, st] of room.students.entries())
    await db
      .update(users)
      .set({ avatarId: studentAvatars[(i * 7) % studentAvatars.length].id })
      .where(eq(users.id, st.userId));
  const [professor] = await db
    .update(users)
    .set({ passwordHash: await hashPassword(password), avatarId: profAvatar?.id ?? null })
    .where(eq(users.id, room.professorUserId))
    .returning({ username: users.username });
  await database.close();

  const { url, server, cleanup } = await startServer(dataDir);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_FLAGS, ...flags],
  });
  // In a classroom the server and the phones are other machines and the teacher's laptop runs only
  // the browser. Here all share two cores: the server and this process (the 35 phones) yield to
  // Chromium, started above at normal priority, so the figures are the board's own.
  if (server.pid) os.setPriority(server.pid, 10);
  os.setPriority(10);
  const phones: Socket[] = [];
  try {
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, baseURL: url });
    await context.addInitScript(COUNT_GL_CALLS);
    if (opts.renderer !== 'auto')
      await context.addInitScript(`localStorage.setItem('boardRenderer', ${JSON.stringify(opts.renderer)})`);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel(login.LOGIN.LOGIN_LABEL).fill(professor.username);
    await page.getByLabel(login.LOGIN.PASSWORD_LABEL, { exact: true }).fill(password);
    await page.getByRole('button', { name: login.LOGIN.SUBMIT }).click();
    await page.waitForURL(/\/prof\//);
    await page.goto(`/prof/game/${room.schoolclassId}/${room.subjectId}`);
    await page.locator('.proj-scene__canvas[data-renderer] canvas').waitFor({ timeout: 30_000 });
    const boardRenderer = await page.locator('.proj-scene__canvas').getAttribute('data-renderer');
    const renderer = await page.evaluate(() => {
      const gl = document.createElement('canvas').getContext('webgl2');
      const ext = gl?.getExtension('WEBGL_debug_renderer_info');
      return gl ? String(gl.getParameter(ext ? ext.UNMASKED_RENDERER_WEBGL : gl.RENDERER)) : 'no WebGL';
    });
    log(
      `board open (${boardRenderer} renderer; WebGL here: ${renderer}); connecting ${room.students.length} phones`,
    );
    for (const st of room.students) {
      const s = io(url, {
        auth: { token: studentToken(signer, st) },
        transports: ['websocket'],
        forceNew: true,
      });
      await connected(s);
      const ack = await s
        .timeout(10_000)
        .emitWithAck('room:join', { schoolclassId: room.schoolclassId, subjectId: room.subjectId });
      if (!ack.ok) throw new Error(`room:join ${ack.message}`);
      phones.push(s);
    }
    // Let the textures load and the avatars walk to their places.
    await page.waitForTimeout(4000);
    const screenshot = path.join(os.tmpdir(), 'cr-fps-board.png');
    await page.screenshot({ path: screenshot });
    if (process.env.FPS_PROFILE) {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
      await page.waitForTimeout(3000);
      const { profile } = await cdp.send('Profiler.stop');
      writeFileSync(process.env.FPS_PROFILE, JSON.stringify(profile));
      await cdp.detach();
    }
    if (process.env.FPS_TRACE) {
      await browser.startTracing(page, {
        path: process.env.FPS_TRACE,
        screenshots: false,
        categories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'toplevel',
          'blink',
          'cc',
          'gpu',
          'viz',
          'disabled-by-default-devtools.timeline.frame',
        ],
      });
      await page.waitForTimeout(3000);
      await browser.stopTracing();
    }
    log(`sampling ${opts.seconds} s with ${phones.length} animated avatars`);
    const board = await sample(page, opts.seconds);
    await page.addStyleTag({ content: '.proj-scene__canvas { display: none !important; }' });
    await page.waitForTimeout(1000);
    log(`sampling ${opts.seconds} s with the canvas hidden (baseline)`);
    const baseline = await sample(page, opts.seconds);
    const result = {
      avatars: phones.length,
      viewport: '1920x1080',
      gl: opts.gl,
      renderer,
      board_renderer: boardRenderer,
      ...board,
      baseline_comment: 'the same page with the Pixi canvas hidden (Pixi still draws into it)',
      baseline_fps: baseline.fps,
      baseline_main_thread_ms_per_frame: baseline.main_thread_ms_per_frame,
      screenshot,
    };
    console.log(JSON.stringify(result));
  } finally {
    for (const s of phones) s.disconnect();
    await browser.close();
    server.kill('SIGTERM');
    await cleanup().catch((err) => log('could not delete the run’s Redis keys', err));
    await new Promise((r) => setTimeout(r, 500));
    await dropDatabase().catch((err) => log('could not drop the run’s database', err));
    setTimeout(() => rmSync(dataDir, { recursive: true, force: true }), 1000);
  }
}
