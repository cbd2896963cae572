// Budgets for live-room events: token buckets per socket and per user, per kind of event, kept in
// memory on each node. An event over budget is refused before any work (no parse, no database, no
// Redis); a socket that keeps being refused is disconnected; a user keeps a few sockets per node.
// A Redis round trip per event would cost more than the work it protects: each node counts its own.
import { professorCommands } from '../../shared/game/contract.js';

export const RATE_LIMITED = 'GAME.RATE_LIMITED';

export type EventKind = 'answer' | 'sync' | 'professor' | 'other';

/** A bucket holds up to `burst` tokens and gets `perSecond` back each second. */
export interface Rate {
  burst: number;
  perSecond: number;
}

export interface BudgetConfig {
  socket: Record<EventKind, Rate>;
  user: Record<EventKind, Rate>;
  /** Refusals a socket may collect before it is disconnected (refilled as time passes). */
  strikes: Rate;
  /** Sockets one user keeps on one node: a newer one closes the oldest (a phone's stale connection). */
  socketsPerUser: number;
  /** Handshakes per user (each reads the account in the database). */
  connects: Rate;
}

/**
 * Far above what a phone or a board does (one answer per question and its retries every 2 s; a sync
 * on a gap, a wake-up or a reconnection; a teacher's clicks), far below a flood (263,700 syncs).
 */
export const DEFAULT_BUDGETS: BudgetConfig = {
  socket: {
    answer: { burst: 10, perSecond: 2 },
    sync: { burst: 20, perSecond: 2 },
    professor: { burst: 30, perSecond: 5 },
    other: { burst: 20, perSecond: 2 },
  },
  user: {
    answer: { burst: 20, perSecond: 4 },
    sync: { burst: 40, perSecond: 4 },
    professor: { burst: 60, perSecond: 10 },
    other: { burst: 30, perSecond: 3 },
  },
  strikes: { burst: 20, perSecond: 1 },
  socketsPerUser: 5,
  connects: { burst: 20, perSecond: 0.5 },
};

export function eventKind(event: string): EventKind {
  if (event === 'answer:submit') return 'answer';
  if (event === 'room:sync') return 'sync';
  if (event in professorCommands) return 'professor';
  return 'other';
}

export class TokenBucket {
  private tokens: number;
  private at: number;

  constructor(
    private readonly rate: Rate,
    now: number,
  ) {
    this.tokens = rate.burst;
    this.at = now;
  }

  private refill(now: number) {
    const seconds = Math.max(0, now - this.at) / 1000;
    this.tokens = Math.min(this.rate.burst, this.tokens + seconds * this.rate.perSecond);
    this.at = Math.max(this.at, now);
  }

  /** Whether a token is there now, without taking it. */
  has(now: number): boolean {
    this.refill(now);
    return this.tokens >= 1;
  }

  /** Takes one token; false (and nothing taken) when the bucket is empty. */
  take(now: number): boolean {
    if (!this.has(now)) return false;
    this.tokens -= 1;
    return true;
  }

  /** Full again: remembering it would change nothing. */
  full(now: number): boolean {
    this.refill(now);
    return this.tokens >= this.rate.burst;
  }
}

/** What the budgets need of a socket: to close it. */
export interface Closable {
  disconnect(): void;
}

export type Verdict = 'ok' | 'refused' | 'disconnect';

export interface SocketGuard {
  /** Counts one incoming event: 'ok' to handle it, 'refused' to answer RATE_LIMITED, 'disconnect' to close. */
  check(event: string): Verdict;
  /** The socket is gone. */
  detach(): void;
}

type Buckets = Record<EventKind, TokenBucket>;
const bucketsFor = (rates: Record<EventKind, Rate>, now: number): Buckets => ({
  answer: new TokenBucket(rates.answer, now),
  sync: new TokenBucket(rates.sync, now),
  professor: new TokenBucket(rates.professor, now),
  other: new TokenBucket(rates.other, now),
});

interface UserEntry {
  buckets: Buckets;
  connects: TokenBucket;
  /** Open sockets, oldest first. */
  sockets: Set<Closable>;
}

export interface Budgets {
  /** At the handshake, before the account is read: false when this user connects too often. */
  admit(userId: string): boolean;
  /** A socket of this user connected: its guard. Closes the user's oldest socket beyond the cap. */
  attach(userId: string, socket: Closable): SocketGuard;
  /** Forgets users with no socket whose buckets are full again (called on a timer). */
  sweep(): void;
  /** How many users are remembered (tests). */
  size(): number;
  /** Refused events and disconnected sockets since the start (logs, bench). */
  stats(): { refused: number; disconnected: number };
}

export function createBudgets(config: BudgetConfig = DEFAULT_BUDGETS, now: () => number = Date.now): Budgets {
  const users = new Map<string, UserEntry>();
  let refused = 0;
  let disconnected = 0;

  const entry = (userId: string): UserEntry => {
    let e = users.get(userId);
    if (!e) {
      const t = now();
      e = {
        buckets: bucketsFor(config.user, t),
        connects: new TokenBucket(config.connects, t),
        sockets: new Set(),
      };
      users.set(userId, e);
    }
    return e;
  };

  return {
    admit(userId) {
      return entry(userId).connects.take(now());
    },

    attach(userId, socket) {
      const user = entry(userId);
      user.sockets.add(socket);
      for (const old of user.sockets) {
        if (user.sockets.size <= config.socketsPerUser) break;
        user.sockets.delete(old);
        old.disconnect();
      }
      const own = bucketsFor(config.socket, now());
      const strikes = new TokenBucket(config.strikes, now());
      let closed = false;
      return {
        check(event) {
          if (closed) return 'disconnect';
          const t = now();
          const kind = eventKind(event);
          // Both budgets must allow it; neither is charged for a refused event.
          if (own[kind].has(t) && user.buckets[kind].has(t)) {
            own[kind].take(t);
            user.buckets[kind].take(t);
            return 'ok';
          }
          refused++;
          if (strikes.take(t)) return 'refused';
          closed = true;
          disconnected++;
          return 'disconnect';
        },
        detach() {
          closed = true;
          user.sockets.delete(socket);
        },
      };
    },

    sweep() {
      const t = now();
      for (const [id, e] of users) {
        if (e.sockets.size === 0 && e.connects.full(t) && Object.values(e.buckets).every((b) => b.full(t)))
          users.delete(id);
      }
    },

    size: () => users.size,
    stats: () => ({ refused, disconnected }),
  };
}
