// A question the teacher answers before something that cannot be undone (stop the raid, end the
// lesson), in the board's look, instead of the browser's plain confirm box (issue 21). It is the app's
// one Dialog (components/ui/Dialog.tsx: native modal <dialog>, focus kept inside, Escape cancels, the
// focus back on the button that asked), opened on "Cancel": the choice that changes nothing.
import { useId, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/ui/Dialog';

export interface ConfirmProps {
  /** What is asked; null: the dialog is closed. */
  message: string | null;
  /** The confirming button's text (what happens), e.g. "Arrêter le raid". */
  confirmLabel: string;
  onConfirm(): void;
  onCancel(): void;
}

export function ConfirmDialog({ message, confirmLabel, onConfirm, onCancel }: ConfirmProps) {
  return message === null ? null : (
    <Confirm message={message} confirmLabel={confirmLabel} onConfirm={onConfirm} onCancel={onCancel} />
  );
}

function Confirm({ message, confirmLabel, onConfirm, onCancel }: ConfirmProps & { message: string }) {
  const { t } = useTranslation();
  const id = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  // After the Dialog's own opening (a child's effects run first): the safe choice has the focus.
  useLayoutEffect(() => cancel.current?.focus(), []);
  return (
    <Dialog labelledBy={`${id}-text`} className="proj-confirm" initialFocus="dialog" onClose={onCancel}>
      <p id={`${id}-text`} className="proj-confirm__text">
        {message}
      </p>
      <div className="proj-confirm__actions">
        <button ref={cancel} type="button" className="proj-btn" onClick={onCancel}>
          {t('GAME.CANCEL')}
        </button>
        <button type="button" className="proj-btn proj-btn--primary" onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
