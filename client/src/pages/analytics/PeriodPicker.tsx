// This week, this month, this term, this school year (September to August), or two dates.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PERIODS, type Period } from '../../../../shared/schemas/analytics';
import type { PeriodChoice } from '../../api/analytics';
import { Button } from '../../components/ui/Button';

export function PeriodPicker({ value, onChange }: { value: PeriodChoice; onChange(p: PeriodChoice): void }) {
  const { t } = useTranslation();
  const [custom, setCustom] = useState(value.period === 'custom');
  const [from, setFrom] = useState(value.from ?? '');
  const [to, setTo] = useState(value.to ?? '');
  const invalid = !from || !to || from > to;
  const active: Period = custom ? 'custom' : value.period;
  return (
    <fieldset className="an-period">
      <legend className="an-period__legend">{t('ANALYTICS.PERIOD.LABEL')}</legend>
      <div className="an-period__choices">
        {PERIODS.map((p) => (
          <button
            key={p}
            type="button"
            className={`an-chip${active === p ? ' an-chip--on' : ''}`}
            aria-pressed={active === p}
            onClick={() => {
              if (p === 'custom') setCustom(true);
              else {
                setCustom(false);
                onChange({ period: p });
              }
            }}
          >
            {t(`ANALYTICS.PERIOD.${p.toUpperCase()}`)}
          </button>
        ))}
      </div>
      {custom ? (
        <form
          className="an-period__custom"
          onSubmit={(e) => {
            e.preventDefault();
            if (!invalid) onChange({ period: 'custom', from, to });
          }}
        >
          <label>
            {t('ANALYTICS.PERIOD.FROM')}
            <input
              type="date"
              className="field__input"
              value={from}
              onChange={(e) => setFrom(e.target.value)}
            />
          </label>
          <label>
            {t('ANALYTICS.PERIOD.TO')}
            <input type="date" className="field__input" value={to} onChange={(e) => setTo(e.target.value)} />
          </label>
          <Button type="submit" disabled={invalid}>
            {t('ANALYTICS.PERIOD.APPLY')}
          </Button>
          {from && to && from > to ? (
            <p className="an-error" role="alert">
              {t('ERRORS.INVALID_PERIOD')}
            </p>
          ) : null}
        </form>
      ) : null}
    </fieldset>
  );
}
