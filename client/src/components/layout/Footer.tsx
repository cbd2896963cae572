import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useChangelog } from '../../app/changelog';
import { useSession } from '../../app/session';

interface FooterLink {
  id: string;
  label: string;
  to: string;
  badge?: number;
}

/** The footer links of SPEC point 2 for a role (null when signed out). */
export function footerLinks(role: string | null, unread: number): FooterLink[] {
  const legal: FooterLink[] = [
    { id: 'legal-notice', label: 'LAYOUT.FOOTER.LEGAL_NOTICE', to: '/legal-notice' },
    { id: 'privacy-policy', label: 'LAYOUT.FOOTER.PRIVACY_POLICY', to: '/privacy-policy' },
  ];
  const updates: FooterLink = {
    id: 'changelog',
    label: 'LAYOUT.FOOTER.UPDATES',
    to: '/changelog',
    badge: unread,
  };
  if (role === 'PROFESSOR') {
    return [
      { id: 'guide-professor', label: 'LAYOUT.FOOTER.PROFESSOR_GUIDE', to: '/guide/professor' },
      { id: 'guide-student', label: 'LAYOUT.FOOTER.STUDENT_GUIDE', to: '/guide/student' },
      updates,
      ...legal,
      { id: 'gcu', label: 'LAYOUT.FOOTER.TERMS', to: '/gcu' },
    ];
  }
  if (role === 'STUDENT') return [updates, ...legal];
  return legal;
}

export function Footer() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { unread } = useChangelog();
  const links = footerLinks(user?.role ?? null, unread);
  return (
    <footer className="footer">
      <nav aria-label={t('LAYOUT.FOOTER.LABEL')}>
        <ul className="footer__links">
          {links.map((l) => (
            <li key={l.id}>
              <Link to={l.to} className="footer__link">
                {t(l.label)}
                {l.badge ? (
                  <span className="badge" data-testid="changelog-badge">
                    <span aria-hidden="true">{l.badge > 99 ? '99+' : l.badge}</span>
                    <span className="sr-only">{t('LAYOUT.FOOTER.UNREAD', { count: l.badge })}</span>
                  </span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="footer__note">{t('LAYOUT.FOOTER.NOTE', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
