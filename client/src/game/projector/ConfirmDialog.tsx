// A question the teacher answers before something that cannot be undone (stop the raid, end the
// lesson): a native modal <dialog> (focus kept inside, Escape cancels), in the board's look, instead
// of the browser's plain confirm box (issue 21).
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmProps {
  /** What is asked; null: the dialog is closed. */
  message: string | null;
  /** The confirming button's text (what happens), e.g. "Arrêter le raid". */
  confirmLabel: string;
  onConfirm(): void;
  onCancel(): void;
}

export function ConfirmDialog({ message, confirmLabel, onConfirm, onCancel }: ConfirmProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const open = message !== null;
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      // jsdom (unit tests) has no showModal: the dialog then opens without its backdrop.
      if (typeof d.showModal === 'function') d.showModal();
      else d.setAttribute('open', '');
    } else if (!open && d.open) {
      if (typeof d.close === 'function') d.close();
      else d.removeAttribute('open');
    }
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="proj-confirm"
      aria-labelledby={`${id}-text`}
      onCancel={(e) => {
        // Escape: closed by React's state, not by the browser behind its back.
        e.preventDefault();
        onCancel();
      }}
    >
      {open ? (
        <>
          <p id={`${id}-text`} className="proj-confirm__text">
            {message}
          </p>
          <div className="proj-confirm__actions">
            <button type="button" className="proj-btn" onClick={onCancel}>
              {t('GAME.CANCEL')}
            </button>
            <button type="button" className="proj-btn proj-btn--primary" onClick={onConfirm}>
              {confirmLabel}
            </button>
          </div>
        </>
      ) : null}
    </dialog>
  );
}
