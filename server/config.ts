// Environment, parsed once at boot by zod. Without AUTH_SECRET and ENCRYPTION_KEY, random ones are
// generated at the first start and kept in DATA_DIR/secrets.json (mode 0600); a secret that was ever
// published (the defaults of earlier versions) is refused.
import { randomBytes } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { LEGAL_TEXT_MAX } from '../shared/schemas/legal.js';
import { reachableUrl } from './lib/reachable-url.js';
import { type IdpMetadata, parseIdpMetadata } from './modules/sso/idp-metadata.js';

/**
 * Secrets that were written in this project's source at some point (the defaults of earlier versions):
 * anyone can sign tokens with them, so they are refused, never used. The old encryption key stays
 * known only to re-encrypt what it protected (boot.ts).
 */
export const PUBLISHED_AUTH_SECRET = 'dev-only-secret-change-me-0123456789abcdef';
export const PUBLISHED_ENCRYPTION_KEY = 'dev-only-encryption-key-change-me-0123456789';
const PUBLISHED_SECRETS = new Set([PUBLISHED_AUTH_SECRET, PUBLISHED_ENCRYPTION_KEY]);
export const SECRETS_FILE = 'secrets.json';

/** TRUST_PROXY as Fastify's `trustProxy` takes it: false, a hop count, or a list of addresses/CIDRs. */
export const trustProxy = z
  .string()
  .max(2000)
  .optional()
  .transform((v, ctx): false | number | string[] => {
    const t = (v ?? '').trim().toLowerCase();
    if (t === '' || t === '0' || t === 'false') return false;
    if (t === 'true') return 1;
    if (/^\d+$/.test(t)) {
      const hops = Number(t);
      if (hops <= 10) return hops;
      ctx.addIssue({ code: 'custom', message: 'TRUST_PROXY: at most 10 hops' });
      return z.NEVER;
    }
    const list = t
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    for (const entry of list) {
      const [addr, bits, extra] = entry.split('/');
      const named = ['loopback', 'linklocal', 'uniquelocal'].includes(entry);
      const okAddr = isIP(addr) !== 0;
      const okBits =
        bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (isIP(addr) === 6 ? 128 : 32));
      if (!named && (!okAddr || !okBits || extra !== undefined)) {
        ctx.addIssue({
          code: 'custom',
          message: `TRUST_PROXY: "${entry}" is neither a hop count nor an address or CIDR range`,
        });
        return z.NEVER;
      }
    }
    return list;
  });

