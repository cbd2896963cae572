// buildApp(config) composes the server: external plugins, then ours, then the domain routes.
// Tests call it with their own database and read the app through app.inject().
import { existsSync } from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import type { Redis } from 'ioredis';
import { IMAGE_MAX_BYTES, SCREENSHOT_MAX_BYTES } from '../shared/constants.js';
import { ERR } from '../shared/errors.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { Deps } from './deps.js';
import { attachGame, type GameServer } from './game/socket.js';
import { trimSubresourceHeaders } from './lib/asset-headers.js';
import { serializerCompiler, validatorCompiler } from './lib/contract.js';
import { makeCipher } from './lib/crypto.js';
import { loggerOptions } from './lib/logging.js';
import { memoryRateLimiter, redisRateLimiter } from './lib/rate-limiter.js';
import { noEvictor } from './lib/revocation.js';
import { memoryThrottle, redisThrottle } from './lib/throttle.js';
import { makeTokenSigner } from './lib/tokens.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import accommodationRoutes from './modules/accommodations/routes.js';
import analyticsRoutes from './modules/analytics/routes.js';
import authRoutes from './modules/auth/routes.js';
import avatarRoutes from './modules/avatars/routes.js';
import catalogueRoutes from './modules/catalogue/routes.js';
import changelogRoutes from './modules/changelog/routes.js';
import classRoutes from './modules/classes/routes.js';
import codexRoutes from './modules/codex/routes.js';
import dataRightsRoutes from './modules/data-rights/routes.js';
import gameRoutes from './modules/game/routes.js';
import homeworkRoutes from './modules/homework/routes.js';
import legalRoutes from './modules/legal/routes.js';
import libraryRoutes from './modules/library/routes.js';
import professorRoutes from './modules/professors/routes.js';
import questionImportRoutes from './modules/question-import/routes.js';
import raidRoutes from './modules/raids/routes.js';
import schoolRoutes from './modules/school/routes.js';
import sessionLogRoutes from './modules/session-logs/routes.js';
import ssoRoutes from './modules/sso/routes.js';
import studentRoutes from './modules/student/routes.js';
import ticketRoutes from './modules/tickets/routes.js';
import userRoutes from './modules/users/routes.js';
import { ROOT_DIR } from './paths.js';
import authPlugin from './plugins/auth.js';
import errorsPlugin from './plugins/errors.js';
import healthPlugin from './plugins/health.js';
import metricsPlugin from './plugins/metrics.js';
import openApiPlugin from './plugins/openapi.js';
import sweepsPlugin from './plugins/sweeps.js';

// Kept for callers outside server/ (tests, scripts); modules import ./deps.js and ./paths.js.
export type { Deps } from './deps.js';
export { ROOT_DIR } from './paths.js';

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
    /** The live rooms; null when built without them (some tests). */
    game: GameServer | null;
  }
}

export interface BuildOptions {
  config: Config;
  database: Database;
  redis?: Redis | null;
  mailer?: Mailer;
  logger?: boolean | object;
  /** Prefix of this app's Redis keys (tests give each file its own). */
  redisPrefix?: string;
  /** Live rooms over Socket.IO (default on). */
  game?: boolean;
  /** Seconds a question stays open (tests shorten it). */
  questionSeconds?: number;
}

/** The client is the address the `hops`-th proxy from the app saw; what the client wrote before is ignored. */
export const trustHops = (hops: number) => (_address: string, i: number) => i < hops;

