// /prof/analytics/report/:playId: one raid played, live or homework. Per question: the share who found
// it, the most chosen wrong answer and the time taken; then each student's answers. `latest` (from
// the projector's end screen, a raid that just ended: this school year's plays) resolves to a play
// id first; a homework's report is at its homework's id, whatever its date. Opened from the
// projector (`?names=hidden`), students are numbered until the teacher shows their names (issue 21):
// the report is then read with `names=hidden`, and the server sends no name at all. Projected, it is
// read with `words=safe` (issue 23): the words pupils typed are shown, but the rude ones (the codex's
// profanity filter) never leave the server, even once names are shown.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { sharePercent } from '../../../../shared/game/share';
import type { RaidReport } from '../../../../shared/schemas/analytics';
import { getClassPlays, getRaidReport } from '../../api/analytics';
import { Button } from '../../components/ui/Button';
import { MathText } from '../../game/projector/MathText';
import { formatDateTime } from '../../lib/dates';
import { keys, withQueries } from '../../lib/query';
import { errorKey } from '../auth/api-error';
import { ExportButtons } from './ExportButtons';
import { KindWrongCell } from './KindFigures';
import { answersExport, givenText, questionsExport, scoredCount } from './report-export';
import { LoadStatus } from './Status';
import { useQueryLoad } from './use-query-load';
import './analytics.css';

type Verdict = 'right' | 'partial' | 'wrong' | 'none';
/** Right, partly right or wrong; a report from an older server has only `correct`. */
const verdictOf = (a: { correct: boolean; verdict?: Verdict }): Verdict =>
  a.verdict ?? (a.correct ? 'right' : 'wrong');
// A poll's answer (issue 23) is neither right nor wrong.
const VERDICT_MARK: Record<Verdict, string> = { right: '✓', partial: '◐', wrong: '✗', none: '•' };
const VERDICT_CLASS: Record<Verdict, string> = {
  right: 'an-ans--ok',
  partial: 'an-ans--partial',
  wrong: 'an-ans--ko',
  none: 'an-ans--poll',
};
const VERDICT_KEY: Record<Verdict, string> = {
  right: 'ANALYTICS.REPORT.RIGHT',
  partial: 'ANALYTICS.REPORT.PARTIAL_ANSWER',
  wrong: 'ANALYTICS.REPORT.WRONG_ANSWER',
  none: 'ANALYTICS.REPORT.POLL',
};
/** `?names=hidden`: the report is projected; students are numbered until the teacher shows names. */
export const NAMES_PARAM = 'names';
/**
 * `?words=safe`: the report was projected and the teacher showed names; rude typed words stay off it
 * (names hidden implies it).
 */
export const WORDS_PARAM = 'words';

/** Seconds with the language's decimal mark ("9,4" in French). */
const secondsText = (ms: number, lang: string) =>
  new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }).format(Math.round(ms / 100) / 10);

