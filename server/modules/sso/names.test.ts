// Names and divisions that a school sign-on sends are shown to classmates and teachers like typed
// names (issue 10): the same cleaning, and a cut that never splits a character in two.
import { describe, expect, it } from 'vitest';
import { clipName } from '../../../shared/text.js';
import { parseDivisions } from './accounts.js';

describe('names from a school sign-on', () => {
  it('lose bidi overrides and zero-width characters, are NFC, and keep no lone surrogate', () => {
    expect(clipName('  ab\u202Ecd\u200B ', 100)).toBe('abcd');
    expect(clipName('Zoe\u0301', 100)).toBe('Zoé');
    expect(clipName('L\uD800éa', 100)).toBe('Léa');
  });

  it('are cut by code points: an emoji at the limit is kept whole or dropped, never halved', () => {
    const name = `${'a'.repeat(99)}😀😀`;
    const cut = clipName(name, 100);
    expect(cut).toBe(`${'a'.repeat(99)}😀`);
    expect(/\p{Cs}/u.test(cut)).toBe(false);
  });

  it('division names from the GAR are cleaned and cut the same way', () => {
    const [d] = parseDivisions([`5A##5e\u202EA\u200B ${'é'.repeat(120)}😀`]);
    expect(d.code).toBe('5A');
    expect(d.name.startsWith('5eA ')).toBe(true);
    expect(Array.from(d.name)).toHaveLength(100);
    expect(/[\u202E\u200B]|\p{Cs}/u.test(d.name)).toBe(false);
    const [long] = parseDivisions([`${'x'.repeat(99)}😀😀`]);
    expect(long.code).toBe(`${'x'.repeat(99)}😀`);
    expect(long.name).toBe(long.code);
  });
});
