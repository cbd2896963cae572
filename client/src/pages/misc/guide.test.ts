// The guides cannot drift from the product: every button, menu or page they name is quoted by its
// own key ($t(KEY), filled in by i18next from the label the screen shows), each of those keys is one
// the client's code really shows, and no label is written by hand between quotes. Every screenshot
// the guides show is committed, small, and described for readers who do not see it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../../../shared/constants';
import { GUIDE_AREAS } from '../../app/pages-public';
import { CORE_AREAS } from '../../i18n';
import type { DocSection } from './DocumentPage';

const SRC = fileURLToPath(new URL('../..', import.meta.url));
const LOCALES = join(SRC, 'i18n/locales');
const SHOTS = fileURLToPath(new URL('../../../../assets/guide', import.meta.url));
const GUIDES = ['GUIDE_PROFESSOR', 'GUIDE_STUDENT'] as const;
/** The repository must not grow heavy with pictures. */
const MAX_TOTAL_BYTES = 1.5 * 1024 * 1024;
const MAX_SHOT_BYTES = 80 * 1024;

type Tree = { [k: string]: unknown };

function leaves(node: unknown, prefix: string, out: Map<string, string>, area?: string): void {
  if (typeof node === 'string') out.set(prefix, area ?? node);
  else if (node && typeof node === 'object')
    for (const [k, v] of Object.entries(node)) leaves(v, prefix ? `${prefix}.${k}` : k, out, area);
}

/** Every text of a language, by key. */
function texts(lang: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const f of readdirSync(join(LOCALES, lang)).filter((f) => f.endsWith('.json')))
    leaves(JSON.parse(readFileSync(join(LOCALES, lang, f), 'utf8')), '', out);
  return out;
}

/** The area (locale file) each French key lives in. */
function areas(): Map<string, string> {
  const out = new Map<string, string>();
  for (const f of readdirSync(join(LOCALES, DEFAULT_LANGUAGE)).filter((f) => f.endsWith('.json')))
    leaves(
      JSON.parse(readFileSync(join(LOCALES, DEFAULT_LANGUAGE, f), 'utf8')),
      '',
      out,
      f.replace(/\.json$/, ''),
    );
  return out;
}

/** The sections of one guide in one language: common ones, then the GAR and e-mail account ones. */
function sections(lang: string, guide: string): DocSection[] {
  const misc = JSON.parse(readFileSync(join(LOCALES, lang, 'misc.json'), 'utf8')) as Tree;
  const g = (misc.DOCS as Tree)[guide] as Record<string, DocSection[]>;
  return [...g.SECTIONS, ...g.GAR, ...g.NON_GAR];
}

function guideTexts(lang: string): string[] {
  return GUIDES.flatMap((guide) =>
    sections(lang, guide).flatMap((s) => [s.title, ...(s.body ?? []), ...(s.list ?? []), s.alt ?? '']),
  );
}

const refs = (text: string) => [...text.matchAll(/\$t\(([^)]*)\)/g)].map((m) => m[1]);

/** The client's code, tests and locale files aside: where a key really reaches a screen. */
function clientSource(): string {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) {
        if (name !== 'locales') walk(p);
      } else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(readFileSync(p, 'utf8'));
    }
  };
  walk(SRC);
  return out.join('\n');
}

describe('the guides name the real buttons', () => {
  const fr = texts(DEFAULT_LANGUAGE);
  const quoted = new Set(guideTexts(DEFAULT_LANGUAGE).flatMap(refs));

  it('quote labels by their keys', () => {
    expect(quoted.size).toBeGreaterThan(30);
    for (const key of ['CLASSES.LIST.NEW', 'CLASSES.FORM.CREATE', 'GAME.QUIT', 'LAYOUT.MENU.PASSWORD'])
      expect(quoted.has(key), key).toBe(true);
  });

  it('only quote keys the client shows, which need no parameter', () => {
    const source = clientSource();
    for (const key of quoted) {
      expect(fr.get(key), `${key} is no French text`).toBeTypeOf('string');
      expect(fr.get(key), `${key} takes a parameter`).not.toMatch(/\{\{/);
      expect(source.includes(`'${key}'`), `${key} is shown by no screen`).toBe(true);
    }
  });

  it("load the areas of the labels they quote with the guide's page", () => {
    const where = areas();
    const loaded = new Set<string>([...GUIDE_AREAS, ...CORE_AREAS]);
    for (const key of quoted) expect(loaded.has(where.get(key) ?? ''), key).toBe(true);
  });

  for (const lang of LANGUAGES) {
    it(`${lang}: quotes the same labels, never a label written by hand`, () => {
      const all = texts(lang);
      const mine = guideTexts(lang);
      expect(new Set(mine.flatMap(refs))).toEqual(quoted);
      for (const key of quoted) expect(all.get(key), `${lang} ${key}`).toBeTypeOf('string');
      // Between quotes, only a key: « $t(CLASSES.LIST.NEW) », never « Créer une classe ».
      const spans = mine.flatMap((t) => [...t.matchAll(/«\s*([^»]*?)\s*»|“([^”]*)”|"([^"]*)"/g)]);
      const handWritten = spans
        .map((m) => (m[1] ?? m[2] ?? m[3]).trim())
        .filter((inner) => !/^\$t\([A-Z0-9_.]+\)$/.test(inner));
      expect(handWritten).toEqual([]);
    });
  }
});

describe('the guides show the real screens', () => {
  const shots = (lang: string) =>
    GUIDES.flatMap((g) => sections(lang, g))
      .filter((s) => s.shot)
      .map((s) => ({ shot: s.shot as string, alt: s.alt ?? '' }));

  it('every screenshot is committed, small, and every committed one is shown', () => {
    const files = readdirSync(SHOTS);
    const named = shots(DEFAULT_LANGUAGE).map((s) => `${s.shot}.webp`);
    expect(named.length).toBeGreaterThanOrEqual(10);
    expect(new Set(files)).toEqual(new Set(named));
    let total = 0;
    for (const f of files) {
      const size = statSync(join(SHOTS, f)).size;
      expect(size, f).toBeLessThan(MAX_SHOT_BYTES);
      total += size;
    }
    expect(total).toBeLessThan(MAX_TOTAL_BYTES);
  });

  for (const lang of LANGUAGES)
    it(`${lang}: the same screenshots, each described`, () => {
      const mine = shots(lang);
      expect(mine.map((s) => s.shot)).toEqual(shots(DEFAULT_LANGUAGE).map((s) => s.shot));
      for (const s of mine) expect(s.alt.length, s.shot).toBeGreaterThan(20);
    });
});
