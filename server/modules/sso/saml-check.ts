// node-saml's checks of a GAR response run in a worker thread, one response at a time, each within a
// time budget: its XPath evaluation is quadratic in the document's nodes, and however a response was
// crafted (within scanResponse's bounds) it never holds the server's event loop. A response still
// being checked when its budget is spent is refused, and the thread is ended and a fresh one started.
import type { Worker } from 'node:worker_threads';
import type { SamlConfig } from '@node-saml/node-saml';
import type { FastifyBaseLogger } from 'fastify';
import { startWorker } from '../../lib/paths.js';

/** Time node-saml may take over one response in the thread (a real one takes 5 to 15 ms). */
export const SAML_CHECK_BUDGET_MS = 2000;
/** A response is answered within this time of its arrival, whatever is queued before it. */
const ANSWER_MS = 4000;
/** Less than this left once its turn comes: refused without being checked (the school retries). */
const MIN_CHECK_MS = 1000;
/** Responses waiting for the thread; past it, refused at once. */
const QUEUE_MAX = 20;
/** Time the thread may take to start (it compiles its modules once); not counted in a budget. */
const START_MAX_MS = 30_000;
/** Heap of the thread: a response that would need more ends the thread, not the server. */
const HEAP_MAX_MB = 128;

export interface SamlCheckJob {
  id: number;
  samlResponse: string;
}

/** What readGarResponse needs of a response node-saml accepted (plain data, from the thread). */
export interface CheckedAssertion {
  /** The signed Assertion as xml2js reads it (`{ Assertion: { $, Issuer, Subject, … } }`). */
  assertion: Record<string, unknown>;
  attributes: Record<string, unknown>;
  nameID: string | null;
  nameIDFormat: string | null;
  sessionIndex: string | null;
}

export type SamlCheckOutcome = { ok: CheckedAssertion } | { refused: string };

interface Pending {
  job: SamlCheckJob;
  queuedAt: number;
  resolve: (outcome: SamlCheckOutcome) => void;
}

export class SamlChecker {
  private worker: Promise<Worker> | null = null;
  private queue: Pending[] = [];
  private current: { pending: Pending; worker: Worker | null; timer: NodeJS.Timeout | null } | null = null;
  private closed = false;
  private nextId = 1;

  constructor(
    private readonly options: SamlConfig,
    private readonly log: FastifyBaseLogger,
    private readonly budgetMs = SAML_CHECK_BUDGET_MS,
  ) {}

  /** node-saml's verdict on one base64 response; never rejects. */
  check(samlResponse: string): Promise<SamlCheckOutcome> {
    if (this.closed) return Promise.resolve({ refused: 'server closing' });
    if (this.queue.length >= QUEUE_MAX) return Promise.resolve({ refused: 'too many responses waiting' });
    return new Promise((resolve) => {
      this.queue.push({ job: { id: this.nextId++, samlResponse }, queuedAt: performance.now(), resolve });
      this.next();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.queue.splice(0)) p.resolve({ refused: 'server closing' });
    if (this.current) this.current.pending.resolve({ refused: 'server closing' });
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.then((w) => w.terminate()).catch(() => undefined);
  }

  private next(): void {
    if (this.current || this.closed) return;
    const pending = this.queue.shift();
    if (!pending) return;
    this.current = { pending, worker: null, timer: null };
    this.started().then(
      (worker) => {
        if (this.current?.pending !== pending) return;
        const left = ANSWER_MS - (performance.now() - pending.queuedAt);
        const budget = Math.min(this.budgetMs, left);
        if (budget < Math.min(MIN_CHECK_MS, this.budgetMs)) {
          this.settle(null, { refused: 'too many responses waiting' });
          return;
        }
        this.current.worker = worker;
        this.current.timer = setTimeout(() => {
          this.log.warn({ budgetMs: budget }, 'SAML check stopped: past its time budget');
          this.drop(worker);
          this.settle(worker, { refused: 'response too slow to check' });
        }, budget);
        worker.postMessage(pending.job);
      },
      () => this.settle(null, { refused: 'SAML check unavailable' }),
    );
  }

  private settle(worker: Worker | null, outcome: SamlCheckOutcome & { id?: number }): void {
    const current = this.current;
    if (!current || current.worker !== worker) return;
    if (outcome.id !== undefined && outcome.id !== current.pending.job.id) return;
    if (current.timer) clearTimeout(current.timer);
    this.current = null;
    const { id: _id, ...answer } = outcome;
    current.pending.resolve(answer as SamlCheckOutcome);
    this.next();
  }

  /** Ends a thread (out of time, crashed); the next response starts a fresh one. */
  private drop(worker: Worker): void {
    this.worker = null;
    void worker.terminate();
  }

  private started(): Promise<Worker> {
    if (this.worker) return this.worker;
    const worker = startWorker(import.meta.url, './saml-worker', {
      workerData: this.options,
      resourceLimits: { maxOldGenerationSizeMb: HEAP_MAX_MB },
    });
    // An idle thread does not keep the process alive.
    worker.unref();
    const ready = new Promise<Worker>((resolve, reject) => {
      const forget = () => {
        if (this.worker === ready) this.worker = null;
      };
      const timer = setTimeout(() => {
        forget();
        void worker.terminate();
        reject(new Error('SAML check thread did not start in time'));
      }, START_MAX_MS);
      worker.once('message', () => {
        clearTimeout(timer);
        worker.on('message', (outcome: SamlCheckOutcome & { id: number }) => this.settle(worker, outcome));
        resolve(worker);
      });
      worker.on('error', (err) => {
        clearTimeout(timer);
        forget();
        this.log.warn({ err: { message: err.message } }, 'SAML check thread failed');
        reject(err);
      });
      worker.once('exit', () => {
        clearTimeout(timer);
        forget();
        reject(new Error('SAML check thread exited'));
        this.settle(worker, { refused: 'unreadable response' });
      });
    });
    this.worker = ready;
    return ready;
  }
}
