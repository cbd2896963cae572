// School sign-on test doubles, shared by the integration tests and the browser tests: SAML 2.0
// responses signed for real (xml-crypto, as the GAR's IdP would; tests/helpers/test-idp.ts serves
// them over HTTP to a browser), and a CAS server stub speaking CAS 2.0/3.0 serviceValidate over HTTP.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SignedXml } from 'xml-crypto';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/sso');
export const pemOf = (name: string, kind: 'key' | 'cert') =>
  readFileSync(path.join(FIXTURES, `${name}.${kind}.pem`), 'utf8');

export const IDP_ENTITY_ID = 'https://idp-test.gar.example/idp';
export const ACS_URL = 'http://localhost:3000/api/gar/acs';
export const SP_ENTITY_ID = 'http://localhost:3000/api/gar/metadata';

/** The configuration a school would put in .env, pointing at the test identity provider. */
export const garEnv = (idpCerts = pemOf('idp', 'cert')) => ({
  GAR_IDP_SSO_URL: 'https://idp-test.gar.example/sso',
  GAR_IDP_SLO_URL: 'https://idp-test.gar.example/slo',
  GAR_IDP_ENTITY_ID: IDP_ENTITY_ID,
  GAR_IDP_CERT: idpCerts,
  GAR_SP_KEY: pemOf('sp', 'key'),
  GAR_SP_CERT: pemOf('sp', 'cert'),
});

const derOf = (pem: string) => pem.replace(/-----(BEGIN|END) CERTIFICATE-----|\s+/g, '');

/**
 * The identity provider's SAML metadata as the GAR publishes it (namespaced elements, a signing and an
 * encryption key, a POST binding listed before the Redirect one): each of `signing` is a signing key
 * (two during a rotation).
 */
export function idpMetadataXml(base: string, signing = [pemOf('idp', 'cert')]): string {
  const key = (use: string, pem: string) =>
    `<md:KeyDescriptor use="${use}"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>\n${derOf(pem)}\n</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<md:EntitiesDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#">
  <md:EntityDescriptor entityID="https://other.example/sp"><md:SPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol"/></md:EntityDescriptor>
  <md:EntityDescriptor entityID="${esc(IDP_ENTITY_ID)}">
    <md:IDPSSODescriptor WantAuthnRequestsSigned="true" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
      ${signing.map((pem) => key('signing', pem)).join('\n      ')}
      ${key('encryption', pemOf('sp', 'cert'))}
      <md:SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${esc(base)}/slo"/>
      <md:NameIDFormat>urn:oasis:names:tc:SAML:2.0:nameid-format:transient</md:NameIDFormat>
      <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${esc(base)}/sso-post"/>
      <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${esc(base)}/sso"/>
    </md:IDPSSODescriptor>
  </md:EntityDescriptor>
</md:EntitiesDescriptor>
`;
}

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const iso = (ms: number) => new Date(ms).toISOString();
const inResponseTo = (id?: string) => (id ? ` InResponseTo="${esc(id)}"` : '');

export interface AssertionOptions {
  attributes: Record<string, string[]>;
  assertionId?: string;
  audience?: string;
  recipient?: string;
  destination?: string;
  issuer?: string;
  /** The ID of the AuthnRequest answered (absent: an IdP-initiated sign-on, as from an ENT's media centre). */
  inResponseTo?: string;
  /** Issue instant; the assertion is valid from it for validForMs. */
  issuedAt?: number;
  validForMs?: number;
}

