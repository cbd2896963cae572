// The dialog of an unlock offer (SPEC point 4). Two candidates: "Choose", Unlock disabled until one
// is picked. One candidate: unlocked at once. Then "Avatar unlocked" with Equip and Continue.
// The app's one Dialog (native modal <dialog>: focus kept inside, Escape closes unless a request is
// under way, the focus back where it was); each new step moves the focus into it.
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UnlockOfferDto } from '../../../../../shared/avatar-rules';
import type { AvatarDto } from '../../../../../shared/types';
import { chooseOffer } from '../../../api/avatars';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { translateError } from '../../../i18n';
import { errorKey } from '../../auth/api-error';
import { AvatarGrid } from '../../register/AvatarGrid';
import { avatarName } from './avatar-helpers';

type Step = { kind: 'choose' } | { kind: 'unlocking' } | { kind: 'unlocked'; avatar: AvatarDto };

export function UnlockDialog({
  offer,
  studentId,
  onEquip,
  onClose,
}: {
  offer: UnlockOfferDto;
  studentId: string;
  onEquip: (a: AvatarDto) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const single = offer.candidates.length === 1;
  const [step, setStep] = useState<Step>(single ? { kind: 'unlocking' } : { kind: 'choose' });
  const [selected, setSelected] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const boxRef = useRef<HTMLDialogElement>(null);

  const unlocking = useRef(false);
  async function unlock(avatarId: string) {
    // A ref, not the state: the second click of a double click comes before the re-render.
    if (unlocking.current) return;
    unlocking.current = true;
    setBusy(true);
    setError(null);
    try {
      const r = await chooseOffer(studentId, avatarId);
      setStep({ kind: 'unlocked', avatar: r.avatar });
    } catch (err) {
      setError(errorKey(err));
      if (!single) setStep({ kind: 'choose' });
    } finally {
      unlocking.current = false;
      setBusy(false);
    }
  }

  // A single candidate is unlocked by itself.
  const started = useRef(false);
  useEffect(() => {
    if (!single || started.current) return;
    started.current = true;
    void unlock(offer.candidates[0].id);
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: each new step moves the focus into it
  useEffect(() => {
    boxRef.current?.querySelector<HTMLElement>('button:not([disabled]), input')?.focus();
  }, [step.kind]);

  return (
    <Dialog
      labelledBy={titleId}
      dialogRef={boxRef}
      className="unlock-dialog"
      initialFocus="dialog"
      closeOnEscape={!busy}
      onClose={onClose}
    >
      {/* The step's content; its first button (or the grid) takes the focus (the effect above). */}
      <div className="unlock-dialog__step">
        {step.kind === 'unlocked' ? (
          <>
            <div className="unlock-dialog__burst" aria-hidden="true" />
            <h2 id={titleId}>{t('AVATARS.UNLOCKED_TITLE')}</h2>
            <img className="unlock-dialog__reveal" src={step.avatar.image} alt={avatarName(t, step.avatar)} />
            <p className="unlock-dialog__name">{avatarName(t, step.avatar)}</p>
            <div className="unlock-dialog__actions">
              <Button
                size="large"
                loading={busy}
                onClick={async () => {
                  setBusy(true);
                  await onEquip(step.avatar);
                  setBusy(false);
                  onClose();
                }}
              >
                {t('AVATARS.EQUIP')}
              </Button>
              <Button size="large" variant="secondary" disabled={busy} onClick={onClose}>
                {t('AVATARS.CONTINUE')}
              </Button>
            </div>
          </>
        ) : step.kind === 'unlocking' ? (
          <>
            <h2 id={titleId}>{t('AVATARS.UNLOCKING')}</h2>
            {error ? (
              <>
                <p className="field__error" role="alert">
                  {translateError(error)}
                </p>
                <Button variant="secondary" onClick={onClose}>
                  {t('AVATARS.CLOSE')}
                </Button>
              </>
            ) : (
              <div className="unlock-dialog__mystery" role="status" aria-label={t('AVATARS.UNLOCKING')}>
                ?
              </div>
            )}
          </>
        ) : (
          <>
            <h2 id={titleId}>{t('AVATARS.CHOOSE_TITLE')}</h2>
            <p className="unlock-dialog__lead">{t('AVATARS.CHOOSE_TEXT')}</p>
            <AvatarGrid
              avatars={offer.candidates}
              selected={selected}
              onSelect={(id) => {
                setSelected(id);
                setError(null);
              }}
              label={t('AVATARS.CHOOSE_TITLE')}
              itemLabel={(a) => avatarName(t, a)}
            />
            {error ? (
              <p className="field__error" role="alert">
                {translateError(error)}
              </p>
            ) : null}
            <div className="unlock-dialog__actions">
              <Button
                size="large"
                disabled={!selected}
                loading={busy}
                onClick={() => selected && void unlock(selected)}
              >
                {t('AVATARS.UNLOCK')}
              </Button>
              <Button size="large" variant="secondary" disabled={busy} onClick={onClose}>
                {t('AVATARS.LATER')}
              </Button>
            </div>
          </>
        )}
      </div>
    </Dialog>
  );
}
