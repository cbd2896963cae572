// The GAR as a SAML 2.0 identity provider; we are its service provider (@node-saml/node-saml).
// node-saml checks the signature (wantAssertionsSigned: the Assertion itself must be signed by one of
// the configured IdP certificates; a second Assertion is refused), the audience, the validity window
// and the issuer. We add what it leaves out: the Recipient of the subject confirmation and the
// Response's Destination must be our ACS URL, and an assertion id is accepted once (replay).
import { SAML, ValidateInResponseTo } from '@node-saml/node-saml';
import { SaxesParser } from 'saxes';
import type { Config } from '../../config.js';
import { type Division, parseDivisions, type SsoPerson } from './accounts.js';
import type { ReplayGuard } from './replay.js';

/**
 * GAR attribute names (the GAR's "attributs transmis aux ressources"). A teacher's subjects: P_MAT
 * (matières enseignées, `code##label`); the name this code first used, P_MS2, is still read as a
 * fallback (see docs/decisions.md, "SCHOOL role and ENT approval").
 */
export const GAR_ATTRIBUTES = {
  id: 'IDO',
  uai: 'UAI',
  profile: 'PRO',
  lastName: 'NOM',
  firstName: 'PRE',
  divisions: 'DIV',
  groups: 'GRO',
  subjects: 'P_MAT',
  subjectsFallback: 'P_MS2',
} as const;

/** How long an assertion id is remembered when the assertion names no end of validity. */
const DEFAULT_REPLAY_MS = 10 * 60_000;

export interface GarSp {
  saml: SAML;
  acsUrl: string;
  entityId: string;
  metadata(): string;
}

export function splitPems(pems: string): string[] {
  return pems.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
}

export function garEnabled(config: Config): boolean {
  return !!(config.GAR_IDP_SSO_URL && config.GAR_IDP_CERT);
}

export function makeGarSp(config: Config): GarSp | null {
  if (!config.GAR_IDP_SSO_URL || !config.GAR_IDP_CERT) return null;
  const acsUrl = `${config.PUBLIC_URL}/api/gar/acs`;
  const entityId = config.GAR_SP_ENTITY_ID ?? `${config.PUBLIC_URL}/api/gar/metadata`;
  const idpCert = splitPems(config.GAR_IDP_CERT);
  if (idpCert.length === 0) throw new Error('GAR_IDP_CERT holds no PEM certificate');
  const saml = new SAML({
    callbackUrl: acsUrl,
    entryPoint: config.GAR_IDP_SSO_URL,
    logoutUrl: config.GAR_IDP_SLO_URL,
    logoutCallbackUrl: `${config.PUBLIC_URL}/gar-helper`,
    issuer: entityId,
    audience: entityId,
    idpIssuer: config.GAR_IDP_ENTITY_ID,
    idpCert,
    privateKey: config.GAR_SP_KEY ?? '',
    publicCert: config.GAR_SP_CERT,
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    acceptedClockSkewMs: config.GAR_CLOCK_SKEW_SECONDS * 1000,
    // The GAR opens a resource from the ENT's media centre: IdP-initiated, with no request of ours.
    validateInResponseTo: ValidateInResponseTo.never,
    signatureAlgorithm: 'sha256',
    digestAlgorithm: 'sha256',
    disableRequestedAuthnContext: true,
    identifierFormat: null,
  });
  return {
    saml,
    acsUrl,
    entityId,
    metadata: () => saml.generateServiceProviderMetadata(null, config.GAR_SP_CERT ?? null),
  };
}

type XmlJs = Record<string, unknown> & { $?: Record<string, string> };
const first = (v: unknown): XmlJs | undefined => (Array.isArray(v) ? (v[0] as XmlJs) : undefined);

/** The Destination attribute of the Response element, read with a streaming parser (no entities). */
function responseDestination(xml: string): string | undefined {
  const parser = new SaxesParser({ xmlns: true });
  let dest: string | undefined;
  let done = false;
  parser.on('opentag', (tag) => {
    if (done) return;
    done = true;
    const a = tag.attributes.Destination;
    dest = typeof a === 'string' ? a : a?.value;
  });
  try {
    parser.write(xml.slice(0, 8192));
  } catch {
    // A cut in the middle is fine: the root tag came first.
  }
  return dest;
}

