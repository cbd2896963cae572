// What the class can read on the board: the measures of the board's text-size checks
// (board-text-size.e2e.ts, board-kinds.e2e.ts), and the API calls that set their raids up.
import type { Page } from 'playwright-core';
import { inject } from 'vitest';

export async function api(method: string, url: string, token: string | null, body?: unknown) {
  const res = await fetch(`${inject('baseUrl')}/api${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** Fonts loaded, formulas drawn, animations over and two frames painted: what the class sees now. */
export async function settled(page: Page) {
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined)));
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  });
}

/**
 * What the class cannot read under `selector`: a line of text, a formula or a button outside the
 * window or outside a box around it, a word broken across two lines, a box that scrolls or clips.
 */
export function unreadable(page: Page, selector: string) {
  return page.evaluate((sel) => {
    const out: string[] = [];
    const root = document.querySelector(sel);
    if (!root) return [`no ${sel} on screen`];
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${[...el.classList].map((c) => `.${c}`).join('')}`;
    const unseen = (el: Element) => !!el.closest('.sr-only, [hidden], [aria-hidden="true"].sr-only');
    type Box = { left: number; top: number; right: number; bottom: number };
    const within = (r: Box, b: Box) =>
      r.left >= b.left - 1 && r.top >= b.top - 1 && r.right <= b.right + 1 && r.bottom <= b.bottom + 1;
    const screen = { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
    const check = (what: string, r: Box, from: Element | null) => {
      if (!within(r, screen)) out.push(`${what} leaves the window`);
      for (let a = from; a && a !== document.body; a = a.parentElement) {
        // An inline box is its own lines: nothing to measure against.
        if (getComputedStyle(a).display === 'inline') continue;
        if (!within(r, a.getBoundingClientRect())) {
          out.push(`${what} leaves ${name(a)}`);
          break;
        }
      }
    };
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      const text = n.textContent ?? '';
      if (!el || !text.trim() || unseen(el)) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      // A formula's glyphs: measured below by the boxes KaTeX gives them.
      if (el.closest('.katex')) continue;
      for (const r of range.getClientRects()) {
        if (r.width > 0) check(`the line of "${text.trim().slice(0, 30)}"`, r, el);
      }
      // A word, or a part of a compound up to its own hyphen ("vingt-" then "cinq" is French usage).
      for (const m of text.matchAll(/[^\s-]+-?/g)) {
        range.setStart(n, m.index);
        range.setEnd(n, m.index + m[0].length);
        const tops = new Set(
          [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
        );
        if (tops.size > 1) out.push(`"${m[0]}" breaks across lines`);
      }
    }
    // A formula: each of its pieces (KaTeX's `.base`, as high and deep as what it draws).
    for (const k of root.querySelectorAll('.katex-html > .base')) {
      const at = k.closest('li, h2') ?? k;
      if (!unseen(k)) check(`a formula in ${name(at)}`, k.getBoundingClientRect(), k.parentElement);
    }
    for (const b of root.querySelectorAll('button, label')) {
      if (!unseen(b)) check(`button "${b.textContent?.trim()}"`, b.getBoundingClientRect(), b.parentElement);
    }
    const projector = root.closest('.projector') ?? root;
    for (const el of [projector, ...projector.querySelectorAll('*')]) {
      if (unseen(el) || el.closest('.katex')) continue;
      const cs = getComputedStyle(el);
      // KaTeX's invisible struts reach below a formula's box: its glyphs are measured above instead.
      const strut = el.classList.contains('math');
      if (cs.overflowY !== 'visible' && !strut && el.scrollHeight > el.clientHeight + 1)
        out.push(`${name(el)} hides ${el.scrollHeight - el.clientHeight}px of its content (${cs.overflowY})`);
      if (cs.overflowX !== 'visible' && el.scrollWidth > el.clientWidth + 1)
        out.push(`${name(el)} hides ${el.scrollWidth - el.clientWidth}px of its width (${cs.overflowX})`);
    }
    return [...new Set(out)];
  }, selector);
}

/** The board's fit factor: how much it lowered the teacher's text size (1: not at all). */
export const fitOf = (page: Page) =>
  page.evaluate(() =>
    Number(document.querySelector<HTMLElement>('.raid__main')?.style.getPropertyValue('--fit') || '1'),
  );

/** What a text 6 % larger than the board chose would hide: the board lowered it no more than needed. */
export async function unreadableIfLarger(page: Page): Promise<string[]> {
  const fit = await fitOf(page);
  await page.evaluate((f) => {
    document.querySelector<HTMLElement>('.raid__main')?.style.setProperty('--fit', String(f));
  }, fit * 1.06);
  const hidden = await unreadable(page, '.raid');
  await page.evaluate((f) => {
    document.querySelector<HTMLElement>('.raid__main')?.style.setProperty('--fit', String(f));
  }, fit);
  return hidden;
}
