// Socket.IO on the Fastify server: the handshake carries the access token; every command is parsed
// by its zod schema, checked against the sender's role and room, and acknowledged.
import { randomUUID } from 'node:crypto';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import {
  type Ack,
  type ClientToServerEvents,
  type Command,
  type CommandPayload,
  commandSchemas,
  type InterServerEvents,
  type ServerToClientEvents,
  type SocketData,
  studentCommands,
  teacherCommands,
} from '../../shared/game/contract.js';
import { type AnswerAckedMessage, answerAcked } from '../lib/live-metrics.js';
import { dedicatedConnection } from '../lib/redis.js';
import { isSessionRevoked } from '../modules/auth/sessions.js';
import { loadAccount } from '../modules/users/queries.js';
import { createAckQueue } from './ack-queue.js';
import { createBudgets, RATE_LIMITED } from './budgets.js';
import { liveEvictor, trackSocket } from './evict.js';
import { studentClassIds } from './loaders.js';
import { redisStore } from './redis-store.js';
import { createGameService, GameError, type GameService } from './service.js';
import { memoryStore, type RoomStore } from './store.js';

type Io = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
/** The adapter's broadcast: void in memory, a promise with the Redis adapter. */
type PatchAdapter = { broadcast(packet: unknown, opts: unknown): void | Promise<void> };
type GameSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

export interface GameServer {
  io: Io;
  service: GameService;
  store: RoomStore;
  nodeId: string;
  close(): Promise<void>;
}

