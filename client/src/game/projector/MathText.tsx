// The board's text with formulas between $$…$$, rendered in display style through the one KaTeX
// helper (client/src/lib/math.tsx: limits, clamped box). KaTeX loads on first use; a formula that
// KaTeX cannot render stays plain text, without an error.
import { MathSpans, useKatex } from '../../lib/math';

export function MathText({ text, className, fit }: { text: string; className?: string; fit?: boolean }) {
  const katex = useKatex([text]);
  return (
    // `fit`: the raid's fit measures this box (a word too long for it lowers the text).
    <span className={className} data-fit={fit ? '' : undefined}>
      <MathSpans text={text} katex={katex} display />
    </span>
  );
}
