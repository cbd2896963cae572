// The raid's question, answers and buttons are all on the board at once, at every text size (1.25
// to 3.5 rem), for questions and answers up to their limits: nobody scrolls a projector from the
// back of the room. The teacher's size is the largest the board uses. Where the content does not
// fit at it, the board tries its layouts (answers in two columns, or one below the other, where
// long answers need fewer lines) and lowers the text (`--fit`, 1 down to a floor) just enough in
// the layout that keeps it largest. Words never break: a word too long for its line lowers the
// text too; only a word that fits no line even at the floor may wrap inside itself.
import { type RefObject, useLayoutEffect } from 'react';

/** The text is never lowered below this size (rem): half the default board text. */
export const FIT_FLOOR_REM = 0.625;
/** Answers side by side in two columns, or one below the other across the whole width. */
export const FIT_LAYOUTS = ['grid', 'list'] as const;
export type FitLayout = (typeof FIT_LAYOUTS)[number];

/** Parts of the panel whose changes never change what fits (the countdown ticks there). */
export const FIT_IGNORED = '.raid__meta';

/** What `fitText` moves and measures; the DOM one is `domTarget`. */
export interface FitTarget {
  apply(fit: number, layout: FitLayout, wrapWords: boolean): void;
  overflows(): boolean;
}

export interface FitResult {
  fit: number;
  layout: FitLayout;
  wrapWords: boolean;
}

/** The lowest factor for the teacher's text size (rem): the text stays at least FIT_FLOOR_REM. */
export const fitFloor = (fontSizeRem: number) => Math.min(1, FIT_FLOOR_REM / fontSizeRem);

/** The largest factor in [floor, 1] at which the target fits in this layout (the floor if none). */
function largest(target: FitTarget, layout: FitLayout, wrap: boolean, floor: number): number {
  target.apply(1, layout, wrap);
  if (!target.overflows()) return 1;
  let lo = floor;
  let hi = 1;
  // 8 halvings: within 0.4 % of the largest size that fits.
  for (let i = 0; i < 8; i++) {
    const mid = (lo + hi) / 2;
    target.apply(mid, layout, wrap);
    if (target.overflows()) hi = mid;
    else lo = mid;
  }
  return lo;
}

/** Chooses the layout and factor that keep the text largest, applies them and answers them. */
export function fitText(target: FitTarget, floor: number): FitResult {
  const best = (wrap: boolean): FitResult => {
    let found: FitResult = { fit: -1, layout: FIT_LAYOUTS[0], wrapWords: wrap };
    for (const layout of FIT_LAYOUTS) {
      const fit = largest(target, layout, wrap, floor);
      // A later layout must be clearly better to be chosen: the first one is the usual board.
      if (fit > found.fit + 0.01) found = { fit, layout, wrapWords: wrap };
      if (fit === 1) break;
    }
    target.apply(found.fit, found.layout, wrap);
    return found;
  };
  const result = best(false);
  // At the floor and still too wide: a word longer than any line. Only then may words wrap.
  if (result.fit <= floor && target.overflows()) return best(true);
  return result;
}

/** Whether anything in the board's raid panel leaves it, or is wider or taller than its box. */
export function overflowsBox(root: HTMLElement): boolean {
  // Its own box, padding included; a child's margin box (the answers' grid reaches into the
  // padding, with negative margins, to hold the revealed answer's ring).
  const box = root.getBoundingClientRect();
  for (const child of root.children) {
    const r = child.getBoundingClientRect();
    const cs = getComputedStyle(child);
    const bottom = r.bottom + Number.parseFloat(cs.marginBottom || '0');
    const right = r.right + Number.parseFloat(cs.marginRight || '0');
    if (bottom > box.bottom + 1 || right > box.right + 1) return true;
  }
  // A word too long for its line, a formula too wide (it never wraps), a question too tall.
  for (const el of root.querySelectorAll<HTMLElement>('[data-fit], .math')) {
    if (el.scrollWidth > el.clientWidth + 1) return true;
    if (!el.classList.contains('math') && el.scrollHeight > el.clientHeight + 1) return true;
  }
  return false;
}

/** `fitText`'s target on the board: `--fit`, `data-layout` and `data-wrap-words` on `root`. */
export function domTarget(root: HTMLElement): FitTarget {
  return {
    apply(fit, layout, wrapWords) {
      root.style.setProperty('--fit', fit.toFixed(3));
      root.dataset.layout = layout;
      if (wrapWords) root.dataset.wrapWords = '';
      else delete root.dataset.wrapWords;
    },
    overflows: () => overflowsBox(root),
  };
}

/**
 * Fits `ref`'s element again when `key` changes, when its size changes (window, top bar), when
 * fonts arrive, when an image in it loads and when its content changes (KaTeX draws the formulas
 * once it has loaded).
 */
export function useFitText(ref: RefObject<HTMLElement | null>, key: string, fontSizeRem: number) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: key stands for what is shown
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root) return;
    const target = domTarget(root);
    const floor = fitFloor(fontSizeRem);
    let frame = 0;
    const refit = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => fitText(target, floor));
    };
    fitText(target, floor);
    void document.fonts?.ready.then(refit);
    // Our own `--fit` and `data-layout` are attributes of `root`: neither observer sees them, and
    // they change what is inside `root`, never its own size.
    const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(refit);
    ro?.observe(root);
    // The countdown and the answered count tick in `.raid__meta`, a row of fixed height: no refit.
    const mo =
      typeof MutationObserver === 'undefined'
        ? null
        : new MutationObserver((records) => {
            const moved = (r: MutationRecord) => {
              const el = r.target instanceof Element ? r.target : r.target.parentElement;
              return !el?.closest(FIT_IGNORED);
            };
            if (records.some(moved)) refit();
          });
    mo?.observe(root, { childList: true, subtree: true, characterData: true });
    // An image (the question's, the explanation's) takes its height once loaded: neither observer
    // sees it. `load` does not bubble: caught on the way down.
    root.addEventListener('load', refit, true);
    return () => {
      root.removeEventListener('load', refit, true);
      cancelAnimationFrame(frame);
      ro?.disconnect();
      mo?.disconnect();
    };
  }, [ref, key, fontSizeRem]);
}
