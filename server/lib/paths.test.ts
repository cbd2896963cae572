// The project's files are found the same from the sources and from the compiled server, and a worker
// thread starts from either: the compiled `.js` next to a compiled module, the `.ts` through tsx.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { findRoot, ROOT_DIR, startWorker } from './paths.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function tmp() {
  const d = mkdtempSync(path.join(os.tmpdir(), 'cr-paths-'));
  dirs.push(d);
  return d;
}

function runWorker(from: string, input: number): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const w = startWorker(from, './double', { workerData: input });
    w.once('message', (m) => {
      resolve(m);
      void w.terminate();
    });
    w.once('error', reject);
  });
}

describe('paths', () => {
  it('finds the migrations from the sources and from a compiled copy two folders deeper', () => {
    expect(path.basename(path.join(ROOT_DIR, 'migrations'))).toBe('migrations');
    expect(findRoot(path.join(ROOT_DIR, 'dist', 'server', 'db'))).toBe(ROOT_DIR);
    expect(findRoot(path.join(ROOT_DIR, 'server', 'db'))).toBe(ROOT_DIR);
  });

  it('runs a TypeScript worker through tsx when no compiled file sits next to the module', async () => {
    const dir = tmp();
    writeFileSync(
      path.join(dir, 'double.ts'),
      "import { parentPort, workerData } from 'node:worker_threads';\nconst n: number = workerData;\nparentPort?.postMessage(n * 2);\n",
    );
    expect(await runWorker(pathToFileURL(path.join(dir, 'caller.ts')).href, 21)).toBe(42);
  });

  it('runs the compiled worker with plain node when the module is compiled', async () => {
    const dir = tmp();
    mkdirSync(path.join(dir, 'lib'));
    writeFileSync(
      path.join(dir, 'lib', 'double.js'),
      "import { parentPort, workerData } from 'node:worker_threads';\nparentPort.postMessage(workerData * 3);\n",
    );
    writeFileSync(path.join(dir, 'package.json'), '{"type":"module"}');
    // A .ts of the same name would fail (it doubles, and is not valid JavaScript): the .js wins.
    writeFileSync(path.join(dir, 'lib', 'double.ts'), 'const n: number = 1;');
    expect(await runWorker(pathToFileURL(path.join(dir, 'lib', 'caller.js')).href, 5)).toBe(15);
  });
});
