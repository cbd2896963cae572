// Keyboard and presenter-clicker control. Clickers send PageDown/PageUp (some arrows), and "B" or
// "." to blank the screen.
export type KeyAction = 'next' | 'back' | 'blank' | 'unblank' | 'fullscreen' | 'font-up' | 'font-down';

export interface KeyLike {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  /** The focused element: typing in a field is not a command. */
  target?: EventTarget | null;
}

const KEYS: Record<string, KeyAction> = {
  ArrowRight: 'next',
  PageDown: 'next',
  ArrowLeft: 'back',
  PageUp: 'back',
  b: 'blank',
  B: 'blank',
  '.': 'blank',
  // Escape brings a blanked screen back (and does nothing else).
  Escape: 'unblank',
  f: 'fullscreen',
  F: 'fullscreen',
  '+': 'font-up',
  '=': 'font-up',
  '-': 'font-down',
  _: 'font-down',
};

function isTyping(target: EventTarget | null | undefined): boolean {
  if (!target || typeof (target as HTMLElement).tagName !== 'string') return false;
  const el = target as HTMLElement;
  // A confirmation open on the board answers its own keys (Escape cancels it, arrows move nothing);
  // a dialog marked `data-board-keys` (the pause) lets the board's keys through.
  if (typeof el.closest === 'function' && el.closest('dialog[open]:not([data-board-keys])')) return true;
  return el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName);
}

export function keyAction(e: KeyLike): KeyAction | null {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  if (isTyping(e.target)) return null;
  return KEYS[e.key] ?? null;
}
