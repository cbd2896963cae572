// Answers into Redis in batches (issue 22, the 1,000-phone burst). The answers of one room and
// question read in one turn of the event loop go to Redis as one script call, which checks each
// against the room's revision and stores it (HSETNX) in arrival order: what one call per answer did,
// for a fraction of Redis' work and of the replies the server parses. A batch leaves at the end of
// the turn (when the auto-pipelined call per answer left too), or at once when it holds
// ANSWER_BATCH_MAX answers, so Redis stores the first answers of a burst while the server reads the
// next ones. The calls go on a connection of their own: the board's patch numbers, on the shared
// connection, no longer wait behind a burst's answers. Each answer's promise settles once its batch
// is stored, so an acknowledgement still means stored.
import type { Redis } from 'ioredis';
import { dedicatedConnection } from '../lib/redis.js';

/** The most answers one script call carries. */
export const ANSWER_BATCH_MAX = 100;

/**
 * KEYS: the room's revision, the question's answers. ARGV: ttl, then for each answer its expected
 * revision, student and value. Answers per answer {added (1, 0; -1: the record moved on), count}.
 */
const ADD_ANSWERS = `local rev = redis.call('GET', KEYS[1]) or '0'
local out = {}
for i = 2, #ARGV, 3 do
  if rev ~= ARGV[i] then
    out[#out + 1] = -1
    out[#out + 1] = 0
  else
    out[#out + 1] = redis.call('HSETNX', KEYS[2], ARGV[i + 1], ARGV[i + 2])
    out[#out + 1] = redis.call('HLEN', KEYS[2])
  end
end
redis.call('EXPIRE', KEYS[2], ARGV[1])
return out`;

type Stored = { added: boolean; count: number } | null;
interface Waiting {
  args: string[];
  settle: { resolve: (s: Stored) => void; reject: (e: unknown) => void }[];
}
type WithScript = Redis & {
  addAnswers(revKey: string, answersKey: string, ...args: string[]): Promise<number[]>;
};

export function createAnswerBatches(
  redis: Redis,
  ttlSec: number,
  opts: { max?: number; nextTurn?: (fn: () => void) => void } = {},
) {
  const max = opts.max ?? ANSWER_BATCH_MAX;
  const nextTurn = opts.nextTurn ?? setImmediate;
  const conn = dedicatedConnection(redis) as WithScript;
  conn.defineCommand('addAnswers', { numberOfKeys: 2, lua: ADD_ANSWERS });
  /** Batches being filled, by revision key and answers key. */
  const filling = new Map<string, Waiting & { revKey: string; answersKey: string }>();
  let scheduled = false;

  function send(key: string) {
    const b = filling.get(key);
    if (!b) return;
    filling.delete(key);
    conn.addAnswers(b.revKey, b.answersKey, String(ttlSec), ...b.args).then(
      (flat) => {
        b.settle.forEach((s, i) => {
          const added = Number(flat[2 * i]);
          s.resolve(added === -1 ? null : { added: added === 1, count: Number(flat[2 * i + 1]) });
        });
      },
      (err) => {
        for (const s of b.settle) s.reject(err);
      },
    );
  }
  const sendAll = () => {
    scheduled = false;
    for (const key of [...filling.keys()]) send(key);
  };

  return {
    /** Stores an answer if the record is still at `revision`: null when it moved on (store.ts addAnswerAt). */
    add(revKey: string, answersKey: string, revision: number, studentId: string, value: string) {
      return new Promise<Stored>((resolve, reject) => {
        const key = `${revKey}\n${answersKey}`;
        let b = filling.get(key);
        if (!b) {
          b = { revKey, answersKey, args: [], settle: [] };
          filling.set(key, b);
        }
        b.args.push(String(revision), studentId, value);
        b.settle.push({ resolve, reject });
        if (b.settle.length >= max) send(key);
        else if (!scheduled) {
          scheduled = true;
          nextTurn(sendAll);
        }
      });
    },
    close() {
      conn.disconnect();
    },
  };
}
