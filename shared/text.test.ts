// The text cleaning every typed field goes through (shared/text.ts): what a reader would otherwise
// see reordered, hidden or broken.
import { describe, expect, it } from 'vitest';
import { ERR } from './errors.js';
import { schoolclassSchema } from './schemas/schoolclass.js';
import { cleanContent, cleanName, cleanText, isWellFormed } from './text.js';

describe('cleanName', () => {
  it('removes bidi overrides, isolates and marks: "ab\\u202ecd" reads "abcd", not "abdc"', () => {
    expect(cleanName('ab\u202ecd')).toBe('abcd');
    expect(cleanName('\u202aa\u202bb\u202cc\u202dd\u2066e\u2067f\u2068g\u2069h\u200ei\u200fj\u061ck')).toBe(
      'abcdefghijk',
    );
  });

  it('removes zero-width characters and soft hyphens, keeps the joins inside emoji', () => {
    expect(cleanName('a\u200bb\u200cc\u200dd\u2060e\ufefff\u00adg')).toBe('abcdefg');
    expect(cleanName('prof \u{1F469}\u200D\u{1F3EB}')).toBe('prof \u{1F469}\u200D\u{1F3EB}');
    expect(cleanName('\u{1F469}\u200D')).toBe('\u{1F469}');
  });

  it('composes to NFC, also across a removed invisible character', () => {
    expect(cleanName('e\u0301')).toBe('\u00e9');
    expect(cleanName('e\u200b\u0301')).toBe('\u00e9');
    expect(cleanName('Zoe\u0301')).toHaveLength(3);
  });
});

describe('cleanContent', () => {
  it('removes bidi controls and composes to NFC, keeps zero-width characters', () => {
    expect(cleanContent('x\u202e = 2')).toBe('x = 2');
    expect(cleanContent('caf\u0065\u0301')).toBe('caf\u00e9');
    expect(cleanContent('a\u200db')).toBe('a\u200db');
  });
});

describe('cleanText', () => {
  it('refuses lone surrogates with the translated key, accepts paired ones', () => {
    expect(isWellFormed('\u{1F600}')).toBe(true);
    expect(isWellFormed('a\ud800b')).toBe(false);
    expect(isWellFormed('a\udc00')).toBe(false);
    for (const bad of ['a\ud800b', '\udfff', 'x\ud83d']) {
      const r = cleanText('name').safeParse(bad);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(ERR.INVALID_CHARACTERS);
    }
  });

  it('counts lengths on the cleaned text: 50 letters padded with invisibles fit a class name', () => {
    const name = `${'a\u200b'.repeat(50)}`;
    const r = schoolclassSchema.shape.name.safeParse(name);
    expect(r.success && r.data).toBe('a'.repeat(50));
    expect(schoolclassSchema.shape.name.safeParse('\u200b\u202e ').error?.issues[0]?.message).toBe(
      ERR.REQUIRED,
    );
  });
});
