// A rude-word detector for codex phrases (fr, en, co, it). It only flags a phrase for the teacher,
// who reads every phrase anyway: it never refuses one. Matching is on whole words after
// normalising case, accents, leetspeak, stretched letters and spelled-out words ("p.u.t.e"), so
// "Scunthorpe", "conte" or "classe" are not flagged.
import type { Language } from '../constants.js';
import { CO } from './co.js';
import { EN } from './en.js';
import { FR } from './fr.js';
import { IT } from './it.js';

const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '@': 'a', $: 's' };

/**
 * Words of one list that are ordinary words of another language: skipped when the phrase is
 * written in that language (Italian and Corsican "con" means "with", English "bite" is a bite).
 */
const ORDINARY: Record<Language, readonly string[]> = {
  fr: [],
  en: ['bite', 'bites'],
  it: ['con', 'cons'],
  co: ['con', 'cons'],
};

/** Lowercase, no accents, leetspeak read as letters; every other character is a separator. */
export function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[013457@$]/g, (c) => LEET[c] ?? c);
}

/**
 * The words of a text. Runs of single letters ("p.u.t.e", "p u t e") are read as one word as
 * well as letter by letter.
 */
export function words(text: string): string[] {
  const raw = normalise(text)
    .split(/[^a-z]+/)
    .filter(Boolean);
  const out: string[] = [];
  let letters = '';
  const flush = () => {
    if (letters.length > 1) out.push(letters);
    letters = '';
  };
  for (const w of raw) {
    if (w.length === 1) letters += w;
    else flush();
    out.push(w);
  }
  flush();
  return out;
}

const stretchTo = (w: string, n: 1 | 2) => w.replace(/([a-z])\1+/g, n === 1 ? '$1' : '$1$1');
const isStretched = (w: string) => /([a-z])\1\1/.test(w);

interface Dictionary {
  /** Entries as normalised words joined by one space. */
  exact: Set<string>;
  /** Single-word entries with every doubled letter made single: matched only by stretched words. */
  collapsed: Map<string, string>;
  longest: number;
}

function dictionary(skip: readonly string[]): Dictionary {
  const exact = new Set<string>();
  const collapsed = new Map<string, string>();
  let longest = 1;
  for (const entry of [...FR, ...EN, ...IT, ...CO]) {
    const key = words(entry).join(' ');
    if (skip.includes(key)) continue;
    exact.add(key);
    const n = key.split(' ').length;
    longest = Math.max(longest, n);
    // "ass" would read as "as" (ace) and "piss" as "pis" (worse): short collapsed forms stay out.
    const short = stretchTo(key, 1);
    if (n === 1 && (short === key || short.length >= 4)) collapsed.set(short, key);
  }
  return { exact, collapsed, longest };
}

const dictionaries = new Map<Language | 'all', Dictionary>();
function dictionaryFor(language?: Language): Dictionary {
  const k = language ?? 'all';
  let d = dictionaries.get(k);
  if (!d) {
    d = dictionary(language ? ORDINARY[language] : []);
    dictionaries.set(k, d);
  }
  return d;
}

/** The one-word entry a word stands for, or null. A stretched word ("connnnard", "puuute") counts. */
function matchWord(w: string, d: Dictionary): string | null {
  if (d.exact.has(w)) return w;
  if (!isStretched(w)) return null;
  const two = stretchTo(w, 2);
  if (d.exact.has(two)) return two;
  return d.collapsed.get(stretchTo(w, 1)) ?? null;
}

/**
 * The rude words found in `text` (normalised list entries), or an empty list.
 * `language` is the language the phrase is written in, when known: its ordinary words are not flagged.
 */
export function findProfanity(text: string, language?: Language): string[] {
  const d = dictionaryFor(language);
  const ws = words(text);
  const found = new Set<string>();
  for (let i = 0; i < ws.length; i++) {
    const one = matchWord(ws[i], d);
    if (one) found.add(one);
    for (let n = 2; n <= d.longest && i + n <= ws.length; n++) {
      const phrase = ws.slice(i, i + n).join(' ');
      if (d.exact.has(phrase)) found.add(phrase);
    }
  }
  return [...found];
}

export const containsProfanity = (text: string, language?: Language) =>
  findProfanity(text, language).length > 0;