/** Finds the play a `latest` or `homework` link means, then replaces the URL with its id. */
function useResolvedPlayId(): { playId: string | null; error: string | null } {
  const { playId = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const resolving = playId === 'latest' || playId === 'homework';
  useEffect(() => {
    if (!resolving) return;
    const homeworkId = params.get('homeworkId');
    // A homework's play has the homework's id (older links still say `homework?homeworkId=`).
    if (playId === 'homework' && homeworkId) {
      navigate(`/prof/analytics/report/${homeworkId}`, { replace: true });
      return;
    }
    const schoolclassId = params.get('schoolclassId') ?? '';
    const subjectId = params.get('subjectId') ?? '';
    const kind = playId === 'latest' ? 'live' : 'homework';
    getClassPlays(schoolclassId, subjectId, { period: 'year' }, kind)
      .then(({ plays }) => {
        const raidId = params.get('raidId');
        const match = plays
          .filter((p) => (kind === 'live' ? !raidId || p.raidId === raidId : p.homeworkRaidId === homeworkId))
          .sort((a, b) => b.startedAt.localeCompare(a.startedAt))[0];
        // The projector's "names hidden" and "safe words" survive the redirect.
        const kept = new URLSearchParams();
        if (params.get(NAMES_PARAM) === 'hidden') kept.set(NAMES_PARAM, 'hidden');
        if (params.get(WORDS_PARAM) === 'safe') kept.set(WORDS_PARAM, 'safe');
        const keep = kept.size ? `?${kept}` : '';
        if (match) navigate(`/prof/analytics/report/${match.id}${keep}`, { replace: true });
        else setError('ANALYTICS.REPORT.NOT_FOUND');
      })
      .catch((e) => setError(errorKey(e)));
  }, [resolving, playId, params, navigate]);
  return { playId: resolving ? null : playId, error };
}

function RaidReportPage() {
  const { playId, error: resolveError } = useResolvedPlayId();
  if (!playId)
    return <ReportFrame>{<LoadStatus error={resolveError} onRetry={() => location.reload()} />}</ReportFrame>;
  return <Report playId={playId} />;
}

function ReportFrame({ children, report }: { children: React.ReactNode; report?: RaidReport }) {
  const { t } = useTranslation();
  return (
    <div className="an stack">
      <header className="an__head">
        <div>
          {report ? (
            <p className="an__crumb">
              <Link to={`/prof/analytics/schoolclasses/${report.schoolclassId}/${report.subjectId}`}>
                {report.schoolclassName} · {t(`SUBJECTS.${report.subjectCode}`)}
              </Link>
            </p>
          ) : null}
          <h1>
            {report
              ? t('ANALYTICS.REPORT.TITLE', { raid: report.play.raidTitle })
              : t('ANALYTICS.REPORT.TITLE_LOADING')}
          </h1>
          {report ? (
            <p className="muted">
              {t(`ANALYTICS.KIND.${report.play.kind.toUpperCase()}`)} ·{' '}
              {formatDateTime(report.play.startedAt)}
              {report.play.result ? ` · ${t(`ANALYTICS.RESULT.${report.play.result}`)}` : ''} ·{' '}
              {t('ANALYTICS.REPORT.PARTICIPANTS', { count: report.play.participants })}
            </p>
          ) : null}
        </div>
      </header>
      {children}
    </div>
  );
}

/** The board's percentage (shared/game/share.ts), or a dash when nobody was counted. */
function SharePercent({ value }: { value: number | null }) {
  const { t } = useTranslation();
  return <>{value === null ? '–' : t('ANALYTICS.REPORT.PERCENT', { n: sharePercent(value) })}</>;
}

function Report({ playId }: { playId: string }) {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const hidden = params.get(NAMES_PARAM) === 'hidden';
  /** Projected: rude typed words stay on the server (issue 23). */
  const safeWords = hidden || params.get(WORDS_PARAM) === 'safe';
  /** Names hidden: the server leaves them out of its answer, the page never has them. */
  const view = hidden ? 'hidden' : safeWords ? 'safe' : 'desk';
  const { data, error, reload } = useQueryLoad(keys.analytics('report', playId, view), () =>
    getRaidReport(playId, view),
  );
  const [acceptedNote, setAcceptedNote] = useState<string | null>(null);
  if (!data) return <ReportFrame>{<LoadStatus error={error} onRetry={reload} />}</ReportFrame>;
  const players = data.students.filter((s) => s.answered > 0);
  const absent = data.students.filter((s) => s.answered === 0);
  /**
   * A score is out of the questions the class was asked (a raid stopped early asked fewer), polls
   * left out (issue 23: a poll has no right answer).
   */
  const askedCount = scoredCount(data);
  /** An answer accepted afterwards: the report (scores, shares, figures) is read again. */
  const onAccepted = (r: { changed: number }) => {
    setAcceptedNote(t('ANALYTICS.REPORT.ACCEPT_DONE', { count: r.changed }));
    reload();
  };
  /** A student's name, or "Élève 3" while names are hidden (numbered in the table's order). */
  const nameOf = (s: RaidReport['students'][number]) =>
    hidden ? t('ANALYTICS.REPORT.PUPIL_N', { n: players.indexOf(s) + 1 }) : `${s.firstName} ${s.lastName}`;
  const toggleNames = () =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (hidden) {
          next.delete(NAMES_PARAM);
          // Names shown on the projector: the rude words still stay off it.
          next.set(WORDS_PARAM, 'safe');
        } else {
          next.set(NAMES_PARAM, 'hidden');
          next.delete(WORDS_PARAM);
        }
        return next;
      },
      { replace: true },
    );
  const qLabel = (i: number) => t('ANALYTICS.REPORT.Q', { n: i + 1 });
  const qCols = [
    t('ANALYTICS.REPORT.QUESTION'),
    t('ANALYTICS.REPORT.FOUND'),
    t('ANALYTICS.REPORT.ANSWERED'),
    t('ANALYTICS.REPORT.WRONG'),
    t('ANALYTICS.REPORT.TIME'),
  ];
  return (
    <ReportFrame report={data}>
      <section className="card stack" aria-labelledby="an-questions">
        <h2 id="an-questions">{t('ANALYTICS.REPORT.QUESTIONS')}</h2>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways is reached by keyboard (WCAG 2.1.1) */}
        <div className="an-table-wrap" tabIndex={0}>
          <table className="an-table an-report">
            <caption className="sr-only">{t('ANALYTICS.REPORT.QUESTIONS')}</caption>
            <thead>
              <tr>
                {qCols.map((c) => (
                  <th key={c} scope="col">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.questions.map((q, i) => (
                <tr
                  key={q.questionId}
                  className={
                    !q.asked
                      ? 'an-row--unasked'
                      : q.shareCorrect !== null && q.shareCorrect < 0.5
                        ? 'an-row--weak'
                        : ''
                  }
                >
                  <th scope="row">
                    <span className="an-report__n">{qLabel(i)}</span> <MathText text={q.text} />
                  </th>
                  <td className="an-num">
                    {q.kind === 'poll' ? (
                      <span className="muted">{t('ANALYTICS.REPORT.POLL')}</span>
                    ) : q.asked ? (
                      <>
                        <span className="an-bar" aria-hidden="true">
                          <span style={{ width: `${(q.shareCorrect ?? 0) * 100}%` }} />
                        </span>
                        <SharePercent value={q.shareCorrect} />
                      </>
                    ) : (
                      <span className="muted">{t('ANALYTICS.REPORT.NOT_ASKED')}</span>
                    )}
                  </td>
                  <td className="an-num">
                    {q.kind === 'poll' ? (
                      t('ANALYTICS.REPORT.POLL_ANSWERED', { count: q.answered })
                    ) : q.asked ? (
                      <>
                        {t('ANALYTICS.REPORT.OF', { count: q.correct, total: q.counted })}
                        {q.partial ? (
                          <span className="muted an-partial">
                            {' '}
                            {t('ANALYTICS.REPORT.PARTIAL_COUNT', { count: q.partial })}
                          </span>
                        ) : null}
                      </>
                    ) : (
                      '–'
                    )}
                  </td>
                  <td>
                    {q.kind && q.kind !== 'choice' ? (
                      <KindWrongCell playId={data.play.id} q={q} onAccepted={onAccepted} />
                    ) : q.mostChosenWrong ? (
                      <>
                        <MathText text={q.mostChosenWrong.text} />{' '}
                        <span className="muted">
                          {t('ANALYTICS.REPORT.CHOSEN_BY_COUNT', { count: q.mostChosenWrong.chosenBy })}
                        </span>
                      </>
                    ) : q.mostMissed ? (
                      <>
                        {t('ANALYTICS.REPORT.MISSED')} <MathText text={q.mostMissed.text} />{' '}
                        <span className="muted">
                          {t('ANALYTICS.REPORT.MISSED_BY_COUNT', { count: q.mostMissed.missedBy })}
                        </span>
                      </>
                    ) : (
                      '–'
                    )}
                  </td>
                  <td className="an-num">
                    {q.medianTimeMs === null
                      ? '–'
                      : t('ANALYTICS.REPORT.SECONDS', { s: secondsText(q.medianTimeMs, i18n.language) })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {acceptedNote ? (
          <p role="status" className="an-accept__done">
            {acceptedNote}
          </p>
        ) : null}
        <ExportButtons table={() => questionsExport(data, t)} />
      </section>
      <section className="card stack" aria-labelledby="an-answers">
        <div className="an-report__names">
          <h2 id="an-answers">{t('ANALYTICS.REPORT.STUDENTS')}</h2>
          <Button variant="secondary" onClick={toggleNames}>
            {t(hidden ? 'ANALYTICS.REPORT.SHOW_NAMES' : 'ANALYTICS.REPORT.HIDE_NAMES')}
          </Button>
          {hidden ? <p className="muted">{t('ANALYTICS.REPORT.NAMES_HIDDEN')}</p> : null}
          {safeWords ? <p className="muted">{t('ANALYTICS.REPORT.WORDS_SAFE')}</p> : null}
        </div>
        {players.length === 0 ? (
          <p className="muted">{t('ANALYTICS.REPORT.NOBODY')}</p>
        ) : (
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways is reached by keyboard (WCAG 2.1.1)
          <div className="an-table-wrap" tabIndex={0}>
            <table className="an-table an-report__grid">
              <caption className="sr-only">{t('ANALYTICS.REPORT.STUDENTS')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('ANALYTICS.REPORT.STUDENT')}</th>
                  <th scope="col">{t('ANALYTICS.REPORT.SCORE')}</th>
                  {data.questions.map((q, i) => (
                    <th key={q.questionId} scope="col">
                      {qLabel(i)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {players.map((s) => {
                  const byQ = new Map(s.answers.map((a) => [a.questionId, a]));
                  return (
                    <tr key={s.studentId}>
                      <th scope="row">{nameOf(s)}</th>
                      <td className="an-num">
                        {t('ANALYTICS.REPORT.OF', { count: s.correct, total: askedCount })}
                        {s.partial ? (
                          <span className="muted">
                            {' '}
                            {t('ANALYTICS.REPORT.PARTIAL_SCORE', { count: s.partial })}
                          </span>
                        ) : null}
                      </td>
                      {data.questions.map((q) => {
                        const a = byQ.get(q.questionId);
                        const v = a ? verdictOf(a) : null;
                        return (
                          <td key={q.questionId} className={v ? `an-ans ${VERDICT_CLASS[v]}` : 'an-ans'}>
                            {a && v ? (
                              <>
                                <span aria-hidden="true">{VERDICT_MARK[v]}</span>{' '}
                                <span className="sr-only">{t(VERDICT_KEY[v])}</span>
                                {a.filtered ? (
                                  <span className="muted">{t('ANALYTICS.REPORT.WORD_FILTERED')}</span>
                                ) : (
                                  <MathText text={givenText(data, q.questionId, a)} />
                                )}
                              </>
                            ) : (
                              <span className="muted">
                                {t(q.asked ? 'ANALYTICS.REPORT.NO_ANSWER' : 'ANALYTICS.REPORT.NOT_ASKED')}
                              </span>
                            )}
                          </td>
                        );
                      })}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        {absent.length && !hidden ? (
          <p className="muted">
            {t('ANALYTICS.REPORT.ABSENT', {
              names: absent.map((s) => `${s.firstName} ${s.lastName}`).join(', '),
            })}
          </p>
        ) : null}
        <ExportButtons table={() => answersExport(data, t)} />
      </section>
    </ReportFrame>
  );
}

export default withQueries(RaidReportPage);
