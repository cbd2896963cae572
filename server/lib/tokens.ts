// Short-lived access tokens: base64url(JSON payload) + HMAC-SHA256 signature.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Role } from '../../shared/constants.js';

export const ACCESS_TOKEN_TTL_SEC = 15 * 60;

export interface AccessClaims {
  sub: string;
  role: Role;
  studentId: string | null;
  professorId: string | null;
  isAdmin: boolean;
  exp: number;
}

export function makeTokenSigner(secret: string) {
  const sign = (data: string) => createHmac('sha256', secret).update(data).digest('base64url');
  return {
    issue(claims: Omit<AccessClaims, 'exp'>, now = Date.now()): string {
      const body = Buffer.from(
        JSON.stringify({ ...claims, exp: Math.floor(now / 1000) + ACCESS_TOKEN_TTL_SEC }),
      ).toString('base64url');
      return `${body}.${sign(body)}`;
    },
    verify(token: string, now = Date.now()): AccessClaims | null {
      const [body, sig] = token.split('.');
      if (!body || !sig) return null;
      const expected = Buffer.from(sign(body));
      const given = Buffer.from(sig);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      try {
        const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as AccessClaims;
        return claims.exp * 1000 > now ? claims : null;
      } catch {
        return null;
      }
    },
  };
}
export type TokenSigner = ReturnType<typeof makeTokenSigner>;
