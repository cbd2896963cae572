// The French texts the user reads, straight from the app's locale files (never copied by hand).
import common from '../../../client/src/i18n/locales/fr/common.json';
import home from '../../../client/src/i18n/locales/fr/home.json';
import layout from '../../../client/src/i18n/locales/fr/layout.json';
import misc from '../../../client/src/i18n/locales/fr/misc.json';
import register from '../../../client/src/i18n/locales/fr/register.json';
import subjects from '../../../client/src/i18n/locales/fr/subjects.json';

export const fr = { ...common, ...home, ...layout, ...misc, ...register, ...subjects };

/** i18next interpolation: `tr('Bonjour {{name}} !', { name: 'Léa' })`. */
export const tr = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k]));
