import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../../../shared/constants';
import { updateUser } from '../../api/users';
import { useSession } from '../../app/session';
import { setLanguage } from '../../i18n';
import { Icon } from './Icon';

/** Each language is named in itself, so anyone can find their own. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  fr: 'Français',
  en: 'English',
  co: 'Corsu',
  it: 'Italiano',
};

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const id = useId();
  const current = (LANGUAGES as readonly string[]).includes(i18n.language) ? i18n.language : 'fr';
  const change = (lang: Language) => {
    void setLanguage(lang);
    // Remembered on the account too, so the choice follows the user to another device.
    if (user) void updateUser(user.id, { language: lang }).catch(() => {});
  };
  return (
    <div className="lang">
      <label htmlFor={id} className="lang__label">
        <Icon name="globe" size={18} />
        <span className="sr-only">{t('LAYOUT.LANGUAGE')}</span>
      </label>
      <select
        id={id}
        className="lang__select"
        aria-label={t('LAYOUT.LANGUAGE')}
        value={current}
        onChange={(e) => change(e.target.value as Language)}
      >
        {LANGUAGES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </div>
  );
}
