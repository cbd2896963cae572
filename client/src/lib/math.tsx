// The one place the client renders $$…$$ formulas with KaTeX: the board (question, answers, codex
// phrase), the phones (live question and answers), homework and the raid form's preview all go
// through <MathSpans>. KaTeX (about 75 KB gzipped, plus its CSS and fonts) is fetched only when a
// text on screen has a formula; until it arrives, and for a formula it cannot render, the formula
// shows as plain text. Nothing here throws into React.
//
// Limits (docs/security.md): sizes a formula asks for (\rule, \kern, \hspace…) are capped at
// MATH_MAX_SIZE_EM, macro expansions at MATH_MAX_EXPAND (a \def loop stops at once), a formula
// longer than MATH_MAX_TEX stays text, `trust: false` keeps \href, \url, \includegraphics and
// \htmlStyle as inert text, and every rendered formula sits in a `.math-box` that math.css clamps
// to its container, so no formula can cover the screen.
import { useAsync } from './use-async';
import './math.css';

type Katex = typeof import('katex').default;

export type { Katex };

/** Largest size, in em, a formula may give a rule, kern or space. */
export const MATH_MAX_SIZE_EM = 5;
/** Macro expansions per formula: legitimate school formulas use a few dozen at most. */
export const MATH_MAX_EXPAND = 100;
/** A longer formula is shown as text (stored texts are 200 characters at most). */
export const MATH_MAX_TEX = 1000;

/** The KaTeX settings every formula is rendered with. */
export const KATEX_OPTIONS = {
  throwOnError: true,
  maxSize: MATH_MAX_SIZE_EM,
  maxExpand: MATH_MAX_EXPAND,
  trust: false,
  strict: 'ignore',
} as const;

let katexLoad: Promise<Katex> | null = null;
let katexReady: Katex | null = null;

export function loadKatex(): Promise<Katex> {
  katexLoad ??= Promise.all([import('katex'), import('katex/dist/katex.min.css')]).then(([m]) => {
    katexReady = m.default;
    return m.default;
  });
  return katexLoad;
}

export const hasFormula = (text: string) => /\$\$[\s\S]+?\$\$/.test(text);

export type Part = { kind: 'text'; value: string } | { kind: 'formula'; tex: string };

/** Splits "a $$x^2$$ b" into text and formula parts; an unclosed $$ stays text. */
export function splitFormulas(text: string): Part[] {
  const parts: Part[] = [];
  const re = /\$\$([\s\S]+?)\$\$/g;
  let last = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m.index > last) parts.push({ kind: 'text', value: text.slice(last, m.index) });
    parts.push({ kind: 'formula', tex: m[1] as string });
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push({ kind: 'text', value: text.slice(last) });
  return parts;
}

export interface RenderOptions {
  /** Display style (\displaystyle), as on the board and in the raid form's preview. */
  display?: boolean;
  /** MathML next to the HTML, for screen readers (KaTeX's CSS hides it visually). */
  mathml?: boolean;
}

/** KaTeX's HTML for one formula with the limits above, or null when it cannot be rendered. */
export function renderFormula(katex: Katex, tex: string, opts: RenderOptions = {}): string | null {
  if (tex.length > MATH_MAX_TEX) return null;
  try {
    return katex.renderToString(opts.display ? `\\displaystyle ${tex}` : tex, {
      ...KATEX_OPTIONS,
      displayMode: false,
      output: opts.mathml ? 'htmlAndMathml' : 'html',
    });
  } catch {
    // Parse errors, too many expansions, and a stack overflow on thousands of nested groups.
    return null;
  }
}

/** KaTeX once any of these texts has a formula (null while it loads, and when none has one). */
export function useKatex(texts: string[]): Katex | null {
  const needed = texts.some(hasFormula);
  // Loaded once for the tab: a text shown after that has it at once.
  const loaded = useAsync(needed && !katexReady ? 'katex' : null, loadKatex);
  if (!needed) return null;
  return katexReady ?? (loaded?.ok ? loaded.data : null);
}

export interface MathSpansProps extends RenderOptions {
  text: string;
  katex: Katex | null;
  /** Class of a formula shown as plain text (not rendered yet, or not renderable). */
  plainClassName?: string;
}

/** The text's parts as spans: plain text, or a formula in its clamped `.math.math-box`. */
export function MathSpans({ text, katex, plainClassName, display, mathml }: MathSpansProps) {
  if (!hasFormula(text)) return <>{text}</>;
  return (
    <>
      {splitFormulas(text).map((p, i) => {
        const key = `${i}-${p.kind}`;
        if (p.kind === 'text') return <span key={key}>{p.value}</span>;
        const html = katex ? renderFormula(katex, p.tex, { display, mathml }) : null;
        if (html === null)
          return (
            <span key={key} className={plainClassName}>
              {p.tex}
            </span>
          );
        // KaTeX escapes the TeX it renders, and trust: false keeps links, images and styles out.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: KaTeX output
        return <span key={key} className="math math-box" dangerouslySetInnerHTML={{ __html: html }} />;
      })}
    </>
  );
}
