// The phone's answer queue. A chosen answer gets a client id at once and is kept in sessionStorage
// until the server acknowledges it, so a phone that sleeps, drops Wi-Fi or reloads sends it again
// when it comes back; the server counts a client id once, so a re-send is harmless. One answer at a
// time (there is one open question), never two sends of it in flight.
import type { Ack } from '../../../../shared/game/contract';

export interface AnswerPayload {
  questionId: string;
  answerIds: string[];
  clientId: string;
}

/**
 * queued: chosen, waiting for a connection (or for a retry); sending: emitted, no ack yet;
 * received: the server counted it (or had it already); late: the question closed before it
 * arrived; failed: refused for another reason (the student may choose again).
 */
export type AnswerState = 'queued' | 'sending' | 'received' | 'late' | 'failed';

export interface QueueEntry extends AnswerPayload {
  state: AnswerState;
  /** The ack's message key when refused. */
  error: string | null;
}

export type SendAnswer = (a: AnswerPayload) => Promise<Ack<{ status: 'counted' | 'duplicate' }>>;

export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * Acks that mean "try again later": no connection, no ack in time, not (re)joined yet, or over the
 * socket's event budget (server/game/budgets.ts).
 */
const RETRY = new Set(['GAME.TIMEOUT', 'GAME.OFFLINE', 'GAME.NO_ROOM', 'GAME.RATE_LIMITED']);
/** Acks that mean the question is over: the answer is dropped. */
const CLOSED = new Set(['GAME.QUESTION_CLOSED', 'GAME.NOT_CURRENT_QUESTION', 'GAME.WRONG_PHASE']);

export interface AnswerQueueOptions {
  storage: StorageLike;
  /** One key per room and student, so another class's answer never leaks in. */
  key: string;
  send: SendAnswer;
  newId?: () => string;
  onChange?: (entry: QueueEntry | null) => void;
  /**
   * After an ack that timed out (the connection is there but slow, or died mid-send), try again
   * this much later; nothing else would trigger a re-send while the phone stays awake and online.
   */
  retryMs?: number;
}

export interface AnswerQueue {
  /** The answer of the current (or last) question, if any. */
  current(): QueueEntry | null;
  /** The student chose; ignored when this question already has a live answer. Sends at once. */
  choose(questionId: string, answerIds: string[], openQuestionId: string | null): Promise<void>;
  /**
   * Sends the pending answer if its question is still the open one (`openQuestionId`), drops it
   * when the question changed or closed. Called on reconnect, visibilitychange and online.
   */
  flush(openQuestionId: string | null): Promise<void>;
  /** The server says it has this answer already (PhoneState.myAnswer): no need to send it. */
  confirm(myAnswer: { questionId: string; answerIds: string[] } | null): void;
  /** Stops the retry timer (the page is leaving). */
  dispose(): void;
}

function load(storage: StorageLike, key: string): QueueEntry | null {
  try {
    const raw = storage.getItem(key);
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<AnswerPayload>;
    if (typeof v.questionId !== 'string' || typeof v.clientId !== 'string' || !Array.isArray(v.answerIds))
      return null;
    return {
      questionId: v.questionId,
      answerIds: v.answerIds,
      clientId: v.clientId,
      state: 'queued',
      error: null,
    };
  } catch {
    return null;
  }
}

const defaultId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

export function createAnswerQueue(opts: AnswerQueueOptions): AnswerQueue {
  const { storage, key, send, newId = defaultId, onChange, retryMs } = opts;
  let entry: QueueEntry | null = load(storage, key);
  let inFlight: Promise<void> | null = null;
  let lastOpen: string | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const set = (next: QueueEntry | null) => {
    entry = next;
    const pending = next && (next.state === 'queued' || next.state === 'sending');
    try {
      if (pending) {
        const { questionId, answerIds, clientId } = next;
        storage.setItem(key, JSON.stringify({ questionId, answerIds, clientId }));
      } else storage.removeItem(key);
    } catch {
      // Private mode or a full storage: the answer still goes out, it just won't survive a reload.
    }
    onChange?.(next);
  };

  const sendOnce = async (e: QueueEntry) => {
    set({ ...e, state: 'sending', error: null });
    const { questionId, answerIds, clientId } = e;
    let ack: Awaited<ReturnType<SendAnswer>>;
    try {
      ack = await send({ questionId, answerIds, clientId });
    } catch {
      ack = { ok: false, message: 'GAME.OFFLINE' };
    }
    // The student may have moved on (another question) while the ack travelled.
    if (entry?.clientId !== clientId) return;
    if (ack.ok) set({ ...entry, state: 'received', error: null });
    else if (RETRY.has(ack.message)) {
      set({ ...entry, state: 'queued', error: ack.message });
      if (retryMs !== undefined && ack.message !== 'GAME.OFFLINE') {
        clearTimeout(retryTimer);
        retryTimer = setTimeout(() => void flush(lastOpen), retryMs);
      }
    } else if (CLOSED.has(ack.message)) set({ ...entry, state: 'late', error: ack.message });
    else set({ ...entry, state: 'failed', error: ack.message });
  };

  const flush = async (openQuestionId: string | null): Promise<void> => {
    lastOpen = openQuestionId;
    if (inFlight) return inFlight;
    const e = entry;
    if (!e) return;
    if (e.questionId !== openQuestionId) {
      // The question changed or closed: a pending answer is dropped, a settled one forgotten.
      if (e.state === 'queued' || e.state === 'sending')
        set({ ...e, state: 'late', error: 'GAME.QUESTION_CLOSED' });
      return;
    }
    if (e.state !== 'queued') return;
    inFlight = sendOnce(e).finally(() => {
      inFlight = null;
    });
    return inFlight;
  };

  return {
    current: () => entry,
    dispose: () => clearTimeout(retryTimer),
    async choose(questionId, answerIds, openQuestionId) {
      if (questionId !== openQuestionId || answerIds.length === 0) return;
      if (entry?.questionId === questionId && entry.state !== 'failed') return;
      if (inFlight) await inFlight;
      set({ questionId, answerIds: [...answerIds], clientId: newId(), state: 'queued', error: null });
      await flush(openQuestionId);
    },
    flush,
    confirm(myAnswer) {
      if (!myAnswer) return;
      if (entry?.questionId === myAnswer.questionId) {
        if (entry.state !== 'received')
          set({ ...entry, answerIds: myAnswer.answerIds, state: 'received', error: null });
      } else if (entry?.state !== 'sending') {
        set({
          questionId: myAnswer.questionId,
          answerIds: myAnswer.answerIds,
          clientId: '',
          state: 'received',
          error: null,
        });
      }
    },
  };
}
