// Socket.IO on the Fastify server: the handshake carries the access token; every command is parsed
// by its zod schema, checked against the sender's role and room, and acknowledged.
import { randomUUID } from 'node:crypto';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import {
  type Command,
  type CommandAck,
  type CommandPayload,
  commandSchemas,
  type InterServerEvents,
  type RoomPatch,
  type ServerToClientEvents,
  type SocketData,
} from '../../shared/game/contract.js';
import { type AnswerAckedMessage, answerAcked } from '../lib/live-metrics.js';
import { dedicatedConnection } from '../lib/redis.js';
import { isSessionRevoked } from '../modules/auth/sessions.js';
import { loadAccount } from '../modules/users/queries.js';
import { createAckQueue } from './ack-queue.js';
import { choicesPayload } from './answer-payload.js';
import { createBudgets, RATE_LIMITED } from './budgets.js';
import { type Caller, COMMANDS, roleOf } from './commands.js';
import { GameError } from './errors.js';
import { liveEvictor, trackSocket } from './evict.js';
import { studentClassIds } from './loaders.js';
import { redisStore } from './redis-store.js';
import { createGameService, type GameService } from './service.js';
import { memoryStore, type RoomStore } from './store.js';
import { startRoomTimers } from './timers.js';

/**
 * What arrives from a client, as the server must take it: any payload, maybe an ack. Each payload is
 * then parsed by its command's schema and each ack typed from the contract (`CommandAck`).
 */
type IncomingEvents = { [C in Command]: (payload: unknown, ack?: unknown) => void };
type Io = Server<IncomingEvents, ServerToClientEvents, InterServerEvents, SocketData>;
type GameSocket = Socket<IncomingEvents, ServerToClientEvents, InterServerEvents, SocketData>;
/** socket.io-parser's PacketType.EVENT: a patch is handed to the adapter already built (see `patch`). */
const EVENT_PACKET = 2;

export interface GameServer {
  io: Io;
  service: GameService;
  store: RoomStore;
  nodeId: string;
  close(): Promise<void>;
}

const BUDGET_SWEEP_MS = 60_000;

