import { describe, expect, it, vi } from 'vitest';
import { type AnswerPayload, createAnswerQueue, type QueueEntry, type StorageLike } from './answer-queue';

const Q1 = '11111111-1111-4111-8111-111111111111';
const Q2 = '22222222-2222-4222-8222-222222222222';
const A = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';

function memoryStorage(): StorageLike & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

/** A server that counts each client id once, and can be offline or slow. */
function fakeServer() {
  const counted = new Map<string, AnswerPayload>();
  const s = {
    counted,
    sends: 0,
    concurrent: 0,
    maxConcurrent: 0,
    offline: false,
    open: Q1 as string | null,
    release: null as null | (() => void),
    hold: false,
    async send(a: AnswerPayload) {
      s.sends++;
      s.concurrent++;
      s.maxConcurrent = Math.max(s.maxConcurrent, s.concurrent);
      try {
        if (s.hold) await new Promise<void>((r) => (s.release = r));
        if (s.offline) return { ok: false as const, message: 'GAME.TIMEOUT' };
        if (a.questionId !== s.open) return { ok: false as const, message: 'GAME.QUESTION_CLOSED' };
        if (counted.has(a.clientId)) return { ok: true as const, status: 'duplicate' as const };
        counted.set(a.clientId, a);
        return { ok: true as const, status: 'counted' as const };
      } finally {
        s.concurrent--;
      }
    },
  };
  return s;
}

function setup(storage = memoryStorage(), server = fakeServer()) {
  const states: (QueueEntry | null)[] = [];
  let n = 0;
  const q = createAnswerQueue({
    storage,
    key: 'answer:room:st1',
    send: server.send,
    newId: () => `client-id-${++n}`,
    onChange: (e) => states.push(e),
  });
  return { q, storage, server, states };
}

describe('answer queue', () => {
  it('sends a chosen answer at once and shows sending, then received', async () => {
    const { q, server, states, storage } = setup();
    await q.choose(Q1, [A], Q1);
    expect(states.map((s) => s?.state)).toEqual(['queued', 'sending', 'received']);
    expect(server.counted.size).toBe(1);
    expect(storage.data.size).toBe(0);
  });

  it('keeps an answer made offline in storage and sends it when the phone comes back, counted once', async () => {
    const { q, server, storage } = setup();
    server.offline = true;
    await q.choose(Q1, [A], Q1);
    expect(q.current()?.state).toBe('queued');
    expect(storage.data.get('answer:room:st1')).toContain('client-id-1');

    server.offline = false;
    await q.flush(Q1);
    expect(q.current()?.state).toBe('received');
    // The ack was lost once more: a re-send of the same id is acknowledged as a duplicate.
    await q.flush(Q1);
    expect(server.counted.size).toBe(1);
    expect(q.current()?.clientId).toBe('client-id-1');
  });

  it('re-sends with the same client id after a lost ack, and the server counts it once', async () => {
    const server = fakeServer();
    const storage = memoryStorage();
    let lose = true;
    const q = createAnswerQueue({
      storage,
      key: 'k',
      newId: () => 'same-client-id',
      send: async (a) => {
        const ack = await server.send(a);
        // The server counted it, but the ack never reached the phone (Wi-Fi dropped).
        if (lose) return { ok: false, message: 'GAME.TIMEOUT' };
        return ack;
      },
    });
    await q.choose(Q1, [A], Q1);
    expect(q.current()?.state).toBe('queued');
    lose = false;
    await q.flush(Q1);
    expect(q.current()?.state).toBe('received');
    expect(server.sends).toBe(2);
    expect(server.counted.size).toBe(1);
  });

  it('survives a reload: a new queue on the same storage re-sends the stored answer', async () => {
    const storage = memoryStorage();
    const server = fakeServer();
    server.offline = true;
    await setup(storage, server).q.choose(Q1, [A], Q1);
    server.offline = false;
    const after = setup(storage, server);
    expect(after.q.current()).toMatchObject({ questionId: Q1, clientId: 'client-id-1', state: 'queued' });
    await after.q.flush(Q1);
    expect(after.q.current()?.state).toBe('received');
    expect([...server.counted.keys()]).toEqual(['client-id-1']);
  });

  it('drops a pending answer when the question changed, without sending it', async () => {
    const { q, server, storage } = setup();
    server.offline = true;
    await q.choose(Q1, [A], Q1);
    const sends = server.sends;
    server.offline = false;
    await q.flush(Q2);
    expect(q.current()?.state).toBe('late');
    expect(server.sends).toBe(sends);
    expect(storage.data.size).toBe(0);
  });

  it('drops the answer when the ack says the question is closed', async () => {
    const { q, server, storage } = setup();
    server.open = null;
    await q.choose(Q1, [A], Q1);
    expect(q.current()).toMatchObject({ state: 'late', error: 'GAME.QUESTION_CLOSED' });
    expect(storage.data.size).toBe(0);
  });

  it('never sends twice concurrently, whatever fires at the same time', async () => {
    const { q, server } = setup();
    server.hold = true;
    const first = q.choose(Q1, [A], Q1);
    await Promise.resolve();
    // reconnect, visibilitychange and online all fire while the first send is in flight
    const others = [q.flush(Q1), q.flush(Q1), q.flush(Q1)];
    server.release?.();
    await Promise.all([first, ...others]);
    expect(server.sends).toBe(1);
    expect(server.maxConcurrent).toBe(1);
    expect(q.current()?.state).toBe('received');
  });

  it('locks the answer once chosen: a second tap on another answer is ignored', async () => {
    const { q, server } = setup();
    await q.choose(Q1, [A], Q1);
    await q.choose(Q1, ['bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb'], Q1);
    expect(server.sends).toBe(1);
    expect(q.current()?.answerIds).toEqual([A]);
  });

  it('lets the student choose again after another refusal', async () => {
    const storage = memoryStorage();
    let first = true;
    const q = createAnswerQueue({
      storage,
      key: 'k',
      send: async () => {
        if (first) {
          first = false;
          return { ok: false, message: 'GAME.UNKNOWN_ANSWER' };
        }
        return { ok: true, status: 'counted' };
      },
    });
    await q.choose(Q1, [A], Q1);
    expect(q.current()).toMatchObject({ state: 'failed', error: 'GAME.UNKNOWN_ANSWER' });
    await q.choose(Q1, [A], Q1);
    expect(q.current()?.state).toBe('received');
  });

  it("takes the server's word: an answer the phone state already has is received, not re-sent", async () => {
    const { q, server, storage } = setup();
    server.offline = true;
    await q.choose(Q1, [A], Q1);
    const sends = server.sends;
    q.confirm({ questionId: Q1, answerIds: [A] });
    await q.flush(Q1);
    expect(q.current()?.state).toBe('received');
    expect(server.sends).toBe(sends);
    expect(storage.data.size).toBe(0);
  });

  it('ignores a corrupt stored entry', () => {
    const storage = memoryStorage();
    storage.setItem('answer:room:st1', '{not json');
    expect(setup(storage).q.current()).toBeNull();
  });
});

