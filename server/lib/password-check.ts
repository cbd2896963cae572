// A short keyed verifier kept beside each password hash, so that a wrong password is known wrong
// without argon2 (issue 20, S3). Behind a school's one address a classmate may send more wrong tries
// a second than the server has argon2 checks to spare; if each cost an argon2 check, the owner's
// right try would have to compete with them. With this verifier a try whose 12 bits do not match is
// refused at once (and counted as a failure like any wrong password); every right password and
// 1 wrong one in 4,096 go on to argon2.
//
// The verifier is HMAC-SHA256 under a pepper derived from AUTH_SECRET (a server secret kept outside
// the database), over the hash itself (its salt: one password on two accounts gives two verifiers)
// and the password, cut to 12 bits. A tag (the HMAC of the hash) goes with it: when the hash changes
// without the verifier (any code path, a script) or AUTH_SECRET changes, the tag no longer matches
// and the verifier is ignored (argon2 decides, and the next right sign-in writes a fresh one): a
// stale verifier can never refuse a right password. Trade-off (docs/security.md): whoever holds both
// the database and AUTH_SECRET skips argon2 for 4,095 of 4,096 offline guesses.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Bits of HMAC kept: a wrong password passes with probability 2^-BITS. */
export const CHECK_BITS = 12;

const pepper = (secret: string) => createHmac('sha256', secret).update('password-check-v1').digest();
const tagOf = (key: Buffer, hash: string) =>
  createHmac('sha256', key).update(`tag\0${hash}`).digest('hex').slice(0, 8);
function bitsOf(key: Buffer, hash: string, plain: string): string {
  const mac = createHmac('sha256', key).update(`pw\0${hash}\0`).update(plain, 'utf8').digest();
  return (mac.readUInt16BE(0) >>> (16 - CHECK_BITS)).toString(16).padStart(3, '0');
}

// One pepper per secret (HMAC keys are cheap, but a spray calls this at every try).
let cached: { secret: string; key: Buffer } | null = null;
function keyFor(secret: string): Buffer {
  if (cached?.secret !== secret) cached = { secret, key: pepper(secret) };
  return cached.key;
}

/** The verifier to store with `hash`, the argon2 hash of `plain`. */
export function passwordCheck(secret: string, hash: string, plain: string): string {
  const key = keyFor(secret);
  return `${tagOf(key, hash)}:${bitsOf(key, hash, plain)}`;
}

/**
 * What the stored verifier says of `plain`: `wrong` (sure: no argon2 needed), `maybe` (the
 * verifier matches: every right password, 1 wrong in 4,096; argon2 decides) or `unchecked` (no
 * verifier yet, or one written for another hash or another secret: argon2 decides).
 */
export function checkVerdict(
  secret: string,
  hash: string,
  check: string | null | undefined,
  plain: string,
): 'wrong' | 'maybe' | 'unchecked' {
  if (!check) return 'unchecked';
  const [tag, bits] = check.split(':');
  const key = keyFor(secret);
  if (tag !== tagOf(key, hash) || !bits) return 'unchecked';
  const mine = Buffer.from(bitsOf(key, hash, plain));
  const stored = Buffer.from(bits);
  return mine.length === stored.length && timingSafeEqual(mine, stored) ? 'maybe' : 'wrong';
}
