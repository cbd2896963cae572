import { useTranslation } from 'react-i18next';
import { Icon } from './Icon';

/** Opens the bug-report form in a new tab, telling it where the user was. */
export function bugReportHref(routeName: string, path: string): string {
  return `/ticket?${new URLSearchParams({ fromRouteName: routeName, fromRoutePath: path })}`;
}

export function BugReportButton({
  routeName,
  path,
  game,
  inFlow = false,
}: {
  routeName: string;
  path: string;
  game: boolean;
  /** At the end of the page instead of floating over it (pages with answer buttons, AppLayout). */
  inFlow?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <a
      href={bugReportHref(routeName, path)}
      target="_blank"
      rel="noopener"
      className={`bug-report${game ? ' bug-report--game' : ''}${inFlow ? ' bug-report--flow' : ''}`}
      data-bug-report=""
      aria-label={t('LAYOUT.BUG_REPORT_LABEL')}
      title={t('LAYOUT.BUG_REPORT_LABEL')}
    >
      <Icon name="bug" size={20} />
      <span className="bug-report__text">{t('LAYOUT.BUG_REPORT')}</span>
    </a>
  );
}
