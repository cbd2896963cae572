// Text a user types, made safe to show to others (issue 10): one NFC form, no invisible characters
// that reorder or hide what the reader sees, and no broken UTF-16. The zod helpers below are used
// by every text field of the shared schemas, so the form and the server agree on the stored text.
import { z } from 'zod';
import { ERR } from './errors.js';

/** Bidirectional controls: embeddings, overrides, isolates and marks (U+202A-202E, U+2066-2069, U+200E/F, U+061C). */
const BIDI = '\\u202A-\\u202E\\u2066-\\u2069\\u200E\\u200F\\u061C';
/** Zero-width space, word joiner, byte-order mark and soft hyphen. */
const INVISIBLE = '\\u200B\\u2060\\uFEFF\\u00AD';

const BIDI_RE = new RegExp(`[${BIDI}]`, 'g');
const INVISIBLE_RE = new RegExp(`[${BIDI}${INVISIBLE}]`, 'g');
/**
 * A zero-width joiner or non-joiner. A ZWJ between two pictographs (the joins of emoji such as 👩‍🏫)
 * is kept: its neighbours are captured (a lookahead, no lookbehind: older Safari has none).
 */
const JOINER_RE = /(\p{Extended_Pictographic}\uFE0F?)?\u200D(?=(\p{Extended_Pictographic})|)|\u200C/gu;
const dropJoiner = (m: string, before?: string, after?: string) =>
  m === '\u200C' ? '' : before && after ? m : (before ?? '');
const LONE_SURROGATE_RE = /\p{Cs}/u;
const LONE_SURROGATES_RE = /\p{Cs}/gu;

/** True when the string has no unpaired UTF-16 surrogate (it can be stored and shown as typed). */
export const isWellFormed = (s: string) => !LONE_SURROGATE_RE.test(s);

/**
 * Names and titles (people, usernames, classes, chapters, raids, homework, codex phrases): bidi
 * controls and every zero-width character removed, then NFC. "ab\u202ecd" becomes "abcd".
 */
export const cleanName = (s: string) =>
  s.replace(INVISIBLE_RE, '').replace(JOINER_RE, dropJoiner).normalize('NFC');

/** The first `n` code points of `s`: a surrogate pair is never cut in two. */
export const firstCodePoints = (s: string, n: number) => Array.from(s).slice(0, n).join('');

/**
 * A name that comes from elsewhere than a form (a school sign-on's attributes): nothing to refuse
 * it to, so lone surrogates are dropped, then it is cleaned like a typed name, trimmed and cut to
 * `n` code points.
 */
export const clipName = (s: string, n: number) =>
  firstCodePoints(cleanName(s.replace(LONE_SURROGATES_RE, '')).trim(), n).trim();

/**
 * Content (question and answer texts, bug reports): bidi controls removed, then NFC. Zero-width
 * characters stay: they are rare in content, and some scripts and formulas need them.
 */
export const cleanContent = (s: string) => s.replace(BIDI_RE, '').normalize('NFC');

/**
 * A text field: a string (else `required`), refused with VALIDATION.INVALID_CHARACTERS when it
 * holds a lone surrogate, then cleaned. Chain `.trim().min().max()` after it: lengths count the
 * cleaned text.
 */
export function cleanText(kind: 'name' | 'content', required: string = ERR.REQUIRED) {
  return z
    .string({ error: required })
    .refine(isWellFormed, { message: ERR.INVALID_CHARACTERS, abort: true })
    .overwrite(kind === 'name' ? cleanName : cleanContent);
}
