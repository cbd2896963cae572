// Where the project's files are, the same from the TypeScript sources (tsx, tests) and from the
// compiled server (dist/server): both find the folder holding package.json above them.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

export interface WorkerEntry {
  /** The file to pass to `new Worker(...)`. */
  url: URL;
  /** `execArgv` for the Worker: tsx's loader when the entry is TypeScript (development, tests). */
  execArgv: string[];
}

/**
 * A worker thread's entry file, named without extension relative to the calling module
 * (`workerEntry(import.meta.url, './parse-worker')`): the compiled `.js` next to a compiled
 * module, the `.ts` source run through tsx otherwise.
 */
export function workerEntry(from: string, name: string): WorkerEntry {
  const js = new URL(`${name}.js`, from);
  if (existsSync(fileURLToPath(js))) return { url: js, execArgv: [] };
  const ts = new URL(`${name}.ts`, from);
  if (!existsSync(fileURLToPath(ts))) throw new Error(`worker ${name} not found next to ${from}`);
  return { url: ts, execArgv: ['--import', 'tsx'] };
}
