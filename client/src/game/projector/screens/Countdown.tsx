import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverNow } from '../../server-clock';

export const secondsLeft = (deadline: number, now: number) => Math.max(0, Math.ceil((deadline - now) / 1000));

/**
 * Seconds to the question's deadline (server clock); re-renders itself only, four times a second.
 * Paused, it stands still (the server moves the deadline by the pause's length on resume).
 */
export function Countdown({ deadline, paused = false }: { deadline: number | null; paused?: boolean }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    if (deadline === null || paused) return;
    setNow(serverNow());
    const id = setInterval(() => setNow(serverNow()), 250);
    return () => clearInterval(id);
  }, [deadline, paused]);
  if (deadline === null) return null;
  const left = secondsLeft(deadline, now);
  return (
    <div
      className={`countdown${left <= 5 ? ' countdown--urgent' : ''}${left === 0 ? ' countdown--over' : ''}`}
      role="timer"
      aria-label={t('GAME.RAID.TIME_LEFT', { count: left })}
    >
      <span className="countdown__value">{left === 0 ? t('GAME.RAID.TIME_UP') : left}</span>
    </div>
  );
}
