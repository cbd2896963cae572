// Text with formulas between $$…$$ rendered by KaTeX, loaded on first use (the projector chunk
// only). A formula that KaTeX cannot render stays plain text, without an error.
import { useEffect, useState } from 'react';

type Katex = typeof import('katex')['default'];
let katexPromise: Promise<Katex> | null = null;
function loadKatex(): Promise<Katex> {
  katexPromise ??= Promise.all([import('katex'), import('katex/dist/katex.min.css')]).then(
    ([m]) => m.default,
  );
  return katexPromise;
}

export interface Segment {
  math: boolean;
  text: string;
}

/** Splits "a $$x^2$$ b" into text and formula segments; an unclosed $$ stays text. */
export function splitMath(text: string): Segment[] {
  const out: Segment[] = [];
  const re = /\$\$([\s\S]+?)\$\$/g;
  let last = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m.index > last) out.push({ math: false, text: text.slice(last, m.index) });
    out.push({ math: true, text: m[1] });
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push({ math: false, text: text.slice(last) });
  return out;
}

export function renderFormula(katex: Katex, tex: string): string | null {
  try {
    return katex.renderToString(`\\displaystyle ${tex}`, {
      throwOnError: false,
      errorColor: 'inherit',
      output: 'html',
    });
  } catch {
    return null;
  }
}

export function MathText({ text, className }: { text: string; className?: string }) {
  const segments = splitMath(text);
  const hasMath = segments.some((s) => s.math);
  const [katex, setKatex] = useState<Katex | null>(null);
  useEffect(() => {
    if (!hasMath) return;
    let live = true;
    loadKatex()
      .then((k) => {
        if (live) setKatex(k);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [hasMath]);
  return (
    <span className={className}>
      {segments.map((s, i) => {
        const html = s.math && katex ? renderFormula(katex, s.text) : null;
        return html !== null ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: KaTeX output escapes the source text
          // biome-ignore lint/suspicious/noArrayIndexKey: segments have no identity but their place
          <span key={i} className="math" dangerouslySetInnerHTML={{ __html: html }} />
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments have no identity but their place
          <span key={i}>{s.text}</span>
        );
      })}
    </span>
  );
}
