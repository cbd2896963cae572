import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { IDP_ENTITY_ID, idpMetadataXml, pemOf } from '../tests/helpers/sso.js';
import { loadConfig, PUBLISHED_AUTH_SECRET, PUBLISHED_ENCRYPTION_KEY, SECRETS_FILE } from './config.js';
import { makeTokenSigner } from './lib/tokens.js';
import { splitPems } from './modules/sso/saml.js';

const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(path.join(os.tmpdir(), 'cr-config-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const random = (c: string) => `${c}${'0123456789abcdef'.repeat(3)}`;

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

  it('refuses to start the GAR without its entity id (the issuer check needs it), naming the variable', () => {
    const gar = {
      GAR_IDP_SSO_URL: 'https://idp.gar.example/sso',
      GAR_IDP_CERT: '-----BEGIN CERTIFICATE-----\\nMIIB\\n-----END CERTIFICATE-----',
    };
    expect(() => loadConfig(gar)).toThrow(/GAR_IDP_ENTITY_ID: required when the GAR is on/);
    expect(loadConfig({ ...gar, GAR_IDP_ENTITY_ID: 'https://idp.gar.example' }).GAR_IDP_ENTITY_ID).toBe(
      'https://idp.gar.example',
    );
  });

  it('reads the GAR from its metadata file: sign-on and logout URLs, entity id, every signing certificate', () => {
    const file = path.join(tmp(), 'gar-idp.xml');
    writeFileSync(
      file,
      idpMetadataXml('https://idp.gar.example', [pemOf('idp', 'cert'), pemOf('idp-next', 'cert')]),
    );
    const c = loadConfig({ GAR_IDP_METADATA: file });
    expect(c.GAR_IDP_SSO_URL).toBe('https://idp.gar.example/sso');
    expect(c.GAR_IDP_SLO_URL).toBe('https://idp.gar.example/slo');
    expect(c.GAR_IDP_ENTITY_ID).toBe(IDP_ENTITY_ID);
    // Both keys of a rotation, the same certificates as their PEM files (the encryption key is not one).
    expect(splitPems(c.GAR_IDP_CERT ?? '').map((p) => p.replace(/\s+/g, ''))).toEqual(
      [pemOf('idp', 'cert'), pemOf('idp-next', 'cert')].map((p) => p.trim().replace(/\s+/g, '')),
    );
    // A value set by hand wins over the file's.
    expect(
      loadConfig({ GAR_IDP_METADATA: file, GAR_IDP_SLO_URL: 'https://slo.example/x' }).GAR_IDP_SLO_URL,
    ).toBe('https://slo.example/x');
  });

  it('refuses to start on a GAR metadata file it cannot use, saying which and why', () => {
    expect(() => loadConfig({ GAR_IDP_METADATA: '/nowhere/gar.xml' })).toThrow(
      /GAR_IDP_METADATA: \/nowhere\/gar.xml cannot be used/,
    );
    const noSso = path.join(tmp(), 'no-sso.xml');
    writeFileSync(
      noSso,
      idpMetadataXml('https://idp.gar.example').replace(/<md:SingleSignOnService[^>]*Redirect[^>]*>/, ''),
    );
    expect(() => loadConfig({ GAR_IDP_METADATA: noSso })).toThrow(/no HTTP-Redirect SingleSignOnService/);
    const doctype = path.join(tmp(), 'doctype.xml');
    writeFileSync(doctype, '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><x/>');
    expect(() => loadConfig({ GAR_IDP_METADATA: doctype })).toThrow(/DOCTYPE/);
  });

  it("maps an ENT teacher's divisions and groups by default (ENTAuxEnsClasses, ENTAuxEnsGroupes)", () => {
    const [ent] = loadConfig({
      ENT_CAS: JSON.stringify([{ id: 'monent', name: 'Mon ENT', casUrl: 'https://cas.monent.example/cas' }]),
    }).ENT_CAS;
    expect(ent.attributes).toMatchObject({
      teacherDivisions: 'ENTAuxEnsClasses',
      groups: 'ENTEleveGroupes',
      teacherGroups: 'ENTAuxEnsGroupes',
    });
  });

  it('starts with embedded defaults', () => {
    const c = loadConfig({ DATA_DIR: tmp() });
    expect(c).toMatchObject({ PORT: 3000 });
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.REDIS_URL).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: '', REDIS_URL: '', DATA_DIR: tmp() }).DATABASE_URL).toBeUndefined();
    expect(c.secretsFrom).toBe('data-dir');
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET must be at least 32 characters/);
  });

  it('reads the legal details, and refuses an overlong or control-character one by name', () => {
    const c = loadConfig({ LEGAL_PUBLISHER: '  Collège Jean Moulin  ', DATA_DIR: tmp() });
    expect(c.LEGAL_PUBLISHER).toBe('Collège Jean Moulin');
    expect(c.LEGAL_HOST).toBeUndefined();
    expect(() => loadConfig({ LEGAL_HOST: 'x'.repeat(501), DATA_DIR: tmp() })).toThrow(/LEGAL_HOST/);
    expect(() => loadConfig({ LEGAL_DPO_CONTACT: 'a\u0000b', DATA_DIR: tmp() })).toThrow(/LEGAL_DPO_CONTACT/);
  });

  it('reads the admin e-mails as a lower-case list', () => {
    expect(loadConfig({ ADMIN_EMAILS: 'A@x.fr, b@y.fr', DATA_DIR: tmp() }).ADMIN_EMAILS).toEqual([
      'a@x.fr',
      'b@y.fr',
    ]);
  });

  it('TRUST_PROXY: off by default, a hop count (1 for true), or a list of addresses and CIDRs; never every hop', () => {
    const t = (v?: string) => loadConfig(v === undefined ? {} : { TRUST_PROXY: v }).TRUST_PROXY;
    expect(t()).toBe(false);
    expect(t('0')).toBe(false);
    expect(t('false')).toBe(false);
    expect(t('1')).toBe(1);
    expect(t('true')).toBe(1);
    expect(t('2')).toBe(2);
    expect(t('10.0.0.0/8, 127.0.0.1,::1,loopback')).toEqual(['10.0.0.0/8', '127.0.0.1', '::1', 'loopback']);
    expect(() => t('yes')).toThrow(/TRUST_PROXY: "yes" is neither a hop count nor an address/);
    expect(() => t('10.0.0.0/33')).toThrow(/TRUST_PROXY/);
    expect(() => t('11')).toThrow(/TRUST_PROXY: at most 10 hops/);
  });

  it('SEED_DEMO is unset by default, and 0 or 1 when given', () => {
    const dir = tmp();
    expect(loadConfig({ DATA_DIR: dir }).SEED_DEMO).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dir, SEED_DEMO: '0' }).SEED_DEMO).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, SEED_DEMO: '1' }).SEED_DEMO).toBe(true);
  });
});

