// Keeps the four languages in step: every fr file has an en, co and it twin with the same key paths,
// no empty text, and every {{param}} of the French text kept in the translation. Adding a French key
// without translating it makes this test fail.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../../shared/constants';

const LOCALES = fileURLToPath(new URL('./locales', import.meta.url));
const TRANSLATIONS = LANGUAGES.filter((lang) => lang !== DEFAULT_LANGUAGE);

/** Every leaf of a locale file, by dotted path (array items by index). */
function leaves(node: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (node !== null && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      for (const [path, leaf] of leaves(v, prefix ? `${prefix}.${k}` : k)) out.set(path, leaf);
    }
  } else {
    out.set(prefix, node);
  }
  return out;
}

const load = (lang: string, file: string): Map<string, unknown> =>
  leaves(JSON.parse(readFileSync(join(LOCALES, lang, file), 'utf8')));

const params = (text: unknown): string[] =>
  typeof text === 'string' ? [...text.matchAll(/\{\{\s*([^}\s]+)\s*\}\}/g)].map((m) => m[1]) : [];

const isBlank = (value: unknown) => typeof value !== 'string' || value.trim() === '';

const frFiles = readdirSync(join(LOCALES, DEFAULT_LANGUAGE))
  .filter((f) => f.endsWith('.json'))
  .sort();

describe('locale files', () => {
  it('finds the French files', () => {
    expect(frFiles.length).toBeGreaterThan(0);
  });

  it('has no file in a translation that French lacks', () => {
    for (const lang of TRANSLATIONS) {
      const files = readdirSync(join(LOCALES, lang)).filter((f) => f.endsWith('.json'));
      expect(
        files.filter((f) => !frFiles.includes(f)),
        lang,
      ).toEqual([]);
    }
  });

  for (const file of frFiles) {
    describe(file, () => {
      const fr = load(DEFAULT_LANGUAGE, file);

      it('fr has no empty text', () => {
        expect([...fr].filter(([, v]) => isBlank(v)).map(([k]) => k)).toEqual([]);
      });

      // "1 raid(s) trouvé(s)": a number says its plural through _one/_other keys, never "(s)".
      it.each(LANGUAGES)('%s writes no "(s)"-style plural', (lang) => {
        const pattern = /\p{L}\((s|es|e|i|x)\)|\p{L}\/(e|i)\b/u;
        expect([...load(lang, file)].filter(([, v]) => pattern.test(String(v))).map(([k]) => k)).toEqual([]);
      });

      for (const lang of TRANSLATIONS) {
        describe(lang, () => {
          it('exists', () => {
            expect(existsSync(join(LOCALES, lang, file))).toBe(true);
          });

          it('has the same key paths as fr', () => {
            const tr = load(lang, file);
            expect({
              missing: [...fr.keys()].filter((k) => !tr.has(k)),
              extra: [...tr.keys()].filter((k) => !fr.has(k)),
            }).toEqual({ missing: [], extra: [] });
          });

          it('has no empty text', () => {
            const tr = load(lang, file);
            expect([...tr].filter(([, v]) => isBlank(v)).map(([k]) => k)).toEqual([]);
          });

          it('keeps every {{param}} of the French text, and invents none', () => {
            const tr = load(lang, file);
            const wrong: string[] = [];
            for (const [key, text] of fr) {
              const frParams = params(text);
              const trParams = params(tr.get(key));
              for (const p of frParams) if (!trParams.includes(p)) wrong.push(`${key}: missing {{${p}}}`);
              // A plural form may name {{count}} even where French leaves it implicit.
              for (const p of trParams) {
                if (!frParams.includes(p) && p !== 'count') wrong.push(`${key}: unknown {{${p}}}`);
              }
            }
            expect(wrong).toEqual([]);
          });
        });
      }
    });
  }
});
