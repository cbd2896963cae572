// The top-bar menus of SPEC point 2, per role. Labels are i18n keys.
// GAR (school sign-on) accounts: their identity and password live in the school's ENT, so
// "My information" is for e-mail accounts only, and "Logout" hands them back to the ENT helper.

export interface MenuLink {
  kind: 'link';
  id: string;
  label: string;
  to: string;
  icon?: IconName;
}
export interface MenuGroup {
  kind: 'group';
  id: string;
  label: string;
  icon?: IconName;
  items: MenuLink[];
}
export type MenuEntry = MenuLink | MenuGroup;
export type IconName = 'play' | 'admin' | 'stats' | 'account' | 'home' | 'shop' | 'avatar' | 'raid' | 'codex';

const link = (id: string, label: string, to: string, icon?: IconName): MenuLink => ({
  kind: 'link',
  id,
  label,
  to,
  icon,
});

export function professorMenu({ isGar, isAdmin }: { isGar: boolean; isAdmin: boolean }): MenuEntry[] {
  const administration: MenuLink[] = [
    link('classes', 'LAYOUT.MENU.CLASSES', '/prof/administration/classlist'),
    link('raids', 'LAYOUT.MENU.RAIDS', '/prof/administration/chapters'),
    link('homework', 'LAYOUT.MENU.HOMEWORK', '/prof/administration/homework'),
    link('library', 'LAYOUT.MENU.LIBRARY', '/prof/administration/library'),
    link('codex', 'LAYOUT.MENU.CODEX', '/prof/administration/codex'),
  ];
  if (isAdmin)
    administration.push(link('users-validation', 'LAYOUT.MENU.USERS_VALIDATION', '/users-validation'));
  const account: MenuLink[] = [
    ...(isGar
      ? []
      : [
          link('information', 'LAYOUT.MENU.INFORMATION', '/prof/account/information'),
          link('password', 'LAYOUT.MENU.PASSWORD', '/prof/account/password'),
        ]),
    link('avatar', 'LAYOUT.MENU.CHARACTER', '/prof/account/avatar'),
    link('settings', 'LAYOUT.MENU.SETTINGS', '/prof/account/settings'),
    link('logout', isGar ? 'LAYOUT.MENU.LOGOUT_GAR' : 'LAYOUT.MENU.LOGOUT', '/sign-out-professor'),
  ];
  return [
    link('play', 'LAYOUT.MENU.PLAY', '/prof/select', 'play'),
    {
      kind: 'group',
      id: 'administration',
      label: 'LAYOUT.MENU.ADMINISTRATION',
      icon: 'admin',
      items: administration,
    },
    {
      kind: 'group',
      id: 'analyze',
      label: 'LAYOUT.MENU.ANALYZE',
      icon: 'stats',
      items: [
        link('my-stats', 'LAYOUT.MENU.MY_STATS', '/prof/analytics/personal'),
        link('class-stats', 'LAYOUT.MENU.CLASS_STATS', '/prof/analytics/schoolclasses'),
      ],
    },
    { kind: 'group', id: 'account', label: 'LAYOUT.MENU.MY_ACCOUNT', icon: 'account', items: account },
  ];
}

/** Students: five destinations, in the spec's order, with Home in the middle of the bottom bar. */
export function studentMenu(): MenuLink[] {
  return [
    link('shop', 'LAYOUT.MENU.SHOP', '/student/skin-shop', 'shop'),
    link('avatars', 'LAYOUT.MENU.AVATARS', '/student/avatar-selection', 'avatar'),
    link('home', 'LAYOUT.MENU.HOME', '/student', 'home'),
    link('raids', 'LAYOUT.MENU.STUDENT_RAIDS', '/student/raid-list', 'raid'),
    link('codex', 'LAYOUT.MENU.STUDENT_CODEX', '/student/edit-codex', 'codex'),
  ];
}
