// The period of an analytics page lives in the URL (?period=month, or ?period=custom&from&to), so a
// reload or a shared link shows the same numbers.
import { useSearchParams } from 'react-router';
import { PERIODS, type Period } from '../../../../shared/schemas/analytics';
import type { PeriodChoice } from '../../api/analytics';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function usePeriod(fallback: Period = 'year'): [PeriodChoice, (p: PeriodChoice) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('period');
  const period = (PERIODS as readonly string[]).includes(raw ?? '') ? (raw as Period) : fallback;
  const from = params.get('from') ?? undefined;
  const to = params.get('to') ?? undefined;
  const choice: PeriodChoice =
    period === 'custom' && from && to && DAY.test(from) && DAY.test(to)
      ? { period, from, to }
      : { period: period === 'custom' ? fallback : period };
  const set = (p: PeriodChoice) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('period', p.period);
        if (p.period === 'custom' && p.from && p.to) {
          next.set('from', p.from);
          next.set('to', p.to);
        } else {
          next.delete('from');
          next.delete('to');
        }
        return next;
      },
      { replace: true },
    );
  return [choice, set];
}

/** A 0..1 rate as a percentage with one decimal, or null. */
export const percent = (rate: number | null): number | null =>
  rate === null ? null : Math.round(rate * 1000) / 10;