describe('secrets at a default start', () => {
  it('are random, kept in DATA_DIR readable by the owner only, and the same at the next start', () => {
    const dir = tmp();
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.secretsGenerated).toBe(true);
    const file = path.join(dir, SECRETS_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.AUTH_SECRET).toMatch(/^[0-9a-f]{64}$/);
    expect(first.ENCRYPTION_KEY).toMatch(/^[0-9a-f]{64}$/);
    expect(first.ENCRYPTION_KEY).not.toBe(first.AUTH_SECRET);
    const again = loadConfig({ DATA_DIR: dir });
    expect(again).toMatchObject({ AUTH_SECRET: first.AUTH_SECRET, ENCRYPTION_KEY: first.ENCRYPTION_KEY });
    expect(again.secretsGenerated).toBe(false);
    // Another installation gets other secrets.
    expect(loadConfig({ DATA_DIR: tmp() }).AUTH_SECRET).not.toBe(first.AUTH_SECRET);
    expect(JSON.parse(readFileSync(file, 'utf8')).AUTH_SECRET).toBe(first.AUTH_SECRET);
  });

  it('a token signed with the secret once written in the source is refused by a default start', () => {
    const forged = makeTokenSigner(PUBLISHED_AUTH_SECRET).issue({
      sub: '00000000-0000-4000-8000-000000000000',
      role: 'PROFESSOR',
      studentId: null,
      professorId: '00000000-0000-4000-8000-000000000001',
      isAdmin: true,
      sid: '00000000-0000-4000-8000-000000000002',
    });
    const c = loadConfig({ DATA_DIR: tmp() });
    expect(makeTokenSigner(c.AUTH_SECRET).verify(forged)).toBeNull();
  });

  it('refuses a published or non-random secret, from the environment or the file, in any mode', () => {
    for (const NODE_ENV of ['development', 'production']) {
      expect(() => loadConfig({ NODE_ENV, AUTH_SECRET: PUBLISHED_AUTH_SECRET, DATA_DIR: tmp() })).toThrow(
        /AUTH_SECRET is a published value/,
      );
      expect(() =>
        loadConfig({ NODE_ENV, ENCRYPTION_KEY: PUBLISHED_ENCRYPTION_KEY, DATA_DIR: tmp() }),
      ).toThrow(/ENCRYPTION_KEY is a published value/);
    }
    expect(() => loadConfig({ AUTH_SECRET: 'a'.repeat(40), DATA_DIR: tmp() })).toThrow(/must be random/);
    const dir = tmp();
    writeFileSync(
      path.join(dir, SECRETS_FILE),
      JSON.stringify({ AUTH_SECRET: PUBLISHED_AUTH_SECRET, ENCRYPTION_KEY: random('k') }),
    );
    expect(() => loadConfig({ DATA_DIR: dir })).toThrow(/does not hold valid secrets/);
  });

  it('uses the secrets of the environment when given, and writes no file', () => {
    const dir = tmp();
    const c = loadConfig({ DATA_DIR: dir, AUTH_SECRET: random('a'), ENCRYPTION_KEY: random('e') });
    expect(c).toMatchObject({ AUTH_SECRET: random('a'), ENCRYPTION_KEY: random('e'), secretsFrom: 'env' });
    expect(() => statSync(path.join(dir, SECRETS_FILE))).toThrow();
  });

  it('several production nodes (Redis) must share secrets given in the environment', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', REDIS_URL: 'redis://127.0.0.1:6379', DATA_DIR: tmp() }),
    ).toThrow(/without shared secrets/);
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        REDIS_URL: 'redis://127.0.0.1:6379',
        AUTH_SECRET: random('a'),
        ENCRYPTION_KEY: random('e'),
      }),
    ).not.toThrow();
  });
});
