// Entry of the import worker thread (pool.ts), started through startWorker (server/lib/paths.ts):
// compiled JavaScript under `npm start`, the TypeScript source through tsx under vitest and `npm run dev`.
import { parentPort } from 'node:worker_threads';
import { runImport } from './job.js';

const port = parentPort;
if (!port) throw new Error('the import worker runs in a worker thread');
port.on('message', (job: Parameters<typeof runImport>[0]) => {
  let outcome: ReturnType<typeof runImport> | { error: null };
  try {
    outcome = runImport(job);
  } catch {
    outcome = { error: null };
  }
  port.postMessage(outcome);
});
port.postMessage({ ready: true });
