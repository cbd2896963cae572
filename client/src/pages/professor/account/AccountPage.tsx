// /prof/account: the teacher's account home: My information and My password (e-mail accounts), Character choice,
// Settings and Logout (SPEC point 2, "My account").
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../app/session';
import './account.css';

export default function AccountPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const links = [
    ...(user?.isGar
      ? []
      : [
          { to: '/prof/account/information', key: 'INFORMATION' },
          { to: '/prof/account/password', key: 'PASSWORD' },
        ]),
    { to: '/prof/account/avatar', key: 'AVATAR' },
    { to: '/prof/account/settings', key: 'SETTINGS' },
    { to: '/sign-out-professor', key: user?.isGar ? 'LOGOUT_GAR' : 'LOGOUT' },
  ];
  return (
    <div className="acct stack">
      <h1>{t('ACCOUNT.TITLE')}</h1>
      <ul className="acct__links">
        {links.map((l) => (
          <li key={l.key}>
            <Link className="card acct__link" to={l.to}>
              <span className="acct__link-title">{t(`ACCOUNT.LINKS.${l.key}`)}</span>
              <span className="muted">{t(`ACCOUNT.LINKS.${l.key}_TEXT`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
