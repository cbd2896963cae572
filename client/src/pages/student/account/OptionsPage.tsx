// /student/account (Options): My identifier, My password and Join class (not for school sign-on
// accounts, whose identity and classes come from the ENT), Disconnect, the student documents and
// the release notes with their unread badge.
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { removeSessionMarker } from '../../../app/activity';
import { useChangelog } from '../../../app/changelog';
import { useSession } from '../../../app/session';
import { StudentSheet } from './StudentSheet';

const ACCOUNT_LINKS = [
  { to: '/student/account/identifier', label: 'STUDENT.OPTIONS.IDENTIFIER' },
  { to: '/student/account/password', label: 'STUDENT.OPTIONS.PASSWORD' },
  { to: '/student/account/join-class', label: 'STUDENT.OPTIONS.JOIN_CLASS' },
] as const;

const DOCUMENTS = [
  { to: '/guide/student', label: 'STUDENT.OPTIONS.GUIDE' },
  { to: '/legal-notice', label: 'STUDENT.OPTIONS.LEGAL_NOTICE' },
  { to: '/privacy-policy', label: 'STUDENT.OPTIONS.PRIVACY_POLICY' },
] as const;

export default function OptionsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const { unread } = useChangelog();
  const isGar = !!user?.isGar;

  const disconnect = () => {
    removeSessionMarker();
    navigate('/sign-out-student');
  };

  return (
    <StudentSheet title={t('STUDENT.OPTIONS.TITLE')}>
      {isGar ? (
        <p className="options__note">{t('STUDENT.OPTIONS.GAR_NOTE')}</p>
      ) : (
        <ul className="options__list">
          {ACCOUNT_LINKS.map((l) => (
            <li key={l.to}>
              <Link to={l.to} className="options__item">
                {t(l.label)}
                <span className="options__chevron" aria-hidden="true">
                  ›
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="options__item options__item--danger" onClick={disconnect}>
        {t('STUDENT.OPTIONS.DISCONNECT')}
      </button>
      <nav className="options__docs" aria-labelledby="options-docs">
        <h2 id="options-docs">{t('STUDENT.OPTIONS.DOCUMENTS')}</h2>
        <ul>
          {DOCUMENTS.map((d) => (
            <li key={d.to}>
              <Link to={d.to}>{t(d.label)}</Link>
            </li>
          ))}
          <li>
            <Link to="/changelog">
              {t('STUDENT.OPTIONS.CHANGELOG')}
              {unread > 0 ? (
                <span className="badge" data-testid="options-changelog-badge">
                  <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
                  <span className="sr-only">{t('STUDENT.OPTIONS.UNREAD', { count: unread })}</span>
                </span>
              ) : null}
            </Link>
          </li>
        </ul>
      </nav>
    </StudentSheet>
  );
}
