import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('loadConfig', () => {
  it('reads the ENTs of ENT_CAS, with default attribute names, and refuses a malformed table at boot', () => {
    const c = loadConfig({
      ENT_CAS: JSON.stringify([{ id: 'monent', name: 'Mon ENT', casUrl: 'https://cas.monent.example/cas' }]),
    });
    expect(c.ENT_CAS).toEqual([
      expect.objectContaining({
        id: 'monent',
        version: '3.0',
        attributes: expect.objectContaining({ profile: 'ENTPersonProfils' }),
      }),
    ]);
    expect(() => loadConfig({ ENT_CAS: '{not json' })).toThrow(/ENT_CAS: ENT_CAS must be a JSON array/);
    expect(() =>
      loadConfig({ ENT_CAS: JSON.stringify([{ id: 'Bad Id', name: 'x', casUrl: 'nope' }]) }),
    ).toThrow(/Invalid configuration:\n {2}ENT_CAS\.0\.id/);
  });

  it('reads a GAR certificate written on one line with literal \\n', () => {
    const c = loadConfig({ GAR_IDP_CERT: '-----BEGIN CERTIFICATE-----\\nMIIB\\n-----END CERTIFICATE-----' });
    expect(c.GAR_IDP_CERT).toBe('-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----');
  });

  it('starts with embedded defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ PORT: 3000, DATA_DIR: './data' });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.REDIS_URL).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: '', REDIS_URL: '' }).DATABASE_URL).toBeUndefined();
    expect(c.usesDefaultSecrets).toBe(true);
  });

  it('refuses a production start with a default secret, with a clear message', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /Refusing to start in production with a default secret/,
    );
    expect(() =>
      loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'a'.repeat(40), ENCRYPTION_KEY: 'b'.repeat(40) }),
    ).not.toThrow();
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET must be at least 32 characters/);
  });

  it('reads the admin e-mails as a lower-case list', () => {
    expect(loadConfig({ ADMIN_EMAILS: 'A@x.fr, b@y.fr' }).ADMIN_EMAILS).toEqual(['a@x.fr', 'b@y.fr']);
  });
});
