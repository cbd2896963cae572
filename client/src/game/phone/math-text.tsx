// The phones' text with $$…$$ formulas, inline, through the one KaTeX helper
// (client/src/lib/math.tsx: lazy KaTeX, limits, clamped box). Until KaTeX arrives, and for a formula
// it cannot render, the formula shows as plain text.
import { type Katex, MathSpans } from '../../lib/math';

export { useKatex } from '../../lib/math';

export function MathText({ text, katex }: { text: string; katex: Katex | null }) {
  return <MathSpans text={text} katex={katex} plainClassName="math-plain" mathml />;
}
