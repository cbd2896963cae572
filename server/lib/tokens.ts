// Short-lived access tokens: base64url(JSON payload) + HMAC-SHA256 signature.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Role } from '../../shared/constants.js';

export const ACCESS_TOKEN_TTL_SEC = 15 * 60;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface AccessClaims {
  sub: string;
  role: Role;
  studentId: string | null;
  professorId: string | null;
  isAdmin: boolean;
  /** The session (refresh-token family) the token was issued for: revoking it refuses the token. */
  sid: string;
  /** The SCHOOL role's school (UAI), read from the account at each request, never from the token. */
  uai?: string | null;
  /** Issued at, in seconds. */
  iat: number;
  exp: number;
}

export function makeTokenSigner(secret: string) {
  const sign = (data: string) => createHmac('sha256', secret).update(data).digest('base64url');
  return {
    issue(claims: Omit<AccessClaims, 'exp' | 'iat'>, now = Date.now()): string {
      const iat = Math.floor(now / 1000);
      const body = Buffer.from(JSON.stringify({ ...claims, iat, exp: iat + ACCESS_TOKEN_TTL_SEC })).toString(
        'base64url',
      );
      return `${body}.${sign(body)}`;
    },
    verify(token: string, now = Date.now()): AccessClaims | null {
      // Exactly two segments: `a.b.c` is not a token with a trailing extra, it is no token.
      const parts = token.split('.');
      if (parts.length !== 2) return null;
      const [body, sig] = parts;
      if (!body || !sig) return null;
      const expected = Buffer.from(sign(body));
      const given = Buffer.from(sig);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      try {
        const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as AccessClaims;
        if (typeof claims.sid !== 'string' || !UUID.test(claims.sid) || typeof claims.exp !== 'number')
          return null;
        return claims.exp * 1000 > now ? claims : null;
      } catch {
        return null;
      }
    },
  };
}
export type TokenSigner = ReturnType<typeof makeTokenSigner>;
