// The teachers of a class, each with their subject, and the form that shares the class with a
// colleague (their username or e-mail, and the subject they teach in this class).
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ClassProfessorDto, shareClassSchema } from '../../../../../shared/schemas/schoolclass';
import type { SubjectDto } from '../../../../../shared/types';
import { shareClass } from '../../../api/classes';
import { useFeedback } from '../../../app/feedback';
import { Button } from '../../../components/ui/Button';
import { SelectField, TextField } from '../../../components/ui/Field';
import { validate } from '../../../lib/form';
import { errorField, errorKey } from '../../auth/api-error';

export function ProfessorsPanel({
  schoolclassId,
  professors,
  subjects,
  onAdded,
}: {
  schoolclassId: string;
  professors: ClassProfessorDto[];
  subjects: SubjectDto[];
  onAdded(t: ClassProfessorDto): void;
}) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const [open, setOpen] = useState(false);
  const [login, setLogin] = useState('');
  const [subjectId, setSubjectId] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const v = validate(shareClassSchema, { schoolclassId, login, subjectId: subjectId || undefined });
    if (!v.ok) {
      setErrors(v.errors);
      return;
    }
    setBusy(true);
    try {
      const added = await shareClass(v.data);
      onAdded(added);
      feedback({
        status: 'success',
        message: 'CLASSES.PROFESSORS.ADDED',
        params: { name: `${added.firstName} ${added.lastName}` },
      });
      setLogin('');
      setSubjectId('');
      setOpen(false);
    } catch (err) {
      setErrors({ [errorField(err) ?? 'login']: errorKey(err) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card stack" aria-labelledby="professors-title">
      <div className="cls-section-head">
        <h2 id="professors-title">{t('CLASSES.PROFESSORS.TITLE')}</h2>
        {open ? null : (
          <Button variant="secondary" onClick={() => setOpen(true)}>
            {t('CLASSES.PROFESSORS.ADD')}
          </Button>
        )}
      </div>
      <p className="muted">{t('CLASSES.PROFESSORS.INTRO')}</p>
      <ul className="cls-professors">
        {professors.map((x) => (
          <li key={x.id}>
            <strong>
              {x.firstName} {x.lastName}
            </strong>
            {x.isMe ? <span className="cls-badge">{t('CLASSES.PROFESSORS.ME')}</span> : null}
            <span className="muted"> · {t(`SUBJECTS.${x.subjectCode}`)}</span>
          </li>
        ))}
      </ul>
      {open ? (
        <form className="cls-share" onSubmit={submit} noValidate aria-label={t('CLASSES.PROFESSORS.ADD')}>
          <TextField
            label={t('CLASSES.PROFESSORS.LOGIN')}
            hint={t('CLASSES.PROFESSORS.LOGIN_HINT')}
            value={login}
            error={errors.login}
            autoComplete="off"
            onChange={(v) => {
              setLogin(v);
              setErrors((e) => ({ ...e, login: '' }));
            }}
          />
          <SelectField
            label={t('CLASSES.PROFESSORS.SUBJECT')}
            value={subjectId}
            placeholder={t('CLASSES.FORM.CHOOSE')}
            options={subjects.map((s) => ({
              value: s.id,
              label: t(`SUBJECTS.${s.code}`, { defaultValue: s.name }),
            }))}
            error={errors.subjectId}
            onChange={(v) => {
              setSubjectId(v);
              setErrors((e) => ({ ...e, subjectId: '' }));
            }}
          />
          <div className="cls-form__actions">
            <Button type="submit" loading={busy}>
              {t('CLASSES.PROFESSORS.SHARE')}
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => setOpen(false)}>
              {t('CLASSES.CANCEL')}
            </Button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
