// Environment, parsed once at boot by zod. A production start with a default secret is refused.
import { z } from 'zod';

const DEFAULT_SECRET = 'dev-only-secret-change-me-0123456789abcdef';
const DEFAULT_ENC_KEY = 'dev-only-encryption-key-change-me-0123456789';

const bool = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  REDIS_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SMTP_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAIL_FROM: z.string().default('Classe Raid <no-reply@localhost>'),
  /** Defaults to http://localhost:PORT. */
  PUBLIC_URL: z.string().url().optional(),
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((s) =>
      s
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
  /** Signs access tokens. */
  AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters').default(DEFAULT_SECRET),
  /** Encrypts the student passwords a teacher generated (AES-256-GCM). */
  ENCRYPTION_KEY: z
    .string()
    .min(32, 'ENCRYPTION_KEY must be at least 32 characters')
    .default(DEFAULT_ENC_KEY),
  SEED_DEMO: bool,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Trust X-Forwarded-For from a load balancer. */
  TRUST_PROXY: bool,
  CLIENT_DIST: z.string().default('./dist/client'),
  /** How long a raid question stays open for answers. */
  QUESTION_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  /** A dropped phone stays shown as connected this long. */
  PRESENCE_GRACE_SECONDS: z.coerce.number().int().min(1).max(600).default(20),
  /** A live room whose board has been gone this long (and that is not paused) is disposed. */
  ROOM_IDLE_DISPOSE_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  /** Prefix of every Redis key and stream of this deployment. */
  REDIS_PREFIX: z.string().min(1).max(50).default('cr:'),
});

export type Config = Omit<z.infer<typeof envSchema>, 'PUBLIC_URL'> & {
  PUBLIC_URL: string;
  usesDefaultSecrets: boolean;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set" (a copied .env.example leaves many empty).
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const c = parsed.data;
  const usesDefaultSecrets = c.AUTH_SECRET === DEFAULT_SECRET || c.ENCRYPTION_KEY === DEFAULT_ENC_KEY;
  if (c.NODE_ENV === 'production' && usesDefaultSecrets) {
    throw new Error(
      'Refusing to start in production with a default secret: set AUTH_SECRET and ENCRYPTION_KEY ' +
        '(32 characters or more each, e.g. `openssl rand -hex 32`).',
    );
  }
  return {
    ...c,
    PUBLIC_URL: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    usesDefaultSecrets,
  };
}
