import { describe, expect, it } from 'vitest';
import { CHECK_BITS, checkVerdict, passwordCheck } from './password-check.js';

const SECRET = 'a'.repeat(64);
const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo';

describe('the password verifier', () => {
  it('lets the right password through to argon2, and refuses most wrong ones without it', () => {
    const check = passwordCheck(SECRET, HASH, 'Cartable-Bleu-7!');
    expect(checkVerdict(SECRET, HASH, check, 'Cartable-Bleu-7!')).toBe('maybe');
    let wrong = 0;
    const n = 20_000;
    for (let i = 0; i < n; i++) if (checkVerdict(SECRET, HASH, check, `Devine-${i}!`) === 'wrong') wrong++;
    // 1 wrong password in 4,096 passes (about 5 of 20,000).
    expect(n - wrong).toBeLessThan(n / 2 ** CHECK_BITS + 20);
    expect(wrong).toBeGreaterThan(n - 30);
  });

  it('is ignored (argon2 decides) with no verifier, another hash or another secret: a stale one never refuses the right password', () => {
    const check = passwordCheck(SECRET, HASH, 'Ancien-Mot-1!');
    expect(checkVerdict(SECRET, HASH, null, 'x')).toBe('unchecked');
    // The password was changed by a path that did not write the verifier: the hash differs.
    expect(checkVerdict(SECRET, `${HASH}x`, check, 'Nouveau-Mot-2!')).toBe('unchecked');
    // AUTH_SECRET was changed.
    expect(checkVerdict('b'.repeat(64), HASH, check, 'Ancien-Mot-1!')).toBe('unchecked');
    expect(checkVerdict(SECRET, HASH, 'garbage', 'Ancien-Mot-1!')).toBe('unchecked');
  });

  it('differs for one password on two accounts (the hash, with its salt, is in the HMAC)', () => {
    const many = new Set(
      Array.from({ length: 50 }, (_, i) => passwordCheck(SECRET, `${HASH}${i}`, 'Même-Mot-3!').split(':')[1]),
    );
    expect(many.size).toBeGreaterThan(40);
  });
});
