// A load process: many phones, each on its own WebSocket speaking the Socket.IO protocol
// (lean-socket.ts). Each joins its room and answers every new question within one second; it
// reports to the parent the acknowledgement latencies and when it sent its last answer of each
// question.
import type { RaidView, RoomPatch } from '../../shared/game/contract.js';
import { LeanSocket } from './lean-socket.js';
import type { BenchQuestion } from './questions.js';

/** The wall clock in sub-milliseconds, as the bench's board side reads it (common.ts wallNow). */
const wallNow = () => performance.timeOrigin + performance.now();

interface Job {
  type: 'job';
  url: string;
  phones: { token: string; schoolclassId: string; subjectId: string; studentId: string }[];
  /** Every phone answers at the instant the parent names (`burst` message), not within a second. */
  burst?: boolean;
  /** The questions of the phones' rooms: their kind and the answers phones give (prepare.ts). */
  questions: BenchQuestion[];
}

/** A right answer (seven phones in ten, unless the question says) or a wrong one, as phones send them. */
function responseFor(q: BenchQuestion) {
  const right = q.wrong.length === 0 || Math.random() < (q.rightShare ?? 0.7);
  const pool = right ? q.right : q.wrong;
  return pool[Math.floor(Math.random() * pool.length)];
}

async function run(job: Job) {
  const latencies: number[] = [];
  /** The same latencies by the question's kind (questions.ts KindLabel). */
  const byKind: Record<string, number[]> = {};
  const script = new Map(job.questions.map((q) => [q.id, q]));
  let sent = 0;
  let acked = 0;
  let duplicates = 0;
  const errors: Record<string, number> = {};
  const lastSentAt: Record<string, number> = {};
  /** When each answer left, by `questionId|studentId` (wall clock: the board runs in another process). */
  const sentAt: Record<string, number> = {};
  /** In burst mode, answers wait here for the parent's signal. */
  const armed: (() => void)[] = [];
  const pending = new Set<Promise<void>>();

  // Phones arrive as pupils enter classrooms, not all in the same millisecond: at most 100
  // connections of this process are being set up at any time.
  let slots = 100;
  const waiting: (() => void)[] = [];
  const acquire = () => {
    if (slots > 0) {
      slots--;
      return Promise.resolve();
    }
    return new Promise<void>((r) => waiting.push(r));
  };
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else slots++;
  };
  const phones = await Promise.all(
    job.phones.map(async (p, i) => {
      await acquire();
      const s = new LeanSocket(job.url, { token: p.token });
      await s.ready.catch((e) => {
        release();
        throw e;
      });
      const joined = await s.emitWithAck('room:join', {
        schoolclassId: p.schoolclassId,
        subjectId: p.subjectId,
      });
      release();
      if (!joined.ok) throw new Error(`join: ${joined.message}`);
      const answered = new Set<string>();
      s.on('room:patch', ({ patch }: { patch: RoomPatch }) => {
        if (patch.type !== 'activity' || patch.activity?.kind !== 'raid') return;
        const raid = patch.activity as RaidView;
        const q = raid.question;
        // A question is identified by its id and its deadline: a raid played again reopens the same ids.
        const opening = `${q?.id}@${raid.deadline}`;
        if (raid.phase !== 'question' || !q || answered.has(opening)) return;
        answered.add(opening);
        const delay = Math.random() * 1000;
        const task = (async () => {
          if (job.burst) await new Promise<void>((r) => armed.push(r));
          else await new Promise((r) => setTimeout(r, delay));
          const t0 = performance.now();
          sent++;
          const now = wallNow();
          lastSentAt[q.id] = Math.max(lastSentAt[q.id] ?? 0, now);
          sentAt[`${q.id}|${p.studentId}`] = now;
          const bq = script.get(q.id);
          if (!bq) throw new Error(`question ${q.id} is not the bench's`);
          const ack = await s.emitWithAck('answer:submit', {
            questionId: q.id,
            ...responseFor(bq),
            clientId: `bench-${i}-${q.id}`,
          });
          const took = performance.now() - t0;
          latencies.push(took);
          const mine = byKind[bq.label] ?? [];
          mine.push(took);
          byKind[bq.label] = mine;
          if (ack.ok) {
            acked++;
            if (ack.status === 'duplicate') duplicates++;
          } else {
            const key = `${bq.label}: ${ack.message ?? '?'}`;
            errors[key] = (errors[key] ?? 0) + 1;
          }
        })();
        pending.add(task);
        void task.finally(() => pending.delete(task));
      });
      return s;
    }),
  );
  process.send?.({ type: 'ready', count: phones.length });
  return {
    /** Burst mode: every armed phone answers at `at` (wall clock). */
    fire(at: number) {
      const go = armed.splice(0);
      setTimeout(
        () => {
          for (const g of go) g();
        },
        Math.max(0, at - Date.now()),
      );
    },
    armed: () => armed.length,
    async flush() {
      await Promise.all([...pending]);
      process.send?.({ type: 'flushed', lastSentAt, sentAt: { ...sentAt } });
      for (const k of Object.keys(sentAt)) delete sentAt[k];
    },
    async stop() {
      await Promise.all([...pending]);
      for (const s of phones) s.disconnect();
      // A large message needs time to cross the IPC channel: exit once it is sent.
      process.send?.({ type: 'stats', latencies, byKind, sent, acked, duplicates, errors }, () =>
        process.exit(0),
      );
    },
  };
}

let running: Promise<Awaited<ReturnType<typeof run>>> | null = null;
process.on(
  'message',
  async (m: Job | { type: 'flush' | 'stop' | 'armed' } | { type: 'fire'; at: number }) => {
    if (m.type === 'job') {
      running = run(m);
      running.catch((err) => {
        process.send?.({ type: 'error', message: String(err) });
        process.exit(1);
      });
      return;
    }
    const r = await running;
    if (m.type === 'armed') process.send?.({ type: 'armed', count: r?.armed() ?? 0 });
    if (m.type === 'fire') r?.fire(m.at);
    if (m.type === 'flush') await r?.flush();
    if (m.type === 'stop') await r?.stop();
  },
);
