// A GAR-like SAML 2.0 identity provider served over HTTP, for the browser tests (tests/e2e). The
// service provider's redirect sends the browser to /sso with a signed AuthnRequest (HTTP-Redirect
// binding): the IdP checks its signature with the SP's certificate, then shows a page where the test
// picks a person; it answers with a response signed for real (tests/helpers/sso.ts), which the page
// posts to the AssertionConsumerServiceURL of the request (HTTP-POST binding, RelayState kept). The
// choice opens a session at the IdP (a cookie): the next sign-in of that browser goes through without
// asking, until /slo ends it.
import { createVerify, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { idpMetadataXml, pemOf, signedResponse } from './sso';

/** A person of the test directory: GAR attributes (IDO, UAI, PRO, NOM, PRE, DIV…). */
export type IdpPerson = Record<string, string[]>;

/** The button that signs a person in at the test IdP. */
export const idpSignInLabel = (p: IdpPerson) => `Sign in as ${p.PRE?.[0] ?? ''} ${p.NOM?.[0] ?? ''}`.trim();
export const IDP_PICK_TITLE = 'Test identity provider';
const IDP_POSTING_TITLE = 'Signing in…';
export const IDP_SIGNED_OUT_TITLE = 'Signed out of the test identity provider';

const COOKIE = 'test_idp_session';
const SIG_ALGS: Record<string, string> = {
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256': 'RSA-SHA256',
  'http://www.w3.org/2000/09/xmldsig#rsa-sha1': 'RSA-SHA1',
};

export interface TestIdp {
  url: string;
  /** The GAR configuration of a service provider that trusts this IdP (what a school puts in .env). */
  env(): Record<string, string>;
  close(): Promise<void>;
}

interface AuthnRequest {
  id: string;
  acs: string;
  audience: string;
  relayState: string | undefined;
}

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const unesc = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

const page = (title: string, body: string, script = '') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title></head>` +
  `<body><h1>${esc(title)}</h1>${body}${script}</body></html>`;

function send(res: ServerResponse, status: number, html: string, headers: Record<string, string> = {}) {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(html);
}

function cookieOf(req: IncomingMessage): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === COOKIE) return v.join('=');
  }
  return undefined;
}

async function formOf(req: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of req) {
    body += chunk;
    if (body.length > 64 * 1024) throw new Error('form too large');
  }
  return new URLSearchParams(body);
}

/** The AuthnRequest of an HTTP-Redirect binding, its signature checked with the SP's certificate. */
function readAuthnRequest(q: URLSearchParams, spCert: string): AuthnRequest {
  const samlRequest = q.get('SAMLRequest');
  if (!samlRequest) throw new Error('no SAMLRequest');
  const relayState = q.get('RelayState') ?? undefined;
  const sigAlg = q.get('SigAlg');
  const signature = q.get('Signature');
  if (!sigAlg || !signature) throw new Error('the AuthnRequest is not signed');
  const algorithm = SIG_ALGS[sigAlg];
  if (!algorithm) throw new Error('unknown SigAlg');
  // SAML bindings 3.4.4.1: the URL-encoded parameters, in this order, RelayState only when sent.
  const signed = [
    `SAMLRequest=${encodeURIComponent(samlRequest)}`,
    ...(relayState !== undefined ? [`RelayState=${encodeURIComponent(relayState)}`] : []),
    `SigAlg=${encodeURIComponent(sigAlg)}`,
  ].join('&');
  if (!createVerify(algorithm).update(signed).verify(spCert, signature, 'base64'))
    throw new Error('the AuthnRequest signature does not verify');
  const xml = inflateRawSync(Buffer.from(samlRequest, 'base64')).toString('utf8');
  const attr = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(xml)?.[1];
  const id = attr('ID');
  const acs = attr('AssertionConsumerServiceURL');
  const issuer = /<(?:\w+:)?Issuer\b[^>]*>([^<]+)<\//.exec(xml)?.[1];
  if (!/^<(?:\w+:)?AuthnRequest\b/.test(xml.replace(/^<\?xml[^>]*\?>\s*/, '')) || !id || !acs || !issuer)
    throw new Error('not an AuthnRequest with an ID, an AssertionConsumerServiceURL and an Issuer');
  // Only this machine's service providers: a real IdP posts only to the ACS of registered metadata.
  if (!['127.0.0.1', 'localhost'].includes(new URL(unesc(acs)).hostname)) throw new Error('unknown ACS');
  return { id: unesc(id), acs: unesc(acs), audience: unesc(issuer), relayState };
}

/** The page that posts the signed response to the service provider as soon as it loads. */
function autoPost(req: AuthnRequest, person: IdpPerson): string {
  const response = signedResponse({
    attributes: person,
    audience: req.audience,
    recipient: req.acs,
    destination: req.acs,
    inResponseTo: req.id,
  });
  const relay =
    req.relayState !== undefined
      ? `<input type="hidden" name="RelayState" value="${esc(req.relayState)}">`
      : '';
  return page(
    IDP_POSTING_TITLE,
    `<form method="post" action="${esc(req.acs)}"><input type="hidden" name="SAMLResponse" value="${esc(response)}">${relay}<noscript><button>Continue</button></noscript></form>`,
    '<script>document.forms[0].submit()</script>',
  );
}

/** Starts the IdP on a free port of 127.0.0.1, with its directory of people (key: a short name). */
export async function startTestIdp(people: Record<string, IdpPerson>): Promise<TestIdp> {
  const spCert = pemOf('sp', 'cert');
  /** Open sessions: cookie value → the key of the person signed in. */
  const sessions = new Map<string, string>();
  /** Requests waiting for the test to pick a person. */
  const pending = new Map<string, AuthnRequest>();

  const server: Server = createServer((req, res) => {
    void (async () => {
      const u = new URL(req.url ?? '/', 'http://idp');
      if (req.method === 'GET' && u.pathname === '/sso') {
        const authn = readAuthnRequest(u.searchParams, spCert);
        const signedIn = sessions.get(cookieOf(req) ?? '');
        if (signedIn && people[signedIn]) return send(res, 200, autoPost(authn, people[signedIn]));
        const key = randomUUID();
        pending.set(key, authn);
        const buttons = Object.entries(people)
          .map(
            ([k, p]) => `<p><button name="person" value="${esc(k)}">${esc(idpSignInLabel(p))}</button></p>`,
          )
          .join('');
        return send(
          res,
          200,
          page(
            IDP_PICK_TITLE,
            `<form method="post" action="/sso/pick"><input type="hidden" name="request" value="${key}">${buttons}</form>`,
          ),
        );
      }
      if (req.method === 'POST' && u.pathname === '/sso/pick') {
        const form = await formOf(req);
        const authn = pending.get(form.get('request') ?? '');
        const person = form.get('person') ?? '';
        if (!authn || !people[person]) return send(res, 400, page('Unknown request or person', ''));
        pending.delete(form.get('request') ?? '');
        const sid = randomUUID();
        sessions.set(sid, person);
        return send(res, 200, autoPost(authn, people[person]), {
          'set-cookie': `${COOKIE}=${sid}; Path=/; HttpOnly; SameSite=Lax`,
        });
      }
      if (req.method === 'GET' && u.pathname === '/slo') {
        sessions.delete(cookieOf(req) ?? '');
        return send(res, 200, page(IDP_SIGNED_OUT_TITLE, ''), {
          'set-cookie': `${COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`,
        });
      }
      send(res, 404, page('Not found', ''));
    })().catch((err: Error) => {
      if (!res.headersSent) send(res, 400, page('Refused', `<p role="alert">${esc(err.message)}</p>`));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const metadataDir = mkdtempSync(path.join(os.tmpdir(), 'cr-test-idp-'));
  const metadataFile = path.join(metadataDir, 'gar-idp-metadata.xml');
  writeFileSync(metadataFile, idpMetadataXml(url));
  return {
    url,
    // As a school configures the GAR: the IdP's metadata file, and our own key and certificate.
    env: () => ({
      GAR_IDP_METADATA: metadataFile,
      GAR_SP_KEY: pemOf('sp', 'key'),
      GAR_SP_CERT: pemOf('sp', 'cert'),
    }),
    close: () =>
      new Promise((r) => {
        rmSync(metadataDir, { recursive: true, force: true });
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
