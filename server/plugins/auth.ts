// Reads the Bearer access token on every request; routes then ask for the role they need.
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '../../shared/constants.js';
import { refreshTokens, users } from '../db/schema.js';
import { type Access, assertSelfRule } from '../lib/contract.js';
import { AppError, forbidden, unauthorized } from '../lib/errors.js';
import type { AccessClaims } from '../lib/tokens.js';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AccessClaims | null;
  }
}

export default fp(async function auth(app: FastifyInstance) {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (req) => {
    const h = req.headers.authorization;
    if (h?.startsWith('Bearer ')) req.auth = app.deps.signer.verify(h.slice(7));
    // A declared caller (lib/contract.ts) is checked here, before any body is read: no token is
    // always 401, even when the body is malformed.
    const access = req.routeOptions.config?.access;
    if (access && access !== 'public') await CHECKS[access](req);
    // A public route (a bug report, a sign-up with a class code) with a token: a revoked or stale
    // token is read as no token at all, so nothing is attributed to the account it named.
    else if (req.auth) await requireAuth(req).catch(anonymousIfUnauthorized(req));
    // A route about the caller's own record: the ids in its path and query are the caller's, or it
    // answers the rule's refusal here, whatever its handler does.
    const self = req.routeOptions.config?.self;
    if (self) {
      if (!access || access === 'public') await requireAuth(req);
      assertSelfRule(req.auth, self, 'params', req.params);
      assertSelfRule(req.auth, self, 'query', req.query);
    }
  });
  // Self ids in the body: once it is parsed, before its schema is checked (another student's request
  // is refused before its other fields are judged).
  app.addHook('preValidation', async (req) => {
    const self = req.routeOptions.config?.self;
    if (self?.body) assertSelfRule(req.auth, self, 'body', req.body);
  });
});

const anonymousIfUnauthorized = (req: FastifyRequest) => (err: unknown) => {
  if (!(err instanceof AppError) || err.statusCode !== 401) throw err;
  req.auth = null;
};

/**
 * The caller's claims, checked against the database: an access token lives 15 minutes, and a teacher
 * rejected (or an admin demoted) in the meantime must lose access at once, not when it expires.
 * A token whose account is no longer ACTIVE answers 401, so the client's refresh fails and signs out.
 * So does a token whose session was revoked (logout, password change or reset): the same query reads
 * it, through an indexed EXISTS on the session's refresh tokens, so it costs no extra round trip.
 */
export async function requireAuth(req: FastifyRequest): Promise<AccessClaims> {
  const a = req.auth;
  if (!a) throw unauthorized();
  const { db, config } = req.server.deps;
  const [u] = await db
    .select({
      status: users.status,
      isAdmin: users.isAdmin,
      email: users.email,
      role: users.role,
      uai: users.uai,
      revoked: sql<boolean>`exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = ${a.sid} and ${refreshTokens.revokedAt} is not null)`,
    })
    .from(users)
    .where(eq(users.id, a.sub));
  if (u?.status !== 'ACTIVE' || u.role !== a.role || u.revoked) {
    req.auth = null;
    throw unauthorized();
  }
  const isAdmin = u.isAdmin || (!!u.email && config.ADMIN_EMAILS.includes(u.email.toLowerCase()));
  req.auth = { ...a, isAdmin, uai: u.uai };
  return req.auth;
}
export async function requireRole(req: FastifyRequest, role: Role): Promise<AccessClaims> {
  const a = await requireAuth(req);
  if (a.role !== role) throw forbidden();
  return a;
}
export async function requireProfessor(req: FastifyRequest): Promise<AccessClaims & { professorId: string }> {
  const a = await requireRole(req, 'PROFESSOR');
  if (!a.professorId) throw forbidden();
  return a as AccessClaims & { professorId: string };
}
export async function requireStudent(req: FastifyRequest): Promise<AccessClaims & { studentId: string }> {
  const a = await requireRole(req, 'STUDENT');
  if (!a.studentId) throw forbidden();
  return a as AccessClaims & { studentId: string };
}
/** A school's management (SCHOOL role): always with its school's UAI. */
export async function requireSchool(req: FastifyRequest): Promise<AccessClaims & { uai: string }> {
  const a = await requireRole(req, 'SCHOOL');
  if (!a.uai) throw forbidden();
  return a as AccessClaims & { uai: string };
}
export async function requireAdmin(req: FastifyRequest): Promise<AccessClaims> {
  const a = await requireRole(req, 'PROFESSOR');
  if (!a.isAdmin) throw forbidden();
  return a;
}
const CHECKS: Record<Exclude<Access, 'public'>, (req: FastifyRequest) => Promise<unknown>> = {
  signedIn: requireAuth,
  student: requireStudent,
  professor: requireProfessor,
  admin: requireAdmin,
  school: requireSchool,
};
