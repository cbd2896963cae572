// Environment, parsed once at boot by zod. A production start with a default secret is refused.
import { z } from 'zod';

const DEFAULT_SECRET = 'dev-only-secret-change-me-0123456789abcdef';
const DEFAULT_ENC_KEY = 'dev-only-encryption-key-change-me-0123456789';

const bool = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

/** A PEM given on one line with literal "\n" sequences (as .env files often hold it). */
const pem = z
  .string()
  .max(20000)
  .transform((s) => s.replace(/\\n/g, '\n').trim());

/** One ENT speaking CAS: where its CAS server is and which of its attributes mean what. */
export const entCasSchema = z.object({
  /** Short id in our URLs: /api/ent/{id}/login. */
  id: z.string().regex(/^[a-z0-9-]{1,40}$/),
  name: z.string().min(1).max(100),
  /** CAS base URL, e.g. https://cas.ent.example/cas (login, serviceValidate and logout hang under it). */
  casUrl: z.string().url(),
  version: z.enum(['2.0', '3.0']).default('3.0'),
  /** Attribute names in this ENT's CAS answer (CAS 3.0 attributes); the user is CAS's `user` when absent. */
  attributes: z
    .object({
      id: z.string().optional(),
      uai: z.string().default('ENTPersonStructRattachUAI'),
      profile: z.string().default('ENTPersonProfils'),
      firstName: z.string().default('givenName'),
      lastName: z.string().default('sn'),
      divisions: z.string().default('ENTEleveClasses'),
    })
    .default({
      uai: 'ENTPersonStructRattachUAI',
      profile: 'ENTPersonProfils',
      firstName: 'givenName',
      lastName: 'sn',
      divisions: 'ENTEleveClasses',
    }),
});
export type EntCas = z.infer<typeof entCasSchema>;

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
  /** Prefix of every Redis key and stream of this deployment. */
  REDIS_PREFIX: z.string().min(1).max(50).default('cr:'),
  // School sign-on (issue 14). GAR through SAML 2.0: on when GAR_IDP_SSO_URL and GAR_IDP_CERT are set.
  /** The GAR identity provider's single sign-on URL (HTTP-Redirect binding). */
  GAR_IDP_SSO_URL: z.string().url().optional(),
  /** Its single logout URL, if it has one. */
  GAR_IDP_SLO_URL: z.string().url().optional(),
  /** Its entity id (the Issuer of its responses), checked when set. */
  GAR_IDP_ENTITY_ID: z.string().max(500).optional(),
  /** Its signing certificate(s), PEM; during a rotation, the old and the new one concatenated. */
  GAR_IDP_CERT: pem.optional(),
  /** Our entity id (the audience of the assertions); defaults to PUBLIC_URL/api/gar/metadata. */
  GAR_SP_ENTITY_ID: z.string().max(500).optional(),
  /** Our private key and certificate (PEM): we sign our requests and publish the certificate. */
  GAR_SP_KEY: pem.optional(),
  GAR_SP_CERT: pem.optional(),
  /** Clock skew accepted on the assertions' validity window. */
  GAR_CLOCK_SKEW_SECONDS: z.coerce.number().int().min(0).max(300).default(60),
  /** ENTs speaking CAS: a JSON array (see .env.example). */
  ENT_CAS: z
    .string()
    .max(50000)
    .default('[]')
    .transform((s, ctx) => {
      try {
        return JSON.parse(s) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'ENT_CAS must be a JSON array' });
        return z.NEVER;
      }
    })
    .pipe(z.array(entCasSchema).max(50)),
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
