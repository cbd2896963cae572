// Imports run in a worker thread, one at a time, each within a time budget: however a file was
// crafted, reading it never holds the server's event loop, and a file still being read when its
// budget is spent is refused (the thread is ended and a fresh one started for the next file).
import { channel } from 'node:diagnostics_channel';
import type { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { ERR } from '../../../shared/errors.js';
import type { ImportResult } from '../../../shared/question-import.js';
import { AppError, badRequest, tooMany } from '../../lib/errors.js';
import { startWorker } from '../../lib/paths.js';
import type { ImportJob, ImportOutcome } from './job.js';

/** Time one file may take in the worker before it is refused as unreadable. */
export const IMPORT_TIME_BUDGET_MS = 1500;
/** Time the worker may take to start (it compiles its modules once); not counted in a file's budget. */
const START_MAX_MS = 30_000;
/** Files waiting for the worker; past it, a teacher is asked to try again in a few seconds. */
const QUEUE_MAX = 20;
/** Heap of the worker: a file that would need more ends the thread, not the server. */
const HEAP_MAX_MB = 256;

/**
 * Told `{ bytes }` each time a file is handed to the worker (tests send another request at that
 * moment: it must be answered while the file is being read). Costs nothing without a subscriber.
 */
export const importStarted = channel('classe-raid:question-import:started');

interface Pending {
  job: ImportJob;
  budgetMs: number;
  resolve: (result: ImportResult) => void;
  reject: (err: Error) => void;
}

export class ImportWorker {
  private worker: Promise<Worker> | null = null;
  /** The started worker `worker` resolves to. */
  private live: Worker | null = null;
  private queue: Pending[] = [];
  private current: { pending: Pending; worker: Worker; timer: NodeJS.Timeout } | null = null;
  private closed = false;

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly budgetMs = IMPORT_TIME_BUDGET_MS,
  ) {}

  /** The import's answer for one file, or the AppError that refuses it. */
  run(job: ImportJob, budgetMs = this.budgetMs): Promise<ImportResult> {
    if (this.closed) return Promise.reject(new Error('import worker closed'));
    if (this.queue.length >= QUEUE_MAX) return Promise.reject(tooMany(5));
    return new Promise((resolve, reject) => {
      this.queue.push({ job, budgetMs, resolve, reject });
      this.next();
    });
  }

  /** Starts the worker ahead of the first file, so that its start is not waited for then. */
  warm(): void {
    if (!this.closed) this.started().catch(() => undefined);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.queue.splice(0)) p.reject(new Error('import worker closed'));
    const worker = this.worker;
    this.worker = null;
    this.live = null;
    if (worker) await worker.then((w) => w.terminate()).catch(() => undefined);
  }

  private next(): void {
    if (this.current || this.closed) return;
    const pending = this.queue.shift();
    if (!pending) return;
    // Held while the worker starts, so that files stay in order.
    const starting = this.started();
    this.current = { pending, worker: null as unknown as Worker, timer: null as unknown as NodeJS.Timeout };
    starting.then(
      (worker) => {
        if (!this.current || this.current.pending !== pending) return;
        this.current.worker = worker;
        this.current.timer = setTimeout(() => {
          this.log.warn({ budgetMs: pending.budgetMs }, 'question import stopped: past its time budget');
          this.drop(worker);
          this.settle(worker, { error: null });
        }, pending.budgetMs);
        worker.postMessage(pending.job);
        if (importStarted.hasSubscribers) importStarted.publish({ bytes: pending.job.data.length });
      },
      (err: Error) => {
        this.log.error({ err }, 'question import worker did not start');
        this.current = null;
        pending.reject(err);
        this.next();
      },
    );
  }

  /** Answers the current file with what the worker said (null: it crashed or ran out of time). */
  private settle(worker: Worker, outcome: ImportOutcome | { error: null }): void {
    const current = this.current;
    if (!current || current.worker !== worker) return;
    clearTimeout(current.timer);
    this.current = null;
    if ('ok' in outcome) current.pending.resolve(outcome.ok);
    else if (outcome.error)
      current.pending.reject(new AppError(outcome.error.statusCode, outcome.error.key, outcome.error.extra));
    else current.pending.reject(badRequest(ERR.IMPORT_UNREADABLE));
    this.next();
  }

  /** Ends a worker (out of time, crashed); the next file starts a fresh one. */
  private drop(worker: Worker): void {
    if (this.live === worker) {
      this.live = null;
      this.worker = null;
    }
    void worker.terminate();
  }

  private started(): Promise<Worker> {
    if (this.worker) return this.worker;
    const worker = startWorker(import.meta.url, './worker', {
      resourceLimits: { maxOldGenerationSizeMb: HEAP_MAX_MB },
    });
    // An idle worker does not keep the process alive.
    worker.unref();
    const ready = new Promise<Worker>((resolve, reject) => {
      const timer = setTimeout(() => {
        void worker.terminate();
        reject(new Error('import worker did not start in time'));
      }, START_MAX_MS);
      worker.once('message', () => {
        clearTimeout(timer);
        worker.on('message', (outcome: ImportOutcome) => this.settle(worker, outcome));
        if (this.worker === ready) this.live = worker;
        resolve(worker);
      });
      worker.on('error', (err) => {
        clearTimeout(timer);
        if (this.worker === ready) {
          this.worker = null;
          this.live = null;
        }
        // Out of memory, or an error outside a job: the file is refused, the thread replaced.
        this.log.warn({ err: { message: err.message } }, 'question import worker failed');
        reject(err);
      });
      worker.once('exit', () => {
        clearTimeout(timer);
        reject(new Error('import worker exited'));
        if (this.worker === ready) {
          this.worker = null;
          this.live = null;
        }
        this.settle(worker, { error: null });
      });
    });
    this.worker = ready;
    return ready;
  }
}
