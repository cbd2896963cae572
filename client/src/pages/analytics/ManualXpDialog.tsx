// Manual XP for one student, with a reason the student sees: checked here as the server checks it
// (a whole number between -1000 and 1000, not 0; a reason of 1 to 200 characters).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ERR } from '../../../../shared/errors';
import {
  MANUAL_XP_MAX,
  MANUAL_XP_REASON_MAX,
  type ManualXpResult,
  type StudentRow,
} from '../../../../shared/schemas/analytics';
import { addManualXp } from '../../api/analytics';
import { Button } from '../../components/ui/Button';
import { Dialog } from '../../components/ui/Dialog';
import { TextField } from '../../components/ui/Field';
import { errorField, errorKey } from '../auth/api-error';

export function ManualXpDialog({
  schoolclassId,
  subjectId,
  student,
  onClose,
  onDone,
}: {
  schoolclassId: string;
  subjectId: string;
  student: StudentRow;
  onClose(): void;
  onDone(result: ManualXpResult): void;
}) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const n = Number(amount.trim());
    const next: typeof errors = {};
    if (!/^-?\d+$/.test(amount.trim()) || n === 0 || Math.abs(n) > MANUAL_XP_MAX)
      next.amount = ERR.MANUAL_XP_AMOUNT;
    if (!reason.trim() || reason.trim().length > MANUAL_XP_REASON_MAX) next.reason = ERR.MANUAL_XP_REASON;
    setErrors(next);
    if (next.amount || next.reason) return;
    setBusy(true);
    try {
      onDone(
        await addManualXp(schoolclassId, subjectId, student.studentId, { amount: n, reason: reason.trim() }),
      );
    } catch (err) {
      const field = errorField(err);
      setErrors(
        field === 'amount' || field === 'reason' ? { [field]: errorKey(err) } : { form: errorKey(err) },
      );
    } finally {
      setBusy(false);
    }
  }

  const name = `${student.firstName} ${student.lastName}`;
  return (
    <Dialog className="an-dialog card" labelledBy="xp-title" onClose={onClose}>
      <form className="stack" onSubmit={submit} noValidate>
        <h2 id="xp-title">{t('ANALYTICS.XP.TITLE', { name })}</h2>
        <p className="muted">{t('ANALYTICS.XP.INTRO')}</p>
        <TextField
          label={t('ANALYTICS.XP.AMOUNT')}
          inputMode="numeric"
          value={amount}
          onChange={setAmount}
          error={errors.amount}
          hint={t('ANALYTICS.XP.AMOUNT_HINT', { max: MANUAL_XP_MAX })}
        />
        <TextField
          label={t('ANALYTICS.XP.REASON')}
          value={reason}
          onChange={setReason}
          error={errors.reason}
          maxLength={MANUAL_XP_REASON_MAX + 50}
          hint={t('ANALYTICS.XP.REASON_HINT', { max: MANUAL_XP_REASON_MAX })}
        />
        {errors.form ? (
          <p className="an-error" role="alert">
            {t(errors.form)}
          </p>
        ) : null}
        <div className="an-dialog__actions">
          <Button variant="secondary" onClick={onClose}>
            {t('ANALYTICS.CANCEL')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('ANALYTICS.XP.SUBMIT')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
