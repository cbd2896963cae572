// "Réponse reçue !" is read at arm's length in a bright classroom: its text meets WCAG AA (4.5:1)
// against its own background, as the phone's stylesheet sets them.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const css = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');
const phoneCss = css('./phone.css');
const globalCss = css('../../styles/global.css');

/** The declarations of the first rule with exactly this selector. */
function rule(source: string, selector: string): Record<string, string> {
  const at = source.indexOf(`${selector} {`);
  if (at < 0) throw new Error(`no rule ${selector}`);
  const body = source.slice(source.indexOf('{', at) + 1, source.indexOf('}', at));
  const out: Record<string, string> = {};
  for (const m of body.replace(/\/\*[\s\S]*?\*\//g, '').matchAll(/([\w-]+)\s*:\s*([^;]+);/g))
    out[m[1]] = m[2].trim();
  return out;
}

function resolve(value: string): string {
  const v = /^var\((--[\w-]+)\)$/.exec(value);
  if (!v) return value;
  const m = new RegExp(`${v[1]}:\\s*([^;]+);`).exec(globalCss);
  if (!m) throw new Error(`no ${v[1]}`);
  return m[1].trim();
}

function luminance(hex: string): number {
  const named: Record<string, string> = { '#fff': '#ffffff', white: '#ffffff' };
  const h = (named[hex] ?? hex).replace('#', '');
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = Number.parseInt(h.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

describe('the phone’s answer status', () => {
  it('"Réponse reçue !" meets 4.5:1 against its background', () => {
    const r = rule(phoneCss, '.answer-status--received');
    expect(contrast(resolve(r.color), resolve(r.background))).toBeGreaterThanOrEqual(4.5);
  });
});

describe('a greyed answer (issue 21)', () => {
  it('is grey, not a faded colour: a faded yellow over the world read as green, a right answer', () => {
    const dim = rule(phoneCss, '.answer--dim');
    expect(dim.filter).toMatch(/^grayscale\(1\)/);
    // Nearly opaque: the world's colour behind does not tint it.
    expect(Number(dim.opacity)).toBeGreaterThanOrEqual(0.8);
  });
});
