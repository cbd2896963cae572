// A raid question on the phone: the question (text, image, formulas), a countdown, the answer
// buttons, and what became of the student's answer: sending, received, then right or wrong once the
// teacher reveals it. Correct answers exist here only after the reveal (RaidView.reveal).
// The parent keys it by question id, so a new question starts with nothing picked.
// Issue 23: a number or a word is typed, an order is built by tapping the items, a poll takes
// choices or a typed number or word and never says right or wrong; after the reveal, the right
// answer of the kind and the question's explanation.
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PhoneState, RaidView } from '../../../../shared/game/contract';
import { extraMs, pupilDeadline } from '../../../../shared/game/extra-time';
import { scoreAnswer } from '../../../../shared/game/scoring';
import { sharePercent } from '../../../../shared/game/share';
import { lazyModule } from '../../lib/lazy-module';
import { AnswerButtons, type Mark } from './AnswerButtons';
import { type AnswerResponse, idsOf, type QueueEntry } from './answer-queue';
import { Countdown, useSecondsLeft } from './Countdown';
import { Explanation } from './Explanation';
import { inputOf, readHintOf } from './kind-input';
import { MathText, useKatex } from './math-text';
import { phoneError } from './phone-error';
import { QuestionReadAloud } from './QuestionReadAloud';

// A number, a word or an order: their inputs and reveals load only when such a question is shown
// (a choice question never loads them, nor the number reader and the shared schemas they bring).
const kindInputs = lazyModule(() => import('./KindInputs'));
const kindReveal = lazyModule(() => import('./KindReveal'));
const TypedAnswer = kindInputs.component((m) => m.TypedAnswer);
const OrderAnswer = kindInputs.component((m) => m.OrderAnswer);
const RevealDetails = kindReveal.component((m) => m.RevealDetails);
/** While they load: the space they take, empty (no spinner to blink on a fast network). */
const kindPending = <div className="kind-pending" aria-busy="true" />;

interface Props {
  raid: RaidView;
  phone: PhoneState | null;
  answer: QueueEntry | null;
  paused: boolean;
  onChoose: (questionId: string, response: string[] | AnswerResponse) => void;
}

export const imageUrl = (image: string) =>
  /^(\/|https?:|data:|blob:)/.test(image) ? image : `/uploads/questions/${encodeURIComponent(image)}`;

