// For a school sign-on (GAR/ENT) teacher: the divisions their school sent, each created as a class in
// one click (name and level from the division); the division's pupils then join it with no code.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SubjectDto } from '../../../../../shared/types';
import { listSubjects } from '../../../api/catalogue';
import { createDivisionClass, type DivisionDto, listDivisions, suggestedSubjects } from '../../../api/sso';
import { Button } from '../../../components/ui/Button';
import { SelectField } from '../../../components/ui/Field';
import { translateError } from '../../../i18n';
import { errorKey } from '../../auth/api-error';

export function SchoolDivisions({ onCreated }: { onCreated: () => void }) {
  const { t } = useTranslation();
  const [divisions, setDivisions] = useState<DivisionDto[]>([]);
  const [subjects, setSubjects] = useState<SubjectDto[]>([]);
  const [subjectId, setSubjectId] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(() => {
    listDivisions()
      .then(setDivisions)
      .catch(() => setDivisions([]));
  }, []);
  useEffect(() => {
    load();
    listSubjects()
      .then(setSubjects)
      .catch(() => setSubjects([]));
    // The subject the teacher teaches (chosen at gar-signup, from what the GAR sent) is chosen already:
    // one click on a division makes its class.
    suggestedSubjects()
      .then((s) => setSubjectId((chosen) => chosen || (s.subjectIds[0] ?? '')))
      .catch(() => {});
  }, [load]);

  if (divisions.length === 0) return null;

  async function create(code: string) {
    if (!subjectId) {
      setError('CLASSES.ERRORS.SUBJECT_REQUIRED');
      return;
    }
    setBusy(code);
    setError(null);
    try {
      await createDivisionClass(code, subjectId);
      load();
      onCreated();
    } catch (err) {
      setError(errorKey(err));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="card stack" data-testid="school-divisions">
      <h2>{t('CLASSES.DIVISIONS.TITLE')}</h2>
      <p className="muted">{t('CLASSES.DIVISIONS.INTRO')}</p>
      <SelectField
        label={t('CLASSES.DIVISIONS.SUBJECT')}
        value={subjectId}
        placeholder=""
        options={subjects.map((s) => ({
          value: s.id,
          label: t(`SUBJECTS.${s.code}`, { defaultValue: s.name }),
        }))}
        onChange={(v) => {
          setSubjectId(v);
          setError(null);
        }}
      />
      {error ? (
        <p className="notice notice--error" role="alert">
          {translateError(error)}
        </p>
      ) : null}
      <ul className="stack">
        {divisions.map((d) => (
          <li key={d.code}>
            <strong>{d.name}</strong>{' '}
            {d.schoolclassId ? (
              <Link to={`/prof/administration/class/${d.schoolclassId}`}>{t('CLASSES.DIVISIONS.OPEN')}</Link>
            ) : (
              <Button loading={busy === d.code} onClick={() => void create(d.code)}>
                {t('CLASSES.DIVISIONS.CREATE', { name: d.name })}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
