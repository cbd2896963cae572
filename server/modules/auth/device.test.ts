import { describe, expect, it } from 'vitest';
import { DEVICE_TOKEN_DAYS, issueDeviceToken, readDeviceToken } from './device.js';

const SECRET = 'device-test-secret-0123456789abcdef0123456789';
const USER = '5b3f4c8e-1d2a-4e6f-9a7b-0c1d2e3f4a5b';

describe('device tokens', () => {
  it('name one account, cannot be forged or moved to another account, and expire', () => {
    const now = Date.UTC(2026, 10, 27);
    const token = issueDeviceToken(SECRET, USER, now);
    expect(readDeviceToken(SECRET, token, USER, now)).toMatch(/^[\w-]{22}$/);
    expect(readDeviceToken(SECRET, token, 'another-user', now)).toBeNull();
    expect(readDeviceToken('b'.repeat(42), token, USER, now)).toBeNull();
    const [, issued, nonce, sig] = token.split('.');
    expect(readDeviceToken(SECRET, `another-user.${issued}.${nonce}.${sig}`, 'another-user', now)).toBeNull();
    expect(readDeviceToken(SECRET, `${token}x`, USER, now)).toBeNull();
    expect(readDeviceToken(SECRET, undefined, USER, now)).toBeNull();
    expect(readDeviceToken(SECRET, token, USER, now + (DEVICE_TOKEN_DAYS + 1) * 86_400_000)).toBeNull();
  });
});
