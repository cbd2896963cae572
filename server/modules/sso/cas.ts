// ENTs speaking CAS 2.0 / 3.0: we send the browser to the ENT's CAS login with our service URL, and
// check the ticket it comes back with against `serviceValidate` (`p3/serviceValidate` for 3.0) with the
// same service URL: the CAS server refuses a ticket issued for another service. The answer is parsed
// with saxes (no DTD, no entities), within a size and time bound.
import { SaxesParser } from 'saxes';
import type { Config, EntCas } from '../../config.js';
import { parseDivisions, type SsoPerson } from './accounts.js';
import { SsoRefused } from './saml.js';

const CAS_NS = 'http://www.yale.edu/tp/cas';
const MAX_BYTES = 256 * 1024;
const TIMEOUT_MS = 5000;

export const entOf = (config: Config, id: string): EntCas | undefined =>
  config.ENT_CAS.find((e) => e.id === id);
export const casServiceUrl = (config: Config, ent: EntCas) =>
  `${config.PUBLIC_URL}/api/ent/${ent.id}/callback`;
const base = (ent: EntCas) => ent.casUrl.replace(/\/$/, '');

export function casLoginUrl(config: Config, ent: EntCas): string {
  return `${base(ent)}/login?service=${encodeURIComponent(casServiceUrl(config, ent))}`;
}
export function casLogoutUrl(config: Config, ent: EntCas): string {
  return `${base(ent)}/logout?service=${encodeURIComponent(`${config.PUBLIC_URL}/gar-helper`)}`;
}

export interface CasAnswer {
  ok: boolean;
  failureCode?: string;
  user?: string;
  attributes: Record<string, string[]>;
}

/** Parses a CAS serviceResponse; anything else (a DTD, broken XML, another root) is a failure. */
export function parseCasResponse(xml: string): CasAnswer {
  const parser = new SaxesParser({ xmlns: true });
  const out: CasAnswer = { ok: false, attributes: {} };
  const path: string[] = [];
  let text = '';
  let failed = false;
  parser.on('doctype', () => {
    failed = true;
  });
  parser.on('opentag', (tag) => {
    path.push(tag.uri === CAS_NS ? tag.local : `{${tag.uri}}${tag.local}`);
    text = '';
    if (path.length === 2 && path[1] === 'authenticationFailure') {
      const code = tag.attributes.code;
      out.failureCode = (typeof code === 'string' ? code : code?.value)?.slice(0, 100);
    }
  });
  parser.on('text', (t) => {
    text += t;
  });
  parser.on('closetag', () => {
    const p = path.join('/');
    const value = text.trim().slice(0, 500);
    if (p === 'serviceResponse/authenticationSuccess') out.ok = true;
    else if (p === 'serviceResponse/authenticationSuccess/user') out.user = value;
    else if (path.length === 4 && path[2] === 'attributes' && path[1] === 'authenticationSuccess') {
      const name = path[3];
      const list = out.attributes[name] ?? [];
      if (list.length < 200) list.push(value);
      out.attributes[name] = list;
    }
    path.pop();
    text = '';
  });
  try {
    parser.write(xml).close();
  } catch {
    return { ok: false, failureCode: 'UNREADABLE', attributes: {} };
  }
  if (failed) return { ok: false, failureCode: 'UNREADABLE', attributes: {} };
  return out;
}

export async function validateCasTicket(config: Config, ent: EntCas, ticket: string): Promise<SsoPerson> {
  if (!/^[A-Za-z0-9._:-]{4,256}$/.test(ticket)) throw new SsoRefused('malformed ticket');
  const path = ent.version === '3.0' ? 'p3/serviceValidate' : 'serviceValidate';
  const url = `${base(ent)}/${path}?service=${encodeURIComponent(casServiceUrl(config, ent))}&ticket=${encodeURIComponent(ticket)}`;
  let body: string;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'error' });
    if (!res.ok) throw new SsoRefused(`CAS answered ${res.status}`);
    const len = Number(res.headers.get('content-length') ?? 0);
    if (len > MAX_BYTES) throw new SsoRefused('CAS answer too large');
    const buf = await res.arrayBuffer();
    if (buf.byteLength > MAX_BYTES) throw new SsoRefused('CAS answer too large');
    body = Buffer.from(buf).toString('utf8');
  } catch (err) {
    if (err instanceof SsoRefused) throw err;
    throw new SsoRefused('CAS unreachable');
  }
  const answer = parseCasResponse(body);
  if (!answer.ok) throw new SsoRefused(`CAS refused: ${answer.failureCode ?? 'no success'}`);
  const m = ent.attributes;
  const attr = (name: string | undefined) => (name ? (answer.attributes[name] ?? []) : []);
  const subject = (m.id ? attr(m.id)[0] : undefined) ?? answer.user;
  if (!subject) throw new SsoRefused('CAS answer without user');
  return {
    provider: `ent:${ent.id}`,
    subject,
    profiles: attr(m.profile),
    uai: attr(m.uai)[0] ?? null,
    firstName: attr(m.firstName)[0] ?? null,
    lastName: attr(m.lastName)[0] ?? null,
    // A pupil's divisions and groups, or a teacher's (the ENT names them differently).
    divisions: parseDivisions([...attr(m.divisions), ...attr(m.teacherDivisions)]),
    groups: parseDivisions([...attr(m.groups), ...attr(m.teacherGroups)]),
    schoolName: attr(m.schoolName)[0] ?? null,
  };
}
