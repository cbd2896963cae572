// The raid's question and answers on the board fit their screen at every text size (1.25 to
// 3.5 rem): the `--fit` factor (1 down to FIT_MIN) scales their font until nothing marked
// `data-fit` overflows; beyond that, those boxes scroll (never clip).
import { type RefObject, useLayoutEffect } from 'react';

export const FIT_MIN = 0.35;

function overflows(root: HTMLElement): boolean {
  for (const el of root.querySelectorAll<HTMLElement>('[data-fit]')) {
    if (el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1) return true;
  }
  // A formula too wide scrolls in its own box (it never wraps): smaller text shows it whole.
  for (const el of root.querySelectorAll<HTMLElement>('.math')) {
    if (el.scrollWidth > el.clientWidth + 1) return true;
  }
  return false;
}

/** Sets `--fit` on `ref`'s element: the largest factor (≤ 1) at which its content fits. */
export function fitText(root: HTMLElement): number {
  root.style.setProperty('--fit', '1');
  if (!overflows(root)) return 1;
  let lo = FIT_MIN;
  let hi = 1;
  for (let i = 0; i < 7; i++) {
    const mid = (lo + hi) / 2;
    root.style.setProperty('--fit', mid.toFixed(3));
    if (overflows(root)) hi = mid;
    else lo = mid;
  }
  root.style.setProperty('--fit', lo.toFixed(3));
  return lo;
}

/** Fits again when `key` changes, the window resizes, fonts arrive or the content changes (KaTeX). */
export function useFitText(ref: RefObject<HTMLElement | null>, key: string) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: key stands for what is shown
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root) return;
    let frame = 0;
    const fit = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => fitText(root));
    };
    fitText(root);
    window.addEventListener('resize', fit);
    void document.fonts?.ready.then(fit);
    // Formulas render once KaTeX arrives; our own `--fit` is a style attribute, not watched here.
    const mo = typeof MutationObserver === 'undefined' ? null : new MutationObserver(fit);
    mo?.observe(root, { childList: true, subtree: true, characterData: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', fit);
      mo?.disconnect();
    };
  }, [ref, key]);
}
