// Parse a body, query or params with a shared zod schema; a failure is a 400 with the first message key.
import type { z } from 'zod';
import { ERR } from '../../shared/errors.js';
import { AppError } from './errors.js';

/** Only our own messages reach the client: a stable key, or one of the spec's literal texts. zod's
 * default English messages ("Invalid UUID", "Too big: …") are not translatable and become INVALID_BODY. */
const LITERALS = new Set<string>(Object.values(ERR));
const isStableMessage = (m: string) => /^[A-Z_]+(\.[A-Z_]+)+$/.test(m) || LITERALS.has(m);

/** The path of the first string holding a NUL character: PostgreSQL refuses it in text (a 500). */
function nulPath(v: unknown, path: (string | number)[] = []): (string | number)[] | null {
  if (typeof v === 'string') return v.includes('\u0000') ? path : null;
  if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      const found = nulPath(x, [...path, k]);
      if (found) return found;
    }
  }
  return null;
}

export function parse<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  // No body at all reads as {}; a JSON `null` body is a broken request like any other non-object.
  const r = schema.safeParse(data === undefined ? {} : data);
  if (r.success) {
    const bad = nulPath(r.data);
    if (bad) throw new AppError(400, ERR.INVALID_BODY, { field: bad.join('.') || undefined });
    return r.data;
  }
  const issue = r.error.issues[0];
  const message = issue?.message && isStableMessage(issue.message) ? issue.message : ERR.INVALID_BODY;
  throw new AppError(400, message, { field: issue?.path.join('.') || undefined });
}
