// Text with $$…$$ formulas. KaTeX (about 75 KB gzipped, plus its CSS and fonts) is fetched only when
// a text on screen has a formula; until it arrives, and for a formula it cannot render, the formula
// shows as plain text.
import { useEffect, useState } from 'react';

type Katex = typeof import('katex').default;
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

function renderTex(katex: Katex, tex: string): string | null {
  try {
    // HTML for the eye, MathML for screen readers (KaTeX's CSS hides it visually).
    return katex.renderToString(tex, { throwOnError: true, displayMode: false, output: 'htmlAndMathml' });
  } catch {
    return null;
  }
}

/** True once KaTeX is there for these texts (at once when none has a formula). */
export function useKatex(texts: string[]): Katex | null {
  const needed = texts.some(hasFormula);
  const [katex, setKatex] = useState<Katex | null>(katexReady);
  useEffect(() => {
    if (!needed || katex) return;
    let live = true;
    loadKatex().then(
      (k) => live && setKatex(() => k),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [needed, katex]);
  return needed ? katex : null;
}

export function MathText({ text, katex }: { text: string; katex: Katex | null }) {
  if (!hasFormula(text)) return <>{text}</>;
  return (
    <>
      {splitFormulas(text).map((p, i) => {
        const key = `${i}-${p.kind}`;
        if (p.kind === 'text') return <span key={key}>{p.value}</span>;
        const html = katex ? renderTex(katex, p.tex) : null;
        if (html === null)
          return (
            <span key={key} className="math-plain">
              {p.tex}
            </span>
          );
        // KaTeX escapes the TeX it renders; trust: 'false' by default blocks \href and friends.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: KaTeX output
        return <span key={key} className="math" dangerouslySetInnerHTML={{ __html: html }} />;
      })}
    </>
  );
}
