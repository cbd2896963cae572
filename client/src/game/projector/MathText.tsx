// The board's text with formulas between $$…$$, rendered in display style through the one KaTeX
// helper (client/src/lib/math.tsx: limits, clamped box). KaTeX loads on first use; a formula that
// KaTeX cannot render stays plain text, without an error.
import { MathSpans, useKatex } from '../../lib/math';

export function MathText({ text, className }: { text: string; className?: string }) {
  const katex = useKatex([text]);
  return (
    <span className={className}>
      <MathSpans text={text} katex={katex} display />
    </span>
  );
}
