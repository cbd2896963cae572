// A disclosure menu for site navigation (WAI-ARIA "disclosure navigation" pattern): a button with
// aria-expanded that shows a list of links. Works with a mouse, a finger (tap toggles; nothing
// depends on hover) and the keyboard (Enter/Space toggle, ArrowDown opens and focuses the first
// link, arrows/Home/End move, Escape closes and gives focus back to the button).
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { Icon } from './Icon';
import type { MenuGroup } from './menus';

export function NavDropdown({ group }: { group: MenuGroup }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const active = group.items.some((i) => pathname === i.to || pathname.startsWith(`${i.to}/`));

  // A followed link closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    // Tabbing out of the menu closes it too.
    const focusOut = (e: FocusEvent) => {
      if (e.relatedTarget && root.current && !root.current.contains(e.relatedTarget as Node)) setOpen(false);
    };
    const el = root.current;
    document.addEventListener('pointerdown', outside);
    el?.addEventListener('focusout', focusOut);
    return () => {
      document.removeEventListener('pointerdown', outside);
      el?.removeEventListener('focusout', focusOut);
    };
  }, [open]);

  const links = () => Array.from(root.current?.querySelectorAll<HTMLAnchorElement>('.dropdown__link') ?? []);
  const focusAt = (i: number) => {
    const all = links();
    all[(i + all.length) % all.length]?.focus();
  };

  // Focus moves into the list once it is shown (it is `hidden` until the next render).
  const [focusOnOpen, setFocusOnOpen] = useState<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: focusAt reads the DOM
  useEffect(() => {
    if (open && focusOnOpen !== null) {
      focusAt(focusOnOpen);
      setFocusOnOpen(null);
    }
  }, [open, focusOnOpen]);

  const onButtonKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      setFocusOnOpen(e.key === 'ArrowUp' ? -1 : 0);
    } else if (e.key === 'Escape') {
      setOpen(false);
    }
  };
  const onMenuKey = (e: KeyboardEvent) => {
    const all = links();
    const i = all.indexOf(document.activeElement as HTMLAnchorElement);
    if (e.key === 'ArrowDown') focusAt(i + 1);
    else if (e.key === 'ArrowUp') focusAt(i - 1);
    else if (e.key === 'Home') focusAt(0);
    else if (e.key === 'End') focusAt(-1);
    else if (e.key === 'Escape') {
      setOpen(false);
      button.current?.focus();
    } else return;
    e.preventDefault();
  };

  return (
    <div ref={root} className={`dropdown${open ? ' dropdown--open' : ''}`}>
      <button
        ref={button}
        type="button"
        className={`topnav__item dropdown__button${active ? ' topnav__item--active' : ''}`}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={onButtonKey}
      >
        {group.icon ? <Icon name={group.icon} size={20} /> : null}
        <span>{t(group.label)}</span>
        <Icon name="chevron" size={18} className="dropdown__chevron" />
      </button>
      <ul id={id} className="dropdown__menu" hidden={!open} onKeyDown={onMenuKey}>
        {group.items.map((item) => (
          <li key={item.id}>
            <NavLink to={item.to} className="dropdown__link" end>
              {t(item.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
