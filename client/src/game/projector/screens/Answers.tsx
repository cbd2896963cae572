// The answers of a question, told apart by shape, colour and letter. Correct answers show only
// once the teacher revealed them (RaidView.reveal is null before).
import { useTranslation } from 'react-i18next';
import type { PublicQuestion, RaidView } from '../../../../../shared/game/contract';
import { answerStyle } from '../../answer-style';
import { MathText } from '../MathText';
import { AnswerShapeIcon } from '../shapes';

export function Answers({ question, reveal }: { question: PublicQuestion; reveal: RaidView['reveal'] }) {
  const { t } = useTranslation();
  const total = reveal ? Object.values(reveal.counts).reduce((s, n) => s + n, 0) : 0;
  return (
    <ol className={`answers answers--${question.answers.length}`} data-revealed={!!reveal} data-fit>
      {question.answers.map((a, i) => {
        const style = answerStyle(i);
        const correct = reveal ? reveal.correctAnswerIds.includes(a.id) : null;
        const count = reveal?.counts[a.id] ?? 0;
        const share = total ? Math.round((count / total) * 100) : 0;
        return (
          <li
            key={a.id}
            className={`answer${correct === true ? ' answer--correct' : ''}${correct === false ? ' answer--wrong' : ''}`}
            style={{ background: style.color, color: style.ink }}
            data-testid="answer"
            data-fit
            data-correct={correct === null ? undefined : String(correct)}
          >
            <span className="answer__badge" aria-hidden="true">
              <AnswerShapeIcon style={style} />
              <span className="answer__letter">{style.letter}</span>
            </span>
            <span className="sr-only">{t('GAME.RAID.ANSWER_LETTER', { letter: style.letter })}</span>
            <MathText className="answer__text" text={a.text} fit />
            {reveal ? (
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
