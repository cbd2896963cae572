// Small inline icons (no icon font, nothing fetched from a third party). Decorative: aria-hidden.
import type { IconName } from './menus';

type Name =
  | IconName
  | 'menu'
  | 'close'
  | 'bug'
  | 'globe'
  | 'chevron'
  | 'coin'
  | 'star'
  | 'bolt'
  | 'logout'
  | 'book';

const PATHS: Record<Name, string> = {
  play: 'M8 5.5v13l11-6.5z',
  admin: 'M4 5h16v3H4zM4 10.5h16v3H4zM4 16h10v3H4z',
  stats: 'M4 20V10h4v10zM10 20V4h4v16zM16 20v-7h4v7z',
  account: 'M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zm0 2c-4.4 0-8 2.2-8 5v2h16v-2c0-2.8-3.6-5-8-5z',
  home: 'M12 3 2.5 11h2.8v9h5.2v-6h3v6h5.2v-9h2.8z',
  shop: 'M3 9h18v11H3zM2 5h20v4H2zM10.5 12h3v3h-3z',
  avatar:
    'M12 2 4 6v6c0 5 3.4 9.3 8 10 4.6-.7 8-5 8-10V6zm0 5a3 3 0 1 1 0 6 3 3 0 0 1 0-6zm-5 10.2c1-2 3-3 5-3s4 1 5 3a8.3 8.3 0 0 1-10 0z',
  raid: 'm14.5 3 6.5.1-.1 6.4-9.6 9.6 1.5 1.5-1.4 1.4-2.9-2.9-3 3-1.5-1.5 3-3-2.9-2.9 1.4-1.4 1.5 1.5z',
  codex: 'M5 3h11a3 3 0 0 1 3 3v15H7a2 2 0 0 1-2-2zm3 4v2h8V7zm0 4v2h6v-2z',
  menu: 'M3 5h18v2.5H3zM3 10.75h18v2.5H3zM3 16.5h18V19H3z',
  close: 'm5.6 4 6.4 6.4L18.4 4 20 5.6 13.6 12l6.4 6.4-1.6 1.6-6.4-6.4L5.6 20 4 18.4l6.4-6.4L4 5.6z',
  bug: 'M8 4.5 9.6 6a4.4 4.4 0 0 1 4.8 0L16 4.5l1.2 1.2-1.4 1.4c.4.6.7 1.2.8 1.9H20v2h-3.3v1.5H20v2h-3.4a4.8 4.8 0 0 1-9.2 0H4v-2h3.3V11H4V9h3.4c.1-.7.4-1.3.8-1.9L6.8 5.7z',
  globe:
    'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm6.9 9h-3c-.1-2.6-.7-4.9-1.6-6.4A8 8 0 0 1 18.9 11zM12 4.1c.9 1 1.8 3.5 1.9 6.9h-3.8c.1-3.4 1-5.9 1.9-6.9zM9.7 4.6C8.8 6.1 8.2 8.4 8.1 11h-3a8 8 0 0 1 4.6-6.4zM5.1 13h3c.1 2.6.7 4.9 1.6 6.4A8 8 0 0 1 5.1 13zm6.9 6.9c-.9-1-1.8-3.5-1.9-6.9h3.8c-.1 3.4-1 5.9-1.9 6.9zm2.3-.5c.9-1.5 1.5-3.8 1.6-6.4h3a8 8 0 0 1-4.6 6.4z',
  chevron: 'm6.4 8.6 5.6 5.6 5.6-5.6L19 10l-7 7-7-7z',
  coin: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 4.5 1.7 3.6 3.8.4-2.9 2.6.8 3.8-3.4-2-3.4 2 .8-3.8-2.9-2.6 3.8-.4z',
  star: 'm12 2 3 6.6 7.2.7-5.4 4.8 1.6 7.1L12 17.5l-6.4 3.7 1.6-7.1L1.8 9.3 9 8.6z',
  bolt: 'M13 2 4 14h6.5L9.5 22 20 9.5h-6.6z',
  logout: 'M10 3h9v18h-9v-2h7V5h-7zm-1.6 4.6L9.8 9l-2 2H15v2H7.8l2 2-1.4 1.4L4 12z',
  book: 'M4 4.5C6.5 3.5 9.5 3.5 11 5v15c-1.5-1.4-4.5-1.4-7-.5zm16 0c-2.5-1-5.5-1-7 .5v15c1.5-1.4 4.5-1.4 7-.5z',
};

export function Icon({ name, size = 22, className }: { name: Name; size?: number; className?: string }) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
