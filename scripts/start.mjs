// `npm start`: builds when dist/ is missing or older than the sources, then runs the compiled
// server with node (no TypeScript at run time). `npm start -- --workers N` (or `--workers auto`, one
// per core) is WORKERS=N: N server processes behind one port (server/cluster.ts; needs Redis).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, SERVER_ENTRY, staleReason } from './build-stamp.mjs';

const flag = process.argv.findIndex((a) => a === '--workers' || a.startsWith('--workers='));
if (flag >= 0) {
  const arg = process.argv[flag];
  const value = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : process.argv[flag + 1];
  if (!value) {
    console.error('--workers needs a number of processes, or auto (one per core)');
    process.exit(1);
  }
  process.env.WORKERS = value;
}

const stale = staleReason();
if (stale) {
  if (!existsSync(path.join(ROOT, 'node_modules', '.bin', 'vite'))) {
    console.error(
      `Cannot start: ${stale}, and the build tools are not installed (npm install --omit=dev).\n` +
        'Build first where they are: npm install && npm run build.',
    );
    process.exit(1);
  }
  console.log(`build: ${stale}, building`);
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'build.mjs')], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (r.status !== 0) process.exit(r.status || 1);
}
await import(pathToFileURL(SERVER_ENTRY).href);
