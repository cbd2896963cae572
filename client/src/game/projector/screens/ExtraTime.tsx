// The board after the class's time (issue 24): while pupils with extra time are still answering,
// "Temps supplémentaire" with how many (never who). The board learns the count once the class's
// deadline is past (it asks the server for the room then), and from each answer after it.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RaidView } from '../../../../../shared/game/contract';
import { serverNow } from '../../server-clock';

export function ExtraTime({
  raid,
  paused,
  onClassTimeUp,
}: {
  raid: RaidView;
  paused: boolean;
  /** Called once per question when the class's deadline passes and the raid has extra time. */
  onClassTimeUp?: () => void;
}) {
  const { t } = useTranslation();
  const [now, setNow] = useState(serverNow);
  const deadline = raid.phase === 'question' ? raid.deadline : null;
  const until = raid.phase === 'question' ? (raid.extraUntil ?? null) : null;
  const active = deadline !== null && until !== null;
  useEffect(() => {
    if (!active || paused) return;
    setNow(serverNow());
    const id = setInterval(() => setNow(serverNow()), 250);
    return () => clearInterval(id);
  }, [active, paused]);
  const asked = useRef<string | null>(null);
  const questionKey = `${raid.raidId}:${raid.index}:${deadline}`;
  const past = active && now > (deadline as number);
  useEffect(() => {
    if (!past || asked.current === questionKey) return;
    asked.current = questionKey;
    onClassTimeUp?.();
  }, [past, questionKey, onClassTimeUp]);
  if (!active || !past || now > (until as number)) return null;
  const answering = raid.extraAnswering ?? 0;
  if (answering <= 0) return null;
  return (
    <p className="extra-time" role="status" data-testid="extra-time">
      <strong>{t('GAME.RAID.EXTRA_TIME')}</strong>{' '}
      <span>{t('GAME.RAID.EXTRA_ANSWERING', { count: answering })}</span>
    </p>
  );
}