export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    // Our redaction and serializers always apply; a caller (tests) may change the level or the stream.
    logger:
      opts.logger === false
        ? false
        : { ...loggerOptions(config.LOG_LEVEL), ...(typeof opts.logger === 'object' ? opts.logger : {}) },
    // A hop count trusts the n addresses nearest to the app (Fastify's own number form trusts none).
    trustProxy:
      typeof config.TRUST_PROXY === 'number'
        ? trustHops(config.TRUST_PROXY)
        : config.TRUST_PROXY === false
          ? false
          : config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // An e-mail address is a route param (forgot-password) and may be 254 characters long.
    routerOptions: { maxParamLength: 300 },
    // A URL that does not decode: same answer shape as every other bad request.
    frameworkErrors: (err: FastifyError, _req: FastifyRequest, reply: FastifyReply) => {
      const status = err.statusCode && err.statusCode < 500 ? err.statusCode : 400;
      reply.status(status).send({ message: ERR.INVALID_BODY });
    },
  });
  const dataDir = path.resolve(config.DATA_DIR);
  const redis = opts.redis ?? null;
  app.decorate('deps', {
    config,
    db: opts.database.db,
    database: opts.database,
    mailer:
      opts.mailer ??
      createMailer({
        smtpUrl: config.SMTP_URL,
        from: config.MAIL_FROM,
        outboxDir: path.join(dataDir, 'outbox'),
        log: app.log,
      }),
    limiter: redis ? redisRateLimiter(redis, opts.redisPrefix ?? config.REDIS_PREFIX) : memoryRateLimiter(),
    signer: makeTokenSigner(config.AUTH_SECRET),
    cipher: makeCipher(config.ENCRYPTION_KEY),
    redis,
    uploadsDir: path.join(dataDir, 'uploads'),
    evict: noEvictor(),
    throttle: redis ? redisThrottle(redis, opts.redisPrefix ?? config.REDIS_PREFIX) : memoryThrottle(),
  } satisfies Deps);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        workerSrc: ["'self'", 'blob:'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(multipart, {
    // Text fields are short (a ticket's description: 5,000 characters); without limits a form of
    // thousands of 1 MB fields would be held in memory.
    limits: {
      fileSize: Math.max(IMAGE_MAX_BYTES, SCREENSHOT_MAX_BYTES),
      files: 1,
      fields: 20,
      fieldSize: 64 * 1024,
      parts: 25,
    },
  });
  await app.register(errorsPlugin);
  // Before every route: the metrics' request hook sees them all.
  await app.register(metricsPlugin);
  await app.register(healthPlugin);
  await app.register(authPlugin);
  // Route contracts (lib/contract.ts): zod schemas checked through parse(), responses whitelisted,
  // and the OpenAPI document built from them at /api/docs/json, read at /api/docs.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(openApiPlugin);

  await app.register(
    async (api) => {
      await api.register(authRoutes);
      await api.register(userRoutes);
      await api.register(schoolRoutes);
      await api.register(sessionLogRoutes);
      await api.register(catalogueRoutes);
      await api.register(professorRoutes);
      await api.register(ticketRoutes);
      await api.register(changelogRoutes);
      await api.register(legalRoutes);
      await api.register(gameRoutes);
      // Teacher administration (issue 4) and the student world (issue 5).
      await api.register(classRoutes);
      await api.register(raidRoutes);
      await api.register(questionImportRoutes);
      await api.register(libraryRoutes);
      await api.register(homeworkRoutes);
      await api.register(codexRoutes);
      await api.register(avatarRoutes);
      await api.register(studentRoutes);
      await api.register(ssoRoutes, { redisPrefix: opts.redisPrefix ?? config.REDIS_PREFIX });
      await api.register(analyticsRoutes);
      await api.register(dataRightsRoutes);
      await api.register(accommodationRoutes);
    },
    { prefix: '/api' },
  );
  // Housekeeping timers (orphan question images, old screenshots): started when ready, stopped on close.
  await app.register(sweepsPlugin);

  // Question images: random file names, PNG or JPEG checked on upload, never executable.
  await app.register(fastifyStatic, {
    root: path.join(dataDir, 'uploads', 'questions'),
    prefix: '/uploads/questions/',
    decorateReply: false,
    maxAge: '7d',
    setHeaders: (res) => res.setHeader('x-content-type-options', 'nosniff'),
  });
  await app.register(fastifyStatic, {
    root: path.join(ROOT_DIR, 'assets'),
    prefix: '/assets/',
    decorateReply: false,
    maxAge: '1d',
  });
  const clientDist = path.resolve(config.CLIENT_DIST);
  const hasClient = existsSync(path.join(clientDist, 'index.html'));
  if (hasClient) {
    // The build writes a brotli and a gzip copy next to each compressible file (vite.config.ts);
    // each request gets the smallest its Accept-Encoding allows. Hashed bundles never change under
    // their name: cached for a year. index.html names the current bundles: revalidated each time.
    await app.register(fastifyStatic, {
      root: clientDist,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, file) => {
        res.setHeader('vary', 'accept-encoding');
        const hashed = path.relative(clientDist, file).startsWith(`assets${path.sep}`);
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        // A script, a style or a font is no document: without the document-only security headers.
        if (hashed) trimSubresourceHeaders(res, file);
      },
    });
  }

  app.decorate('game', null);
  if (opts.game !== false) {
    app.game = attachGame(app, {
      redis,
      prefix: opts.redisPrefix ?? config.REDIS_PREFIX,
      questionSeconds: opts.questionSeconds ?? config.QUESTION_SECONDS,
      presenceGraceMs: config.PRESENCE_GRACE_SECONDS * 1000,
      idleDisposeMs: config.ROOM_IDLE_DISPOSE_MINUTES * 60_000,
    });
    app.addHook('onClose', async () => {
      await app.game?.close();
    });
  }

  app.setNotFoundHandler((req, reply) => {
    if (
      req.url.startsWith('/api/') ||
      req.url === '/api' ||
      req.url.startsWith('/assets/') ||
      // Files and service routes that are not there are not pages: an upload that does not exist,
      // and /metrics on a node that does not serve it, answer 404, never the app's index.html.
      req.url.startsWith('/uploads/') ||
      req.url === '/metrics' ||
      (req.method !== 'GET' && req.method !== 'HEAD')
    ) {
      return reply.status(404).send({ message: ERR.NOT_FOUND });
    }
    if (!hasClient)
      return reply.status(404).type('text/plain').send('Client not built: run `npm run build`.');
    // The single-page app owns every other path (react-router).
    return reply.sendFile('index.html', clientDist);
  });

  return app;
}
