// One typed Socket.IO connection per page that needs the live room (loaded lazily: phones that do
// not play never download socket.io-client). The access token rides in the handshake; an expired
// one is refreshed once and the connection retried.
import { io, type Socket } from 'socket.io-client';
import type {
  Ack,
  ClientToServerEvents,
  Command,
  CommandPayload,
  ServerToClientEvents,
} from '../../../shared/game/contract';
import { refreshAccessToken } from '../api/http';
import { getStoredUser } from '../app/auth-store';

export type GameSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export function connectGame(): GameSocket {
  const socket: GameSocket = io({
    path: '/socket.io',
    transports: ['websocket', 'polling'],
    // A school proxy may refuse WebSockets: then long-polling takes over instead of retrying forever.
    tryAllTransports: true,
    auth: (cb) => cb({ token: getStoredUser()?.accessToken ?? '' }),
    reconnectionDelay: 500,
    reconnectionDelayMax: 4000,
  });
  socket.on('connect_error', async (err) => {
    if (err.message !== 'AUTH.UNAUTHORIZED') return;
    // The handshake reads the token again on the next attempt.
    if (await refreshAccessToken()) socket.connect();
  });
  return socket;
}

/** Sends a command and waits for its acknowledgement (or a timeout, as an error ack). */
export function command<C extends Command, R = Record<string, never>>(
  socket: GameSocket,
  name: C,
  payload: CommandPayload<C>,
  timeoutMs = 8000,
): Promise<Ack<R>> {
  return new Promise((resolve) => {
    // biome-ignore lint/suspicious/noExplicitAny: the event map is indexed by a generic name
    (socket.timeout(timeoutMs) as any).emit(name, payload, (err: Error | null, ack: Ack<R>) => {
      resolve(err ? { ok: false, message: 'GAME.TIMEOUT' } : ack);
    });
  });
}
