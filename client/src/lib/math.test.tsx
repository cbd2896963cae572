// What a hostile formula can do to the screens that render $$…$$ (issue 10): the board (question,
// answers, codex phrase), the phones and homework, and the raid form's preview all go through
// client/src/lib/math.tsx. A formula's sizes are capped, its expansions bounded, links and styles
// stay inert, and every rendered formula sits in the box that math.css clamps to its container.
import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MathText as PhoneMathText } from '../game/phone/math-text';
import { MathText as BoardMathText } from '../game/projector/MathText';
import { FormulaPreview } from '../pages/admin/raids/RaidEditPage';
import { loadKatex, MATH_MAX_SIZE_EM } from './math';

/** Every em length written in an inline style of the rendered HTML. */
const inlineEms = (root: Element) =>
  [...root.querySelectorAll<HTMLElement>('[style]')].flatMap((el) =>
    [...(el.getAttribute('style') ?? '').matchAll(/(-?[\d.]+)em/g)].map((m) => Math.abs(Number(m[1]))),
  );

/** The three components that render formulas, each with the same text. */
async function renderEverywhere(text: string) {
  const katex = await loadKatex();
  const board = render(<BoardMathText text={text} />).container;
  const phone = render(<PhoneMathText text={text} katex={katex} />).container;
  const preview = render(<FormulaPreview text={text} />).container;
  const all = { board, phone, preview };
  // The board and the preview load KaTeX themselves (already there: next render).
  await waitFor(() => {
    for (const c of Object.values(all)) expect(c.querySelector('.katex, .math-plain, span')).not.toBeNull();
  });
  return all;
}

describe('formulas on the board, the phones and the raid form', () => {
  it('an approved codex phrase $$\\rule{3000em}{3000em}$$ draws a box no larger than the cap, inside the clamped wrapper', async () => {
    const screens = await renderEverywhere('Regardez $$\\rule{3000em}{3000em}$$ !');
    for (const [name, c] of Object.entries(screens)) {
      await waitFor(() => expect(c.querySelector('.katex'), name).not.toBeNull());
      const ems = inlineEms(c);
      expect(ems.length, name).toBeGreaterThan(0);
      expect(Math.max(...ems), name).toBeLessThanOrEqual(MATH_MAX_SIZE_EM);
      const katex = c.querySelector('.katex') as Element;
      expect(katex.parentElement?.classList.contains('math-box'), name).toBe(true);
    }
  });

  it('a demo formula still renders in every component, inside the clamped wrapper', async () => {
    const screens = await renderEverywhere('Combien vaut $$\\frac{1}{2} + \\frac{1}{4}$$ ?');
    for (const [name, c] of Object.entries(screens)) {
      await waitFor(() => expect(c.querySelector('.math-box .katex .mfrac'), name).not.toBeNull());
      expect(c.textContent, name).toContain('Combien vaut');
    }
  });

  it('a macro bomb of 141 characters stops at the expansion cap and shows as its own text', async () => {
    // Forty \a in \b, eight \b: at KaTeX's default cap (1000) this rendered 1.6 MB of HTML per formula.
    const bomb = `\\def\\a{\\sqrt{\\sqrt{\\sqrt{\\sqrt{x}}}}}\\def\\b{${'\\a'.repeat(40)}}${'\\b'.repeat(8)}`;
    const loop = '\\def\\a{\\a\\a}\\a';
    const nested = `${'{'.repeat(10_000)}x${'}'.repeat(10_000)}`;
    for (const tex of [bomb, loop, nested]) {
      const screens = await renderEverywhere(`$$${tex}$$`);
      for (const [name, c] of Object.entries(screens)) {
        expect(c.querySelector('.katex'), name).toBeNull();
        expect(c.textContent, name).toContain(tex);
        expect(c.innerHTML.length, name).toBeLessThan(tex.length + 200);
      }
    }
  });

  it('\\href, \\url, \\includegraphics and \\htmlStyle stay inert text, no link, image or style', async () => {
    const screens = await renderEverywhere(
      '$$\\href{javascript:alert(1)}{clic} \\url{https://evil.example} \\includegraphics{https://evil.example/x.png} \\htmlStyle{position:fixed;inset:0}{x}$$',
    );
    for (const [name, c] of Object.entries(screens)) {
      await waitFor(() => expect(c.querySelector('.math-box .katex'), name).not.toBeNull());
      expect(c.querySelector('a, img, [href], [src]'), name).toBeNull();
      expect(c.querySelector('[style*="position"], [style*="inset"]'), name).toBeNull();
    }
  });
});
