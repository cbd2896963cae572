// How the phones' pages travel: a client build of the test's own (an index.html and a hashed bundle,
// compressed by the build's own step), served by the real app. Brotli or gzip by Accept-Encoding,
// hashed bundles cached for a year, index.html revalidated, Vary on every client file.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressAssets } from '../../scripts/compress-assets.js';
import { DOCUMENT_ONLY_HEADERS } from '../../server/lib/asset-headers.js';
import { createTestContext, type TestContext } from './helpers/app.js';

const BUNDLE = '/assets/index-Ab12Cd34.js';
// Repetitive like real bundles: compresses well, and large enough to be worth compressing.
const bundleText = Array.from(
  { length: 400 },
  (_, i) => `export function answer${i}(x){return x*${i}+"réponse ${i}";}\n`,
).join('');
const indexHtml = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Classe Raid</title>${'<meta name="x" content="y">'.repeat(60)}<script type="module" src="${BUNDLE}"></script></head><body><div id="root"></div></body></html>`;

let ctx: TestContext;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'cr-client-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), indexHtml);
  writeFileSync(path.join(dist, BUNDLE), bundleText);
  await compressAssets(dist);
  ctx = await createTestContext({ CLIENT_DIST: dist });
});
afterAll(async () => {
  await ctx?.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });

describe('client files', () => {
  it('sends the bundle brotli-compressed to a browser that accepts br, and the same code arrives', async () => {
    const res = await get(BUNDLE, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.rawPayload.length).toBeLessThan(Buffer.byteLength(bundleText) / 3);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(bundleText);
  });

  it('sends gzip to a browser without brotli, and plain bytes to one that accepts neither', async () => {
    const gz = await get(BUNDLE, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(bundleText);
    const plain = await get(BUNDLE, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bundleText);
    const none = await get(BUNDLE);
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body).toBe(bundleText);
  });

  it('lets a phone keep a hashed bundle for a year, and tells caches the answer depends on Accept-Encoding', async () => {
    for (const enc of ['br', 'gzip', 'identity']) {
      const res = await get(BUNDLE, { 'accept-encoding': enc });
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
    }
    // A bundle this build does not have is not answered with the page.
    expect((await get('/assets/index-Zz99Zz99.js', { 'accept-encoding': 'br' })).statusCode).toBe(404);
  });

  it('has the page itself revalidated on every visit, compressed too, at its own path and as the app fallback', async () => {
    for (const url of ['/', '/student', '/login', '/index.html']) {
      const res = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(String(res.headers.vary).toLowerCase(), url).toContain('accept-encoding');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(indexHtml);
      // The second visit: the page has not changed, nothing but headers comes back.
      const again = await get(url, {
        'accept-encoding': 'br, gzip',
        'if-none-match': String(res.headers.etag),
      });
      expect(again.statusCode, url).toBe(304);
      expect(again.rawPayload.length, url).toBe(0);
    }
  });
});

describe('security headers', () => {
  it('keeps every security header on the page, and only what a script uses on the hashed bundle', async () => {
    for (const url of ['/', '/login', '/index.html']) {
      const page = await get(url, { 'accept-encoding': 'br' });
      expect(page.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(page.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(page.headers['strict-transport-security'], url).toContain('max-age=');
      expect(page.headers['referrer-policy'], url).toBe('no-referrer');
      expect(page.headers['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(page.headers['x-content-type-options'], url).toBe('nosniff');
    }
    for (const enc of ['br', 'gzip', 'identity']) {
      const bundle = await get(BUNDLE, { 'accept-encoding': enc });
      expect(bundle.statusCode, enc).toBe(200);
      // A script with another type is refused, and other sites cannot load it in no-cors mode.
      expect(bundle.headers['x-content-type-options'], enc).toBe('nosniff');
      expect(bundle.headers['cross-origin-resource-policy'], enc).toBe('same-origin');
      for (const name of DOCUMENT_ONLY_HEADERS)
        expect(bundle.headers[name], `${enc} ${name}`).toBeUndefined();
    }
  });
});

describe('the build step', () => {
  it('leaves files too small to gain untouched and writes copies that decode to the original', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cr-compress-'));
    try {
      writeFileSync(path.join(dir, 'tiny.js'), 'export{}');
      writeFileSync(path.join(dir, 'app.css'), 'body{margin:0}\n'.repeat(200));
      const out = await compressAssets(dir);
      expect(out.map((f) => f.file)).toEqual(['app.css']);
      const [css] = out;
      expect(css?.br).toBeLessThan(css?.bytes ?? 0);
      expect(css?.gzip).toBeLessThan(css?.bytes ?? 0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
