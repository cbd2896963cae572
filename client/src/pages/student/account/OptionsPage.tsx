// /student/account (Options): My identifier, My password and Join class (not for school sign-on
// accounts, whose identity and classes come from the ENT), My data (a download of everything kept
// about the pupil, issue 14), Disconnect, the student documents and the release notes with their
// unread badge.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { DataExportFormat } from '../../../../../shared/schemas/data-export';
import { downloadMyData } from '../../../api/data-rights';
import { removeSessionMarker } from '../../../app/activity';
import { useChangelog } from '../../../app/changelog';
import { useFeedback } from '../../../app/feedback';
import { useSession } from '../../../app/session';
import { errorKey } from '../../auth/api-error';
import { DisplaySettings } from './DisplaySettings';
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
  const feedback = useFeedback();
  const [downloading, setDownloading] = useState<DataExportFormat | null>(null);

  async function download(format: DataExportFormat) {
    if (!user?.studentId) return;
    setDownloading(format);
    try {
      await downloadMyData(user.studentId, format);
      feedback({ status: 'success', message: 'MY_DATA.DONE' });
    } catch (err) {
      feedback({ status: 'error', message: errorKey(err) });
    } finally {
      setDownloading(null);
    }
  }

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
      <DisplaySettings />
      <section className="options__data" aria-labelledby="options-data">
        <h2 id="options-data">{t('MY_DATA.TITLE')}</h2>
        <p className="options__data-text">{t('MY_DATA.TEXT')}</p>
        {(['csv', 'json'] as const).map((format) => (
          <button
            key={format}
            type="button"
            className="options__item"
            disabled={!!downloading}
            aria-busy={downloading === format || undefined}
            onClick={() => void download(format)}
          >
            {t(format === 'csv' ? 'MY_DATA.DOWNLOAD_CSV' : 'MY_DATA.DOWNLOAD_JSON')}
            <span className="options__chevron" aria-hidden="true">
              ⤓
            </span>
          </button>
        ))}
      </section>
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
