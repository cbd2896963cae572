// /prof/administration: the hub of the teacher's administration, one card per area.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../../components/layout/Icon';
import './classes.css';

const AREAS = [
  { key: 'CLASSES', to: '/prof/administration/classlist', icon: 'admin' },
  { key: 'CHAPTERS', to: '/prof/administration/chapters', icon: 'raid' },
  { key: 'CODEX', to: '/prof/administration/codex', icon: 'codex' },
  { key: 'LIBRARY', to: '/prof/administration/library', icon: 'book' },
  { key: 'HOMEWORK', to: '/prof/administration/homework', icon: 'home' },
] as const;

export default function AdministrationPage() {
  const { t } = useTranslation();
  return (
    <section className="cls stack">
      <header>
        <h1>{t('CLASSES.HUB.TITLE')}</h1>
        <p className="muted">{t('CLASSES.HUB.INTRO')}</p>
      </header>
      <ul className="cls-hub">
        {AREAS.map((a) => (
          <li key={a.key}>
            <Link className="cls-hub__card" to={a.to}>
              <span className="cls-hub__icon">
                <Icon name={a.icon} size={30} />
              </span>
              <span className="cls-hub__title">{t(`CLASSES.HUB.${a.key}`)}</span>
              <span className="cls-hub__text">{t(`CLASSES.HUB.${a.key}_TEXT`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
