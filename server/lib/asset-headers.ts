// The headers of the client's hashed scripts, styles and fonts. Helmet (app.ts) sets its headers on
// every response; most of them only mean something to a document (a page, or a worker started from
// a URL), and on a script they are bytes every phone downloads again with each of its first-load
// files (docs/decisions.md, "Phones stay lean"). The files below never run as a document: a script or
// a style opened by itself is shown as text (nosniff forbids guessing it is HTML), a font is a font.
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import type { SetHeadersResponse } from '@fastify/static';

/** Built files that are never a document. HTML and SVG (a document when opened) keep everything. */
const NOT_A_DOCUMENT = new Set(['.js', '.css', '.woff2', '.woff', '.ttf']);

/**
 * Helmet's headers that only a document or a URL-started worker reads (the app starts none: Pixi's
 * workers come from blob: URLs and take the page's policy). Kept on assets: `x-content-type-options:
 * nosniff` (a script or style with the wrong type is refused) and `cross-origin-resource-policy`
 * (the one helmet header made for subresources: another site cannot load them in no-cors mode).
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

/** `file` as served: a precompressed copy (`.br`, `.gz`) counts as the file it decodes to. */
export function isStaticSubresource(file: string): boolean {
  return NOT_A_DOCUMENT.has(path.extname(file.replace(/\.(br|gz)$/, '')).toLowerCase());
}

/**
 * Drops the document-only headers helmet set on a script's, a style's or a font's response.
 * `res` is what @fastify/static's setHeaders receives: the raw response (its type names only
 * getHeader and setHeader), on which helmet set its headers before the file is sent.
 */
export function trimSubresourceHeaders(res: SetHeadersResponse, file: string): void {
  if (!isStaticSubresource(file)) return;
  const raw = res as unknown as ServerResponse;
  for (const name of DOCUMENT_ONLY_HEADERS) raw.removeHeader(name);
}
