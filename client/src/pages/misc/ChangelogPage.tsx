// Release notes: the entries the user may read, newest first; opening the page marks them read.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useChangelog } from '../../app/changelog';
import { PageLoader } from '../../components/layout/PageLoader';
import { formatDateTime } from '../../lib/dates';
import './misc.css';

export default function ChangelogPage() {
  const { t } = useTranslation();
  const { entries, loaded, lastViewedAt, markRead } = useChangelog();
  // What was new when the page opened stays marked "new" while the user reads it.
  const seenBefore = useRef<string | null | undefined>(undefined);
  if (loaded && seenBefore.current === undefined) seenBefore.current = lastViewedAt;

  useEffect(() => {
    if (loaded) void markRead();
  }, [loaded, markRead]);

  if (!loaded) return <PageLoader />;
  const isNew = (date: string) => !seenBefore.current || Date.parse(date) > Date.parse(seenBefore.current);

  return (
    <div className="changelog">
      <header className="changelog__header">
        <h1>{t('CHANGELOG.TITLE')}</h1>
        <p className="muted">{t('CHANGELOG.INTRO')}</p>
      </header>
      {entries.length === 0 ? (
        <p className="card" data-testid="changelog-empty">
          {t('CHANGELOG.EMPTY')}
        </p>
      ) : (
        <ol className="changelog__list">
          {entries.map((e) => (
            <li key={`${e.date}-${e.title}`} className="changelog__entry card">
              <div className="changelog__meta">
                <time dateTime={e.date}>{formatDateTime(e.date)}</time>
                {isNew(e.date) ? <span className="badge badge--new">{t('CHANGELOG.NEW')}</span> : null}
              </div>
              {e.fallback ? (
                <p className="changelog__fallback muted" data-testid="changelog-fallback">
                  {t('CHANGELOG.IN_FRENCH')}
                </p>
              ) : null}
              <h2 lang={e.fallback ? 'fr' : undefined}>{e.title}</h2>
              {e.items.length ? (
                <ul lang={e.fallback ? 'fr' : undefined}>
                  {e.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
