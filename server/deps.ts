// What every module receives from the app: configuration, database, mail, limits, tokens, secrets.
// Services import this type rather than server/app.ts, so that loading a service never loads the app.
import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { Cipher } from './lib/crypto.js';
import type { RateLimiter } from './lib/rate-limiter.js';
import type { Evictor } from './lib/revocation.js';
import type { Throttle } from './lib/throttle.js';
import type { TokenSigner } from './lib/tokens.js';
import type { Mailer } from './mail/mailer.js';

export interface Deps {
  config: Config;
  db: Db;
  database: Database;
  mailer: Mailer;
  limiter: RateLimiter;
  signer: TokenSigner;
  cipher: Cipher;
  redis: Redis | null;
  /** Absolute directory for uploads (question images, ticket screenshots). */
  uploadsDir: string;
  /** Closes a revoked session's or user's live sockets (set by the game; no-op without it). */
  evict: Evictor;
  /** Failure counters with back-off (sign-in, class codes). */
  throttle: Throttle;
}