describe('answer queue retry timer', () => {
  it('tries again by itself after an ack timed out on a live connection', async () => {
    vi.useFakeTimers();
    try {
      const server = fakeServer();
      let slow = true;
      const q = createAnswerQueue({
        storage: memoryStorage(),
        key: 'k',
        retryMs: 2000,
        send: async (a) => (slow ? { ok: false, message: 'GAME.TIMEOUT' } : server.send(a)),
      });
      await q.choose(Q1, [A], Q1);
      expect(q.current()?.state).toBe('queued');
      slow = false;
      await vi.advanceTimersByTimeAsync(2000);
      expect(q.current()?.state).toBe('received');
      q.dispose();
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps an answer refused for going over the event budget and sends it again, counted once', async () => {
    vi.useFakeTimers();
    try {
      const server = fakeServer();
      let limited = true;
      const q = createAnswerQueue({
        storage: memoryStorage(),
        key: 'k',
        retryMs: 2000,
        send: async (a) => (limited ? { ok: false, message: 'GAME.RATE_LIMITED' } : server.send(a)),
      });
      await q.choose(Q1, [A], Q1);
      expect(q.current()?.state).toBe('queued');
      limited = false;
      await vi.advanceTimersByTimeAsync(2000);
      expect(q.current()?.state).toBe('received');
      expect(server.counted.size).toBe(1);
      q.dispose();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('answer queue: every kind of answer (issue 23)', () => {
  const B = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
  const C = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';

  it('sends an order and a typed value with their own field, never as answerIds', async () => {
    const { q, server } = setup();
    await q.choose(Q1, { order: [C, A, B] }, Q1);
    expect([...server.counted.values()][0]).toEqual({
      questionId: Q1,
      clientId: 'client-id-1',
      order: [C, A, B],
    });
    const other = setup();
    await other.q.choose(Q1, { value: '3,14' }, Q1);
    expect([...other.server.counted.values()][0]).toEqual({
      questionId: Q1,
      clientId: 'client-id-1',
      value: '3,14',
    });
  });

  it('keeps a typed answer made offline through a reload and sends it as typed', async () => {
    const storage = memoryStorage();
    const server = fakeServer();
    server.offline = true;
    await setup(storage, server).q.choose(Q1, { value: ' Ajaccio' }, Q1);
    server.offline = false;
    const again = setup(storage, server);
    expect(again.q.current()).toMatchObject({ value: ' Ajaccio', state: 'queued' });
    await again.q.flush(Q1);
    expect(again.q.current()?.state).toBe('received');
    expect([...server.counted.values()][0]).toMatchObject({ value: ' Ajaccio' });
  });

  it('sends nothing for an empty typed answer', async () => {
    const { q, server } = setup();
    await q.choose(Q1, { value: '   ' }, Q1);
    expect(server.sends).toBe(0);
    expect(q.current()).toBeNull();
  });

  it('takes the server’s copy of a typed answer after a reload', () => {
    const { q } = setup();
    q.confirm({ questionId: Q1, answerIds: [], value: '12,5' });
    expect(q.current()).toMatchObject({ questionId: Q1, value: '12,5', state: 'received' });
  });
});
