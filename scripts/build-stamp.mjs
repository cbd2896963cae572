// The build's fingerprint: a hash of every file the build reads (sources, configs, lock file),
// stored in dist/build-stamp.json by scripts/build.mjs and compared by scripts/start.mjs. Plain
// JavaScript: `npm start` runs it with node, without the development tools.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const DIST = path.join(ROOT, 'dist');
export const STAMP = path.join(DIST, 'build-stamp.json');
export const SERVER_ENTRY = path.join(DIST, 'server', 'main.js');

/** What the build reads; tests are left out (editing one does not change the build). */
const SOURCES = ['server', 'shared', 'client'];
const FILES = [
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.server.json',
  'tsconfig.client.json',
  'vite.config.ts',
  'scripts/compress-assets.ts',
];
const IGNORED = /(?:^|\/)(?:node_modules|dist)(?:\/|$)|\.test\.tsx?$/;

function list(dir) {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (IGNORED.test(rel)) return [];
    return e.isDirectory() ? list(rel) : [rel];
  });
}

export function sourceHash() {
  const files = [...SOURCES.flatMap(list), ...FILES.filter((f) => existsSync(path.join(ROOT, f)))].sort();
  const hash = createHash('sha256');
  for (const f of files)
    hash
      .update(f)
      .update('\0')
      .update(readFileSync(path.join(ROOT, f)))
      .update('\0');
  return hash.digest('hex');
}

/** Why the build must run again, or null when dist/ matches the sources. */
export function staleReason() {
  if (!existsSync(SERVER_ENTRY) || !existsSync(path.join(DIST, 'client', 'index.html'))) return 'no build';
  if (!existsSync(STAMP)) return 'no build stamp';
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(STAMP, 'utf8'));
  } catch {
    return 'unreadable build stamp';
  }
  return stamp.hash === sourceHash() ? null : 'sources changed since the last build';
}
