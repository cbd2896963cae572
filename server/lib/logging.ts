// What the server logs, and what it must never log: passwords, tokens (in bodies, headers or URLs)
// and the parameters of a failed query (a password hash, a child's name).
import type { FastifyRequest } from 'fastify';

/** Paths such as /api/users/reset-password/TOKEN carry a secret (or an address) in the URL itself. */
const SECRET_IN_PATH = /^(\/api\/users\/(?:reset-password|forgot-password)\/)[^?#]*/i;
/** Route params whose value is never logged. */
const SECRET_PARAM = /:(token|email)\b/;

/** The URL as it may be logged: secret path segments replaced, query values (tickets, addresses) dropped. */
export function redactUrl(url: string, route?: string): string {
  const q = url.indexOf('?');
  let path = q === -1 ? url : url.slice(0, q);
  if (route && SECRET_PARAM.test(route)) path = route;
  else {
    let decoded = path;
    try {
      decoded = decodeURIComponent(path);
    } catch {}
    if (SECRET_IN_PATH.test(decoded)) path = decoded.replace(SECRET_IN_PATH, '$1[REDACTED]');
  }
  if (q === -1) return path;
  const names = url
    .slice(q + 1)
    .split('&')
    .map((kv) => `${kv.split('=')[0]}=[REDACTED]`)
    .join('&');
  return `${path}?${names}`;
}

/** drizzle's DrizzleQueryError prints "params: …" (values of the query) in its message and stack;
 * PostgreSQL quotes the refused value after a colon (`invalid input syntax for type uuid: "…"`). */
const scrub = (s: string) =>
  s
    .replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: [REDACTED]')
    .replace(/: "(?:[^"\\]|\\.)*"/g, ': "[REDACTED]"');

type LoggedError = Error & {
  code?: unknown;
  statusCode?: unknown;
  constraint?: unknown;
  table?: unknown;
};

interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

export function serializeError(err: unknown, depth = 0): SerializedError {
  if (!(err instanceof Error))
    return { type: typeof err, message: '', stack: '', ...(typeof err === 'object' ? err : { value: err }) };
  const e = err as LoggedError;
  return {
    type: e.constructor?.name ?? 'Error',
    message: scrub(e.message),
    stack: scrub(e.stack ?? ''),
    code: e.code,
    statusCode: e.statusCode,
    constraint: e.constraint,
    table: e.table,
    ...(e.cause && depth < 3 ? { cause: serializeError(e.cause, depth + 1) } : {}),
  };
}

function serializeRequest(req: FastifyRequest) {
  let route: string | undefined;
  try {
    route = req.routeOptions?.url;
  } catch {}
  return {
    method: req.method,
    url: redactUrl(req.url, route),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

const SECRET_KEYS = ['password', 'newPassword', 'refreshToken', 'accessToken', 'token', 'ticket'];

export function loggerOptions(level: string) {
  return {
    level,
    redact: [
      'req.headers.authorization',
      'req.headers.cookie',
      ...SECRET_KEYS,
      ...SECRET_KEYS.map((k) => `*.${k}`),
      ...SECRET_KEYS.map((k) => `*.*.${k}`),
    ],
    serializers: { req: serializeRequest, err: serializeError },
  };
}
