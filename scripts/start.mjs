// `npm start`: builds when dist/ is missing or older than the sources, then runs the compiled
// server with node (no TypeScript at run time).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, SERVER_ENTRY, staleReason } from './build-stamp.mjs';

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
