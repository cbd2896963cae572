// i18next with fr (default), en, co and it. Each area of the app keeps its strings in its own file,
// locales/<lang>/<area>.json; all files of a language are merged into one `translation` namespace.
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../../shared/constants';

type Tree = { [k: string]: string | Tree };
const files = import.meta.glob<Tree>('./locales/*/*.json', { eager: true, import: 'default' });

function deepMerge(into: Tree, from: Tree): Tree {
  for (const [k, v] of Object.entries(from)) {
    const cur = into[k];
    into[k] = typeof v === 'object' && typeof cur === 'object' ? deepMerge(cur, v) : v;
  }
  return into;
}

export const resources: Record<string, { translation: Tree }> = {};
for (const [file, tree] of Object.entries(files)) {
  const lang = file.split('/')[2];
  resources[lang] ??= { translation: {} };
  deepMerge(resources[lang].translation, tree);
}

const LANG_KEY = 'lang';
export function storedLanguage(): Language {
  const v = typeof localStorage !== 'undefined' ? localStorage.getItem(LANG_KEY) : null;
  return (LANGUAGES as readonly string[]).includes(v ?? '') ? (v as Language) : DEFAULT_LANGUAGE;
}
export function setLanguage(lang: Language) {
  localStorage.setItem(LANG_KEY, lang);
  void i18n.changeLanguage(lang);
  document.documentElement.lang = lang;
}

void i18n.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  interpolation: { escapeValue: false },
  returnNull: false,
});

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
