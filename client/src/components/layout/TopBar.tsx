// The top bar of SPEC point 2: logo, the role's menus and the language switcher. Below 600 px the
// teacher's menus fold into a hamburger panel; students get a bottom tab bar instead (five big
// thumb-sized destinations, like the games they know).
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { countNewAvatars } from '../../api/avatars';
import { homeOf } from '../../app/guards';
import { useSession } from '../../app/session';
import { useAsync } from '../../lib/use-async';
import { Icon } from './Icon';
import { LanguageSwitcher } from './LanguageSwitcher';
import { Logo } from './Logo';
import { type MenuEntry, type MenuLink, professorMenu, studentMenu } from './menus';
import { NavDropdown } from './NavDropdown';

export function TopBar() {
  const { t } = useTranslation();
  const { user, record } = useSession();
  const role = user?.role;
  const newAvatars = useNewAvatars(role === 'STUDENT' ? user?.id : undefined);
  return (
    <header className="topbar">
      <div className="topbar__inner">
        <Logo to={homeOf(user)} />
        {role === 'PROFESSOR' ? (
          <ProfessorNav entries={professorMenu({ isGar: !!user?.isGar, isAdmin: !!record?.isAdmin })} />
        ) : null}
        {role === 'SCHOOL' ? (
          // A school's management: its school page and logout (back to the ENT).
          <nav className="topnav" aria-label={t('LAYOUT.MAIN_NAV')}>
            <ul className="topnav__list">
              <li>
                <NavLink to="/school">{t('LAYOUT.MENU.SCHOOL_HOME')}</NavLink>
              </li>
              <li>
                <Link to="/sign-out-school">{t('LAYOUT.MENU.LOGOUT_GAR')}</Link>
              </li>
            </ul>
          </nav>
        ) : null}
        {role === 'STUDENT' ? (
          <nav className="topnav topnav--student" aria-label={t('LAYOUT.MAIN_NAV')}>
            <StudentLinks items={studentMenu()} className="topnav__list" newAvatars={newAvatars} />
          </nav>
        ) : null}
        <div className="topbar__end">
          {role === 'STUDENT' ? (
            <Link to="/student/stats" className="topbar__me" aria-label={t('LAYOUT.MENU.STUDENT_STATS')}>
              <Icon name="stats" size={22} />
              <span className="topbar__me-text">{t('LAYOUT.MENU.STUDENT_STATS')}</span>
            </Link>
          ) : null}
          {role === 'STUDENT' ? (
            <Link to="/student/account" className="topbar__me" aria-label={t('LAYOUT.MENU.OPTIONS')}>
              {record?.avatar?.head ? (
                <img src={record.avatar.head} alt="" width={36} height={36} className="topbar__head" />
              ) : (
                <Icon name="account" size={22} />
              )}
              <span className="topbar__me-text">{t('LAYOUT.MENU.OPTIONS')}</span>
            </Link>
          ) : null}
          <LanguageSwitcher />
        </div>
      </div>
      {role === 'STUDENT' ? (
        <nav className="tabbar" aria-label={t('LAYOUT.MAIN_NAV_MOBILE')}>
          <StudentLinks items={studentMenu()} className="tabbar__list" newAvatars={newAvatars} />
        </nav>
      ) : null}
    </header>
  );
}

/**
 * Avatars the student has not looked at yet (a level-up gift, a skin from the shop): counted again
 * on every page change, and zero on the avatar page, which marks them seen.
 */
function useNewAvatars(userId: string | undefined): number {
  const { pathname } = useLocation();
  const onAvatars = pathname === '/student/avatar-selection';
  // Counted again on each page change (the path is in the key); the last count shows meanwhile.
  const key = userId && !onAvatars ? `${userId} ${pathname}` : null;
  const counted = useAsync(key, (signal) => countNewAvatars(userId ?? '', signal));
  return key !== null && counted?.ok ? counted.data.amount : 0;
}

function StudentLinks({
  items,
  className,
  newAvatars,
}: {
  items: MenuLink[];
  className: string;
  newAvatars: number;
}) {
  const { t } = useTranslation();
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item.id}>
          <NavLink
            to={item.to}
            end
            className={({ isActive }) => `topnav__item${isActive ? ' topnav__item--active' : ''}`}
          >
            {item.icon ? <Icon name={item.icon} size={22} /> : null}
            <span>{t(item.label)}</span>
            {item.id === 'avatars' && newAvatars > 0 ? (
              <span className="badge topnav__badge" data-testid="new-avatars-badge">
                <span aria-hidden="true">{newAvatars > 9 ? '9+' : newAvatars}</span>
                <span className="sr-only">{t('LAYOUT.MENU.NEW_AVATARS', { count: newAvatars })}</span>
              </span>
            ) : null}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

function ProfessorNav({ entries }: { entries: MenuEntry[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <>
      <nav className="topnav topnav--professor" aria-label={t('LAYOUT.MAIN_NAV')}>
        <ul className="topnav__list">
          {entries.map((entry) => (
            <li key={entry.id}>
              {entry.kind === 'group' ? (
                <NavDropdown group={entry} />
              ) : (
                <NavLink
                  to={entry.to}
                  end
                  className={({ isActive }) => `topnav__item${isActive ? ' topnav__item--active' : ''}`}
                >
                  {entry.icon ? <Icon name={entry.icon} size={20} /> : null}
                  <span>{t(entry.label)}</span>
                </NavLink>
              )}
            </li>
          ))}
        </ul>
      </nav>
      <button
        type="button"
        className="burger"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        <Icon name={open ? 'close' : 'menu'} size={26} />
        <span className="sr-only">{t(open ? 'LAYOUT.CLOSE_MENU' : 'LAYOUT.OPEN_MENU')}</span>
      </button>
      <nav id={panelId} className="burger-panel" hidden={!open} aria-label={t('LAYOUT.MAIN_NAV_MOBILE')}>
        {entries.map((entry) =>
          entry.kind === 'group' ? (
            <section key={entry.id} className="burger-panel__group">
              <h2 className="burger-panel__title">
                {entry.icon ? <Icon name={entry.icon} size={20} /> : null}
                {t(entry.label)}
              </h2>
              <ul>
                {entry.items.map((item) => (
                  <li key={item.id}>
                    <NavLink to={item.to} end className="burger-panel__link">
                      {t(item.label)}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </section>
          ) : (
            <NavLink key={entry.id} to={entry.to} end className="burger-panel__link burger-panel__link--top">
              {entry.icon ? <Icon name={entry.icon} size={20} /> : null}
              {t(entry.label)}
            </NavLink>
          ),
        )}
      </nav>
    </>
  );
}
