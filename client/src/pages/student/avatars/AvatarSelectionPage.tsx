// /student/avatar-selection: the student's avatar collection (SPEC points 2 and 4). Owned avatars
// first (tap to equip), then a glowing "?" per unlock offer earned by levelling up, then silhouettes.
import { type CSSProperties, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AvatarGridDto, gridSlots, type UnlockOfferDto } from '../../../../../shared/avatar-rules';
import type { AvatarDto } from '../../../../../shared/types';
import { WORLDS, type WorldName } from '../../../../../shared/worlds';
import { getAvatarGrid, markAvatarsSeen } from '../../../api/avatars';
import { useSession } from '../../../app/session';
import { Button } from '../../../components/ui/Button';
import { avatarName, useEquip } from './avatar-helpers';
import { UnlockDialog } from './UnlockDialog';
import './avatars.css';

export default function AvatarSelectionPage() {
  const { t } = useTranslation();
  const { user, record } = useSession();
  const equip = useEquip('mobile');
  const [grid, setGrid] = useState<AvatarGridDto | null>(null);
  const [failed, setFailed] = useState(false);
  const [offer, setOffer] = useState<UnlockOfferDto | null>(null);
  const [equipping, setEquipping] = useState<string | null>(null);
  const studentId = user?.studentId;
  const userId = user?.id;

  const load = useCallback(async () => {
    if (!studentId || !userId) return;
    setFailed(false);
    try {
      const g = await getAvatarGrid(studentId);
      setGrid(g);
      // Seen now: the "new" badges show this once, then the count of new avatars drops to zero.
      if (g.owned.some((a) => a.isNew)) void markAvatarsSeen(userId).catch(() => {});
    } catch {
      setFailed(true);
    }
  }, [studentId, userId]);
  useEffect(() => {
    void load();
  }, [load]);

  async function onEquip(avatarId: string) {
    setEquipping(avatarId);
    if (await equip(avatarId)) setGrid((g) => (g ? { ...g, equippedId: avatarId } : g));
    setEquipping(null);
  }

  const planet = record?.student?.schoolclasses[0]?.planet as WorldName | undefined;
  const world = planet ? WORLDS[planet] : null;
  const style = world
    ? ({ '--world-color': world.color, '--world-bg': `url(${world.background})` } as CSSProperties)
    : undefined;

  if (failed) {
    return (
      <div className="card narrow stack" role="alert">
        <p>{t('AVATARS.LOAD_FAILED')}</p>
        <Button onClick={() => void load()}>{t('AVATARS.RETRY')}</Button>
      </div>
    );
  }
  if (!grid) return <p role="status">{t('AVATARS.LOADING')}</p>;

  const equipped = grid.owned.find((a) => a.id === grid.equippedId) ?? null;
  const slots = gridSlots(
    grid.owned,
    grid.offers.map((o) => o.id),
    grid.locked,
    grid.slots,
  );

  return (
    <div className="avatars-page" style={style}>
      <section className="avatar-stage">
        <div className="avatar-stage__hero">
          {equipped ? <img src={equipped.image} alt={avatarName(t, equipped)} /> : null}
        </div>
        <div className="avatar-stage__text">
          <h1>{t('AVATARS.TITLE')}</h1>
          <p className="avatar-stage__count">{t('AVATARS.OWNED_COUNT', { count: grid.owned.length })}</p>
          {grid.offers.length ? (
            <p className="avatar-stage__offers">
              {t('AVATARS.OFFERS_WAITING', { count: grid.offers.length })}
            </p>
          ) : (
            <p className="avatar-stage__hint">{t('AVATARS.LEVEL_UP_HINT')}</p>
          )}
        </div>
      </section>

      <p className="avatars-page__tip">{t('AVATARS.TAP_TO_EQUIP')}</p>
      <ul className="avatar-slots" aria-label={t('AVATARS.GRID_LABEL')}>
        {slots.map((slot, i) => {
          if (slot.kind === 'owned') {
            const a = slot.avatar;
            const isEquipped = a.id === grid.equippedId;
            const isNew = grid.owned.find((o) => o.id === a.id)?.isNew;
            return (
              <li key={a.id}>
                <button
                  type="button"
                  className={`slot slot--owned${isEquipped ? ' is-equipped' : ''}`}
                  aria-pressed={isEquipped}
                  aria-busy={equipping === a.id || undefined}
                  disabled={!!equipping}
                  onClick={() => void onEquip(a.id)}
                >
                  <img src={a.image} alt={avatarName(t, a)} loading="lazy" />
                  {isEquipped ? (
                    <span className="slot__badge slot__badge--on">{t('AVATARS.EQUIPPED_BADGE')}</span>
                  ) : null}
                  {isNew && !isEquipped ? (
                    <span className="slot__badge slot__badge--new">{t('AVATARS.NEW_BADGE')}</span>
                  ) : null}
                </button>
              </li>
            );
          }
          if (slot.kind === 'unlockable') {
            const o = grid.offers.find((x) => x.id === slot.offerId) as UnlockOfferDto;
            return (
              <li key={o.id}>
                <button
                  type="button"
                  className="slot slot--mystery"
                  aria-label={t('AVATARS.MYSTERY_SLOT')}
                  onClick={() => setOffer(o)}
                >
                  <span aria-hidden="true">?</span>
                </button>
              </li>
            );
          }
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: locked slots have no identity of their own
            <li key={`locked-${i}`}>
              <div className="slot slot--locked" role="img" aria-label={t('AVATARS.LOCKED_SLOT')}>
                {slot.avatar ? <img src={slot.avatar.image} alt="" loading="lazy" /> : null}
                <svg className="slot__lock" viewBox="0 0 24 24" aria-hidden="true">
                  <path d="M7 10V7a5 5 0 0 1 10 0v3h1.5v11h-13V10zm2.5 0h5V7a2.5 2.5 0 0 0-5 0z" />
                </svg>
              </div>
            </li>
          );
        })}
      </ul>

      {offer && studentId ? (
        <UnlockDialog
          offer={offer}
          studentId={studentId}
          onEquip={(a: AvatarDto) => onEquip(a.id)}
          onClose={() => {
            setOffer(null);
            void load();
          }}
        />
      ) : null}
    </div>
  );
}