export function QuestionScreen({ raid, phone, answer, paused, onChoose }: Props) {
  const { t } = useTranslation();
  const q = raid.question;
  const [picked, setPicked] = useState<string[]>([]);
  // Issue 24: a pupil with extra time has their own deadline (the server checks the same one).
  const questionSeconds = raid.settings?.questionSeconds ?? null;
  const myDeadline = pupilDeadline(raid.deadline, questionSeconds, phone?.extraTime);
  const seconds = useSecondsLeft(raid.phase === 'question' ? myDeadline : null);
  const katex = useKatex(q ? [q.text, ...q.answers.map((a) => a.text), raid.reveal?.explanation ?? ''] : []);
  // A question typed or ordered: its reveal's module is fetched with its inputs, so the right answer
  // shows at the reveal without waiting for it.
  const ownInputs = q ? inputOf(q) !== 'choices' : false;
  useEffect(() => {
    if (!ownInputs) return;
    kindInputs.preload().catch(() => {});
    kindReveal.preload().catch(() => {});
  }, [ownInputs]);
  if (!q) return null;
  const kind = q.kind ?? 'choice';
  const poll = kind === 'poll';
  // How the pupil answers: ticks, an order, or a typed number or word.
  const input = inputOf(q);

  // What the server knows of this student's answer wins over the local queue (after a reload).
  const mine =
    answer?.questionId === q.id && answer.state !== 'failed' && answer.state !== 'late'
      ? answer
      : phone?.myAnswer?.questionId === q.id
        ? { ...phone.myAnswer, state: 'received' as const, error: null }
        : null;
  const sent = idsOf(mine);
  const sentValue = mine?.value ?? null;
  const revealed = raid.phase === 'revealed' && raid.reveal !== null;
  const timeUp = seconds === 0;
  const late = answer?.questionId === q.id && answer.state === 'late';
  const locked = !!mine || late || revealed || timeUp || paused || raid.phase !== 'question';

  const tap = (id: string) => {
    if (locked) return;
    if (!q.multiple) {
      onChoose(q.id, [id]);
      return;
    }
    setPicked((p) => (p.includes(id) ? p.filter((x) => x !== id) : [...p, id]));
  };

  let marks: Record<string, Mark> | undefined;
  let verdict: 'right' | 'partial' | 'wrong' | 'none' | 'poll' | null = null;
  let detail: { missed: string[]; wrong: string[]; credit: number } | null = null;
  const result = phone?.lastResult?.questionId === q.id ? phone.lastResult : null;
  if (revealed && raid.reveal && poll) {
    verdict = mine ? 'poll' : 'none';
  } else if (revealed && raid.reveal && input !== 'choices') {
    // The server's verdict; an order can be told here too, a typed answer waits for the server.
    const order = raid.reveal.correctOrder;
    verdict = result
      ? (result.verdict ?? (result.correct ? 'right' : 'wrong'))
      : !mine
        ? 'none'
        : input === 'order' && order
          ? order.every((id, i) => sent[i] === id)
            ? 'right'
            : 'wrong'
          : null;
  } else if (revealed && raid.reveal) {
    const correct = raid.reveal.correctAnswerIds;
    marks = {};
    for (const a of q.answers) {
      const isRight = correct.includes(a.id);
      const chosen = sent.includes(a.id);
      marks[a.id] = isRight ? 'right' : chosen ? 'wrong-chosen' : 'dim';
    }
    // The server's verdict wins; the same shared rule computes it here when it is not there yet.
    const local = sent.length ? scoreAnswer(correct, sent, raid.settings?.multiScoring) : null;
    verdict = result
      ? (result.verdict ?? (result.correct ? 'right' : 'wrong'))
      : local
        ? local.verdict
        : 'none';
    if (q.multiple && local && verdict !== 'right') {
      const textOf = (ids: string[]) => q.answers.filter((a) => ids.includes(a.id)).map((a) => a.text);
      detail = {
        missed: textOf(result?.missedIds ?? local.missedIds),
        wrong: textOf(local.wrongIds),
        credit: result?.credit ?? local.credit,
      };
    }
  }
  const counts = revealed && raid.reveal ? raid.reveal.counts : null;
  const readHint = readHintOf(q, t);
  const failed =
    answer?.questionId === q.id && (answer.state === 'failed' || answer.state === 'late') ? answer : null;

  return (
    <section className="question" aria-labelledby="question-text">
      <div className="question__top">
        <span className="question__index">
          {t('PHONE.QUESTION_INDEX', { index: raid.index + 1, count: raid.count })}
        </span>
        {seconds !== null && !revealed ? (
          <Countdown
            seconds={seconds}
            total={
              questionSeconds !== null
                ? questionSeconds + extraMs(questionSeconds, phone?.extraTime) / 1000
                : Math.max(30, seconds)
            }
          />
        ) : null}
      </div>
      <div className="question__card">
        <p id="question-text" className="question__text">
          <MathText text={q.text} katex={katex} />
        </p>
        {q.image ? (
          <img className="question__image" src={imageUrl(q.image)} alt={t('PHONE.QUESTION_IMAGE')} />
        ) : null}
        <QuestionReadAloud question={q} className="question__read" hint={readHint} />
        {input === 'choices' && q.multiple && !revealed ? (
          <p className="question__hint" data-testid="pick-hint">
            {q.toPick ? t('PHONE.PICK_N', { count: q.toPick }) : t('PHONE.MULTIPLE_HINT')}
          </p>
        ) : null}
      </div>

      {verdict ? (
        <div className={`verdict verdict--${verdict}`} role="status">
          <strong className="verdict__title">
            {t(
              verdict === 'right'
                ? 'PHONE.RIGHT'
                : verdict === 'partial'
                  ? 'PHONE.PARTIAL'
                  : verdict === 'wrong'
                    ? 'PHONE.WRONG'
                    : verdict === 'poll'
                      ? 'PHONE.POLL_THANKS'
                      : 'PHONE.NO_ANSWER',
            )}
          </strong>
          <span className="verdict__text">
            {poll
              ? t('PHONE.POLL_TEXT')
              : verdict === 'right'
                ? t('PHONE.RIGHT_TEXT')
                : input === 'choices'
                  ? t('PHONE.CORRECT_WAS', { count: raid.reveal?.correctAnswerIds.length ?? 1 })
                  : t('PHONE.CORRECT_BELOW')}
          </span>
          {detail && detail.missed.length > 0 ? (
            <span className="verdict__text" data-testid="verdict-missing">
              {t('PHONE.MISSING', { answers: detail.missed.map((x) => `« ${x} »`).join(', ') })}
            </span>
          ) : null}
          {detail && detail.wrong.length > 0 ? (
            <span className="verdict__text">
              {t('PHONE.WRONG_TICKED', { answers: detail.wrong.map((x) => `« ${x} »`).join(', ') })}
            </span>
          ) : null}
          {verdict === 'partial' && detail ? (
            <span className="verdict__text">
              {detail.credit > 0
                ? t('PHONE.PARTIAL_CREDIT', { pct: Math.round(detail.credit * 100) })
                : t('PHONE.PARTIAL_NO_CREDIT')}
            </span>
          ) : null}
          {raid.reveal && !poll ? (
            <span className="verdict__share">
              {t('PHONE.CLASS_SHARE', { pct: sharePercent(raid.reveal.rightShare) })}
            </span>
          ) : null}
        </div>
      ) : revealed && raid.reveal && input !== 'choices' && !poll ? (
        // A typed answer whose verdict has not arrived yet: the right answer is shown all the same.
        <div className="verdict verdict--none" role="status">
          <strong className="verdict__title">{t('PHONE.CORRECTION')}</strong>
        </div>
      ) : null}

      {revealed && raid.reveal && !poll && (input === 'order' || kind === 'number' || kind === 'text') ? (
        <Suspense fallback={null}>
          <RevealDetails
            kind={input === 'order' ? 'order' : kind === 'number' ? 'number' : 'text'}
            items={q.answers}
            katex={katex}
            reveal={raid.reveal}
            mine={mine ? { ids: sent, value: sentValue } : null}
          />
        </Suspense>
      ) : null}

      {input === 'choices' ? (
        <AnswerButtons
          answers={q.answers}
          katex={katex}
          selected={mine ? sent : picked}
          disabled={locked}
          onTap={tap}
          marks={poll ? undefined : marks}
          counts={counts}
        />
      ) : input === 'order' ? (
        revealed ? null : (
          <Suspense fallback={kindPending}>
            <OrderAnswer
              items={q.answers}
              katex={katex}
              sent={mine ? sent : null}
              locked={locked}
              onSubmit={(order) => onChoose(q.id, { order })}
            />
          </Suspense>
        )
      ) : revealed && !poll ? null : (
        // Once revealed, the right answer's card says what the pupil typed: the field goes.
        <Suspense fallback={kindPending}>
          <TypedAnswer
            mode={input}
            unit={kind === 'number' ? q.unit : null}
            sent={mine ? (sentValue ?? '') : null}
            locked={locked}
            onSubmit={(value) => onChoose(q.id, { value })}
          />
        </Suspense>
      )}

      {revealed && raid.reveal ? (
        <Explanation text={raid.reveal.explanation} image={raid.reveal.explanationImage} katex={katex} />
      ) : null}

      {input === 'choices' && q.multiple && !mine && !locked ? (
        <button
          type="button"
          className="validate"
          disabled={picked.length === 0}
          onClick={() => onChoose(q.id, picked)}
        >
          {t('PHONE.VALIDATE', { count: picked.length })}
        </button>
      ) : null}

      {!revealed ? (
        <AnswerStatus
          state={mine?.state ?? null}
          failed={failed}
          timeUp={timeUp}
          paused={paused}
          idle={
            input === 'choices'
              ? t('PHONE.PICK_ONE')
              : input === 'order'
                ? t('PHONE.ORDER_IDLE')
                : t('PHONE.TYPE_IDLE')
          }
        />
      ) : null}
    </section>
  );
}

