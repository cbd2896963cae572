// i18next with fr (default), en, co and it. Each area of the app keeps its strings in its own file,
// locales/<lang>/<area>.json; the files are merged into one `translation` namespace as they load.
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../../shared/constants';

type Tree = { [k: string]: string | Tree };

/**
 * The areas every page needs ship with the app in French (the default and the fallback). Every
 * other file (an area's strings, or another language) loads on demand: a phone downloads only the
 * strings of the pages it opens. A route names the areas it needs (routes.ts).
 */
export const CORE_AREAS = ['common', 'layout'] as const;
export type Area =
  | 'home'
  | 'subjects'
  | 'register'
  | 'misc'
  | 'game'
  | 'phone'
  | 'classes'
  | 'raids'
  | 'library'
  | 'codex'
  | 'avatars'
  | 'student'
  | 'analytics'
  | (typeof CORE_AREAS)[number];

const core = import.meta.glob<Tree>(['./locales/fr/common.json', './locales/fr/layout.json'], {
  eager: true,
  import: 'default',
});
const lazyFiles = import.meta.glob<Tree>(
  ['./locales/*/*.json', '!./locales/fr/common.json', '!./locales/fr/layout.json'],
  { import: 'default' },
);

function deepMerge(into: Tree, from: Tree): Tree {
  for (const [k, v] of Object.entries(from)) {
    const cur = into[k];
    into[k] = typeof v === 'object' && typeof cur === 'object' ? deepMerge(cur, v) : v;
  }
  return into;
}

const frCore: Tree = {};
for (const tree of Object.values(core)) deepMerge(frCore, tree);

const fileOf = (lang: string, area: string) => `./locales/${lang}/${area}.json`;
/** Areas loaded so far, per language. */
const loaded = new Map<string, Set<string>>([['fr', new Set<string>(CORE_AREAS)]]);
const pending = new Map<string, Promise<void>>();

async function loadArea(lang: string, area: string): Promise<void> {
  const done = loaded.get(lang) ?? new Set<string>();
  loaded.set(lang, done);
  if (done.has(area)) return;
  const key = `${lang}/${area}`;
  let p = pending.get(key);
  if (!p) {
    const load = lazyFiles[fileOf(lang, area)];
    p = (load ? load() : Promise.resolve({} as Tree)).then((tree) => {
      i18n.addResourceBundle(lang, 'translation', tree, true, true);
      done.add(area);
    });
    pending.set(key, p);
    p.catch(() => pending.delete(key));
  }
  return p;
}

/** Loads the strings of `areas` in French (the fallback) and in the current language. */
export async function loadTexts(areas: readonly Area[]): Promise<void> {
  const langs = [...new Set(['fr', i18n.language || DEFAULT_LANGUAGE])];
  await Promise.all(langs.flatMap((lang) => areas.map((a) => loadArea(lang, a))));
}

/** Every area of every language: tests render pages without going through their routes. */
export async function loadAllTexts(): Promise<void> {
  await Promise.all(
    Object.keys(lazyFiles).map((file) => {
      const [, , lang, name] = file.split('/');
      return loadArea(lang, name.replace(/\.json$/, ''));
    }),
  );
}

const LANG_KEY = 'lang';
export function storedLanguage(): Language {
  const v = typeof localStorage !== 'undefined' ? localStorage.getItem(LANG_KEY) : null;
  return (LANGUAGES as readonly string[]).includes(v ?? '') ? (v as Language) : DEFAULT_LANGUAGE;
}

/** A new language gets the core areas and every area the tab already uses. */
async function ensureLanguage(lang: Language) {
  const areas = new Set<string>([...CORE_AREAS, ...(loaded.get('fr') ?? [])]);
  await Promise.all([...areas].map((a) => (lang === 'fr' ? Promise.resolve() : loadArea(lang, a))));
}

export async function setLanguage(lang: Language) {
  localStorage.setItem(LANG_KEY, lang);
  document.documentElement.lang = lang;
  await ensureLanguage(lang);
  await i18n.changeLanguage(lang);
}

void i18n.use(initReactI18next).init({
  resources: { fr: { translation: frCore } },
  partialBundledLanguages: true,
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  interpolation: { escapeValue: false },
  returnNull: false,
  // Components re-render when an area's strings arrive.
  react: { bindI18nStore: 'added' },
});

/** Resolves once the stored language's strings are loaded (the app renders after it). */
export const i18nReady: Promise<void> = (async () => {
  const lang = storedLanguage();
  if (lang === DEFAULT_LANGUAGE) return;
  try {
    await ensureLanguage(lang);
    await i18n.changeLanguage(lang);
  } catch {
    // A chunk that fails to load leaves the interface in French rather than blank.
  }
})();

/** Translates a server message: a key when we know it, the generic error otherwise. */
const LITERAL_MESSAGES: Record<string, string> = {
  'Invalid ticket.': 'AUTH.INVALID_TICKET',
  'Schoolclass already joined.': 'STUDENT.ACCOUNT_FORM.ALREADY_JOINED',
};
export function translateError(message: string | undefined): string {
  if (!message) return i18n.t('ERRORS.GENERIC');
  if (LITERAL_MESSAGES[message]) return i18n.t(LITERAL_MESSAGES[message]);
  return i18n.exists(message) ? i18n.t(message) : i18n.t('ERRORS.GENERIC');
}

export default i18n;
