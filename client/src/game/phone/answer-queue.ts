// The phone's answer queue. A chosen answer gets a client id at once and is kept in sessionStorage
// until the server acknowledges it, so a phone that sleeps, drops Wi-Fi or reloads sends it again
// when it comes back; the server counts a client id once, so a re-send is harmless. One answer at a
// time (there is one open question), never two sends of it in flight.
import type { Ack, CommandPayload } from '../../../../shared/game/contract';

/**
 * What the pupil gave, as the question's kind asks (issue 23): the choices ticked, an order's items
 * in the pupil's order, or what was typed (a number or a word). Never a verdict.
 */
export type AnswerResponse = { answerIds: string[] } | { order: string[] } | { value: string };

/** `answer:submit` as the contract types it: exactly one of answerIds, order, value. */
export type AnswerPayload = CommandPayload<'answer:submit'>;

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
  /**
   * The student chose (choices as a list of ids, or any kind's response); ignored when this question
   * already has a live answer. Sends at once.
   */
  choose(
    questionId: string,
    response: string[] | AnswerResponse,
    openQuestionId: string | null,
  ): Promise<void>;
  /**
   * Sends the pending answer if its question is still the open one (`openQuestionId`), drops it
   * when the question changed or closed. Called on reconnect, visibilitychange and online.
   */
  flush(openQuestionId: string | null): Promise<void>;
  /** The server says it has this answer already (PhoneState.myAnswer): no need to send it. */
  confirm(myAnswer: { questionId: string; answerIds: string[]; value?: string | null } | null): void;
  /** Stops the retry timer (the page is leaving). */
  dispose(): void;
}

const isIds = (x: unknown): x is string[] => Array.isArray(x) && x.every((i) => typeof i === 'string');

/** The response part of a payload (exactly one field), or null when it holds none. */
export function responseOf(p: Partial<AnswerPayload>): AnswerResponse | null {
  if (typeof p.value === 'string') return { value: p.value };
  if (isIds(p.order)) return { order: p.order };
  if (isIds(p.answerIds)) return { answerIds: p.answerIds };
  return null;
}

/** The ids an answer names: the choices ticked or the order given (none for a typed answer). */
export const idsOf = (p: { answerIds?: string[]; order?: string[] } | null | undefined): string[] =>
  p?.order ?? p?.answerIds ?? [];

function load(storage: StorageLike, key: string): QueueEntry | null {
  try {
    const raw = storage.getItem(key);
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<AnswerPayload>;
    const response = responseOf(v);
    if (typeof v.questionId !== 'string' || typeof v.clientId !== 'string' || !response) return null;
    return { questionId: v.questionId, clientId: v.clientId, ...response, state: 'queued', error: null };
  } catch {
    return null;
  }
}

/** The payload of an entry, without its state: what goes on the wire and into storage. */
function payloadOf(e: QueueEntry): AnswerPayload {
  return { questionId: e.questionId, clientId: e.clientId, ...(responseOf(e) ?? { answerIds: [] }) };
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
      if (pending) storage.setItem(key, JSON.stringify(payloadOf(next)));
      else storage.removeItem(key);
    } catch {
      // Private mode or a full storage: the answer still goes out, it just won't survive a reload.
    }
    onChange?.(next);
  };

  const sendOnce = async (e: QueueEntry) => {
    set({ ...e, state: 'sending', error: null });
    const { clientId } = e;
    let ack: Awaited<ReturnType<SendAnswer>>;
    try {
      ack = await send(payloadOf(e));
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
    async choose(questionId, given, openQuestionId) {
      const response: AnswerResponse = Array.isArray(given) ? { answerIds: [...given] } : given;
      const empty = 'value' in response ? response.value.trim() === '' : idsOf(response).length === 0;
      if (questionId !== openQuestionId || empty) return;
      if (entry?.questionId === questionId && entry.state !== 'failed') return;
      if (inFlight) await inFlight;
      set({ questionId, ...response, clientId: newId(), state: 'queued', error: null });
      await flush(openQuestionId);
    },
    flush,
    confirm(myAnswer) {
      if (!myAnswer) return;
      // The server's copy of the answer: what was typed, or the ids (choices, or an order's items in
      // the pupil's order; kept as an order when the local entry was one).
      const server = (wasOrder: boolean): AnswerResponse =>
        myAnswer.value != null
          ? { value: myAnswer.value }
          : wasOrder
            ? { order: myAnswer.answerIds }
            : { answerIds: myAnswer.answerIds };
      if (entry?.questionId === myAnswer.questionId) {
        if (entry.state !== 'received')
          set({
            questionId: entry.questionId,
            clientId: entry.clientId,
            ...server(entry.order !== undefined),
            state: 'received',
            error: null,
          });
      } else if (entry?.state !== 'sending') {
        set({
          questionId: myAnswer.questionId,
          ...server(false),
          clientId: '',
          state: 'received',
          error: null,
        });
      }
    },
  };
}