function AnswerStatus({
  state,
  failed,
  timeUp,
  paused,
  idle,
}: {
  state: QueueEntry['state'] | null;
  failed: QueueEntry | null;
  timeUp: boolean;
  paused: boolean;
  /** What to do now, as the question's kind asks ("touche ta réponse", "écris ta réponse"…). */
  idle: string;
}) {
  const { t } = useTranslation();
  let cls = 'idle';
  let text: string = idle;
  if (state === 'sending') [cls, text] = ['sending', t('PHONE.SENDING')];
  else if (state === 'queued') [cls, text] = ['queued', t('PHONE.QUEUED')];
  else if (state === 'received') [cls, text] = ['received', t('PHONE.RECEIVED')];
  else if (failed?.state === 'late') [cls, text] = ['failed', t('PHONE.LATE')];
  else if (failed) [cls, text] = ['failed', phoneError(failed.error)];
  else if (paused) [cls, text] = ['idle', t('PHONE.PAUSED_SHORT')];
  else if (timeUp) [cls, text] = ['failed', t('PHONE.TIME_UP_TEXT')];
  return (
    <p className={`answer-status answer-status--${cls}`} role="status" aria-live="polite">
      {cls === 'sending' || cls === 'queued' ? (
        <span className="answer-status__spinner" aria-hidden="true" />
      ) : null}
      {cls === 'received' ? (
        <span className="answer-status__check" aria-hidden="true">
          ✓
        </span>
      ) : null}
      {text}
    </p>
  );
}
