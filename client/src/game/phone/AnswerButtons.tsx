// Big answer buttons: letter, shape and colour, as on the projector. In a multiple-choice question
// a tap toggles an answer and a Validate button sends the selection.
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicAnswer } from '../../../../shared/game/contract';
import { answerStyle, SHAPE_PATHS } from '../answer-style';
import { MathText, type useKatex } from './math-text';

export type Mark = 'chosen' | 'right' | 'wrong-chosen' | 'missed' | 'dim' | null;

interface Props {
  answers: PublicAnswer[];
  katex: ReturnType<typeof useKatex>;
  /** Selected (before sending) or sent answers. */
  selected: string[];
  disabled: boolean;
  onTap?: (answerId: string) => void;
  /** After the reveal: how each answer is marked. */
  marks?: Record<string, Mark>;
  /** Per answer, the share of the class who picked it (after the reveal). */
  counts?: Record<string, number> | null;
}

export function AnswerShapeIcon({ index, size = 28 }: { index: number; size?: number }) {
  const s = answerStyle(index);
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" className="answer__shape">
      <path d={SHAPE_PATHS[s.shape]} fill="currentColor" stroke="rgba(0,0,0,.25)" strokeWidth="1" />
    </svg>
  );
}

export function AnswerButtons({ answers, katex, selected, disabled, onTap, marks, counts }: Props) {
  const { t } = useTranslation();
  const long = answers.some((a) => a.text.replace(/\$\$[\s\S]+?\$\$/g, 'xxxx').length > 28);
  return (
    <ul className={`answers${long || answers.length < 3 ? ' answers--rows' : ''}`}>
      {answers.map((a, i) => {
        const s = answerStyle(i);
        const isSelected = selected.includes(a.id);
        // Closed (time up, paused, sent): every answer not chosen is greyed, so that nothing looks
        // tappable that is not (issue 21).
        const mark = marks?.[a.id] ?? (disabled && !isSelected ? 'dim' : null);
        const labels = [t('PHONE.ANSWER_LABEL', { letter: s.letter })];
        if (mark === 'right') labels.push(t('PHONE.MARK_RIGHT'));
        if (mark === 'wrong-chosen') labels.push(t('PHONE.MARK_YOURS_WRONG'));
        return (
          <li key={a.id}>
            <button
              type="button"
              className={`answer${isSelected ? ' answer--selected' : ''}${mark ? ` answer--${mark}` : ''}`}
              style={{ '--answer-color': s.color, '--answer-ink': s.ink } as CSSProperties}
              aria-pressed={isSelected}
              disabled={disabled}
              onClick={() => onTap?.(a.id)}
            >
              <span className="answer__badge">
                <AnswerShapeIcon index={i} />
                <span className="answer__letter">{s.letter}</span>
              </span>
              <span className="answer__text">
                <span className="sr-only">{labels.join(', ')} : </span>
                <MathText text={a.text} katex={katex} />
              </span>
              {mark === 'right' ? (
                <span className="answer__tick" aria-hidden="true">
                  ✓
                </span>
              ) : null}
              {mark === 'wrong-chosen' ? (
                <span className="answer__tick" aria-hidden="true">
                  ✗
                </span>
              ) : null}
              {counts && counts[a.id] !== undefined ? (
                <span className="answer__count">{t('PHONE.ANSWER_COUNT', { count: counts[a.id] })}</span>
              ) : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
