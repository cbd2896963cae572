// The first line against a hostile GAR response, before any DOM or XPath: one streaming pass (saxes,
// no DTD, no entities) that counts the document's nodes, its depth and each element's attributes, and
// refuses it past bounds set far above any real response. node-saml's XPath evaluation is quadratic
// in the document's nodes (16,000 empty siblings held the event loop for 10 to 29 s; 1,000 still take
// about 300 ms), so what passes here is also checked in a worker thread within a time budget
// (saml-check.ts). The pass also reads what node-saml leaves out: the Response's Destination and Issuer.
import { SaxesParser } from 'saxes';
import { SsoRefused } from './saml.js';

/**
 * Nodes (elements, text runs, comments, processing instructions) a response may hold. A real GAR
 * response is 60 to 80 elements plus one per attribute value: a teacher with 40 divisions, 60
 * groups and 10 subjects is 156 elements (about 310 nodes, 10 KB); a documentalist given every
 * division and group of a large lycée (some 300 values), pretty-printed, about 1,300 nodes.
 */
export const SAML_MAX_NODES = 4000;
/** Nesting depth: a response is 6 deep (Response, Assertion, Signature, KeyInfo, X509Data, X509Certificate). */
export const SAML_MAX_DEPTH = 24;
/** Attributes of one element, namespace declarations included (a real one has at most 6). */
export const SAML_MAX_ATTRIBUTES = 24;

const PROTOCOL_NS = 'urn:oasis:names:tc:SAML:2.0:protocol';
const ASSERTION_NS = 'urn:oasis:names:tc:SAML:2.0:assertion';
const CHUNK = 16 * 1024;

export interface ScannedResponse {
  /** The Response's Destination attribute, when it has one. */
  destination?: string;
  /** The text of the Response's own Issuer (not the assertion's), when it has one. */
  issuer?: string;
}

/** Reads the bounds and the Response's Destination and Issuer; throws SsoRefused past a bound or on a DTD. */
export function scanResponse(xml: string): ScannedResponse {
  const parser = new SaxesParser({ xmlns: true });
  const out: ScannedResponse = {};
  let refused: string | null = null;
  let nodes = 0;
  let depth = 0;
  let rootSeen = false;
  let inResponseIssuer = false;
  let issuerText = '';
  const node = () => {
    if (++nodes > SAML_MAX_NODES) refused ??= 'response too large';
  };
  parser.on('doctype', () => {
    refused ??= 'unreadable response';
  });
  parser.on('opentag', (tag) => {
    node();
    depth++;
    if (depth > SAML_MAX_DEPTH) refused ??= 'response too deep';
    if (Object.keys(tag.attributes).length > SAML_MAX_ATTRIBUTES) refused ??= 'response too large';
    if (depth === 1) {
      rootSeen = true;
      if (tag.uri !== PROTOCOL_NS || tag.local !== 'Response') refused ??= 'not a SAML response';
      const a = tag.attributes.Destination;
      const dest = typeof a === 'string' ? a : a?.value;
      if (dest !== undefined) out.destination = dest;
    } else if (
      depth === 2 &&
      tag.uri === ASSERTION_NS &&
      tag.local === 'Issuer' &&
      out.issuer === undefined
    ) {
      inResponseIssuer = true;
      issuerText = '';
    }
  });
  parser.on('closetag', () => {
    if (inResponseIssuer && depth === 2) {
      out.issuer = issuerText.trim();
      inResponseIssuer = false;
    }
    depth--;
  });
  parser.on('text', (t) => {
    node();
    if (inResponseIssuer && issuerText.length < 1000) issuerText += t;
  });
  parser.on('cdata', node);
  parser.on('comment', node);
  parser.on('processinginstruction', node);
  try {
    // In chunks, so that a document past a bound is dropped without reading the rest.
    for (let i = 0; i < xml.length && refused === null; i += CHUNK) parser.write(xml.slice(i, i + CHUNK));
    if (refused === null) parser.close();
  } catch {
    refused ??= 'unreadable response';
  }
  if (refused === null && !rootSeen) refused = 'unreadable response';
  if (refused !== null) throw new SsoRefused(refused);
  return out;
}
