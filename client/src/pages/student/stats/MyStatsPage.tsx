// /student/stats ("Mes stats"): the student's own XP and level over time (two charts, each with its
// table and exports), raids played and
// good-answer rate per subject. A lazy route: nothing of it (uPlot included) is in the phone's first load.
import { useTranslation } from 'react-i18next';
import { getMyStats } from '../../../api/analytics';
import { formatDateTime } from '../../../lib/dates';
import { ExportButtons } from '../../analytics/ExportButtons';
import { PeriodPicker } from '../../analytics/PeriodPicker';
import { percent, usePeriod } from '../../analytics/period';
import { LoadStatus, Rate } from '../../analytics/Status';
import { TimeChart } from '../../analytics/TimeChart';
import { useLoad } from '../../analytics/use-load';
import '../../analytics/analytics.css';

export default function MyStatsPage() {
  const { t } = useTranslation();
  const [period, setPeriod] = usePeriod();
  const { data, error, reload } = useLoad(JSON.stringify(period), () => getMyStats(period));
  return (
    <div className="an an--student stack">
      <h1>{t('ANALYTICS.ME.TITLE')}</h1>
      <PeriodPicker value={period} onChange={setPeriod} />
      {!data ? (
        <LoadStatus error={error} onRetry={reload} />
      ) : (
        <>
          <ul className="an-cards">
            <li className="card an-card">
              <span className="an-card__value" data-testid="my-level">
                {data.level}
              </span>
              <span className="an-card__label">{t('ANALYTICS.ME.LEVEL')}</span>
            </li>
            <li className="card an-card">
              <span className="an-card__value" data-testid="my-xp">
                {data.xp}
              </span>
              <span className="an-card__label">{t('ANALYTICS.ME.XP')}</span>
            </li>
            <li className="card an-card">
              <span className="an-card__value">{data.raidsPlayed.live}</span>
              <span className="an-card__label">{t('ANALYTICS.ME.LIVE')}</span>
            </li>
            <li className="card an-card">
              <span className="an-card__value">{data.raidsPlayed.homework}</span>
              <span className="an-card__label">{t('ANALYTICS.ME.HOMEWORK')}</span>
            </li>
          </ul>
          <section className="card stack">
            <TimeChart
              caption={t('ANALYTICS.ME.CHART')}
              xLabel={t('ANALYTICS.ME.WHEN')}
              fillZero={false}
              stepped
              format={(x) => formatDateTime(x)}
              range={data.range}
              series={[
                {
                  label: t('ANALYTICS.ME.XP'),
                  points: data.xpHistory.map((p) => [p.at, p.xp] as [string, number]),
                },
              ]}
            />
          </section>
          <section className="card stack">
            <TimeChart
              caption={t('ANALYTICS.MY_HISTORY.LEVEL_CHART')}
              xLabel={t('ANALYTICS.ME.WHEN')}
              fillZero={false}
              stepped
              format={(x) => formatDateTime(x)}
              range={data.range}
              series={[
                {
                  label: t('ANALYTICS.ME.LEVEL'),
                  points: data.xpHistory.map((p) => [p.at, p.level] as [string, number]),
                },
              ]}
            />
            <ExportButtons
              table={() => ({
                name: t('ANALYTICS.MY_HISTORY.FILE_XP'),
                header: [
                  t('ANALYTICS.ME.WHEN'),
                  t('ANALYTICS.MY_HISTORY.SOURCE'),
                  t('ANALYTICS.MY_HISTORY.GAIN'),
                  t('ANALYTICS.ME.XP'),
                  t('ANALYTICS.ME.LEVEL'),
                  t('ANALYTICS.MY_HISTORY.REASON'),
                ],
                rows: data.xpHistory.map((p) => [
                  new Date(p.at),
                  t(`ANALYTICS.MY_HISTORY.SOURCES.${p.source.toUpperCase()}`),
                  p.gain,
                  p.xp,
                  p.level,
                  p.reason,
                ]),
              })}
            />
          </section>
          {data.xpHistory.some((p) => p.source === 'manual') ? (
            <section className="card stack" aria-labelledby="an-bonus">
              <h2 id="an-bonus">{t('ANALYTICS.ME.BONUS')}</h2>
              <ul className="an-bonus">
                {data.xpHistory
                  .filter((p) => p.source === 'manual')
                  .map((p) => (
                    <li key={p.at}>
                      <strong>{t('ANALYTICS.ME.GAIN', { count: p.gain })}</strong> · {formatDateTime(p.at)}
                      {p.reason ? <span className="an-bonus__reason"> · {p.reason}</span> : null}
                    </li>
                  ))}
              </ul>
            </section>
          ) : null}
          <section className="card stack" aria-labelledby="an-subjects">
            <h2 id="an-subjects">{t('ANALYTICS.ME.SUBJECTS')}</h2>
            {data.subjects.length === 0 ? (
              <p className="muted">{t('ANALYTICS.ME.NO_ANSWERS')}</p>
            ) : (
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways is reached by keyboard (WCAG 2.1.1)
              <div className="an-table-wrap" tabIndex={0}>
                <table className="an-table">
                  <caption className="sr-only">{t('ANALYTICS.ME.SUBJECTS')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('ANALYTICS.CLASSES.SUBJECT')}</th>
                      <th scope="col">{t('ANALYTICS.ME.GOOD_RATE')}</th>
                      <th scope="col">{t('ANALYTICS.ME.ANSWERS')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.subjects.map((s) => (
                      <tr key={s.subjectId}>
                        <th scope="row">{t(`SUBJECTS.${s.subjectCode}`)}</th>
                        <td className="an-num">
                          <span className="an-bar" aria-hidden="true">
                            <span style={{ width: `${(s.goodAnswerRate ?? 0) * 100}%` }} />
                          </span>
                          <Rate value={s.goodAnswerRate} />
                        </td>
                        <td className="an-num">
                          {t('ANALYTICS.REPORT.OF', { count: s.correct, total: s.answers })}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            {data.subjects.length ? (
              <ExportButtons
                table={() => ({
                  name: t('ANALYTICS.MY_HISTORY.FILE_SUBJECTS'),
                  header: [
                    t('ANALYTICS.CLASSES.SUBJECT'),
                    `${t('ANALYTICS.ME.GOOD_RATE')} (%)`,
                    t('ANALYTICS.ME.ANSWERS'),
                  ],
                  rows: data.subjects.map((s) => [
                    t(`SUBJECTS.${s.subjectCode}`),
                    percent(s.goodAnswerRate),
                    `${s.correct} / ${s.answers}`,
                  ]),
                })}
              />
            ) : null}
          </section>
        </>
      )}
    </div>
  );
}
