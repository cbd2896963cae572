// Imports run in worker threads (two, `ImportPool`), one file at a time in each, each within a time
// budget: however a file was crafted, reading it never holds the server's event loop, and a file
// still being read when its budget is spent is refused (the thread is ended and a fresh one started).
import { channel } from 'node:diagnostics_channel';
import type { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { ERR } from '../../../shared/errors.js';
import { AppError, badRequest, tooMany } from '../../lib/errors.js';
import { startWorker } from '../../lib/paths.js';
import type { ImportJob, ImportOutcome } from './job.js';
import type { FileImport } from './questions.js';

/** Time one file may take in the worker before it is refused as unreadable. */
export const IMPORT_TIME_BUDGET_MS = 1500;
/** Time the worker may take to start (it compiles its modules once); not counted in a file's budget. */
const START_MAX_MS = 30_000;
/** Files waiting for the worker; past it, a teacher is asked to try again in a few seconds. */
const QUEUE_MAX = 20;
/** Worker threads reading files side by side (`ImportPool`): a hostile file holds one, not all. */
export const IMPORT_LANES = 2;
/**
 * A file is answered within this time of its arrival, whatever is queued before it: its reading
 * budget is what is left of it after its wait for a free thread (never more than its own budget).
 */
export const IMPORT_ANSWER_MS = 2000;
/** Less than this left after the wait: the file is not read but answered 429 (try again shortly). */
const MIN_READ_MS = 1000;
/** Heap of the worker: a file that would need more ends the thread, not the server. */
const HEAP_MAX_MB = 256;

/**
 * Told `{ bytes }` each time a file is handed to the worker (tests send another request at that
 * moment: it must be answered while the file is being read). Costs nothing without a subscriber.
 */
export const importStarted = channel('classe-raid:question-import:started');

/** Told `{ waiting, reading }` whenever the pool's queue changes (the metrics' import queue gauges). */
export const importQueue = channel('classe-raid:question-import:queue');

interface Pending {
  job: ImportJob;
  budgetMs: number;
  resolve: (result: FileImport) => void;
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
  run(job: ImportJob, budgetMs = this.budgetMs): Promise<FileImport> {
    if (this.closed) return Promise.reject(new Error('import worker closed'));
    if (this.queue.length >= QUEUE_MAX) return Promise.reject(tooMany(5));
    return new Promise((resolve, reject) => {
      this.queue.push({ job, budgetMs, resolve, reject });
      this.next();
    });
  }

  /** A started thread is waiting for files (no start to wait for). */
  get ready(): boolean {
    return this.live !== null;
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

interface Queued {
  job: ImportJob;
  budgetMs: number;
  queuedAt: number;
  resolve: (result: FileImport) => void;
  reject: (err: Error) => void;
}

/**
 * `lanes` workers and one queue, first come first served. The time a file waits for a free thread
 * counts in its answer time (`IMPORT_ANSWER_MS`): a hostile file queued behind other teachers' files
 * is read for what is left of 2 s and refused with its 400, and a file that would have less than
 * `MIN_READ_MS` left is answered 429 at once rather than read in a hurry and called unreadable. A
 * thread's own start (once, and after a thread was ended) is not counted: a lane that lost its thread
 * starts a fresh one at once.
 */
/** What the pool needs of a thread (a test gives its own). */
export type ImportLane = Pick<ImportWorker, 'run' | 'warm' | 'close'> & { readonly ready?: boolean };

export class ImportPool {
  private readonly lanes: { worker: ImportLane; busy: boolean }[];
  private queue: Queued[] = [];
  private closed = false;

  constructor(
    log: FastifyBaseLogger,
    lanes = IMPORT_LANES,
    private readonly budgetMs = IMPORT_TIME_BUDGET_MS,
    makeLane: () => ImportLane = () => new ImportWorker(log, budgetMs),
  ) {
    this.lanes = Array.from({ length: lanes }, () => ({ worker: makeLane(), busy: false }));
  }

  run(job: ImportJob, budgetMs = this.budgetMs): Promise<FileImport> {
    if (this.closed) return Promise.reject(new Error('import worker closed'));
    if (this.queue.length >= QUEUE_MAX) return Promise.reject(tooMany(5));
    return new Promise((resolve, reject) => {
      this.queue.push({ job, budgetMs, queuedAt: performance.now(), resolve, reject });
      this.dispatch();
      this.report();
    });
  }

  warm(): void {
    for (const lane of this.lanes) lane.worker.warm();
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const q of this.queue.splice(0)) q.reject(new Error('import worker closed'));
    await Promise.all(this.lanes.map((lane) => lane.worker.close()));
  }

  private report(): void {
    if (importQueue.hasSubscribers)
      importQueue.publish({ waiting: this.queue.length, reading: this.lanes.filter((l) => l.busy).length });
  }

  private dispatch(): void {
    // A lane whose thread is started first: one that lost its thread is starting a fresh one.
    const lanes = [...this.lanes].sort(
      (a, b) => Number(b.worker.ready ?? true) - Number(a.worker.ready ?? true),
    );
    for (const lane of lanes) {
      while (!lane.busy && !this.closed) {
        const q = this.queue.shift();
        if (!q) return;
        const left = IMPORT_ANSWER_MS - (performance.now() - q.queuedAt);
        const budget = Math.min(q.budgetMs, left);
        if (budget < Math.min(MIN_READ_MS, q.budgetMs)) {
          q.reject(tooMany(2));
          continue;
        }
        lane.busy = true;
        lane.worker
          .run(q.job, budget)
          .then(q.resolve, q.reject)
          .finally(() => {
            lane.busy = false;
            // A thread ended past its budget is replaced now, not when the next file comes.
            if (!this.closed) lane.worker.warm();
            this.dispatch();
            this.report();
          });
      }
    }
  }
}
