// The GAR identity provider's SAML 2.0 metadata (the XML file the GAR publishes for each of its
// environments), read into what our service provider needs: its entity id, its single sign-on and
// single logout URLs (HTTP-Redirect binding) and its signing certificates, all of them, so that a
// rotation announced in the metadata is accepted on both sides of the change. Parsed with saxes (no
// DTD, no entities); the file is the operator's (GAR_IDP_METADATA), read once at start.
import { SaxesParser, type SaxesTagPlain } from 'saxes';

const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

export interface IdpMetadata {
  entityId: string;
  ssoUrl: string;
  sloUrl?: string;
  /** PEM certificates the identity provider signs with. */
  certs: string[];
}

const local = (name: string) => name.slice(name.indexOf(':') + 1);

/** One base64 DER certificate as PEM, 64 characters a line. */
export function toPem(base64: string): string {
  const body = base64.replace(/\s+/g, '');
  return `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)?.join('\n') ?? ''}\n-----END CERTIFICATE-----`;
}

/**
 * Reads the first EntityDescriptor with an IDPSSODescriptor. Throws an Error saying what is missing
 * (the configuration check turns it into a refusal to start).
 */
export function parseIdpMetadata(xml: string): IdpMetadata {
  const parser = new SaxesParser({ xmlns: false });
  const stack: string[] = [];
  let entityId: string | null = null;
  let found: IdpMetadata | null = null;
  let current: { entityId: string; sso?: string; slo?: string; certs: string[] } | null = null;
  let signingKey = false;
  let certText: string | null = null;
  parser.on('doctype', () => {
    throw new Error('the metadata declares a DOCTYPE, which is refused');
  });
  parser.on('opentag', (tag: SaxesTagPlain) => {
    const name = local(tag.name);
    const attr = (a: string) =>
      typeof tag.attributes[a] === 'string' ? (tag.attributes[a] as string) : undefined;
    stack.push(name);
    if (found) return;
    if (name === 'EntityDescriptor') entityId = attr('entityID') ?? null;
    else if (name === 'IDPSSODescriptor' && entityId) current = { entityId, certs: [] };
    else if (current && name === 'KeyDescriptor') {
      const use = attr('use');
      signingKey = !use || use === 'signing';
    } else if (current && name === 'X509Certificate' && signingKey && stack.includes('KeyDescriptor'))
      certText = '';
    else if (current && name === 'SingleSignOnService' && attr('Binding') === REDIRECT)
      current.sso ??= attr('Location');
    else if (current && name === 'SingleLogoutService' && attr('Binding') === REDIRECT)
      current.slo ??= attr('Location');
  });
  parser.on('text', (t: string) => {
    if (certText !== null) certText += t;
  });
  parser.on('closetag', (tag: SaxesTagPlain) => {
    const name = local(tag.name);
    stack.pop();
    if (found) return;
    if (name === 'X509Certificate' && certText !== null && current) {
      if (certText.trim()) current.certs.push(toPem(certText));
      certText = null;
    } else if (name === 'KeyDescriptor') signingKey = false;
    else if (name === 'IDPSSODescriptor' && current) {
      if (!current.sso) throw new Error('the IDPSSODescriptor has no HTTP-Redirect SingleSignOnService');
      if (!current.certs.length) throw new Error('the IDPSSODescriptor has no signing certificate');
      found = { entityId: current.entityId, ssoUrl: current.sso, sloUrl: current.slo, certs: current.certs };
      current = null;
    } else if (name === 'EntityDescriptor') entityId = null;
  });
  parser.write(xml).close();
  if (!found) throw new Error('no EntityDescriptor with an IDPSSODescriptor');
  return found;
}
