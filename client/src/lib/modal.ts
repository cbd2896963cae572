// A modal dialog's keyboard contract: focus moves into the dialog, Tab and Shift+Tab stay among its
// enabled buttons, Escape closes it, and focus returns to the control that opened it (or to
// `fallback()` when that control is gone, replaced while the dialog was open).
import { type RefObject, useEffect, useRef } from 'react';

export function useModalFocus(
  dialog: RefObject<HTMLElement | null>,
  onClose: () => void,
  fallback?: () => HTMLElement | null,
) {
  const close = useRef(onClose);
  close.current = onClose;
  const back = useRef(fallback);
  back.current = fallback;
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    dialog.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close.current();
      const box = dialog.current;
      if (e.key !== 'Tab' || !box) return;
      const items = [...box.querySelectorAll<HTMLElement>('button:not([disabled])')];
      if (!items.length) return;
      const [first, last] = [items[0], items[items.length - 1]];
      if (e.shiftKey && (document.activeElement === first || document.activeElement === box)) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      const to = opener?.isConnected ? opener : (back.current?.() ?? null);
      to?.focus();
    };
  }, [dialog]);
}
