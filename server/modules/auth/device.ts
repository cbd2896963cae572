// Known devices (OWASP "device cookies"): a browser that once signed in to an account with its
// password keeps a token that names that account. Behind a school's one address (NAT), a classmate
// hammering a login cannot tell their tries from the owner's, so the owner's known device skips the
// waits that the classmate's failures set (service.ts); it has its own small budget of failures.
// The token is an HMAC under AUTH_SECRET: nothing stored, nobody can mint one for another account.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A device token stays known this long after the sign-in that gave it. */
export const DEVICE_TOKEN_DAYS = 365;

const mac = (secret: string, body: string) =>
  createHmac('sha256', secret).update(`device-token:${body}`).digest('base64url');

/** A new token for this account on this device. */
export function issueDeviceToken(secret: string, userId: string, now = Date.now()): string {
  const body = `${userId}.${Math.floor(now / 1000)}.${randomBytes(16).toString('base64url')}`;
  return `${body}.${mac(secret, body)}`;
}

/** The device's id when `token` is ours, for this account and not expired; otherwise null. */
export function readDeviceToken(
  secret: string,
  token: string | undefined,
  userId: string,
  now = Date.now(),
): string | null {
  if (!token || token.length > 300) return null;
  const parts = token.split('.');
  if (parts.length !== 4) return null;
  const [id, issued, nonce, sig] = parts;
  const expected = Buffer.from(mac(secret, `${id}.${issued}.${nonce}`));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (id !== userId) return null;
  const age = now / 1000 - Number(issued);
  if (!Number.isFinite(age) || age < -300 || age > DEVICE_TOKEN_DAYS * 86400) return null;
  return nonce;
}