export function assertionXml(o: AssertionOptions): string {
  const now = o.issuedAt ?? Date.now();
  const until = now + (o.validForMs ?? 5 * 60_000);
  const attrs = Object.entries(o.attributes)
    .map(
      ([name, vals]) =>
        `<saml:Attribute Name="${esc(name)}">${vals.map((v) => `<saml:AttributeValue>${esc(v)}</saml:AttributeValue>`).join('')}</saml:Attribute>`,
    )
    .join('');
  return (
    `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${o.assertionId ?? `_a${randomUUID()}`}" Version="2.0" IssueInstant="${iso(now)}">` +
    `<saml:Issuer>${esc(o.issuer ?? IDP_ENTITY_ID)}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:2.0:nameid-format:transient">_n${randomUUID()}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData${inResponseTo(o.inResponseTo)} NotOnOrAfter="${iso(until)}" Recipient="${esc(o.recipient ?? ACS_URL)}"/></saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${iso(now - 1000)}" NotOnOrAfter="${iso(until)}"><saml:AudienceRestriction><saml:Audience>${esc(o.audience ?? SP_ENTITY_ID)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${iso(now)}" SessionIndex="_s${randomUUID()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:unspecified</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
    `<saml:AttributeStatement>${attrs}</saml:AttributeStatement>` +
    `</saml:Assertion>`
  );
}

/** Signs the (first) Assertion of a document, the signature placed after its Issuer. */
export function signAssertion(xml: string, keyName = 'idp'): string {
  const sig = new SignedXml({
    privateKey: pemOf(keyName, 'key'),
    publicCert: pemOf(keyName, 'cert'),
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  });
  sig.addReference({
    xpath: "//*[local-name(.)='Assertion']",
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    transforms: [
      'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
      'http://www.w3.org/2001/10/xml-exc-c14n#',
    ],
  });
  sig.computeSignature(xml, {
    location: { reference: "//*[local-name(.)='Assertion']/*[local-name(.)='Issuer']", action: 'after' },
  });
  return sig.getSignedXml();
}

export function responseXml(
  assertions: string,
  o: { destination?: string; issuer?: string; inResponseTo?: string } = {},
): string {
  return (
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_r${randomUUID()}" Version="2.0" IssueInstant="${iso(Date.now())}" Destination="${esc(o.destination ?? ACS_URL)}"${inResponseTo(o.inResponseTo)}>` +
    `<saml:Issuer>${esc(o.issuer ?? IDP_ENTITY_ID)}</saml:Issuer>` +
    `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
    assertions +
    `</samlp:Response>`
  );
}

/** A complete, validly signed response, base64 as the browser posts it. */
export function signedResponse(o: AssertionOptions & { keyName?: string }): string {
  const xml = signAssertion(
    responseXml(assertionXml(o), { destination: o.destination, inResponseTo: o.inResponseTo }),
    o.keyName,
  );
  return Buffer.from(xml).toString('base64');
}

export const b64 = (xml: string) => Buffer.from(xml).toString('base64');

export const PROFESSOR = {
  IDO: ['ido-teacher-7f3a9c'],
  UAI: ['0750001A'],
  PRO: ['National_ens'],
  NOM: ['Durand'],
  PRE: ['Claire'],
  DIV: ['5B##5EME B', '4A##4EME A'],
  P_MS2: ['MATHEMATIQUES'],
};
/** The head of the same school: a management profile, the SCHOOL role. */
export const HEAD = {
  IDO: ['ido-head-93c1d5'],
  UAI: ['0750001A'],
  PRO: ['National_dir'],
  NOM: ['Lefèvre'],
  PRE: ['Anne'],
};
export const PUPIL = {
  IDO: ['ido-pupil-41be02'],
  UAI: ['0750001A'],
  PRO: ['National_elv'],
  NOM: ['Martin'],
  PRE: ['Lou'],
  DIV: ['5B##5EME B'],
};

export interface CasStub {
  url: string;
  /** A service ticket the CAS would hand the browser after its login, for this exact service. */
  issue(service: string, user: string, attributes?: Record<string, string[]>): string;
  validations: number;
  /** The validation paths asked, in order (`/cas/serviceValidate` for 2.0, `/cas/p3/serviceValidate` for 3.0). */
  paths: string[];
  close(): Promise<void>;
}

/** A CAS server: /login, /serviceValidate (2.0), /p3/serviceValidate (3.0), single-use tickets bound to a service. */
export async function startCasStub(): Promise<CasStub> {
  const tickets = new Map<string, { service: string; user: string; attributes: Record<string, string[]> }>();
  const stub = { validations: 0, paths: [] as string[] } as CasStub;
  const server: Server = createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://x');
    res.setHeader('content-type', 'application/xml; charset=utf-8');
    if (!/\/(p3\/)?serviceValidate$/.test(u.pathname)) {
      res.statusCode = 404;
      res.end();
      return;
    }
    stub.validations++;
    stub.paths.push(u.pathname);
    const ticket = u.searchParams.get('ticket') ?? '';
    const service = u.searchParams.get('service') ?? '';
    const t = tickets.get(ticket);
    tickets.delete(ticket);
    const fail = (code: string) =>
      res.end(
        `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationFailure code="${code}">refused</cas:authenticationFailure></cas:serviceResponse>`,
      );
    if (!t) return fail('INVALID_TICKET');
    if (t.service !== service) return fail('INVALID_SERVICE');
    // 3.0 releases attributes; so do the 2.0 servers of the regional ENTs (an extension of 2.0).
    const attrs = Object.keys(t.attributes).length
      ? `<cas:attributes>${Object.entries(t.attributes)
          .flatMap(([k, vs]) => vs.map((v) => `<cas:${k}>${esc(v)}</cas:${k}>`))
          .join('')}</cas:attributes>`
      : '';
    res.end(
      `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user>${esc(t.user)}</cas:user>${attrs}</cas:authenticationSuccess></cas:serviceResponse>`,
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  stub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/cas`;
  stub.issue = (service, user, attributes = {}) => {
    const t = `ST-${randomUUID()}`;
    tickets.set(t, { service, user, attributes });
    return t;
  };
  stub.close = () => new Promise((r) => server.close(() => r()));
  return stub;
}
