// The GAR as a SAML 2.0 identity provider; we are its service provider (@node-saml/node-saml).
// A response is first scanned on a streaming parser within bounds (saml-scan.ts), then node-saml
// checks, in a worker thread within a time budget (saml-check.ts), the signature (wantAssertionsSigned:
// the Assertion itself must be signed by one of the configured IdP certificates; a second Assertion is
// refused), the audience and the validity window. We add what it leaves out: the issuer of the
// assertion and of the response must be the GAR's entity id, the Recipient of the subject confirmation
// and the Response's Destination must be our ACS URL, and an assertion id is accepted once (replay).
import { channel } from 'node:diagnostics_channel';
import { SAML, type SamlConfig, ValidateInResponseTo } from '@node-saml/node-saml';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import { type Division, parseDivisions, type SsoPerson } from './accounts.js';
import type { ReplayGuard } from './replay.js';
import { SamlChecker } from './saml-check.js';
import { scanResponse } from './saml-scan.js';

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
  /** node-saml's checks of a response, off the event loop. */
  checker: SamlChecker;
  acsUrl: string;
  entityId: string;
  /** The GAR's entity id: the issuer of every response and assertion accepted. */
  idpEntityId: string;
  metadata(): string;
  close(): Promise<void>;
}

export function splitPems(pems: string): string[] {
  return pems.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
}

export function garEnabled(config: Config): boolean {
  return !!(config.GAR_IDP_SSO_URL && config.GAR_IDP_CERT);
}

export function makeGarSp(config: Config, log: FastifyBaseLogger): GarSp | null {
  if (!config.GAR_IDP_SSO_URL || !config.GAR_IDP_CERT) return null;
  // loadConfig refuses a GAR without its entity id; checked again here, as every issuer is compared to it.
  const idpEntityId = config.GAR_IDP_ENTITY_ID;
  if (!idpEntityId) throw new Error('GAR_IDP_ENTITY_ID is required when the GAR is on');
  const acsUrl = `${config.PUBLIC_URL}/api/gar/acs`;
  const entityId = config.GAR_SP_ENTITY_ID ?? `${config.PUBLIC_URL}/api/gar/metadata`;
  const idpCert = splitPems(config.GAR_IDP_CERT);
  if (idpCert.length === 0) throw new Error('GAR_IDP_CERT holds no PEM certificate');
  const options: SamlConfig = {
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
  };
  const saml = new SAML(options);
  // The thread only checks responses: it is not handed our private key.
  const checker = new SamlChecker({ ...options, privateKey: '' }, log);
  return {
    saml,
    checker,
    acsUrl,
    entityId,
    idpEntityId,
    metadata: () => saml.generateServiceProviderMetadata(null, config.GAR_SP_CERT ?? null),
    close: () => checker.close(),
  };
}

type XmlJs = Record<string, unknown> & { $?: Record<string, string> };
const first = (v: unknown): XmlJs | undefined => (Array.isArray(v) ? (v[0] as XmlJs) : undefined);
/** An element's text as xml2js gives it: a string, or `{ _: text, $: attributes }` when it has attributes. */
const textOf = (v: unknown): string | undefined =>
  typeof v === 'string'
    ? v.trim()
    : typeof (v as XmlJs | undefined)?._ === 'string'
      ? String((v as XmlJs)._).trim()
      : undefined;

const values = (attrs: Record<string, unknown>, name: string): string[] => {
  const v = attrs[name];
  const list = Array.isArray(v) ? v : v === undefined || v === null ? [] : [v];
  return list.filter((x): x is string => typeof x === 'string').map((s) => s.slice(0, 500));
};

export class SsoRefused extends Error {}

/**
 * Told `{ bytes }` as a GAR response is about to be checked (tests send another request at that
 * moment: it must be answered while the response is checked). Costs nothing without a subscriber.
 */
export const garResponseReceived = channel('classe-raid:sso:gar-response');

/** A checked GAR response as a person; throws SsoRefused (the reason is for the log, never personal data). */
export async function readGarResponse(
  sp: GarSp,
  replay: ReplayGuard,
  samlResponse: string,
): Promise<SsoPerson> {
  if (garResponseReceived.hasSubscribers) garResponseReceived.publish({ bytes: samlResponse.length });
  // Bounds first, on the main thread but streaming and linear: no DOM, no XPath.
  let scanned: ReturnType<typeof scanResponse>;
  try {
    scanned = scanResponse(Buffer.from(samlResponse, 'base64').toString('utf8'));
  } catch (err) {
    throw err instanceof SsoRefused ? err : new SsoRefused('unreadable response');
  }
  const checked = await sp.checker.check(samlResponse);
  if ('refused' in checked) throw new SsoRefused(checked.refused);
  const profile = checked.ok;
  const parsed = profile.assertion as XmlJs;
  const assertion = (parsed.Assertion as XmlJs | undefined) ?? parsed;
  const assertionId = assertion.$?.ID;
  if (!assertionId) throw new SsoRefused('assertion without id');
  // Issuer: the assertion's (signed) must be the GAR; so must the response's, when it names one.
  if (textOf(first(assertion.Issuer)) !== sp.idpEntityId) throw new SsoRefused('wrong issuer');
  if (scanned.issuer !== undefined && scanned.issuer !== sp.idpEntityId) throw new SsoRefused('wrong issuer');
  // Recipient: the subject confirmation names us.
  const confirmation = first(first(first(assertion.Subject)?.SubjectConfirmation)?.SubjectConfirmationData);
  if (confirmation?.$?.Recipient !== sp.acsUrl) throw new SsoRefused('wrong recipient');
  if (scanned.destination !== undefined && scanned.destination !== sp.acsUrl)
    throw new SsoRefused('wrong destination');
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
