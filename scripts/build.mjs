// `npm run build`: the client with Vite (plus brotli and gzip copies of its files) into dist/client,
// the server and the shared code with tsc (tsconfig.server.json) into dist/server and dist/shared,
// then the stamp that lets `npm start` skip the build while the sources are unchanged.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DIST, ROOT, STAMP, sourceHash } from './build-stamp.mjs';

const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name);

function run(label, command, args) {
  const started = Date.now();
  const r = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`build: ${label} failed${r.error ? `: ${r.error.message}` : ''}`);
    process.exit(r.status || 1);
  }
  console.log(`build: ${label} done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

// Hashed before building: a file edited during the build leaves the stamp stale.
const hash = sourceHash();
rmSync(STAMP, { force: true });
rmSync(path.join(DIST, 'server'), { recursive: true, force: true });
rmSync(path.join(DIST, 'shared'), { recursive: true, force: true });
run('client (vite)', bin('vite'), ['build', '--logLevel', 'warn']);
run('server (tsc -p tsconfig.server.json)', bin('tsc'), ['-p', 'tsconfig.server.json']);
mkdirSync(DIST, { recursive: true });
writeFileSync(STAMP, `${JSON.stringify({ hash, builtAt: new Date().toISOString() })}\n`);
