// /student/skin-shop: a treasure chest that costs coins and gives a new outfit (skin) of one of the
// student's avatars (SPEC points 2 and 4). Chest → confirm → open → Equip (home) or Continue.
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chestState, SKIN_CHEST_PRICE } from '../../../../../shared/avatar-rules';
import { avatarImagePath } from '../../../../../shared/catalogue/avatars';
import type { AvatarDto } from '../../../../../shared/types';
import { WORLDS, type WorldName } from '../../../../../shared/worlds';
import { hasUnlockableSkin, unlockSkin } from '../../../api/avatars';
import { useFeedback } from '../../../app/feedback';
import { useSession } from '../../../app/session';
import { Icon } from '../../../components/layout/Icon';
import { Button } from '../../../components/ui/Button';
import { errorKey } from '../../auth/api-error';
import { avatarName, useEquip } from '../avatars/avatar-helpers';
import { ChestArt } from './ChestArt';
import './shop.css';

type View = { kind: 'chest' } | { kind: 'confirm' } | { kind: 'revealed'; skin: AvatarDto };
type Bubble = 'WELCOME' | 'SHORT' | 'EMPTY' | 'CONFIRM' | 'REVEALED';

export default function SkinShopPage() {
  const { t } = useTranslation();
  const { user, record, refresh } = useSession();
  const feedback = useFeedback();
  const equip = useEquip('always');
  const studentId = user?.studentId;
  const [hasSkin, setHasSkin] = useState<boolean | null>(null);
  const [coinAfterBuy, setCoinAfterBuy] = useState<number | null>(null);
  const [view, setView] = useState<View>({ kind: 'chest' });
  const [shortClicked, setShortClicked] = useState(false);
  const [busy, setBusy] = useState(false);
  const buying = useRef(false);

  useEffect(() => {
    if (!studentId) return;
    hasUnlockableSkin(studentId)
      .then(setHasSkin)
      .catch(() => setHasSkin(false));
  }, [studentId]);

  const coin = coinAfterBuy ?? record?.student?.coin ?? 0;
  const state = hasSkin === null ? null : chestState(coin, hasSkin ? 1 : 0);
  const missing = Math.max(0, SKIN_CHEST_PRICE - coin);
  const bubble: Bubble =
    view.kind === 'revealed'
      ? 'REVEALED'
      : view.kind === 'confirm'
        ? 'CONFIRM'
        : state === 'empty'
          ? 'EMPTY'
          : shortClicked && state === 'short'
            ? 'SHORT'
            : 'WELCOME';

  const planet = (record?.student?.schoolclasses[0]?.planet ?? 'nebula') as WorldName;
  const world = WORLDS[planet];
  const merchant = avatarImagePath(
    {
      planet,
      avatarType: 'professor',
      race: world.race,
      avatarClass: 'mentor',
      gender: 'female',
      skinId: null,
    },
    'professor',
  );

  function onChest() {
    if (state === 'short') setShortClicked(true);
    else if (state === 'ready') setView({ kind: 'confirm' });
  }

  async function onOpen() {
    // A ref, not the state: the second click of a double click comes before the re-render.
    if (!studentId || buying.current) return;
    buying.current = true;
    setBusy(true);
    try {
      const r = await unlockSkin(studentId);
      setCoinAfterBuy(r.coin);
      setView({ kind: 'revealed', skin: r.skin });
      void refresh();
      hasUnlockableSkin(studentId)
        .then(setHasSkin)
        .catch(() => {});
    } catch (err) {
      const key = errorKey(err);
      setView({ kind: 'chest' });
      if (key === 'SHOP.ERRORS.NOT_ENOUGH_COINS') {
        setShortClicked(true);
        const r = await refresh();
        setCoinAfterBuy(r?.student?.coin ?? null);
      } else if (key === 'SHOP.ERRORS.NO_SKIN_LEFT') setHasSkin(false);
      else feedback({ status: 'error', message: key });
    } finally {
      buying.current = false;
      setBusy(false);
    }
  }

  return (
    <div
      className="shop-page"
      style={{ '--world-color': world.color, '--world-bg': `url(${world.background})` } as CSSProperties}
    >
      <header className="shop-top">
        <h1>{t('SHOP.TITLE')}</h1>
        <p className="coin-pill">
          <Icon name="coin" size={22} />
          <span className="coin-pill__value" aria-hidden="true">
            {coin}
          </span>
          <span className="sr-only">{t('SHOP.BALANCE', { count: coin })}</span>
        </p>
      </header>

      <section className="shop-scene">
        <div className="shop-merchant">
          <img src={merchant} alt={t('SHOP.MERCHANT_ALT')} />
          <p className="shop-bubble" role="status" aria-live="polite">
            {t(`SHOP.BUBBLE.${bubble}`, { price: SKIN_CHEST_PRICE, missing })}
          </p>
        </div>

        {view.kind === 'chest' ? (
          <div className="shop-stage">
            <button
              type="button"
              className={`chest-btn${state === 'ready' ? ' is-ready' : ''}`}
              disabled={state === null || state === 'empty'}
              aria-label={t(state === 'empty' ? 'SHOP.CHEST_EMPTY_LABEL' : 'SHOP.CHEST_LABEL', {
                price: SKIN_CHEST_PRICE,
              })}
              onClick={onChest}
            >
              <ChestArt dim={state === 'empty'} />
              <span className="price-tag">
                <Icon name="coin" size={20} />
                {SKIN_CHEST_PRICE}
              </span>
            </button>
            <p className="shop-stage__hint">{t(state === 'empty' ? 'SHOP.EMPTY_HINT' : 'SHOP.TAP_CHEST')}</p>
          </div>
        ) : null}

        {view.kind === 'confirm' ? (
          <section className="shop-stage shop-confirm" aria-labelledby="shop-confirm-title">
            <ChestArt />
            <h2 id="shop-confirm-title">{t('SHOP.CONFIRM_TITLE', { price: SKIN_CHEST_PRICE })}</h2>
            <div className="shop-actions">
              <Button size="large" loading={busy} onClick={() => void onOpen()}>
                {t('SHOP.OPEN')}
              </Button>
              <Button
                size="large"
                variant="secondary"
                disabled={busy}
                onClick={() => setView({ kind: 'chest' })}
              >
                {t('SHOP.CANCEL')}
              </Button>
            </div>
          </section>
        ) : null}

        {view.kind === 'revealed' ? (
          <div className="shop-stage shop-reveal">
            <div className="shop-reveal__art">
              <ChestArt open />
              <img className="shop-reveal__skin" src={view.skin.image} alt={avatarName(t, view.skin)} />
            </div>
            <h2>{t('SHOP.REVEALED_TITLE')}</h2>
            <p className="shop-reveal__name">{avatarName(t, view.skin)}</p>
            <div className="shop-actions">
              <Button
                size="large"
                loading={busy}
                onClick={async () => {
                  setBusy(true);
                  if (!(await equip(view.skin.id))) setBusy(false);
                }}
              >
                {t('SHOP.EQUIP')}
              </Button>
              <Button
                size="large"
                variant="secondary"
                disabled={busy}
                onClick={() => {
                  setShortClicked(false);
                  setView({ kind: 'chest' });
                }}
              >
                {t('SHOP.CONTINUE')}
              </Button>
            </div>
          </div>
        ) : null}
      </section>
    </div>
  );
}
