// Issue 23: a question answered by typing (a number, a word, a poll's number or word) on the board.
// Before the reveal: the unit or the poll's mode, and how many answered; never what they typed.
// After: the right answer of the kind (a number's value with its tolerance and unit, a text's
// accepted answers; a poll has none), the values given most, and the words typed only once the
// teacher asks (`raid:show-typed`), without names unless asked, those the question accepts ticked
// (judged by the server with the question's options). The server leaves rude words out (their
// number only): they never reach this screen.

import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicQuestion, RaidView, RosterEntry } from '../../../../../shared/game/contract';
import { studentLabel } from '../Avatar';
import { MathText } from '../MathText';
import type { ScreenProps } from '../Projector';

type Reveal = NonNullable<RaidView['reveal']>;

/** Is this question answered by typing on the phones? */
export const isTyped = (q: PublicQuestion) =>
  q.kind === 'number' ||
  q.kind === 'text' ||
  (q.kind === 'poll' && q.pollMode !== undefined && q.pollMode !== 'choice');

/** A number as the board's language writes it ("3,14" in French), the value untouched otherwise. */
export function formatNumber(value: number | string, lang: string): string {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return String(value);
  return new Intl.NumberFormat(lang, { maximumFractionDigits: 12, useGrouping: true }).format(n);
}

/** Within the number question's tolerance (the server's rule, for the ✔ beside a value given). */
function withinTolerance(given: number, n: NonNullable<Reveal['number']>): boolean {
  const margin = n.toleranceMode === 'relative' ? n.tolerance * Math.abs(n.value) : n.tolerance;
  return Math.abs(given - n.value) <= margin + 1e-12;
}

interface Props {
  question: PublicQuestion;
  reveal: Reveal | null;
  /** How many answered (typed) so far. */
  answered: number;
  roster: RosterEntry[];
  run: ScreenProps['run'];
}

export function TypedAnswers({ question, reveal, answered, roster, run }: Props) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language || 'fr';
  const poll = question.kind === 'poll';
  const numeric = question.kind === 'number' || (poll && question.pollMode === 'number');
  const unit = question.kind === 'number' ? (reveal?.number?.unit ?? question.unit ?? null) : null;
  if (!reveal) {
    return (
      <div className="typed" data-fit data-testid="typed">
        {unit ? (
          <p className="typed__unit" data-testid="typed-unit">
            {t('GAME.BOARD_KINDS.UNIT', { unit })}
          </p>
        ) : null}
        <p className="typed__count" data-testid="typed-count">
          {t('GAME.BOARD_KINDS.TYPED_COUNT', { count: answered })}
        </p>
        <p className="typed__note">
          {t(numeric ? 'GAME.BOARD_KINDS.VALUES_AT_REVEAL' : 'GAME.BOARD_KINDS.TYPED_HIDDEN')}
        </p>
      </div>
    );
  }
  return (
    <div className="typed typed--revealed" data-fit data-testid="typed">
      {reveal.number ? (
        <p className="typed__right" data-testid="typed-right">
          <span className="typed__label">{t('GAME.BOARD_KINDS.RIGHT_VALUE')}</span>{' '}
          <strong>{numberAnswer(reveal.number, lang, t)}</strong>
        </p>
      ) : null}
      {reveal.accepted?.length ? (
        <p className="typed__right" data-testid="typed-right">
          <span className="typed__label">
            {t('GAME.BOARD_KINDS.ACCEPTED', { count: reveal.accepted.length })}
          </span>{' '}
          {reveal.accepted.map((a, i) => (
            <strong key={a} className="typed__accepted">
              {i > 0 ? ' · ' : ''}
              <MathText text={a} />
            </strong>
          ))}
        </p>
      ) : null}
      {numeric ? (
        <Values reveal={reveal} unit={unit} lang={lang} judged={!poll} />
      ) : (
        <Words reveal={reveal} roster={roster} run={run} />
      )}
    </div>
  );
}

function numberAnswer(n: NonNullable<Reveal['number']>, lang: string, t: TFunction) {
  const value = formatNumber(n.value, lang);
  const unit = n.unit ? `\u00a0${n.unit}` : '';
  if (!n.tolerance) return `${value}${unit}`;
  const tolerance =
    n.toleranceMode === 'relative'
      ? t('GAME.BOARD_KINDS.TOLERANCE_RELATIVE', {
          percent: formatNumber(Math.round(n.tolerance * 10000) / 100, lang),
        })
      : `${formatNumber(n.tolerance, lang)}${unit}`;
  return t('GAME.BOARD_KINDS.VALUE_WITH_TOLERANCE', { value: `${value}${unit}`, tolerance });
}

