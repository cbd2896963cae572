// Route contracts: each route declares who may call it (`config.access`) and its zod schemas
// (`schema: { params, querystring, body, response }`). The caller is checked in `onRequest`
// (plugins/auth.ts), before any body is read; the schemas are checked with `parse()` (lib/validate.ts),
// so a bad request answers the same 400 and stable key as a hand-written `parse()` call; the response
// schema is a whitelist: keys it does not name never leave the server.
import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden, notFound, unauthorized } from './errors.js';
import type { AccessClaims } from './tokens.js';
import { parse } from './validate.js';

/**
 * Who may call a route. public: anyone; signedIn: any active account; student; teacher; admin: a
 * teacher with the administrator flag; school: a school's management (SCHOOL role), about its own
 * school (UAI) only. A route about the caller's own record also declares `self` (SelfRule below).
 */
export type Access = 'public' | 'signedIn' | 'student' | 'professor' | 'admin' | 'school';
export const ACCESS_LEVELS: readonly Access[] = [
  'public',
  'signedIn',
  'student',
  'professor',
  'admin',
  'school',
];

/** Which of the caller's ids a self field must equal. */
export type SelfKind = 'studentId' | 'userId' | 'professorId';

/**
 * A route about the caller's own record: the ids of the request that must be the caller's, by where
 * they are read (path params, query string, JSON body) and which of the caller's ids each must equal.
 * Checked for every route, before the handler runs (plugins/auth.ts): params and query in `onRequest`
 * with the caller, body fields in `preValidation`, before the body schema. A field that is absent or
 * not an id is left to the schema (every self field is declared a UUID there); an id must be the caller's.
 */
export interface SelfRule {
  params?: Record<string, SelfKind>;
  query?: Record<string, SelfKind>;
  body?: Record<string, SelfKind>;
  /** What anyone else gets: 403 (default), or 404 where the route does not say whether the record exists. */
  refuse?: 403 | 404;
}
export const SELF_PLACES = ['params', 'query', 'body'] as const;
export type SelfPlace = (typeof SELF_PLACES)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route, checked before the body is read. */
    access?: Access;
    /** The ids that must be the caller themself, checked before the handler runs. */
    self?: SelfRule;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The caller's own id of this kind (undefined when the caller has none, e.g. a teacher's studentId). */
function callerId(caller: AccessClaims, kind: SelfKind): string | null | undefined {
  if (kind === 'userId') return caller.sub;
  return kind === 'studentId' ? caller.studentId : caller.professorId;
}

/**
 * Checks the `place` fields of a self rule against the caller: throws the rule's refusal when a
 * present value is not the caller's own id. `values` are the raw params, query or parsed body.
 */
export function assertSelfRule(
  caller: AccessClaims | null,
  rule: SelfRule,
  place: SelfPlace,
  values: unknown,
): void {
  const fields = rule[place];
  if (!fields) return;
  if (!caller) throw unauthorized();
  const record = values && typeof values === 'object' ? (values as Record<string, unknown>) : {};
  for (const [name, kind] of Object.entries(fields)) {
    const value = record[name];
    // Not an id at all (absent, malformed): the route's schema answers it (400), as it did before.
    if (typeof value !== 'string' || !UUID.test(value)) continue;
    const own = callerId(caller, kind);
    if (!own || value !== own) throw rule.refuse === 404 ? notFound() : forbidden();
  }
}

/** The sentence the OpenAPI document says about a self rule: `id` (your student id), … */
export function describeSelf(rule: SelfRule): string {
  const said: Record<SelfKind, string> = {
    studentId: 'your student id',
    userId: 'your user id',
    professorId: 'your teacher id',
  };
  const parts = SELF_PLACES.flatMap((place) =>
    Object.entries(rule[place] ?? {}).map(([name, kind]) => `${place} \`${name}\` must be ${said[kind]}`),
  );
  return `Only about the caller themself: ${parts.join('; ')}; anyone else gets ${rule.refuse ?? 403}.`;
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
export function professorOf(req: FastifyRequest): AccessClaims & { professorId: string } {
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
export function describeAccess(access: Access | undefined, self?: SelfRule): string {
  const who: Record<Access, string> = {
    public: 'Anyone, no token.',
    signedIn: 'Any signed-in user (Bearer access token).',
    student: 'A signed-in student.',
    professor: 'A signed-in teacher.',
    admin: 'A signed-in teacher with the administrator flag.',
    school: "A school's management (SCHOOL role), about its own school (UAI) only.",
  };
  if (!access) return 'Caller not declared yet (checked in the handler).';
  return self ? `${who[access]} ${describeSelf(self)}` : who[access];
}
