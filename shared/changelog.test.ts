import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  changelogTranslationName,
  countUnread,
  parseChangelog,
  parseChangelogFileName,
  parseChangelogTranslationName,
  sortEntries,
} from './changelog';
import { DEFAULT_LANGUAGE, LANGUAGES } from './constants';

describe('parseChangelogFileName', () => {
  it('reads day, month, year, hour and minute as Paris time, winter and summer', () => {
    expect(parseChangelogFileName('29-03-2026-12-00.txt')).toEqual(new Date(Date.UTC(2026, 2, 29, 10, 0)));
    expect(parseChangelogFileName('21-11-2026-14-30.txt')).toEqual(new Date(Date.UTC(2026, 10, 21, 13, 30)));
  });
  it('makes hour and minute optional', () => {
    expect(parseChangelogFileName('03-09-2026.txt')).toEqual(new Date(Date.UTC(2026, 8, 2, 22, 0)));
    expect(parseChangelogFileName('03-09-2026-08.txt')).toEqual(new Date(Date.UTC(2026, 8, 3, 6, 0)));
  });
  it('refuses other names and impossible dates', () => {
    expect(parseChangelogFileName('notes.txt')).toBeNull();
    expect(parseChangelogFileName('21-11-2026.md')).toBeNull();
    expect(parseChangelogFileName('2026-11-21.txt')).toBeNull();
    expect(parseChangelogFileName('31-02-2026.txt')).toBeNull();
    expect(parseChangelogFileName('21-11-2026-25-00.txt')).toBeNull();
  });
});

const FILE = `---PROFESSOR GENERAL---
Nouveau tableau de jeu
- Les raids se lancent en un clic
- Les scores s'affichent en direct
---PROFESSOR GAR---
Connexion ENT
- Vos classes arrivent depuis l'ENT
---PROFESSOR NON-GAR---
Inscription par e-mail
- Un lien d'activation est envoyé
---STUDENT GENERAL---
Boutique
- Un coffre de tenues
`;

describe('parseChangelog', () => {
  it('gives a non-SSO teacher GENERAL and NON-GAR sections', () => {
    expect(parseChangelog(FILE, 'PROFESSOR', false)).toEqual([
      {
        title: 'Nouveau tableau de jeu',
        items: ['Les raids se lancent en un clic', "Les scores s'affichent en direct"],
      },
      { title: 'Inscription par e-mail', items: ["Un lien d'activation est envoyé"] },
    ]);
  });
  it('gives an SSO teacher GENERAL and GAR sections', () => {
    expect(parseChangelog(FILE, 'PROFESSOR', true).map((s) => s.title)).toEqual([
      'Nouveau tableau de jeu',
      'Connexion ENT',
    ]);
  });
  it('gives a student only student sections', () => {
    expect(parseChangelog(FILE, 'STUDENT', false)).toEqual([
      { title: 'Boutique', items: ['Un coffre de tenues'] },
    ]);
  });
  it('accepts CRLF line ends and a title without items', () => {
    expect(parseChangelog('---STUDENT GENERAL---\r\nPetites corrections\r\n', 'STUDENT', true)).toEqual([
      { title: 'Petites corrections', items: [] },
    ]);
  });
  it('throws when an item has no title', () => {
    expect(() => parseChangelog('---STUDENT GENERAL---\n- orphan', 'STUDENT', false)).toThrow(
      "An item doesn't belong to a title",
    );
    // A new section header forgets the previous title.
    expect(() =>
      parseChangelog('---STUDENT GENERAL---\nT\n- a\n---STUDENT GAR---\n- b', 'STUDENT', true),
    ).toThrow("An item doesn't belong to a title");
  });
});

describe('sortEntries and countUnread', () => {
  const entries = [
    { date: '2026-09-01T08:00:00.000Z', title: 'A', items: [] },
    { date: '2026-11-21T14:30:00.000Z', title: 'B', items: [] },
    { date: '2026-11-21T14:30:00.000Z', title: 'C', items: [] },
  ];
  it('sorts newest first and keeps the written order inside a file', () => {
    expect(sortEntries(entries).map((e) => e.title)).toEqual(['B', 'C', 'A']);
  });
  it('counts entries dated after the last visit', () => {
    expect(countUnread(entries, null)).toBe(3);
    expect(countUnread(entries, '2026-10-01T00:00:00.000Z')).toBe(2);
    expect(countUnread(entries, '2026-11-22T00:00:00.000Z')).toBe(0);
  });
});

describe('translations', () => {
  it('names a translation next to its French file', () => {
    expect(changelogTranslationName('21-11-2026-14-30.txt', 'en')).toBe('21-11-2026-14-30.en.txt');
    expect(parseChangelogTranslationName('21-11-2026-14-30.en.txt')).toEqual({
      file: '21-11-2026-14-30.txt',
      lang: 'en',
    });
    expect(parseChangelogTranslationName('21-11-2026-14-30.txt')).toBeNull();
    expect(parseChangelogTranslationName('notes.en.txt')).toBeNull();
  });

  // Every shipped entry reads in the four languages: each French file has a twin per language with
  // the same sections, titles and items in the same places.
  const DIR = fileURLToPath(new URL('../assets/changelog', import.meta.url));
  const frFiles = readdirSync(DIR).filter((f) => parseChangelogFileName(f));
  const shape = (text: string) =>
    (['PROFESSOR', 'STUDENT'] as const).flatMap((role) =>
      [false, true].map((gar) => parseChangelog(text, role, gar).map((s) => s.items.length)),
    );
  it('finds the shipped files', () => {
    expect(frFiles.length).toBeGreaterThan(0);
  });
  for (const file of frFiles) {
    for (const lang of LANGUAGES.filter((l) => l !== DEFAULT_LANGUAGE)) {
      it(`${file} exists in ${lang} with the same entries`, () => {
        const fr = readFileSync(join(DIR, file), 'utf8');
        const name = changelogTranslationName(file, lang);
        expect(existsSync(join(DIR, name)), name).toBe(true);
        const translated = readFileSync(join(DIR, name), 'utf8');
        expect(shape(translated)).toEqual(shape(fr));
        expect(translated).not.toEqual(fr);
      });
    }
  }
});
