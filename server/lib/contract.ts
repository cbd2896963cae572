// Route contracts: each route declares who may call it (`config.access`) and its zod schemas
// (`schema: { params, querystring, body, response }`). The caller is checked in `onRequest`
// (plugins/auth.ts), before any body is read; the schemas are checked with `parse()` (lib/validate.ts),
// so a bad request answers the same 400 and stable key as a hand-written `parse()` call; the response
// schema is a whitelist: keys it does not name never leave the server.
import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden, unauthorized } from './errors.js';
import type { AccessClaims } from './tokens.js';
import { parse } from './validate.js';

/**
 * Who may call a route. public: anyone; signedIn: any active account; student; teacher; admin: a
 * teacher with the administrator flag; school: a school's management (SCHOOL role), about its own
 * school (UAI) only. A route about the caller's own record also names `self`.
 */
export type Access = 'public' | 'signedIn' | 'student' | 'teacher' | 'admin' | 'school';
export const ACCESS_LEVELS: readonly Access[] = [
  'public',
  'signedIn',
  'student',
  'teacher',
  'admin',
  'school',
];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route, checked before the body is read. */
    access?: Access;
    /** The param or field that must be the caller themself (checked by the handler, documented). */
    self?: string;
  }
}

/** Schema validation through `parse()`: same 400, same message key, same `field` as before. */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    try {
      return { value: parse(schema, data) };
    } catch (err) {
      return { error: err as Error };
    }
  };

/** The body of a PUT, PATCH or POST that takes none (declared, so that the route is complete). */
export const noBody = z.object({}).nullish().describe('No body');

/** Responses: zod strips the keys the schema does not name, then JSON. */
export { serializerCompiler };

/** The caller of a route whose access is not public (the onRequest hook has checked it). */
export function callerOf(req: FastifyRequest): AccessClaims {
  if (!req.auth) throw unauthorized();
  return req.auth;
}
export function teacherOf(req: FastifyRequest): AccessClaims & { professorId: string } {
  const a = callerOf(req);
  if (a.role !== 'PROFESSOR' || !a.professorId) throw forbidden();
  return a as AccessClaims & { professorId: string };
}
export function studentOf(req: FastifyRequest): AccessClaims & { studentId: string } {
  const a = callerOf(req);
  if (a.role !== 'STUDENT' || !a.studentId) throw forbidden();
  return a as AccessClaims & { studentId: string };
}

/** The SCHOOL caller and its school's UAI (checked in onRequest). */
export function schoolOf(req: FastifyRequest): AccessClaims & { uai: string } {
  const a = callerOf(req);
  if (a.role !== 'SCHOOL' || !a.uai) throw forbidden();
  return a as AccessClaims & { uai: string };
}

/** The sentence an OpenAPI operation carries about its callers. */
export function describeAccess(access: Access | undefined, self?: string): string {
  const who: Record<Access, string> = {
    public: 'Anyone, no token.',
    signedIn: 'Any signed-in user (Bearer access token).',
    student: 'A signed-in student.',
    teacher: 'A signed-in teacher.',
    admin: 'A signed-in teacher with the administrator flag.',
    school: "A school's management (SCHOOL role), about its own school (UAI) only.",
  };
  if (!access) return 'Caller not declared yet (checked in the handler).';
  return self ? `${who[access]} Only about the caller themself (\`${self}\`).` : who[access];
}