/** A number's values given most, most first, with their share; a right one ticked (never for a poll). */
function Values({
  reveal,
  unit,
  lang,
  judged,
}: {
  reveal: Reveal;
  unit: string | null;
  lang: string;
  judged: boolean;
}) {
  const { t } = useTranslation();
  const values = reveal.values ?? [];
  const most = Math.max(1, ...values.map((v) => v.count));
  if (!values.length) return <p className="typed__note">{t('GAME.BOARD_KINDS.NO_ANSWER')}</p>;
  return (
    <>
      <p className="typed__label">{t('GAME.BOARD_KINDS.MOST_GIVEN')}</p>
      <ol className="typed__values" data-testid="typed-values">
        {values.map((v) => {
          const right = judged && reveal.number ? withinTolerance(Number(v.value), reveal.number) : false;
          return (
            <li
              key={v.value}
              className={`typed__value${right ? ' typed__value--right' : ''}`}
              data-right={right || undefined}
            >
              <span className="typed__value-text">
                {formatNumber(v.value, lang)}
                {unit ? `\u00a0${unit}` : ''}
              </span>
              {right ? (
                <>
                  <span className="typed__check" aria-hidden="true">
                    ✔
                  </span>
                  <span className="sr-only">{t('GAME.RAID.CORRECT')}</span>
                </>
              ) : null}
              <span className="typed__bar" aria-hidden="true">
                <span style={{ width: `${Math.round((v.count / most) * 100)}%` }} />
              </span>
              <span className="typed__value-count">{t('GAME.BOARD_KINDS.TIMES', { count: v.count })}</span>
            </li>
          );
        })}
      </ol>
    </>
  );
}

/**
 * The words typed: hidden until the teacher asks; then grouped, those the question accepts ticked
 * (the server's verdict), rude ones counted only, names only when asked.
 */
function Words({ reveal, roster, run }: { reveal: Reveal; roster: RosterEntry[]; run: ScreenProps['run'] }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const show = async (names: boolean) => {
    setBusy(true);
    await run('raid:show-typed', { names });
    setBusy(false);
  };
  const count = reveal.typedCount ?? 0;
  const typed = reveal.typed;
  const names = new Map(roster.map((r) => [r.studentId, studentLabel(r)]));
  return (
    <>
      <p className="typed__label" data-testid="typed-count">
        {t('GAME.BOARD_KINDS.TYPED_COUNT', { count })}
      </p>
      {typed ? (
        <>
          <ul className="typed__words" data-testid="typed-words">
            {typed.groups.map((g) => (
              <li
                key={`${g.accepted ? 'right' : 'other'}:${g.text}`}
                className={`typed__word${g.accepted ? ' typed__word--right' : ''}`}
                data-testid="typed-word"
                data-right={g.accepted || undefined}
              >
                {g.accepted ? (
                  <>
                    <span className="typed__word-check" aria-hidden="true">
                      ✔
                    </span>
                    <span className="sr-only">{t('GAME.BOARD_KINDS.ACCEPTED_WORD')}</span>
                  </>
                ) : null}
                <span className="typed__word-text">{g.text}</span>
                <span className="typed__word-count">{t('GAME.BOARD_KINDS.TIMES', { count: g.count })}</span>
                {typed.names && g.studentIds?.length ? (
                  <span className="typed__word-names" data-testid="typed-names">
                    {g.studentIds.map((id) => names.get(id) ?? '?').join(', ')}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
          {typed.hidden ? (
            <p className="typed__note" data-testid="typed-filtered">
              {t('GAME.BOARD_KINDS.FILTERED', { count: typed.hidden })}
            </p>
          ) : null}
        </>
      ) : count ? (
        <p className="typed__note">{t('GAME.BOARD_KINDS.TYPED_ASK')}</p>
      ) : null}
      {count ? (
        <div className="typed__actions">
          {!typed ? (
            <button type="button" className="proj-btn" disabled={busy} onClick={() => void show(false)}>
              {t('GAME.BOARD_KINDS.SHOW_TYPED')}
            </button>
          ) : null}
          <button
            type="button"
            className="proj-btn proj-btn--ghost"
            disabled={busy}
            onClick={() => void show(!typed?.names)}
          >
            {typed?.names ? t('GAME.BOARD_KINDS.HIDE_NAMES') : t('GAME.BOARD_KINDS.SHOW_TYPED_NAMES')}
          </button>
        </div>
      ) : null}
    </>
  );
}

/** The explanation after the reveal: text with formulas, an optional image. */
export function Explanation({ reveal }: { reveal: Reveal }) {
  const { t } = useTranslation();
  if (!reveal.explanation && !reveal.explanationImage) return null;
  return (
    <div
      className={`explanation${reveal.explanationImage ? ' explanation--image' : ''}`}
      data-fit
      data-testid="explanation"
    >
      <div className="explanation__body">
        <p className="explanation__title">{t('GAME.BOARD_KINDS.EXPLANATION')}</p>
        {reveal.explanation ? (
          <p className="explanation__text">
            <MathText text={reveal.explanation} fit />
          </p>
        ) : null}
      </div>
      {reveal.explanationImage ? (
        <img
          className="explanation__image"
          src={reveal.explanationImage}
          alt={t('GAME.BOARD_KINDS.EXPLANATION_IMAGE')}
        />
      ) : null}
    </div>
  );
}
