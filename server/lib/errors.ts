// An error with an HTTP status and a stable message key (shared/errors.ts) the client translates.
import { ERR, type ErrorKey } from '../../shared/errors.js';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly key: ErrorKey | string,
    readonly extra?: Record<string, unknown>,
  ) {
    super(key);
  }
}

export const badRequest = (key: ErrorKey | string, extra?: Record<string, unknown>) =>
  new AppError(400, key, extra);
export const unauthorized = (key: ErrorKey | string = ERR.UNAUTHORIZED) => new AppError(401, key);
export const forbidden = (key: ErrorKey | string = ERR.FORBIDDEN) => new AppError(403, key);
export const notFound = (key: ErrorKey | string = ERR.NOT_FOUND) => new AppError(404, key);
export const conflict = (key: ErrorKey | string, extra?: Record<string, unknown>) =>
  new AppError(409, key, extra);
export const tooMany = (retryAfterSec: number) =>
  new AppError(429, ERR.TOO_MANY_REQUESTS, { retryAfter: retryAfterSec });

/** Postgres unique violation (23505), whatever the driver wraps it in. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const o = e as { code?: string; constraint?: string; constraint_name?: string; cause?: unknown };
    if (o.code === '23505') return !constraint || (o.constraint ?? o.constraint_name) === constraint;
    e = o.cause;
  }
  return false;
}
