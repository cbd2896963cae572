// The raid report's figures of the kinds of question (issue 23): for a number or a text, the wrong
// values most given (grouped as the judge groups them), each with "accept this answer"; for an
// order, the wrong orders most given; for a poll, its answers as counted, never right nor wrong.
// Projected, the words typed are shown as they are elsewhere, less the rude ones the server held back.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AcceptAnswerResult, RaidReport } from '../../../../shared/schemas/analytics';
import { acceptAnswer } from '../../api/analytics';
import { Button } from '../../components/ui/Button';
import { MathText } from '../../game/projector/MathText';
import { errorKey } from '../auth/api-error';
import { orderText } from './report-export';

type ReportQuestion = RaidReport['questions'][number];

/** Accepts one wrong value for every pupil of the play who gave it; the report is read again after. */
export function AcceptButton({
  playId,
  questionId,
  value,
  onAccepted,
}: {
  playId: string;
  questionId: string;
  value: string;
  onAccepted: (r: AcceptAnswerResult) => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A second click while the first is on its way, or after it was answered (a double click on a
  // fast server), sends nothing: once accepted, the value leaves the wrong answers when the report
  // is read again, and this button with it. Only a failure lets the teacher try again.
  const sending = useRef(false);
  async function accept() {
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    setError(null);
    try {
      onAccepted(await acceptAnswer(playId, { questionId, value }));
    } catch (e) {
      sending.current = false;
      setBusy(false);
      setError(errorKey(e));
    }
  }
  return (
    <>
      <Button
        variant="secondary"
        className="an-accept"
        onClick={accept}
        disabled={busy}
        aria-label={t('ANALYTICS.REPORT.ACCEPT_LABEL', { value })}
      >
        {t('ANALYTICS.REPORT.ACCEPT')}
      </Button>
      {error ? (
        <span role="alert" className="an-accept__error">
          {t(error)}
        </span>
      ) : null}
    </>
  );
}

/** The "most given wrong answer" cell of a question that is not a choice. */
export function KindWrongCell({
  playId,
  q,
  onAccepted,
}: {
  playId: string;
  q: ReportQuestion;
  onAccepted: (r: AcceptAnswerResult) => void;
}) {
  const { t } = useTranslation();
  // A projected report (issue 23): the rude words typed stayed on the server, counted.
  const filtered = q.filtered ? (
    <p className="muted an-kind__filtered">{t('ANALYTICS.REPORT.FILTERED', { count: q.filtered })}</p>
  ) : null;
  if (q.kind === 'poll') {
    const rows = q.pollValues?.length
      ? q.pollValues.map((v) => ({ key: v.value, text: v.value, count: v.count }))
      : q.answers.map((a) => ({ key: a.answerId, text: a.text, count: a.chosenBy }));
    return (
      <div className="an-kind">
        <span className="muted">{t('ANALYTICS.REPORT.POLL_NO_VERDICT')}</span>
        <ul className="an-kind__list" aria-label={t('ANALYTICS.REPORT.POLL_ANSWERS')}>
          {rows.map((r) => (
            <li key={r.key}>
              <MathText text={r.text} />{' '}
              <span className="muted">{t('ANALYTICS.REPORT.CHOSEN_BY_COUNT', { count: r.count })}</span>
            </li>
          ))}
        </ul>
        {filtered}
      </div>
    );
  }
  if (q.kind === 'order') {
    if (!q.wrongOrders?.length) return <>–</>;
    return (
      <ul className="an-kind__list" aria-label={t('ANALYTICS.REPORT.WRONG_ORDERS')}>
        {q.wrongOrders.map((o) => (
          <li key={o.answerIds.join(',')}>
            {orderText(q, o.answerIds)}{' '}
            <span className="muted">{t('ANALYTICS.REPORT.CHOSEN_BY_COUNT', { count: o.count })}</span>
          </li>
        ))}
      </ul>
    );
  }
  const accepted = q.accepted?.length ? (
    <p className="muted an-kind__accepted">
      {t('ANALYTICS.REPORT.ACCEPTED_LIST', { values: q.accepted.join(' · ') })}
    </p>
  ) : null;
  if (!q.wrongValues?.length)
    return accepted || filtered ? (
      <>
        {accepted}
        {filtered}
      </>
    ) : (
      <>–</>
    );
  return (
    <div className="an-kind">
      <ul className="an-kind__list" aria-label={t('ANALYTICS.REPORT.WRONG_VALUES')}>
        {q.wrongValues.map((v) => (
          <li key={v.key}>
            <span className="an-kind__value">{q.unit ? `${v.value} ${q.unit}` : v.value}</span>{' '}
            <span className="muted">{t('ANALYTICS.REPORT.CHOSEN_BY_COUNT', { count: v.count })}</span>{' '}
            <AcceptButton playId={playId} questionId={q.questionId} value={v.value} onAccepted={onAccepted} />
          </li>
        ))}
      </ul>
      {accepted}
      {filtered}
    </div>
  );
}
