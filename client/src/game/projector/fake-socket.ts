// A stand-in for the Socket.IO client in tests: records commands, answers them with a handler,
// and lets a test push server events (patches, connect, disconnect).
import type { RoomSnapshot } from '../../../../shared/game/contract';
import type { GameSocket } from '../socket';

type Fn = (...args: unknown[]) => void;
export type Answer = (name: string, payload: unknown) => unknown;

export interface FakeSocket {
  socket: GameSocket;
  sent: { name: string; payload: unknown }[];
  /** Server → client event. */
  serverEmit(event: string, ...args: unknown[]): void;
  connect(): void;
  drop(reason?: string): void;
  /** How many times the client asked the socket to connect again. */
  connectCalls(): number;
  setAnswer(a: Answer): void;
}

export function fakeSocket(answer: Answer = () => ({ ok: true }), connected = true): FakeSocket {
  const handlers = new Map<string, Set<Fn>>();
  const sent: { name: string; payload: unknown }[] = [];
  let respond = answer;
  let connects = 0;
  const fire = (event: string, ...args: unknown[]) => {
    for (const fn of [...(handlers.get(event) ?? [])]) fn(...args);
  };
  const emitter = {
    emit(name: string, payload: unknown, cb: (err: Error | null, ack: unknown) => void) {
      sent.push({ name, payload });
      const reply = respond(name, payload);
      if (reply === undefined) return;
      Promise.resolve(reply).then((r) => cb(null, r));
    },
  };
  const socket = {
    connected,
    on(event: string, fn: Fn) {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)?.add(fn);
      return socket;
    },
    off(event: string, fn: Fn) {
      handlers.get(event)?.delete(fn);
      return socket;
    },
    timeout: () => emitter,
    disconnect() {
      socket.connected = false;
      return socket;
    },
    connect() {
      connects += 1;
      return socket;
    },
  };
  return {
    socket: socket as unknown as GameSocket,
    sent,
    serverEmit: fire,
    connect() {
      socket.connected = true;
      fire('connect');
    },
    drop(reason = 'transport close') {
      socket.connected = false;
      fire('disconnect', reason);
    },
    connectCalls: () => connects,
    setAnswer(a) {
      respond = a;
    },
  };
}

export const ids = {
  schoolclass: '11111111-1111-4111-8111-111111111111',
  subject: '22222222-2222-4222-8222-222222222222',
  raid: '33333333-3333-4333-8333-333333333333',
  q1: '44444444-4444-4444-8444-444444444444',
  a: ['a0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000002'],
  students: ['50000000-0000-4000-8000-000000000001', '50000000-0000-4000-8000-000000000002'],
};

export function makeSnapshot(over: Partial<RoomSnapshot> = {}): RoomSnapshot {
  return {
    id: `${ids.schoolclass}:${ids.subject}`,
    seq: 1,
    schoolclassId: ids.schoolclass,
    subjectId: ids.subject,
    className: '5e B',
    planet: 'nebula',
    paused: false,
    powerMode: true,
    roster: [
      {
        studentId: ids.students[0],
        firstName: 'Léa',
        lastInitial: 'M',
        avatarImage: '/assets/avatars/eleves/body/newafamafe.webp',
        level: 3,
        powerXp: 4,
        connected: true,
        powerActive: false,
      },
      {
        studentId: ids.students[1],
        firstName: 'Hugo',
        lastInitial: 'D',
        avatarImage: null,
        level: 1,
        powerXp: 0,
        connected: false,
        powerActive: false,
      },
    ],
    activity: null,
    ...over,
  };
}