export function attachGame(
  app: FastifyInstance,
  opts: {
    redis: Redis | null;
    prefix?: string;
    questionSeconds?: number;
    presenceGraceMs?: number;
    idleDisposeMs?: number;
  },
): GameServer {
  const prefix = opts.prefix ?? 'cr:';
  const nodeId = randomUUID();
  const store = opts.redis ? redisStore(opts.redis, prefix) : memoryStore();
  const io: Io = new Server(app.server, {
    path: '/socket.io',
    serveClient: false,
    perMessageDeflate: false,
    // Long-polling is the fallback when a school proxy blocks WebSockets.
    transports: ['polling', 'websocket'],
    pingInterval: 10_000,
    pingTimeout: 8_000,
    maxHttpBufferSize: 64 * 1024,
    ...(opts.redis
      ? {
          adapter: createAdapter(dedicatedConnection(opts.redis), {
            streamName: `${prefix}socket.io`,
            onlyPlaintext: true,
          }),
        }
      : {}),
  });

  const service = createGameService({
    db: app.deps.db,
    store,
    questionSeconds: opts.questionSeconds,
    presenceGraceMs: opts.presenceGraceMs,
    idleDisposeMs: opts.idleDisposeMs,
    out: {
      // What io.to(room).emit('room:patch', p) does, answering when the adapter has sent it (the Redis
      // adapter first adds it to its stream): a burst's acknowledgements wait for the board's patch.
      patch: (roomId, audience, p) => {
        const packet: { type: number; data: ['room:patch', { seq: number; patch: RoomPatch }] } = {
          type: EVENT_PACKET,
          data: ['room:patch', p],
        };
        const adapter = io.of('/').adapter;
        const rooms = new Set([`room:${roomId}:${audience}`]);
        if (!opts.redis) return adapter.broadcast(packet, { rooms, except: new Set(), flags: {} });
        // The Redis adapter writes its stream before this node's sockets, a round trip (0.3–0.5 ms,
        // more under load) before a board connected here hears of an answer (issue 22): this node's
        // sockets have it at once, the other nodes' through the stream (this node's excepted: every
        // socket is in a room of its own id). The answer resolves once the stream has it, as before.
        const here = adapter.rooms.get(`room:${roomId}:${audience}`);
        adapter.broadcast(packet, { rooms, except: new Set(), flags: { local: true } });
        // Typed void by socket.io-adapter; the Redis adapter's answers once the stream has the patch.
        const sent: void | Promise<void> = adapter.broadcast(packet, {
          rooms,
          except: new Set(here ?? []),
          flags: {},
        });
        return sent;
      },
      phone: (studentId, s) => io.to(`student:${studentId}`).emit('phone:state', s),
      roomsChanged: (schoolclassId) => {
        void service
          .liveRoomsFor([schoolclassId])
          .then((rooms) => io.to(`class:${schoolclassId}`).emit('rooms:live', rooms));
      },
    },
  });

  // In a burst (more answers within a few milliseconds than a class has: BURST_ANSWERS), an answer's
  // acknowledgement leaves once the burst is read (a turn of the event loop counts no more answers,
  // ACK_HOLD_MAX_MS at most) and its board told: the board hears of a thousand answers before a
  // thousand acknowledgements (a system call each) are written, not after. With Redis the board's
  // patch takes round trips: the acknowledgements wait for it (ACK_PATCH_WAIT_MS at most). An
  // answer in a class's room, even 300 of them answering at once, is acknowledged at once, and the
  // other rooms keep their batching window. Acknowledged still means stored.
  const acks = createAckQueue((ids) => service.flushAnswered(ids));

  // Event budgets per socket and per user (server/game/budgets.ts).
  const budgets = createBudgets();
  const budgetSweeper = setInterval(() => budgets.sweep(), BUDGET_SWEEP_MS);
  budgetSweeper.unref();
  app.deps.evict = liveEvictor(io, service);

  io.use(async (socket, next) => {
    const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
    const claims = typeof token === 'string' ? app.deps.signer.verify(token) : null;
    if (!claims || (claims.role !== 'PROFESSOR' && claims.role !== 'STUDENT')) {
      return next(new Error('AUTH.UNAUTHORIZED'));
    }
    if (!budgets.admit(claims.sub)) return next(new Error(RATE_LIMITED));
    // As on REST: a token outlives a rejection or a deletion by up to 15 minutes; the account decides.
    const account = await loadAccount(app.deps.db, { id: claims.sub }).catch(() => null);
    if (account?.status !== 'ACTIVE' || account.role !== claims.role) {
      return next(new Error('AUTH.UNAUTHORIZED'));
    }
    // A logged-out or revoked session's token opens no socket; open ones are closed (evict.ts).
    if (await isSessionRevoked(app.deps.db, claims.sid).catch(() => true)) {
      return next(new Error('AUTH.UNAUTHORIZED'));
    }
    trackSocket(socket, claims);
    socket.data = {
      userId: claims.sub,
      role: claims.role,
      professorId: claims.professorId,
      studentId: claims.studentId,
      roomId: null,
    };
    next();
  });

  // The rooms' heartbeats, presence sweep and idle disposal on this node (timers.ts).
  const timers = startRoomTimers({
    store,
    rooms: service,
    nodeId,
    onError: (err) => app.log.warn({ err }, 'presence sweep failed'),
  });

  io.on('connection', (socket: GameSocket) => {
    const data = socket.data;

    // Every incoming event is counted before its handler runs: one over budget is answered at once,
    // and a socket that keeps flooding is closed.
    const guard = budgets.attach(data.userId, socket);
    socket.use(([event, ...args], next) => {
      const verdict = guard.check(String(event));
      if (verdict === 'ok') return next();
      const ack = args[args.length - 1];
      if (typeof ack === 'function') ack({ ok: false, message: RATE_LIMITED });
      if (verdict === 'disconnect' && socket.connected) {
        app.log.warn({ userId: data.userId, event: String(event) }, 'socket closed: over its event budget');
        socket.disconnect();
      }
    });

    /** The lesson this phone joined (room:join): a command sent into a later lesson asks it to join again. */
    let lesson: string | null = null;
    const who = (): { studentId: string } | 'board' =>
      data.role === 'STUDENT' ? { studentId: data.studentId as string } : 'board';
    const caller: Caller = {
      role: data.role,
      get lesson() {
        return lesson;
      },
      professor: () => ({ professorId: data.professorId as string }),
      student: () => ({ studentId: data.studentId as string }),
      room: () =>
        data.roomId ??
        (() => {
          throw new GameError('GAME.NO_ROOM');
        })(),
      async enter(id, audience) {
        if (data.roomId && data.roomId !== id) {
          await socket.leave(`room:${data.roomId}:board`);
          await socket.leave(`room:${data.roomId}:phones`);
          timers.drop(data.roomId, who());
        }
        if (data.roomId !== id) timers.connect(id, who());
        data.roomId = id;
        await socket.join(`room:${id}:${audience}`);
      },
      silence(id) {
        io.in(`room:${id}:board`).socketsLeave(`room:${id}:board`);
        io.in(`room:${id}:phones`).socketsLeave(`room:${id}:phones`);
      },
      joined(id, snapshot, joinedLesson) {
        lesson = joinedLesson;
        const studentId = data.studentId as string;
        // Once the ack is out: a patch that overtook it is followed by a fresh snapshot.
        setImmediate(() => {
          void service
            .newerThan(id, snapshot.seq, studentId)
            .then((fresh) => {
              if (fresh && data.roomId === id) socket.emit('room:snapshot', fresh.snapshot, fresh.phone);
            })
            .catch(() => {});
        });
      },
    };

    /** In a burst, an answer's acknowledgement waits for the board's "who answered" (ack-queue.ts). */
    const heldFor = (name: Command) =>
      name === 'answer:submit' && data.roomId !== null && service.answersHeld(data.roomId)
        ? data.roomId
        : null;

    /** One command: role, schema, its row of the command table, its acknowledgement. */
    async function run<C extends Command>(
      name: C,
      allowed: ReturnType<typeof roleOf>,
      payload: unknown,
      ack: unknown,
    ) {
      const arrived = name === 'answer:submit' && answerAcked.hasSubscribers ? performance.now() : 0;
      const toSocket = typeof ack === 'function' ? (ack as (a: CommandAck<C>) => void) : () => {};
      const send = arrived
        ? (a: CommandAck<C>) => {
            toSocket(a);
            answerAcked.publish({ ms: performance.now() - arrived, ok: a.ok } satisfies AnswerAckedMessage);
          }
        : toSocket;
      const reply = (a: CommandAck<C>) => {
        const held = heldFor(name);
        return held ? acks.defer(held, () => send(a)) : send(a);
      };
      if (allowed !== 'ANY' && data.role !== allowed)
        return reply({ ok: false, message: 'ERRORS.FORBIDDEN' });
      // A phone's choices are read without zod (answer-payload.ts); anything else by its schema.
      const quick = name === 'answer:submit' ? choicesPayload(payload) : null;
      const parsed = quick
        ? { success: true as const, data: quick }
        : commandSchemas[name].safeParse(payload ?? {});
      if (!parsed.success) return reply({ ok: false, message: 'ERRORS.INVALID_BODY' });
      try {
        const handler = COMMANDS[name];
        const result = await handler(service, parsed.data as CommandPayload<C>, caller);
        reply({ ok: true, ...(result ?? {}) } as CommandAck<C>);
      } catch (err) {
        if (err instanceof GameError) return reply({ ok: false, message: err.message });
        app.log.error({ err, command: name }, 'game command failed');
        reply({ ok: false, message: 'ERRORS.GENERIC' });
      }
    }
    for (const name of Object.keys(COMMANDS) as Command[]) {
      const allowed = roleOf(name);
      socket.on(name, (payload, ack) => void run(name, allowed, payload, ack));
    }

    socket.on('disconnect', () => {
      guard.detach();
      if (data.roomId) timers.drop(data.roomId, who());
    });

    // After the listeners: a command sent right after `connect` must find its handler.
    if (data.role === 'STUDENT' && data.studentId) {
      const studentId = data.studentId;
      socket.join(`student:${studentId}`);
      void studentClassIds(app.deps.db, studentId)
        .then((ids) => {
          for (const id of ids) socket.join(`class:${id}`);
        })
        .catch(() => {});
    }
  });

  // Open sockets would keep the HTTP server from closing. Their transports are closed without
  // Socket.IO's goodbye (which would stop a client's own reconnection): clients come back by
  // themselves, to another node (server/lib/drain.ts).
  app.addHook('preClose', async () => {
    for (const s of io.of('/').sockets.values()) s.conn.close(true);
  });

  return {
    io,
    service,
    store,
    nodeId,
    async close() {
      timers.stop();
      clearInterval(budgetSweeper);
      await new Promise<void>((resolve) => io.close(() => resolve()));
      // Answers revealed but not yet written reach the database before the server goes.
      await service.closeAnswers();
      await store.close();
      // The adapter's Redis connection is a duplicate of ours: it goes with the server.
      (io.of('/').adapter as { close?: () => void }).close?.();
    },
  };
}