const secret = (name: string) =>
  z
    .string()
    .min(32, `${name} must be at least 32 characters`)
    .refine((v) => !PUBLISHED_SECRETS.has(v), `${name} is a published value: anyone could use it`)
    .refine((v) => new Set(v).size >= 10, `${name} must be random (e.g. \`openssl rand -hex 32\`)`);

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
      /** A pupil's divisions. */
      divisions: z.string().default('ENTEleveClasses'),
      /** A teacher's divisions (the classes they teach). */
      teacherDivisions: z.string().default('ENTAuxEnsClasses'),
      /** Groups (a pupil's or a teacher's). */
      groups: z.string().default('ENTEleveGroupes'),
      teacherGroups: z.string().default('ENTAuxEnsGroupes'),
      /** The school's name, shown beside its UAI when the ENT sends it. */
      schoolName: z.string().optional(),
    })
    .default({
      uai: 'ENTPersonStructRattachUAI',
      profile: 'ENTPersonProfils',
      firstName: 'givenName',
      lastName: 'sn',
      divisions: 'ENTEleveClasses',
      teacherDivisions: 'ENTAuxEnsClasses',
      groups: 'ENTEleveGroupes',
      teacherGroups: 'ENTAuxEnsGroupes',
    }),
});
export type EntCas = z.infer<typeof entCasSchema>;
const legalText = (name: string) =>
  z
    .string()
    .trim()
    .max(LEGAL_TEXT_MAX, `${name} must be ${LEGAL_TEXT_MAX} characters at most`)
    // Control characters (other than line breaks) have no place in a text shown to readers.
    .refine(
      (v) => ![...v].some((c) => c !== '\n' && (c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127)),
      `${name} holds control characters`,
    )
    .optional();

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
  /** Signs access tokens. Default: generated, in DATA_DIR/secrets.json. */
  AUTH_SECRET: secret('AUTH_SECRET').optional(),
  /** Encrypts the student passwords a teacher generated (AES-256-GCM). Default: as AUTH_SECRET. */
  ENCRYPTION_KEY: secret('ENCRYPTION_KEY').optional(),
  /** Seed the demo school on an empty database: default on the embedded PGlite, off on PostgreSQL. */
  SEED_DEMO: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === '1' || v === 'true')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Which proxies in front of the app may say who the client is (X-Forwarded-For): `0` none; a
   * number n, the n proxies nearest to the app (the client is the address the n-th one saw; `1`
   * and `true` mean one); or the proxies' addresses and CIDR ranges, comma-separated. Never every
   * hop: the left-most entries are whatever the client wrote.
   */
  TRUST_PROXY: trustProxy,
  CLIENT_DIST: z.string().default('./dist/client'),
  /** Bearer token that opens GET /metrics on the main port (Prometheus text format); unset: closed there. */
  METRICS_TOKEN: z.string().min(16).max(200).optional(),
  /** A listen port of its own for GET /metrics, without a token (keep it off the public network). */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** On SIGTERM, seconds /readyz answers 503 before the node closes (a load balancer's time to notice). */
  DRAIN_SECONDS: z.coerce.number().int().min(0).max(120).default(0),
  /**
   * Processes serving this machine (server/cluster.ts): `1`, a number, or `auto` (one per core).
   * Above one, REDIS_URL and DATABASE_URL are required (the workers share the rooms and the data).
   */
  WORKERS: z
    .string()
    .regex(/^(auto|[1-9][0-9]{0,2})$/, 'WORKERS is a number of processes (1 to 999) or auto')
    .default('1'),
  /** Where METRICS_PORT listens: this computer only unless told otherwise. */
  METRICS_HOST: z.string().min(1).max(200).default('127.0.0.1'),
  /** How long a raid question stays open for answers. */
  QUESTION_SECONDS: z.coerce.number().int().min(1).max(600).default(30),
  /** A dropped phone stays shown as connected this long. */
  PRESENCE_GRACE_SECONDS: z.coerce.number().int().min(1).max(600).default(20),
  /** Bug-report screenshots are deleted this many days after the report (the report stays). */
  SCREENSHOT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Disk all kept bug-report screenshots may take; a screenshot past it is refused. */
  SCREENSHOTS_MAX_MB: z.coerce.number().int().min(1).max(1_000_000).default(500),
  /** A live room whose board has been gone this long (and that is not paused) is disposed. */
  ROOM_IDLE_DISPOSE_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  /** Prefix of every Redis key and stream of this deployment. */
  REDIS_PREFIX: z.string().min(1).max(50).default('cr:'),
  // School sign-on (issue 14). GAR through SAML 2.0: on when GAR_IDP_SSO_URL and GAR_IDP_CERT are set,
  // or read from the GAR's metadata file (GAR_IDP_METADATA).
  /** Path of the GAR identity provider's SAML metadata (XML): fills the four GAR_IDP_* below that are not set. */
  GAR_IDP_METADATA: z.string().max(1000).optional(),
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
  /** Legal notice: the publisher (name, address, publication director), the host, the data
   * controller and the DPO's contact, shown as written; unset, the pages say "not configured". */
  LEGAL_PUBLISHER: legalText('LEGAL_PUBLISHER'),
  LEGAL_HOST: legalText('LEGAL_HOST'),
  LEGAL_CONTROLLER: legalText('LEGAL_CONTROLLER'),
  LEGAL_DPO_CONTACT: legalText('LEGAL_DPO_CONTACT'),
});

export type Config = Omit<z.infer<typeof envSchema>, 'PUBLIC_URL' | 'AUTH_SECRET' | 'ENCRYPTION_KEY'> & {
  PUBLIC_URL: string;
  /** Where phones reach the server (QR codes, the board's address): server/lib/reachable-url.ts. */
  REACHABLE_URL: string;
  AUTH_SECRET: string;
  ENCRYPTION_KEY: string;
  /** Where the secrets come from: the environment, or the file generated in DATA_DIR. */
  secretsFrom: 'env' | 'data-dir';
  /** This start generated the secrets file (what the published key encrypted is re-encrypted). */
  secretsGenerated: boolean;
};

