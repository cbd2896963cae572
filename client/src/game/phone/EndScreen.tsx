// VICTORY or DEFEAT, with what this student won.
import { useTranslation } from 'react-i18next';
import type { PhoneState, RaidView } from '../../../../shared/game/contract';
import { Icon } from '../../components/layout/Icon';

export function EndScreen({ raid, phone }: { raid: RaidView; phone: PhoneState | null }) {
  const { t } = useTranslation();
  const result = raid.result;
  if (!result) return null;
  const victory = result.outcome === 'VICTORY';
  // Phones get their own gain in their phone state (the room's `gains` is left empty for them);
  // a snapshot that still carries the map (older servers) works too.
  const fromMap = phone ? result.gains[phone.studentId] : undefined;
  const gain: { xp: number; coins: number } | undefined =
    fromMap ?? (phone && phone.xpGained > 0 ? { xp: phone.xpGained, coins: phone.coinsGained } : undefined);
  return (
    <section className={`end end--${victory ? 'victory' : 'defeat'}`} role="status">
      <p className="end__raid">{raid.title}</p>
      <h1 className="end__title">{t(victory ? 'PHONE.VICTORY' : 'PHONE.DEFEAT')}</h1>
      <p className="end__text">
        {t(victory ? 'PHONE.VICTORY_TEXT' : 'PHONE.DEFEAT_TEXT', { boss: raid.boss.name })}
      </p>
      {raid.boss.image ? <img className="end__boss" src={raid.boss.image} alt="" /> : null}
      {phone?.levelUp ? (
        <p className="end__level-up" data-testid="level-up">
          <Icon name="star" size={32} />
          <strong>{t('PHONE.LEVEL_UP', { level: phone.levelUp })}</strong>
        </p>
      ) : null}
      {gain ? (
        <ul className="end__gains" aria-label={t('PHONE.MY_GAINS')}>
          <li>
            <Icon name="star" size={28} />
            <strong>{t('PHONE.GAIN_XP', { xp: gain.xp })}</strong>
          </li>
          {gain.coins > 0 ? (
            <li>
              <Icon name="coin" size={28} />
              <strong>{t('PHONE.GAIN_COINS', { count: gain.coins })}</strong>
            </li>
          ) : null}
        </ul>
      ) : (
        <p className="end__text">{t('PHONE.NO_GAIN')}</p>
      )}
    </section>
  );
}
