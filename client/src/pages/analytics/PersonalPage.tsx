// /prof/analytics/personal: the teacher's connections, summons, codex displays, raids created and
// raids started over a period (SPEC point 2), as totals, a chart per day and a table to export.
import { useTranslation } from 'react-i18next';
import { getPersonalAnalytics } from '../../api/analytics';
import { keys, withQueries } from '../../lib/query';
import { ExportButtons } from './ExportButtons';
import { PeriodPicker } from './PeriodPicker';
import { usePeriod } from './period';
import { LoadStatus } from './Status';
import { formatDay, TimeChart } from './TimeChart';
import { useQueryLoad } from './use-query-load';
import './analytics.css';

const METRICS = ['connections', 'summons', 'codexDisplays', 'raidsCreated', 'raidsStarted'] as const;
const LABEL = {
  connections: 'ANALYTICS.PERSONAL.CONNECTIONS',
  summons: 'ANALYTICS.PERSONAL.SUMMONS',
  codexDisplays: 'ANALYTICS.PERSONAL.CODEX_DISPLAYS',
  raidsCreated: 'ANALYTICS.PERSONAL.RAIDS_CREATED',
  raidsStarted: 'ANALYTICS.PERSONAL.RAIDS_STARTED',
} as const;

function PersonalPage() {
  const { t } = useTranslation();
  const [period, setPeriod] = usePeriod();
  const { data, error, reload } = useQueryLoad(keys.analytics('personal', period), () =>
    getPersonalAnalytics(period),
  );
  const days = data ? [...new Set(METRICS.flatMap((m) => data.series[m].map((d) => d.day)))].sort() : [];
  const byDay = data ? METRICS.map((m) => new Map(data.series[m].map((d) => [d.day, d.count] as const))) : [];
  return (
    <div className="an stack">
      <header className="an__head">
        <div>
          <h1>{t('ANALYTICS.PERSONAL.TITLE')}</h1>
          <p className="muted">{t('ANALYTICS.PERSONAL.INTRO')}</p>
        </div>
      </header>
      <PeriodPicker value={period} onChange={setPeriod} />
      {!data ? (
        <LoadStatus error={error} onRetry={reload} />
      ) : (
        <>
          <ul className="an-cards" aria-label={t('ANALYTICS.PERSONAL.TOTALS')}>
            {METRICS.map((m) => (
              <li key={m} className="card an-card">
                <span className="an-card__value" data-testid={`total-${m}`}>
                  {data.totals[m]}
                </span>
                <span className="an-card__label">{t(LABEL[m])}</span>
              </li>
            ))}
          </ul>
          <section className="card stack">
            <TimeChart
              caption={t('ANALYTICS.PERSONAL.CHART')}
              xLabel={t('ANALYTICS.DAY')}
              format={formatDay}
              range={data.range}
              series={METRICS.map((m) => ({
                label: t(LABEL[m]),
                points: data.series[m].map((d) => [d.day, d.count] as [string, number]),
              }))}
            />
            <ExportButtons
              table={() => ({
                name: t('ANALYTICS.PERSONAL.FILE'),
                header: [t('ANALYTICS.DAY'), ...METRICS.map((m) => t(LABEL[m]))],
                rows: [
                  // A day is a date cell in the XLSX (sorted and filtered as dates), dd/MM/yyyy in the CSV.
                  ...days.map((d) => [{ day: d }, ...byDay.map((c) => c.get(d) ?? 0)]),
                  [t('ANALYTICS.TOTAL'), ...METRICS.map((m) => data.totals[m])],
                ],
              })}
            />
          </section>
        </>
      )}
    </div>
  );
}

export default withQueries(PersonalPage);
