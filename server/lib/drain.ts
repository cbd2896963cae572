// A node asked to stop (SIGTERM: a rolling upgrade, a scale-down) drains before it closes:
// 1. readiness answers 503 (app.drain(), server/plugins/health.ts) and no new Socket.IO session is
//    accepted here: a handshake gets a 503, so the client retries, through the load balancer, on a
//    node that is ready;
// 2. after DRAIN_SECONDS (the load balancer's time to notice), every live socket of this node has its
//    transport closed without Socket.IO's goodbye: the client sees "transport close", which its
//    manager answers by reconnecting by itself (a "server disconnect" would leave a phone offline),
//    and the room lives in Redis, so it carries on from another node;
// 3. app.close() then answers the requests in hand, and the answers already received are stored
//    (the game's close) before the process ends. An answer whose ack the closed transport swallowed
//    is sent again by its phone with the same client id: counted once.
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

type AllowRequest = (req: IncomingMessage, fn: (err: string | null | undefined, ok: boolean) => void) => void;

/** Refuses every new Socket.IO session on this node from now on (existing ones go on). */
export function refuseNewSessions(app: FastifyInstance): void {
  const engine = app.game?.io.engine as unknown as
    | { opts: { allowRequest?: AllowRequest }; on(e: string, f: (...a: unknown[]) => void): void }
    | undefined;
  if (!engine) return;
  // engine.io reads allowRequest at each handshake (never for a request of an open session).
  engine.opts.allowRequest = (_req, fn) => fn('draining', false);
}

/**
 * Closes the transport of every socket on this node: clients reconnect by themselves, elsewhere.
 * Spread over `spreadMs` so that a node's thousand phones do not all land on the others in the same
 * millisecond. Resolves once every one is closed.
 */
export async function sendSocketsElsewhere(app: FastifyInstance, spreadMs = 1_000): Promise<number> {
  const io = app.game?.io;
  if (!io) return 0;
  const sockets = [...io.of('/').sockets.values()];
  if (!sockets.length) return 0;
  const batches = Math.max(1, Math.min(10, sockets.length));
  const per = Math.ceil(sockets.length / batches);
  for (let b = 0; b < batches; b++) {
    for (const s of sockets.slice(b * per, (b + 1) * per)) {
      // engine.io's close: the pending packets (acks in hand) are flushed first, then the transport
      // closes; the client was told nothing else, so it reconnects.
      s.conn.close();
    }
    if (b < batches - 1) await new Promise((r) => setTimeout(r, spreadMs / batches));
  }
  // A transport closes once its pending packets are written: wait for them (bounded), so that the
  // server's close does not say goodbye to a socket still here (a goodbye stops the client's retries).
  for (let t = 0; t < 40 && io.of('/').sockets.size > 0; t++) await new Promise((r) => setTimeout(r, 50));
  return sockets.length;
}

/** The whole sequence of a node asked to stop (server/main.ts). */
export async function drainNode(app: FastifyInstance, drainSeconds: number): Promise<void> {
  app.drain();
  refuseNewSessions(app);
  if (drainSeconds > 0) await new Promise((r) => setTimeout(r, drainSeconds * 1000));
  const sent = await sendSocketsElsewhere(app);
  if (sent) app.log.info({ sockets: sent }, 'draining: sockets sent to reconnect elsewhere');
}
