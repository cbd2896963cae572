// One pupil's personal data (issue 14, families' data rights): export it for the family (JSON, or a
// zip of spreadsheet files) or delete the pupil for good, after a confirmation that names the pupil
// and says what goes. A modal: focus moves in, Tab stays inside, Escape closes, focus returns.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataExportFormat } from '../../../../../shared/schemas/data-export';
import type { ClassStudentDto } from '../../../../../shared/schemas/schoolclass';
import { deletePupil, downloadPupilData } from '../../../api/data-rights';
import { useFeedback } from '../../../app/feedback';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { errorKey } from '../../auth/api-error';

const DELETED_ITEMS = ['ACCOUNT', 'ANSWERS', 'PHRASES', 'AVATARS', 'EVENTS', 'REPORTS'] as const;

export function StudentDataDialog({
  student,
  onClose,
  onDeleted,
}: {
  student: ClassStudentDto;
  onClose(): void;
  onDeleted(s: ClassStudentDto): void;
}) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const [busy, setBusy] = useState<DataExportFormat | 'delete' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const name = `${student.firstName} ${student.lastName}`;

  // Into the confirmation and back: focus stays in the dialog (the button pressed is gone).
  useEffect(() => {
    void confirming;
    dialog.current?.focus();
  }, [confirming]);

  async function exportAs(format: DataExportFormat) {
    setBusy(format);
    try {
      await downloadPupilData(student.studentId, format);
      feedback({ status: 'success', message: 'PUPIL_DATA.EXPORTED', params: { name } });
    } catch (err) {
      feedback({ status: 'error', message: errorKey(err) });
    } finally {
      setBusy(null);
    }
  }

  async function remove() {
    setBusy('delete');
    try {
      await deletePupil(student.studentId);
      feedback({ status: 'success', message: 'PUPIL_DATA.DELETED', params: { name } });
      onDeleted(student);
    } catch (err) {
      feedback({ status: 'error', message: errorKey(err) });
      setBusy(null);
    }
  }

  return (
    <Dialog
      dialogRef={dialog}
      className="cls-modal__box cls-modal__box--narrow stack"
      labelledBy="pupil-data-title"
      describedBy={confirming ? 'pupil-data-confirm' : undefined}
      initialFocus="dialog"
      onClose={onClose}
    >
      <div className="cls-modal__head">
        <h2 id="pupil-data-title">{t('PUPIL_DATA.TITLE', { name })}</h2>
        <Button variant="secondary" onClick={onClose} aria-label={t('PUPIL_DATA.CLOSE')}>
          ✕
        </Button>
      </div>
      {confirming ? (
        <div id="pupil-data-confirm" className="stack">
          <p>
            <strong>{t('PUPIL_DATA.CONFIRM_TITLE', { name })}</strong>
          </p>
          <p>{t('PUPIL_DATA.CONFIRM_LIST')}</p>
          <ul>
            {DELETED_ITEMS.map((k) => (
              <li key={k}>{t(`PUPIL_DATA.ITEMS.${k}`)}</li>
            ))}
          </ul>
          <p>{t('PUPIL_DATA.CONFIRM_EVERYWHERE')}</p>
          <p className="muted">{t('PUPIL_DATA.CONFIRM_EXPORT_FIRST')}</p>
        </div>
      ) : (
        <>
          <section className="stack" aria-labelledby="pupil-data-export">
            <h3 id="pupil-data-export">{t('PUPIL_DATA.EXPORT_TITLE')}</h3>
            <p className="muted">{t('PUPIL_DATA.EXPORT_TEXT')}</p>
            <div className="cls-modal__actions">
              <Button loading={busy === 'csv'} disabled={!!busy} onClick={() => void exportAs('csv')}>
                {t('PUPIL_DATA.EXPORT_CSV')}
              </Button>
              <Button
                variant="secondary"
                loading={busy === 'json'}
                disabled={!!busy}
                onClick={() => void exportAs('json')}
              >
                {t('PUPIL_DATA.EXPORT_JSON')}
              </Button>
            </div>
          </section>
          <section className="stack" aria-labelledby="pupil-data-delete">
            <h3 id="pupil-data-delete">{t('PUPIL_DATA.DELETE_TITLE')}</h3>
            <p className="muted">{t('PUPIL_DATA.DELETE_TEXT')}</p>
          </section>
        </>
      )}
      <div className="cls-modal__actions">
        {confirming ? (
          <>
            <Button className="btn--danger" loading={busy === 'delete'} onClick={() => void remove()}>
              {t('PUPIL_DATA.CONFIRM_YES', { name })}
            </Button>
            <Button variant="secondary" disabled={busy === 'delete'} onClick={() => setConfirming(false)}>
              {t('PUPIL_DATA.CANCEL')}
            </Button>
          </>
        ) : (
          <Button
            variant="secondary"
            className="btn--danger-outline"
            disabled={!!busy}
            onClick={() => setConfirming(true)}
          >
            {t('PUPIL_DATA.DELETE')}
          </Button>
        )}
      </div>
    </Dialog>
  );
}
