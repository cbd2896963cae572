// Where the project's files are, the same from the TypeScript sources (tsx, tests) and from the
// compiled server (dist/server): both find the folder holding package.json above them.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** The first folder at or above `from` that holds package.json. */
export function findRoot(from: string): string {
  let dir = path.resolve(from);
  for (;;) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`no package.json above ${from}`);
    dir = up;
  }
}

/** The project's root: migrations/, assets/, dist/ live here. */
export const ROOT_DIR = findRoot(import.meta.dirname);

/** tsx's ESM API, through which a TypeScript worker runs in development and tests. */
function tsxApiUrl(): string {
  const pkg = path.join(ROOT_DIR, 'node_modules', 'tsx', 'package.json');
  if (!existsSync(pkg))
    throw new Error('a TypeScript worker needs tsx (npm install), or the compiled server');
  const entry = JSON.parse(readFileSync(pkg, 'utf8')).exports['./esm/api'].import.default as string;
  return pathToFileURL(path.join(path.dirname(pkg), entry)).href;
}

/**
 * Starts a worker thread whose entry is named without extension relative to the calling module
 * (`startWorker(import.meta.url, './parse-worker', { workerData })`): the compiled `.js` next to a
 * compiled module (dist/server), with plain node; otherwise the `.ts` source, loaded through tsx
 * inside the worker (`tsx server/main.ts`, vitest). The worker's code is the same in both.
 */
export function startWorker(from: string, name: string, options: WorkerOptions = {}): Worker {
  const js = new URL(`${name}.js`, from);
  if (existsSync(fileURLToPath(js))) return new Worker(js, options);
  const ts = new URL(`${name}.ts`, from);
  if (!existsSync(fileURLToPath(ts))) throw new Error(`worker ${name} not found next to ${from}`);
  const boot = `import(${JSON.stringify(tsxApiUrl())}).then((tsx) => tsx.tsImport(${JSON.stringify(ts.href)}, ${JSON.stringify(ts.href)}))`;
  return new Worker(boot, { ...options, eval: true });
}
