// Reads the Bearer access token on every request; routes then ask for the role they need.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '../../shared/constants.js';
import { forbidden, unauthorized } from '../lib/errors.js';
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
  });
});

export function requireAuth(req: FastifyRequest): AccessClaims {
  if (!req.auth) throw unauthorized();
  return req.auth;
}
export function requireRole(req: FastifyRequest, role: Role): AccessClaims {
  const a = requireAuth(req);
  if (a.role !== role) throw forbidden();
  return a;
}
export function requireProfessor(req: FastifyRequest): AccessClaims & { professorId: string } {
  const a = requireRole(req, 'PROFESSOR');
  if (!a.professorId) throw forbidden();
  return a as AccessClaims & { professorId: string };
}
export function requireStudent(req: FastifyRequest): AccessClaims & { studentId: string } {
  const a = requireRole(req, 'STUDENT');
  if (!a.studentId) throw forbidden();
  return a as AccessClaims & { studentId: string };
}
export function requireAdmin(req: FastifyRequest): AccessClaims {
  const a = requireRole(req, 'PROFESSOR');
  if (!a.isAdmin) throw forbidden();
  return a;
}
/** The caller is this user. */
export function requireSelf(req: FastifyRequest, userId: string): AccessClaims {
  const a = requireAuth(req);
  if (a.sub !== userId) throw forbidden();
  return a;
}