interface StoredSecrets {
  AUTH_SECRET: string;
  ENCRYPTION_KEY: string;
}

/**
 * The secrets kept in DATA_DIR: read, or generated once (exclusive create, so two processes starting
 * together agree), readable by the server's user only.
 */
function dataDirSecrets(dataDir: string): { secrets: StoredSecrets; generated: boolean } {
  const file = path.join(path.resolve(dataDir), SECRETS_FILE);
  const read = (): StoredSecrets => {
    const parsed = z
      .object({ AUTH_SECRET: secret('AUTH_SECRET'), ENCRYPTION_KEY: secret('ENCRYPTION_KEY') })
      .safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (!parsed.success) throw new Error(`Invalid configuration: ${file} does not hold valid secrets.`);
    if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
    return parsed.data;
  };
  try {
    return { secrets: read(), generated: false };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const secrets = {
    AUTH_SECRET: randomBytes(32).toString('hex'),
    ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  };
  mkdirSync(path.dirname(file), { recursive: true });
  // Written whole under a temporary name, then linked into place: the link fails if another process
  // got there first, and nobody ever reads a half-written file.
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(tmp, `${JSON.stringify(secrets, null, 2)}\n`, { flag: 'wx', mode: 0o600 });
  try {
    linkSync(tmp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return { secrets: read(), generated: false };
    throw err;
  } finally {
    unlinkSync(tmp);
  }
  return { secrets, generated: true };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set" (a copied .env.example leaves many empty).
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const c = parsed.data;
  if (c.GAR_IDP_METADATA) {
    let idp: IdpMetadata;
    try {
      idp = parseIdpMetadata(readFileSync(c.GAR_IDP_METADATA, 'utf8'));
      for (const url of [idp.ssoUrl, idp.sloUrl])
        if (url && !URL.canParse(url)) throw new Error(`${url} is no URL`);
    } catch (err) {
      throw new Error(
        `Invalid configuration:\n  GAR_IDP_METADATA: ${c.GAR_IDP_METADATA} cannot be used: ${(err as Error).message}`,
      );
    }
    // What is set by hand wins: an operator may pin one value while the metadata gives the rest.
    c.GAR_IDP_SSO_URL ??= idp.ssoUrl;
    c.GAR_IDP_SLO_URL ??= idp.sloUrl;
    c.GAR_IDP_ENTITY_ID ??= idp.entityId;
    c.GAR_IDP_CERT ??= idp.certs.join('\n');
  }
  // Without the GAR's entity id node-saml would not check an assertion's Issuer.
  if (c.GAR_IDP_SSO_URL && c.GAR_IDP_CERT && !c.GAR_IDP_ENTITY_ID)
    throw new Error(
      "Invalid configuration:\n  GAR_IDP_ENTITY_ID: required when the GAR is on (GAR_IDP_SSO_URL and GAR_IDP_CERT are set): copy the entityID of the GAR's metadata, so that assertions from another issuer are refused",
    );
  const fromEnv = !!(c.AUTH_SECRET && c.ENCRYPTION_KEY);
  if (!fromEnv && c.NODE_ENV === 'production' && c.REDIS_URL) {
    throw new Error(
      'Refusing to start several nodes without shared secrets: set AUTH_SECRET and ENCRYPTION_KEY ' +
        '(32 characters or more each, e.g. `openssl rand -hex 32`), the same on every node.',
    );
  }
  const stored = fromEnv ? null : dataDirSecrets(c.DATA_DIR);
  return {
    ...c,
    PUBLIC_URL: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    REACHABLE_URL: reachableUrl({ publicUrl: c.PUBLIC_URL, host: c.HOST, port: c.PORT }),
    AUTH_SECRET: c.AUTH_SECRET ?? (stored as NonNullable<typeof stored>).secrets.AUTH_SECRET,
    ENCRYPTION_KEY: c.ENCRYPTION_KEY ?? (stored as NonNullable<typeof stored>).secrets.ENCRYPTION_KEY,
    secretsFrom: fromEnv ? 'env' : 'data-dir',
    secretsGenerated: stored?.generated ?? false,
  };
}
