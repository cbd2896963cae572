import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverNow } from '../server-clock';

/** Seconds left until `deadline` (server epoch ms), ticking; 0 once passed. */
export function useSecondsLeft(deadline: number | null): number | null {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    if (deadline === null) return;
    setNow(serverNow());
    const id = setInterval(() => setNow(serverNow()), 250);
    return () => clearInterval(id);
  }, [deadline]);
  if (deadline === null) return null;
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

export function Countdown({ seconds, total = 30 }: { seconds: number; total?: number }) {
  const { t } = useTranslation();
  const pct = Math.max(0, Math.min(100, (seconds / total) * 100));
  const urgent = seconds <= 5;
  return (
    <div className={`countdown${urgent ? ' countdown--urgent' : ''}`}>
      <div className="countdown__bar" aria-hidden="true">
        <div className="countdown__fill" style={{ width: `${pct}%` }} />
      </div>
      <span className="countdown__label" role="timer" aria-live={urgent ? 'polite' : 'off'}>
        {seconds > 0 ? t('PHONE.SECONDS_LEFT', { count: seconds }) : t('PHONE.TIME_UP')}
      </span>
    </div>
  );
}
