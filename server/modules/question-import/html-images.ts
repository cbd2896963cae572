// The pictures a Moodle question's HTML shows by address (`<img src>`), read in one pass over the
// HTML (linear: each tag's attributes are read once, a quote without its closing one ends the text).
// A `data:` picture is carried by the file itself and read like an embedded file; any other address
// (`http(s)://`, `//host/…`, a path of the site the file came from) would have to be fetched: it never
// is (nothing is loaded from third parties), the report says the picture was left out.

/** An `<img>` whose picture is in its `src`, a `data:` URL. */
export interface DataImage {
  /** Where the `<img>` starts in `html` (HtmlImages), to order it among the embedded files shown. */
  at: number;
  /** The `alt` text, or the URL's media type (`data:image/png`): how the report names it. */
  name: string;
  /** `;base64` was given: the payload is base64 (else it is percent-encoded text, never a PNG or JPEG). */
  base64: boolean;
  payload: string;
  /** The address ended (its closing quote was found); a text cut at its size limit ends without it. */
  complete: boolean;
}

export interface HtmlImages {
  /** The HTML without the `data:` URLs' payloads (a cut one drops the rest of the text). */
  html: string;
  data: DataImage[];
  /** Pictures linked from elsewhere (never fetched): the host named, else the address shortened. */
  external: string[];
}

const IMG_RE = /<img(?=[\s/>])/gi;
/** HTML's white space (space, tab, line feed, form feed, carriage return). */
const isSpace = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n' || c === '\f' || c === '\r';
const shorten = (s: string, max = 60) => {
  const chars = Array.from(s);
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : s;
};

/** The host of an absolute or protocol-relative address, else the address itself, shortened. */
function whereFrom(src: string): string {
  try {
    const url = new URL(src.startsWith('//') ? `https:${src}` : src);
    if (url.host) return shorten(url.host);
  } catch {}
  return shorten(src) || '?';
}

interface Attr {
  name: string;
  value: string;
  /** Where the value starts and ends in the HTML (its quotes excluded). */
  start: number;
  end: number;
  closed: boolean;
}

/** The attributes of the tag whose name ends at `from`, and where the tag ends (past its `>`). */
function readAttributes(html: string, from: number): { attrs: Attr[]; end: number } {
  const attrs: Attr[] = [];
  let p = from;
  while (p < html.length) {
    const c = html[p];
    if (c === '>') return { attrs, end: p + 1 };
    if (isSpace(c) || c === '/') {
      p++;
      continue;
    }
    const nameStart = p;
    while (p < html.length && !isSpace(html[p]) && !'=>/'.includes(html[p])) p++;
    const name = html.slice(nameStart, p).toLowerCase();
    if (p === nameStart) p++;
    while (p < html.length && isSpace(html[p])) p++;
    if (html[p] !== '=') {
      attrs.push({ name, value: '', start: p, end: p, closed: true });
      continue;
    }
    p++;
    while (p < html.length && isSpace(html[p])) p++;
    const q = html[p];
    if (q === '"' || q === "'") {
      const close = html.indexOf(q, p + 1);
      const end = close < 0 ? html.length : close;
      attrs.push({ name, value: html.slice(p + 1, end), start: p + 1, end, closed: close >= 0 });
      p = close < 0 ? html.length : close + 1;
    } else {
      const start = p;
      while (p < html.length && !isSpace(html[p]) && html[p] !== '>') p++;
      attrs.push({ name, value: html.slice(start, p), start, end: p, closed: p < html.length });
    }
  }
  return { attrs, end: html.length };
}

/** The `<img>` of an HTML text: `data:` pictures read, other addresses named, embedded ones left to the caller. */
export function htmlImages(source: string): HtmlImages {
  const data: DataImage[] = [];
  const external: string[] = [];
  let html = '';
  let copied = 0;
  IMG_RE.lastIndex = 0;
  for (let m = IMG_RE.exec(source); m; m = IMG_RE.exec(source)) {
    const { attrs, end } = readAttributes(source, m.index + 4);
    IMG_RE.lastIndex = end;
    const src = attrs.find((a) => a.name === 'src');
    const value = src?.value.trim() ?? '';
    if (!src || !value || value.startsWith('@@PLUGINFILE@@')) continue;
    if (!/^data:/i.test(value)) {
      external.push(whereFrom(value));
      continue;
    }
    const comma = value.indexOf(',');
    const header = comma < 0 ? value.slice(5) : value.slice(5, comma);
    const alt = attrs.find((a) => a.name === 'alt')?.value.trim();
    data.push({
      at: html.length + (m.index - copied),
      name: shorten(alt || `data:${header.split(';')[0] || '?'}`),
      base64: /;base64$/i.test(header.trim()),
      payload: comma < 0 ? '' : value.slice(comma + 1),
      complete: src.closed,
    });
    // The payload leaves the HTML the text is read from; a cut one takes its tag and the rest along.
    html += source.slice(copied, src.closed ? src.start : m.index);
    copied = src.closed ? src.end : source.length;
  }
  html += source.slice(copied);
  return { html, data, external };
}
