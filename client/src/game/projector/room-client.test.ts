import { describe, expect, it, vi } from 'vitest';
import { fakeSocket, ids, makeSnapshot } from './fake-socket';
import { RECONNECT_AFTER_SERVER_CLOSE_MS, RoomClient } from './room-client';

const key = { schoolclassId: ids.schoolclass, subjectId: ids.subject };
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('RoomClient', () => {
  it('opens the room with room:open and keeps the snapshot of the ack', async () => {
    const f = fakeSocket((name) =>
      name === 'room:open' ? { ok: true, snapshot: makeSnapshot() } : undefined,
    );
    const client = new RoomClient(f.socket, key);
    await flush();
    expect(f.sent[0]).toEqual({ name: 'room:open', payload: key });
    expect(client.getState().status).toBe('open');
    expect(client.getState().snapshot?.className).toBe('5e B');
  });

  it('offers the raid settings of room:open, then those the last raid started with', async () => {
    const last = {
      questionSeconds: 45,
      endWhenAllAnswered: true,
      askEveryQuestion: false,
      scoring: 'speed' as const,
    };
    const f = fakeSocket((name) =>
      name === 'room:open' ? { ok: true, snapshot: makeSnapshot(), settings: last } : { ok: true },
    );
    const client = new RoomClient(f.socket, key);
    await flush();
    expect(client.getState().settings).toEqual(last);
    const chosen = { ...last, questionSeconds: null, endWhenAllAnswered: false };
    await client.send('raid:start', { raidId: ids.raid, settings: chosen });
    expect(client.getState().settings).toEqual(chosen);
  });

  it('applies patches in order and asks for room:sync on a gap', async () => {
    const f = fakeSocket((name) =>
      name === 'room:open'
        ? { ok: true, snapshot: makeSnapshot() }
        : name === 'room:sync'
          ? { ok: true, snapshot: makeSnapshot({ seq: 9, paused: true }) }
          : undefined,
    );
    const client = new RoomClient(f.socket, key);
    await flush();
    f.serverEmit('room:patch', {
      seq: 2,
      patch: { type: 'presence', studentId: ids.students[1], connected: true },
    });
    expect(client.getState().snapshot?.roster[1].connected).toBe(true);
    expect(client.getState().snapshot?.seq).toBe(2);
    // seq 4 after 2: one patch was lost.
    f.serverEmit('room:patch', { seq: 4, patch: { type: 'paused', paused: true } });
    await flush();
    expect(f.sent.map((s) => s.name)).toContain('room:sync');
    expect(client.getState().snapshot?.seq).toBe(9);
    expect(client.getState().snapshot?.paused).toBe(true);
  });

  it('ignores a patch it already has', async () => {
    const f = fakeSocket(() => ({ ok: true, snapshot: makeSnapshot({ seq: 5 }) }));
    const client = new RoomClient(f.socket, key);
    await flush();
    const before = client.getState();
    f.serverEmit('room:patch', { seq: 5, patch: { type: 'paused', paused: true } });
    expect(client.getState()).toBe(before);
  });

  it('after a reconnection asks for a snapshot, and opens again when the server forgot the socket', async () => {
    let syncAnswer: unknown = { ok: false, message: 'GAME.NO_ROOM' };
    const open = vi.fn(() => ({ ok: true, snapshot: makeSnapshot({ seq: 20 }) }));
    const f = fakeSocket((name) =>
      name === 'room:open' ? open() : name === 'room:sync' ? syncAnswer : undefined,
    );
    const client = new RoomClient(f.socket, key);
    await flush();
    f.drop();
    expect(client.getState().status).toBe('reconnecting');
    f.connect();
    await flush();
    await flush();
    expect(f.sent.map((s) => s.name)).toEqual(['room:open', 'room:sync', 'room:open']);
    expect(client.getState().status).toBe('open');
    syncAnswer = { ok: true, snapshot: makeSnapshot({ seq: 30 }) };
    f.drop();
    f.connect();
    await flush();
    expect(client.getState().snapshot?.seq).toBe(30);
    expect(open).toHaveBeenCalledTimes(2);
  });

  it('does not spend more commands on a sync refused for going over the event budget', async () => {
    const f = fakeSocket((name) =>
      name === 'room:open'
        ? { ok: true, snapshot: makeSnapshot() }
        : name === 'room:sync'
          ? { ok: false, message: 'GAME.RATE_LIMITED' }
          : undefined,
    );
    const client = new RoomClient(f.socket, key);
    await flush();
    f.serverEmit('room:patch', { seq: 4, patch: { type: 'paused', paused: true } });
    await flush();
    await flush();
    expect(f.sent.map((s) => s.name)).toEqual(['room:open', 'room:sync']);
    expect(client.getState().status).toBe('open');
  });

  it('connects again when the server itself closed the connection (a restart)', async () => {
    vi.useFakeTimers();
    const f = fakeSocket(() => ({ ok: true, snapshot: makeSnapshot() }));
    new RoomClient(f.socket, key);
    await vi.advanceTimersByTimeAsync(0);
    f.drop('transport close');
    await vi.advanceTimersByTimeAsync(5000);
    // Socket.IO reconnects by itself after a network drop…
    expect(f.connectCalls()).toBe(0);
    f.drop('io server disconnect');
    await vi.advanceTimersByTimeAsync(RECONNECT_AFTER_SERVER_CLOSE_MS);
    // …but not after the server closed the socket.
    expect(f.connectCalls()).toBe(1);
    vi.useRealTimers();
  });

  it('keeps patches that arrive while the snapshot is on its way', async () => {
    let resolve: (v: unknown) => void = () => {};
    const f = fakeSocket((name) => (name === 'room:open' ? new Promise((r) => (resolve = r)) : undefined));
    const client = new RoomClient(f.socket, key);
    f.serverEmit('room:patch', { seq: 2, patch: { type: 'paused', paused: true } });
    resolve({ ok: true, snapshot: makeSnapshot({ seq: 1 }) });
    await flush();
    expect(client.getState().snapshot?.paused).toBe(true);
    expect(client.getState().snapshot?.seq).toBe(2);
  });

  it('reports a refused opening as an error key', async () => {
    const f = fakeSocket(() => ({ ok: false, message: 'ERRORS.FORBIDDEN' }));
    const client = new RoomClient(f.socket, key);
    await flush();
    expect(client.getState()).toMatchObject({ status: 'error', error: 'ERRORS.FORBIDDEN' });
  });

  it('waits for the connection before opening', async () => {
    const f = fakeSocket(() => ({ ok: true, snapshot: makeSnapshot() }), false);
    const client = new RoomClient(f.socket, key);
    expect(f.sent).toHaveLength(0);
    f.connect();
    await flush();
    expect(client.getState().status).toBe('open');
  });
});
