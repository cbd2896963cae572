// The question's explanation after the reveal (live) or the answer (homework), issue 23: text with
// formulas and an optional image. Every kind has one, so it loads with the phone's page (the kinds'
// own reveals, KindReveal.tsx, load only for their kinds).
import { useTranslation } from 'react-i18next';
import { MathText, type useKatex } from './math-text';

type Katex = ReturnType<typeof useKatex>;

/** The question's explanation, once revealed or answered. */
export function Explanation({
  text,
  image,
  katex,
}: {
  text: string | null | undefined;
  image: string | null | undefined;
  katex: Katex;
}) {
  const { t } = useTranslation();
  if (!text && !image) return null;
  return (
    <aside className="explanation" aria-label={t('PHONE.EXPLANATION')} data-testid="explanation">
      <strong className="explanation__title">{t('PHONE.EXPLANATION')}</strong>
      {text ? (
        <p className="explanation__text">
          <MathText text={text} katex={katex} />
        </p>
      ) : null}
      {image ? <img className="explanation__image" src={image} alt={t('PHONE.EXPLANATION_IMAGE')} /> : null}
    </aside>
  );
}