const HEARTBEAT_MS = 5_000;
const SWEEP_MS = 2_000;
const LEASE_MS = 6_000;
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
      patch: (roomId, audience, p) =>
        (io.of('/').adapter as unknown as PatchAdapter).broadcast(
          { type: 2 /* socket.io-parser's PacketType.EVENT */, data: ['room:patch', p] },
          { rooms: new Set([`room:${roomId}:${audience}`]), except: new Set(), flags: {} },
        ),
      phone: (studentId, s) => io.to(`student:${studentId}`).emit('phone:state', s),
      roomsChanged: (schoolclassId) => {
        void service
          .liveRoomsFor([schoolclassId])
          .then((rooms) => io.to(`class:${schoolclassId}`).emit('rooms:live', rooms));
      },
    },
  });

  // In a burst (more answers within a few milliseconds than a class has: BURST_ANSWERS), an answer's
  // acknowledgement leaves once the answers read in the same turn of the event loop are counted and
  // their board told: the board hears of a thousand answers before a thousand acknowledgements (a
  // system call each) are written, not after. With Redis the board's patch takes round trips: the
  // acknowledgements wait for it one more turn of the loop at most. An answer in a class's room, even
  // 300 of them answering at once, is acknowledged at once, and the other rooms keep their batching
  // window. Acknowledged still means stored.
  const acks = createAckQueue((ids) => service.flushAnswered(ids));

  // Event budgets per socket and per user (server/game/budgets.ts).
  const budgets = createBudgets();
  const budgetSweeper = setInterval(() => budgets.sweep(), BUDGET_SWEEP_MS);
  budgetSweeper.unref();
  app.deps.evict = liveEvictor(io as unknown as Server, service);

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

  /** Students connected to this node, by room: their presence is refreshed while they stay. */
  const local = new Map<string, Map<string, number>>();
  const addLocal = (roomId: string, studentId: string) => {
    let m = local.get(roomId);
    if (!m) {
      m = new Map();
      local.set(roomId, m);
    }
    m.set(studentId, (m.get(studentId) ?? 0) + 1);
  };
  /** Boards connected to this node, by room: they keep their room from being disposed. */
  const boards = new Map<string, number>();
  const countBoard = (roomId: string, delta: number) => {
    const n = (boards.get(roomId) ?? 0) + delta;
    if (n > 0) boards.set(roomId, n);
    else boards.delete(roomId);
  };
  const dropLocal = (roomId: string, studentId: string) => {
    const m = local.get(roomId);
    const n = (m?.get(studentId) ?? 0) - 1;
    if (!m) return;
    if (n > 0) m.set(studentId, n);
    else m.delete(studentId);
  };

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

    const on = <C extends Command, R>(
      name: C,
      handler: (payload: CommandPayload<C>) => Promise<R>,
      opts: { deferAck?: () => string | null } = {},
    ) => {
      const allowed =
        name in teacherCommands ? 'PROFESSOR' : name in studentCommands ? 'STUDENT' : ('ANY' as const);
      // biome-ignore lint/suspicious/noExplicitAny: one generic listener for every event of the map
      (socket as any).on(name, async (payload: unknown, ack: unknown) => {
        const arrived = name === 'answer:submit' && answerAcked.hasSubscribers ? performance.now() : 0;
        const toSocket = typeof ack === 'function' ? (ack as (a: Ack<R>) => void) : () => {};
        const send = arrived
          ? (a: Ack<R>) => {
              toSocket(a);
              answerAcked.publish({ ms: performance.now() - arrived, ok: a.ok } satisfies AnswerAckedMessage);
            }
          : toSocket;
        const reply = (a: Ack<R>) => {
          const held = opts.deferAck?.();
          return held ? acks.defer(held, () => send(a)) : send(a);
        };
        if (allowed !== 'ANY' && data.role !== allowed)
          return reply({ ok: false, message: 'ERRORS.FORBIDDEN' });
        const parsed = commandSchemas[name].safeParse(payload ?? {});
        if (!parsed.success) return reply({ ok: false, message: 'ERRORS.INVALID_BODY' });
        try {
          const result = await handler(parsed.data as CommandPayload<C>);
          reply({ ok: true, ...(result ?? {}) } as Ack<R>);
        } catch (err) {
          if (err instanceof GameError) return reply({ ok: false, message: err.message });
          app.log.error({ err, command: name }, 'game command failed');
          reply({ ok: false, message: 'ERRORS.GENERIC' });
        }
      });
    };
    const teacher = () => ({ professorId: data.professorId as string });
    const student = () => ({ studentId: data.studentId as string });
    /** The lesson this phone joined (room:join): a command sent into a later lesson asks it to join again. */
    let lesson: string | null = null;
    const room = () =>
      data.roomId ??
      (() => {
        throw new GameError('GAME.NO_ROOM');
      })();

    const enter = async (id: string, audience: 'board' | 'phones') => {
      if (data.roomId && data.roomId !== id) {
        await socket.leave(`room:${data.roomId}:board`);
        await socket.leave(`room:${data.roomId}:phones`);
        if (data.role === 'STUDENT') dropLocal(data.roomId, data.studentId as string);
        else countBoard(data.roomId, -1);
      }
      if (data.roomId !== id && data.role === 'STUDENT') addLocal(id, data.studentId as string);
      if (data.roomId !== id && data.role === 'PROFESSOR') countBoard(id, 1);
      data.roomId = id;
      await socket.join(`room:${id}:${audience}`);
    };

    on('room:open', async (key) => {
      const opened = await service.open(teacher(), key);
      await enter(opened.snapshot.id, 'board');
      return opened;
    });
    on('room:pause', () => service.setPaused(teacher(), room(), true));
    on('room:resume', () => service.setPaused(teacher(), room(), false));
    on('room:close', async () => {
      const id = room();
      await service.close(teacher(), id);
      // Nobody hears from the lesson any more.
      io.in(`room:${id}:board`).socketsLeave(`room:${id}:board`);
      io.in(`room:${id}:phones`).socketsLeave(`room:${id}:phones`);
    });
    on('raid:start', (p) => service.startRaid(teacher(), room(), p.raidId, p.settings));
    on('raid:begin', () => service.begin(teacher(), room()));
    on('raid:reveal', () => service.reveal(teacher(), room()));
    on('raid:next', () => service.next(teacher(), room()));
    on('raid:end', () => service.next(teacher(), room(), true));
    on('summon:draw', () => service.summonDraw(teacher(), room()));
    on('summon:mark', (p) => service.summonMark(teacher(), room(), p.studentId, p.right));
    on('summon:reset', () => service.summonReset(teacher(), room()));
    on('pick:draw', (p) => service.pickDraw(teacher(), room(), p.mode, p.teamSize));
    on('codex:next', (p) => service.codexNext(teacher(), room(), p.showAuthor));
    on('activity:close', () => service.closeActivity(teacher(), room()));
    on('room:join', async (key) => {
      // In the room's audience before the snapshot: no patch falls between the two.
      const joined = await service.join(student(), key, (id) => enter(id, 'phones'));
      // Once the ack is out: a patch that overtook it is followed by a fresh snapshot.
      lesson = joined.lesson;
      const studentId = data.studentId as string;
      setImmediate(() => {
        void service
          .newerThan(joined.id, joined.snapshot.seq, studentId)
          .then((fresh) => {
            if (fresh && data.roomId === joined.id) socket.emit('room:snapshot', fresh.snapshot, fresh.phone);
          })
          .catch(() => {});
      });
      return { snapshot: joined.snapshot, phone: joined.phone };
    });
    on('answer:submit', async (p) => ({ status: await service.answer(student(), room(), p, lesson) }), {
      deferAck: () => (data.roomId !== null && service.answersHeld(data.roomId) ? data.roomId : null),
    });
    on('power:activate', () => service.activatePower(student(), room(), lesson));
    on('room:sync', () =>
      data.role === 'STUDENT'
        ? service.sync(room(), data.studentId as string, lesson)
        : service.sync(room(), undefined),
    );

    socket.on('disconnect', () => {
      guard.detach();
      if (data.roomId && data.role === 'STUDENT') dropLocal(data.roomId, data.studentId as string);
      if (data.roomId && data.role === 'PROFESSOR') countBoard(data.roomId, -1);
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

  const heartbeat = setInterval(() => {
    const t = Date.now();
    for (const [roomId, students] of local) {
      if (students.size) void store.touch(roomId, [...students.keys()], t).catch(() => {});
    }
    for (const roomId of boards.keys()) void service.boardSeen(roomId).catch(() => {});
  }, HEARTBEAT_MS);
  // The node holding a room's lease announces who went away; another node takes over if it dies.
  const away = new Map<string, Set<string>>();
  let sweeping = false;
  const sweeper = setInterval(async () => {
    if (sweeping) return;
    sweeping = true;
    try {
      for (const id of await store.liveRooms()) {
        if (!(await store.lease(id, nodeId, LEASE_MS))) continue;
        let set = away.get(id);
        if (!set) {
          set = new Set();
          away.set(id, set);
        }
        if ((await service.sweep(id, set)) === 'disposed') {
          away.delete(id);
          local.delete(id);
          boards.delete(id);
        }
      }
    } catch (err) {
      app.log.warn({ err }, 'presence sweep failed');
    } finally {
      sweeping = false;
    }
  }, SWEEP_MS);
  heartbeat.unref();
  sweeper.unref();
  // Open sockets would keep the HTTP server from closing.
  app.addHook('preClose', async () => {
    io.disconnectSockets(true);
  });

  return {
    io,
    service,
    store,
    nodeId,
    async close() {
      clearInterval(heartbeat);
      clearInterval(sweeper);
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
