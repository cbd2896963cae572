// A stand-in for the phone's Socket.IO connection in tests: the test plays the server, answering
// commands (acks) and pushing events, and can drop and restore the connection.
import type { GameSocket } from '../socket';

type Listener = (...args: unknown[]) => void;
export type ServerHandler = (payload: unknown) => unknown | Promise<unknown>;

export interface Sent {
  name: string;
  payload: unknown;
}

export class FakeSocket {
  connected = false;
  recovered = false;
  sent: Sent[] = [];
  /** Commands the fake server answers; a missing one never acks (the client times out). */
  handlers: Record<string, ServerHandler> = {};
  private listeners = new Map<string, Set<Listener>>();
  /** Acks still awaited: a drop fails them at once, as socket.io does for acks with a timeout. */
  private pending = new Set<(err: Error | null, ack?: unknown) => void>();
  io = { engine: { close: () => this.drop() } };

  on(event: string, fn: Listener) {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(fn);
    return this;
  }
  off(event: string, fn: Listener) {
    this.listeners.get(event)?.delete(fn);
    return this;
  }
  removeAllListeners() {
    this.listeners.clear();
    return this;
  }
  timeout(_ms: number) {
    return {
      emit: (name: string, payload: unknown, cb: (err: Error | null, ack?: unknown) => void) => {
        this.sent.push({ name, payload });
        const h = this.handlers[name];
        if (!this.connected) return; // would be buffered; the client never relies on it
        this.pending.add(cb);
        if (h)
          void Promise.resolve(h(payload)).then((ack) => {
            if (this.pending.delete(cb)) cb(null, ack);
          });
      },
    };
  }
  connect() {
    if (!this.connected) {
      this.connected = true;
      this.fire('connect');
    }
    return this;
  }
  disconnect() {
    this.connected = false;
    return this;
  }
  /** The network drops: the client sees `disconnect`. */
  drop() {
    if (!this.connected) return;
    this.connected = false;
    this.fire('disconnect', 'transport close');
    const waiting = [...this.pending];
    this.pending.clear();
    for (const cb of waiting) cb(new Error('socket has been disconnected'));
  }
  /** The server pushes an event. */
  fire(event: string, ...args: unknown[]) {
    for (const fn of [...(this.listeners.get(event) ?? [])]) fn(...args);
  }
  sentNamed(name: string) {
    return this.sent.filter((s) => s.name === name);
  }
  asSocket() {
    return this as unknown as GameSocket;
  }
}
