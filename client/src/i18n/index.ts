// i18next with fr (default), en, co and it. Each area of the app keeps its strings in its own file,
// locales/<lang>/<area>.json; all files of a language are merged into one `translation` namespace.
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../../shared/constants';

type Tree = { [k: string]: string | Tree };
// French, the default and the fallback, ships with the app; the other languages load on demand so a
// phone downloads only the strings it shows.
const french = import.meta.glob<Tree>('./locales/fr/*.json', { eager: true, import: 'default' });
const others = import.meta.glob<Tree>(['./locales/*/*.json', '!./locales/fr/*.json'], { import: 'default' });

function deepMerge(into: Tree, from: Tree): Tree {
  for (const [k, v] of Object.entries(from)) {
    const cur = into[k];
    into[k] = typeof v === 'object' && typeof cur === 'object' ? deepMerge(cur, v) : v;
  }
  return into;
}

const frTree: Tree = {};
for (const tree of Object.values(french)) deepMerge(frTree, tree);

/** Every locale file of `lang`, merged into one tree. */
export async function loadLanguageTree(lang: Language): Promise<Tree> {
  if (lang === 'fr') return frTree;
  const tree: Tree = {};
  const files = Object.entries(others).filter(([file]) => file.split('/')[2] === lang);
  for (const part of await Promise.all(files.map(([, load]) => load()))) deepMerge(tree, part);
  return tree;
}

async function ensureLanguage(lang: Language) {
  if (i18n.hasResourceBundle(lang, 'translation')) return;
  i18n.addResourceBundle(lang, 'translation', await loadLanguageTree(lang), true, true);
}

const LANG_KEY = 'lang';
export function storedLanguage(): Language {
  const v = typeof localStorage !== 'undefined' ? localStorage.getItem(LANG_KEY) : null;
  return (LANGUAGES as readonly string[]).includes(v ?? '') ? (v as Language) : DEFAULT_LANGUAGE;
}
export async function setLanguage(lang: Language) {
  localStorage.setItem(LANG_KEY, lang);
  document.documentElement.lang = lang;
  await ensureLanguage(lang);
  await i18n.changeLanguage(lang);
}

void i18n.use(initReactI18next).init({
  resources: { fr: { translation: frTree } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  interpolation: { escapeValue: false },
  returnNull: false,
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
