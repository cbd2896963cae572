// The top strip: who I am, my class, XP won during this lesson, power XP and the power button.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Ack, PhoneState, RoomSnapshot, RosterEntry } from '../../../../shared/game/contract';
import { POWER_COST } from '../../../../shared/game/rules';
import { Icon } from '../../components/layout/Icon';
import { phoneError } from './phone-error';
import type { Connection } from './use-live-room';

interface Props {
  snapshot: RoomSnapshot;
  phone: PhoneState | null;
  me: RosterEntry | null;
  connection: Connection;
  onPower: () => Promise<Ack>;
  /** A question is open: leaving asks first (the answer not yet given would be lost). */
  inQuestion?: boolean;
}

/** The power button shows when the teacher's power mode is on and the student can pay for it. */
export function canActivatePower(snapshot: RoomSnapshot, phone: PhoneState | null, me: RosterEntry | null) {
  if (!snapshot.powerMode || !phone) return false;
  if (phone.powerActive || me?.powerActive) return false;
  return phone.powerXp >= POWER_COST;
}

export function PhoneBar({ snapshot, phone, me, connection, onPower, inQuestion = false }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const powerActive = !!(phone?.powerActive || me?.powerActive);
  // The whole lesson's XP (an older server sends only the last raid's).
  const lessonXp = phone ? (phone.lessonXp ?? phone.xpGained) : 0;
  const activate = async () => {
    setBusy(true);
    setError(null);
    const ack = await onPower();
    setBusy(false);
    if (!ack.ok) setError(phoneError(ack.message));
  };
  return (
    <header className="phone-bar">
      <Link
        to="/student"
        className="phone-bar__home"
        aria-label={t('PHONE.BACK_HOME')}
        title={t('PHONE.BACK_HOME')}
        onClick={(e) => {
          if (inQuestion && !window.confirm(t('PHONE.LEAVE_CONFIRM'))) e.preventDefault();
        }}
      >
        <Icon name="home" size={22} />
      </Link>
      <div className="phone-bar__who">
        <span className="phone-bar__class">{snapshot.className}</span>
        {me ? <span className="phone-bar__name">{me.firstName}</span> : null}
      </div>
      <ul className="phone-bar__stats" aria-label={t('PHONE.MY_STATS')}>
        {lessonXp > 0 ? (
          <li className="phone-bar__stat" title={t('PHONE.XP_GAINED_TITLE')}>
            <Icon name="star" size={18} />
            <span className="sr-only">{t('PHONE.XP_GAINED_TITLE')}</span>
            <span>+{lessonXp}</span>
          </li>
        ) : me ? (
          // XP is counted at the end of a raid: until then a "+0" would only discourage.
          <li className="phone-bar__stat">{t('PHONE.LEVEL', { level: me.level })}</li>
        ) : null}
        <li
          className={`phone-bar__stat${powerActive ? ' phone-bar__stat--power' : ''}`}
          title={t('PHONE.POWER_XP_TITLE')}
        >
          <Icon name="bolt" size={18} />
          <span className="sr-only">{t('PHONE.POWER_XP_TITLE')}</span>
          <span>{phone?.powerXp ?? 0}</span>
        </li>
      </ul>
      {connection !== 'online' ? (
        <span className="phone-bar__offline" role="status">
          {t('PHONE.RECONNECTING')}
        </span>
      ) : null}
      {powerActive ? <p className="power power--active">{t('PHONE.POWER_ACTIVE')}</p> : null}
      {canActivatePower(snapshot, phone, me) ? (
        <button
          type="button"
          className="power power--ready"
          onClick={activate}
          disabled={busy}
          aria-describedby="power-hint"
        >
          <Icon name="bolt" size={20} />
          {t('PHONE.POWER_BUTTON', { cost: POWER_COST })}
        </button>
      ) : null}
      {/* What a power does (issue 21), under the button that offers it or the line that says it is on. */}
      {powerActive || canActivatePower(snapshot, phone, me) ? (
        <p id="power-hint" className="power__hint">
          {t('PHONE.POWER_HINT')}
        </p>
      ) : null}
      {error ? (
        <p className="phone-bar__error" role="alert">
          {error}
        </p>
      ) : null}
    </header>
  );
}
