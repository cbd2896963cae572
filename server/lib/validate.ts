// Parse a body, query or params with a shared zod schema; a failure is a 400 with the first message key.
import type { z } from 'zod';
import { ERR } from '../../shared/errors.js';
import { AppError } from './errors.js';

export function parse<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const r = schema.safeParse(data ?? {});
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const message =
    issue?.message && /^[A-Z_]+\.|^[A-Z][a-z]/.test(issue.message) ? issue.message : ERR.INVALID_BODY;
  throw new AppError(400, message, { field: issue?.path.join('.') || undefined });
}