const values = (attrs: Record<string, unknown>, name: string): string[] => {
  const v = attrs[name];
  const list = Array.isArray(v) ? v : v === undefined || v === null ? [] : [v];
  return list.filter((x): x is string => typeof x === 'string').map((s) => s.slice(0, 500));
};

export class SsoRefused extends Error {}

/** A checked GAR response as a person; throws SsoRefused (the reason is for the log, never personal data). */
export async function readGarResponse(
  sp: GarSp,
  replay: ReplayGuard,
  samlResponse: string,
): Promise<SsoPerson> {
  let profile: Awaited<ReturnType<SAML['validatePostResponseAsync']>>['profile'];
  try {
    ({ profile } = await sp.saml.validatePostResponseAsync({ SAMLResponse: samlResponse }));
  } catch (err) {
    // node-saml's reasons are fixed sentences; a parser's message may quote the document: not logged.
    const reason = (err as Error).message.split('.')[0];
    throw new SsoRefused(/^[A-Za-z :]{1,100}$/.test(reason) ? reason : 'unreadable response');
  }
  if (!profile) throw new SsoRefused('no assertion');
  const parsed = (profile.getAssertion?.() ?? {}) as XmlJs;
  const assertion = (parsed.Assertion as XmlJs | undefined) ?? parsed;
  const assertionId = assertion.$?.ID;
  if (!assertionId) throw new SsoRefused('assertion without id');
  // Recipient: the subject confirmation names us.
  const confirmation = first(first(first(assertion.Subject)?.SubjectConfirmation)?.SubjectConfirmationData);
  if (confirmation?.$?.Recipient !== sp.acsUrl) throw new SsoRefused('wrong recipient');
  const destination = responseDestination(profile.getSamlResponseXml?.() ?? '');
  if (destination !== undefined && destination !== sp.acsUrl) throw new SsoRefused('wrong destination');
  // Replay: remembered until the assertion can no longer be valid anyway.
  const conditions = first(assertion.Conditions);
  const notOnOrAfter = Date.parse(conditions?.$?.NotOnOrAfter ?? confirmation?.$?.NotOnOrAfter ?? '');
  const ttl = Number.isFinite(notOnOrAfter) ? notOnOrAfter - Date.now() + 5 * 60_000 : DEFAULT_REPLAY_MS;
  if (!(await replay.firstSeen(`gar:${assertionId.slice(0, 200)}`, ttl)))
    throw new SsoRefused('replayed assertion');

  const attrs = (profile.attributes ?? {}) as Record<string, unknown>;
  const [ido] = values(attrs, GAR_ATTRIBUTES.id);
  if (!ido) throw new SsoRefused('no IDO');
  const divisions: Division[] = parseDivisions(values(attrs, GAR_ATTRIBUTES.divisions));
  return {
    provider: 'gar',
    subject: ido,
    profiles: values(attrs, GAR_ATTRIBUTES.profile),
    uai: values(attrs, GAR_ATTRIBUTES.uai)[0] ?? null,
    firstName: values(attrs, GAR_ATTRIBUTES.firstName)[0] ?? null,
    lastName: values(attrs, GAR_ATTRIBUTES.lastName)[0] ?? null,
    divisions,
    groups: parseDivisions(values(attrs, GAR_ATTRIBUTES.groups)),
    subjects: parseDivisions([
      ...values(attrs, GAR_ATTRIBUTES.subjects),
      ...values(attrs, GAR_ATTRIBUTES.subjectsFallback),
    ]),
    saml: profile.nameID
      ? {
          nameId: profile.nameID.slice(0, 500),
          nameIdFormat: profile.nameIDFormat?.slice(0, 200) ?? null,
          sessionIndex: profile.sessionIndex?.slice(0, 200) ?? null,
        }
      : undefined,
  };
}

/**
 * The GAR's single logout: a signed SAML LogoutRequest (HTTP-Redirect binding) naming the NameID and
 * SessionIndex of the sign-on; null when the GAR has no logout URL or the session is unknown.
 */
export async function garLogoutUrl(
  sp: GarSp,
  session: { nameId: string | null; nameIdFormat: string | null; sessionIndex: string | null },
): Promise<string | null> {
  if (!sp.saml.options.logoutUrl || !session.nameId) return null;
  return sp.saml.getLogoutUrlAsync(
    {
      issuer: sp.entityId,
      nameID: session.nameId,
      nameIDFormat: session.nameIdFormat ?? 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient',
      sessionIndex: session.sessionIndex ?? undefined,
    },
    '',
    {},
  );
}
