// Every server error key is translated in fr and en (in common.json or in the area of the pages that
// show it); common.json carries every subject, level and world; the
// other files of this area (layout, misc, home) have the same keys in both languages.
import { describe, expect, it } from 'vitest';
import { CLASS_LEVELS } from '../../../shared/constants';
import { ERR } from '../../../shared/errors';
import { SUBJECTS } from '../../../shared/subjects';
import { WORLD_NAMES } from '../../../shared/worlds';
import enCommon from './locales/en/common.json';
import enHome from './locales/en/home.json';
import enLayout from './locales/en/layout.json';
import enMisc from './locales/en/misc.json';
import enSubjects from './locales/en/subjects.json';
import frCommon from './locales/fr/common.json';
import frHome from './locales/fr/home.json';
import frLayout from './locales/fr/layout.json';
import frMisc from './locales/fr/misc.json';
import frSubjects from './locales/fr/subjects.json';

type Tree = { [k: string]: unknown };
const get = (tree: Tree, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node && typeof node === 'object' ? (node as Tree)[part] : undefined),
      tree,
    );
const keys = (tree: unknown, prefix = ''): string[] =>
  tree && typeof tree === 'object' && !Array.isArray(tree)
    ? Object.entries(tree as Tree).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k))
    : [prefix];

const LITERALS: Record<string, string> = {
  'Invalid ticket.': 'AUTH.INVALID_TICKET',
  'Schoolclass already joined.': 'STUDENT.ACCOUNT_FORM.ALREADY_JOINED',
};
const REQUIRED = [
  ...Object.values(ERR).map((k) => LITERALS[k] ?? k),
  'GENERIC_FORM.ERRORS.REQUIRED_FIELD',
  'COMMON.NOT_AVAILABLE_TITLE',
  'COMMON.NOT_AVAILABLE_TEXT',
  'COMMON.BACK_HOME',
  'COMMON.SHOW_PASSWORD',
  'COMMON.HIDE_PASSWORD',
  ...CLASS_LEVELS.map((l) => `LEVELS.${l}`),
  ...WORLD_NAMES.map((p) => `WORLDS.${p}`),
];

/** Every fr and en file: an error key may be translated in the area of the pages that show it. */
const allFiles = import.meta.glob<Tree>('./locales/{fr,en}/*.json', { eager: true, import: 'default' });
const merged = (lang: string): Tree[] =>
  Object.entries(allFiles)
    .filter(([file]) => file.startsWith(`./locales/${lang}/`))
    .map(([, tree]) => tree);
const ERROR_KEYS = new Set(Object.values(ERR).map((k) => LITERALS[k] ?? k));

describe('common.json', () => {
  for (const [lang, tree] of [
    ['fr', frCommon],
    ['en', enCommon],
  ] as const) {
    it(`${lang} translates every error key, subject, level and world`, () => {
      const translated = (t: Tree, k: string) =>
        typeof get(t, k) === 'string' && !!(get(t, k) as string).trim();
      const missing = REQUIRED.filter((k) =>
        ERROR_KEYS.has(k) ? !merged(lang).some((t) => translated(t, k)) : !translated(tree, k),
      );
      expect(missing).toEqual([]);
    });
  }

  for (const [lang, tree] of [
    ['fr', frSubjects],
    ['en', enSubjects],
  ] as const) {
    it(`${lang} names every subject (subjects.json, loaded by the pages that show subjects)`, () => {
      const missing = SUBJECTS.map((s) => `SUBJECTS.${s.code}`).filter(
        (k) => typeof get(tree, k) !== 'string' || !(get(tree, k) as string).trim(),
      );
      expect(missing).toEqual([]);
    });
  }

  it('uses the French texts of SPEC point 8', () => {
    expect(get(frCommon, 'AUTH.BAD_CREDENTIALS')).toBe('Identifiant ou mot de passe incorrect');
    expect(get(frCommon, 'VALIDATION.USERNAME_TAKEN')).toBe("Ce nom d'utilisateur est déjà pris");
    expect(get(frCommon, 'VALIDATION.EMAIL_TAKEN')).toBe('Cette adresse e-mail est déjà utilisée');
    expect(get(frCommon, 'USERS.EMAIL_NOT_FOUND')).toBe("Aucun compte n'est associé à cette adresse e-mail");
    expect(get(frCommon, 'VALIDATION.INVALID_CODE')).toBe('Code invalide');
    expect(get(frCommon, 'ERRORS.GENERIC')).toBe('Une erreur est survenue, veuillez réessayer');
    expect(get(frCommon, 'VALIDATION.PASSWORD_TOO_WEAK')).toBe('Choisissez un mot de passe plus sécurisé');
    expect(get(frCommon, 'LEVELS.0')).toBe('Terminale');
    expect(get(frCommon, 'LEVELS.-1')).toBe('Multi-niveaux');
  });

  it('fr and en have the same keys in every file of this area', () => {
    for (const [fr, en] of [
      [frCommon, enCommon],
      [frLayout, enLayout],
      [frMisc, enMisc],
      [frHome, enHome],
    ]) {
      expect(keys(en).sort()).toEqual(keys(fr).sort());
    }
  });
});
