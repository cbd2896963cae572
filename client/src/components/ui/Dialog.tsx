// The one modal dialog of the app, on the native <dialog> element: showModal() puts it in the top
// layer and makes the rest of the page inert (screen readers and the pointer stay inside it). What
// the element leaves to us:
// - focus on opening: the first field (a form dialog) or the dialog itself (a dialog to read);
// - Tab from the last control goes to the first one, Shift+Tab from the first to the last (the
//   browser alone would go through its own address bar; a test DOM has no inert page at all);
// - Escape closes through `onClose` (the parent unmounts the dialog), or does nothing while
//   `closeOnEscape` is false (a send under way);
// - focus goes back to the control that opened it, or to `returnFocus()` when that control is gone
//   (replaced while the dialog was open).
// The page's own state decides whether the dialog is there: render it to open it, unmount it to close.
// A dialog may also be a whole-window layer with its box inside (a pupil's bottom sheet): then a
// click on the layer around the box, `closeOnOutsideClick`, closes it like Escape.
import {
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
  type SyntheticEvent,
  useLayoutEffect,
  useRef,
} from 'react';
import './dialog.css';

export interface DialogProps {
  /** The id of the dialog's title (its accessible name). */
  labelledBy: string;
  /** The id of a text that describes it (a confirmation's question). */
  describedBy?: string;
  /** The element, for a dialog that moves the focus itself (back to the dialog after a step). */
  dialogRef?: RefObject<HTMLDialogElement | null>;
  onClose(): void;
  /** Classes of the box (its width, padding, background). */
  className?: string;
  /** 'field': the first enabled field, or the dialog when it has none; 'dialog': the dialog itself. */
  initialFocus?: 'field' | 'dialog';
  /** False while Escape must not close (a request under way). */
  closeOnEscape?: boolean;
  /** Where the focus goes when the opener is gone. */
  returnFocus?: () => HTMLElement | null;
  /**
   * A click on the dialog element itself, not on anything inside it, closes it: for a dialog styled
   * as a transparent whole-window layer around its box (the box's own padding would count otherwise).
   */
  closeOnOutsideClick?: boolean;
  children: ReactNode;
  /** Data attributes for the element (a test id, a marker other code looks for). */
  [data: `data-${string}`]: string | undefined;
}

const TABBABLE =
  'a[href], button:not([disabled]), input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]';
const FIELDS =
  'input:not([type="hidden"]):not([disabled]):not([tabindex="-1"]), select:not([disabled]), textarea:not([disabled])';

export function Dialog({
  labelledBy,
  describedBy,
  dialogRef,
  onClose,
  className,
  initialFocus = 'field',
  closeOnEscape = true,
  returnFocus,
  closeOnOutsideClick = false,
  children,
  ...data
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const back = useRef(returnFocus);
  back.current = returnFocus;
  const focusMode = useRef(initialFocus);
  /** Set when React closes it: a close by the browser itself (see onNativeClose) is the other kind. */
  const leaving = useRef(false);

  // Opens before the first paint; closes and gives the focus back when the dialog goes away.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) {
      // Every browser the app supports has showModal; a test DOM without it gets an open dialog.
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    const field = focusMode.current === 'field' ? dialog.querySelector<HTMLElement>(FIELDS) : null;
    (field ?? dialog).focus();
    return () => {
      leaving.current = true;
      // Out of the top layer first: the rest of the page is no longer inert and can take the focus.
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
      const to = opener?.isConnected ? opener : (back.current?.() ?? null);
      to?.focus();
    };
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key === 'Tab') return wrapTab(e);
    if (e.key !== 'Escape') return;
    // Handled here, so the browser's own "cancel" never closes the element behind React's back.
    e.preventDefault();
    e.stopPropagation();
    if (closeOnEscape) onClose();
  };
  const wrapTab = (e: KeyboardEvent<HTMLDialogElement>) => {
    const dialog = ref.current;
    if (!dialog) return;
    const items = [...dialog.querySelectorAll<HTMLElement>(TABBABLE)].filter(
      (el) => el.tabIndex >= 0 && !el.closest('[hidden], [inert]'),
    );
    if (!items.length) return;
    const [first, last] = [items[0], items[items.length - 1]];
    const at = document.activeElement;
    if (e.shiftKey && (at === first || at === dialog)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && at === last) {
      e.preventDefault();
      first.focus();
    }
  };
  // Another close request (a phone's back gesture): the same rule as Escape.
  const onCancel = (e: SyntheticEvent<HTMLDialogElement>) => {
    e.preventDefault();
    if (closeOnEscape) onClose();
  };

  const onClick = (e: MouseEvent<HTMLDialogElement>) => {
    if (closeOnOutsideClick && e.target === e.currentTarget && closeOnEscape) onClose();
  };

  // The browser closed it on its own (a close request it would not let us refuse): tell the parent.
  const onNativeClose = () => {
    if (!leaving.current) onClose();
  };

  return (
    <dialog
      {...data}
      ref={(el) => {
        ref.current = el;
        if (dialogRef) dialogRef.current = el;
      }}
      className={`dialog${className ? ` ${className}` : ''}`}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-modal="true"
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onClick={onClick}
      onCancel={onCancel}
      onClose={onNativeClose}
    >
      {children}
    </dialog>
  );
}
