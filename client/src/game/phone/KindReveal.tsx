// After the reveal (live) or the answer (homework), issue 23: the right answer of a kind that has no
// ticked choices (a number with its tolerance and unit, the accepted words, the right order beside
// the pupil's), and the question's explanation (formulas, an optional image). A poll has none.

import type { TFunction } from 'i18next';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicAnswer } from '../../../../shared/game/contract';
import type { NumberSettings } from '../../../../shared/questions/kinds';
import { answerStyle } from '../answer-style';
import { AnswerShapeIcon } from './AnswerButtons';
import { MathText, type useKatex } from './math-text';

type Katex = ReturnType<typeof useKatex>;

export interface RevealFacts {
  correctOrder?: string[];
  number?: NumberSettings;
  accepted?: string[];
}

/** A number as the pupil's language writes it (3,14 in French), never rounded away. */
export function formatNumber(n: number, lang: string) {
  return new Intl.NumberFormat(lang, { maximumFractionDigits: 10 }).format(n);
}

/** "3,14 km/h", "± 0,01", "± 5 %": the right value and how far from it still counts. */
export function numberAnswer(n: NumberSettings, lang: string, t: TFunction) {
  const value = `${formatNumber(n.value, lang)}${n.unit ? `\u00a0${n.unit}` : ''}`;
  if (!n.tolerance) return value;
  const within =
    n.toleranceMode === 'relative'
      ? `${formatNumber(Math.round(n.tolerance * 1e6) / 1e4, lang)}\u00a0%`
      : `${formatNumber(n.tolerance, lang)}${n.unit ? `\u00a0${n.unit}` : ''}`;
  return t('PHONE.NUMBER_WITHIN', { value, within });
}

export function RevealDetails({
  kind,
  items,
  katex,
  reveal,
  mine,
}: {
  kind: 'number' | 'text' | 'order';
  /** An order's items as shown (their letters). */
  items: PublicAnswer[];
  katex: Katex;
  reveal: RevealFacts;
  /** What the pupil gave: the order's ids, or the typed value. */
  mine: { ids: string[]; value: string | null } | null;
}) {
  const { t, i18n } = useTranslation();
  if (kind === 'number' && reveal.number) {
    return (
      <div className="reveal-kind" data-testid="reveal-number">
        <p className="reveal-kind__right">
          {t('PHONE.RIGHT_VALUE', { value: numberAnswer(reveal.number, i18n.language, t) })}
        </p>
        {mine?.value ? (
          <p className="reveal-kind__mine">{t('PHONE.YOUR_ANSWER', { value: mine.value })}</p>
        ) : null}
      </div>
    );
  }
  if (kind === 'text' && reveal.accepted?.length) {
    return (
      <div className="reveal-kind" data-testid="reveal-text">
        <p className="reveal-kind__right">
          {t('PHONE.ACCEPTED', {
            count: reveal.accepted.length,
            answers: reveal.accepted.map((a) => `«\u00a0${a}\u00a0»`).join(', '),
          })}
        </p>
        {mine?.value ? (
          <p className="reveal-kind__mine">{t('PHONE.YOUR_ANSWER', { value: mine.value })}</p>
        ) : null}
      </div>
    );
  }
  if (kind === 'order' && reveal.correctOrder?.length) {
    const given = mine?.ids ?? [];
    return (
      <div className="reveal-kind" data-testid="reveal-order">
        <p className="reveal-kind__right">{t('PHONE.RIGHT_ORDER')}</p>
        <ol className="order__sequence order__sequence--reveal">
          {reveal.correctOrder.map((id, place) => {
            const i = items.findIndex((a) => a.id === id);
            if (i < 0) return null;
            const s = answerStyle(i);
            const ok = given.length > 0 ? given[place] === id : null;
            return (
              <li key={id} className="order__slot order__slot--filled">
                <span className="order__rank" aria-hidden="true">
                  {place + 1}
                </span>
                <span
                  className={`order__item${ok === false ? ' order__item--wrong' : ''}`}
                  style={{ '--answer-color': s.color, '--answer-ink': s.ink } as CSSProperties}
                >
                  <span className="answer__badge">
                    <AnswerShapeIcon index={i} size={22} />
                    <span className="answer__letter">{s.letter}</span>
                  </span>
                  <span className="order__text">
                    <MathText text={items[i].text} katex={katex} />
                  </span>
                  {ok !== null ? (
                    <span className="order__mark">
                      <span aria-hidden="true">{ok ? '✓' : '✗'}</span>
                      <span className="sr-only">
                        {t(ok ? 'PHONE.ORDER_PLACE_RIGHT' : 'PHONE.ORDER_PLACE_WRONG')}
                      </span>
                    </span>
                  ) : null}
                </span>
              </li>
            );
          })}
        </ol>
      </div>
    );
  }
  return null;
}

// The explanation is shown for every kind (a choice too): it lives in Explanation.tsx, loaded with
// the page, while this module is loaded only for a number, a text or an order (QuestionScreen).
export { Explanation } from './Explanation';
