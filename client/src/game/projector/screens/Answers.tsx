// The answers of a question, told apart by shape, colour and letter. Correct answers show only
// once the teacher revealed them (RaidView.reveal is null before). Issue 23: a poll's choices show
// their votes and never a right or wrong one; an order's items show lettered as the phones got
// them, then, once revealed, in the right order with their rank.
import { useTranslation } from 'react-i18next';
import type { PublicQuestion, RaidView } from '../../../../../shared/game/contract';
import { answerStyle, WRONG_TILE } from '../../answer-style';
import { MathText } from '../MathText';
import { AnswerShapeIcon } from '../shapes';

export function Answers({ question, reveal }: { question: PublicQuestion; reveal: RaidView['reveal'] }) {
  const { t } = useTranslation();
  const total = reveal ? Object.values(reveal.counts).reduce((s, n) => s + n, 0) : 0;
  const order = question.kind === 'order';
  const poll = question.kind === 'poll';
  // Each item keeps the letter and shape it had on the phones (its place as shown).
  const shown = question.answers.map((a, i) => ({ ...a, style: answerStyle(i) }));
  const rightOrder = order && reveal?.correctOrder?.length ? reveal.correctOrder : null;
  const items = rightOrder ? rightOrder.flatMap((id) => shown.filter((a) => a.id === id)) : shown;
  return (
    <ol
      className={`answers answers--${question.answers.length}${order ? ' answers--order' : ''}`}
      data-revealed={!!reveal}
      data-fit
      aria-label={rightOrder ? t('GAME.BOARD_KINDS.RIGHT_ORDER') : undefined}
    >
      {items.map((a, rank) => {
        const { style } = a;
        // A poll has no right answer; an order is right or wrong as a whole.
        const correct = reveal && !poll && !order ? reveal.correctAnswerIds.includes(a.id) : null;
        const count = reveal?.counts[a.id] ?? 0;
        const share = total ? Math.round((count / total) * 100) : 0;
        return (
          <li
            key={a.id}
            className={`answer${correct === true ? ' answer--correct' : ''}${correct === false ? ' answer--wrong' : ''}`}
            style={
              correct === false
                ? { background: WRONG_TILE.color, color: WRONG_TILE.ink, borderColor: style.color }
                : { background: style.color, color: style.ink }
            }
            data-testid="answer"
            data-fit
            data-correct={correct === null ? undefined : String(correct)}
            data-rank={rightOrder ? rank + 1 : undefined}
          >
            {rightOrder ? (
              <span className="answer__rank" data-testid="answer-rank">
                {t('GAME.BOARD_KINDS.RANK', { rank: rank + 1 })}
              </span>
            ) : null}
            <span className="answer__badge" aria-hidden="true">
              <AnswerShapeIcon style={style} />
              <span className="answer__letter">{style.letter}</span>
            </span>
            <span className="sr-only">{t('GAME.RAID.ANSWER_LETTER', { letter: style.letter })}</span>
            <MathText className="answer__text" text={a.text} fit />
            {reveal && !order ? (
              <span className="answer__result">
                {correct ? (
                  <>
                    <span className="answer__check" aria-hidden="true">
                      ✔
                    </span>
                    <span className="sr-only">{t('GAME.RAID.CORRECT')}</span>
                  </>
                ) : null}
                <span className="answer__count">{t('GAME.RAID.VOTES', { count })}</span>
                <span className="answer__bar" aria-hidden="true">
                  <span style={{ width: `${share}%` }} />
                </span>
              </span>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
