import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The product's mark: a shield with a star, and its name. Links to the user's home (or login). */
export function Logo({ to }: { to: string }) {
  const { t } = useTranslation();
  return (
    <Link to={to} className="logo" aria-label={t('LAYOUT.LOGO_LINK', { name: t('COMMON.APP_NAME') })}>
      <svg
        className="logo__mark"
        viewBox="0 0 40 44"
        width="36"
        height="40"
        aria-hidden="true"
        focusable="false"
      >
        <path
          d="M20 2 36 8v13c0 10-7 18-16 21C11 39 4 31 4 21V8z"
          fill="#ffc94a"
          stroke="#1d2240"
          strokeWidth="3"
        />
        <path
          d="M20 11.5l3.1 6.4 7 .9-5.1 4.8 1.3 6.9L20 27.1l-6.3 3.4 1.3-6.9-5.1-4.8 7-.9z"
          fill="#5b3cc4"
        />
      </svg>
      <span className="logo__text">
        <span className="logo__word logo__word--a">Classe</span>{' '}
        <span className="logo__word logo__word--b">Raid</span>
      </span>
    </Link>
  );
}
