// Real socket.io clients against the test app, listening on a free port.
import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import type {
  Ack,
  ClientToServerEvents,
  RoomPatch,
  RoomSnapshot,
  ServerToClientEvents,
} from '../../../shared/game/contract.js';
import { bearer, signin } from './app.js';

export type Client = Socket<ServerToClientEvents, ClientToServerEvents> & {
  patches: { seq: number; patch: RoomPatch }[];
};

export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address() as { port: number };
  return `http://127.0.0.1:${addr.port}`;
}

export async function connect(
  url: string,
  token: string,
  transports: ('websocket' | 'polling')[] = ['websocket'],
) {
  const socket = io(url, { auth: { token }, transports, reconnection: false, forceNew: true }) as Client;
  socket.patches = [];
  socket.on('room:patch', (p) => socket.patches.push(p));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (e) => reject(e));
  });
  return socket;
}

export async function connectAs(app: FastifyInstance, url: string, who: { login: string; password: string }) {
  const user = await signin(app, who);
  return { user, socket: await connect(url, user.accessToken) };
}

/** Emits a command and resolves with its acknowledgement. */
export function send<R = Record<string, unknown>>(
  socket: Client,
  event: string,
  payload?: unknown,
): Promise<Ack<R>> {
  return new Promise((resolve) => {
    // biome-ignore lint/suspicious/noExplicitAny: tests also send events and payloads the contract forbids
    (socket as any)
      .timeout(5000)
      .emit(event, payload, (err: Error | null, ack: Ack<R>) =>
        resolve(err ? { ok: false, message: 'TIMEOUT' } : ack),
      );
  });
}

/** Waits until the socket has received a patch matching `pred`. */
export async function patchMatching(socket: Client, pred: (p: RoomPatch) => boolean, timeoutMs = 3000) {
  const start = Date.now();
  for (;;) {
    const found = socket.patches.find((p) => pred(p.patch));
    if (found) return found;
    if (Date.now() - start > timeoutMs) throw new Error('no matching patch');
    await new Promise((r) => setTimeout(r, 10));
  }
}

export type Snapshot = RoomSnapshot;

/**
 * The demo teacher's first class (its room key) and its raid "Les fractions", as the game's own
 * routes list them: what the live-game tests play.
 */
export async function demoLesson(app: FastifyInstance, prof: { id: string; accessToken: string }) {
  const me = (
    await app.inject({ method: 'GET', url: `/api/users/${prof.id}`, headers: bearer(prof.accessToken) })
  ).json();
  const cls = me.professor.schoolclasses[0];
  const key = { schoolclassId: cls.id as string, subjectId: cls.subjectId as string };
  const raids = (
    await app.inject({
      method: 'GET',
      url: `/api/game/raids?subjectId=${key.subjectId}`,
      headers: bearer(prof.accessToken),
    })
  ).json() as { raids: { id: string; title: string }[] }[];
  const raid = raids.flatMap((c) => c.raids).find((r) => r.title === 'Les fractions');
  if (!raid) throw new Error('the demo raid "Les fractions" is missing');
  return { key, raidId: raid.id };
}
