// Entry of the import worker thread (pool.ts). Plain JavaScript so that it starts the same way under
// tsx (npm start), vitest and plain node: tsx's API compiles the TypeScript modules it imports.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

const api = register({ namespace: 'question-import-worker' });
const { runImport } = await api.import('./job.ts', import.meta.url);

parentPort.on('message', (job) => {
  let outcome;
  try {
    outcome = runImport(job);
  } catch {
    outcome = { error: null };
  }
  parentPort.postMessage(outcome);
});
parentPort.postMessage({ ready: true });
