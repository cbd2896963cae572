// The class form (SPEC point 5): name (50 at most), level, subject and the world the class plays in.
import { type CSSProperties, type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CLASS_LEVELS, CLASS_NAME_MAX } from '../../../../../shared/constants';
import {
  type SchoolclassDto,
  type SchoolclassInput,
  schoolclassSchema,
} from '../../../../../shared/schemas/schoolclass';
import type { SubjectDto } from '../../../../../shared/types';
import { WORLD_NAMES, WORLDS } from '../../../../../shared/worlds';
import { Button } from '../../../components/ui/Button';
import { SelectField, TextField } from '../../../components/ui/Field';
import { translateError } from '../../../i18n';
import { validate } from '../../../lib/form';
import { errorField, errorKey } from '../../auth/api-error';

interface Values {
  name: string;
  level: string;
  subjectId: string;
  planet: string;
}

export function ClassForm({
  initial,
  subjects,
  onSubmit,
  onCancel,
}: {
  initial: Partial<SchoolclassDto> | null;
  subjects: SubjectDto[];
  onSubmit(values: SchoolclassInput): Promise<void>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const editing = !!initial?.id;
  const [values, setValues] = useState<Values>({
    name: initial?.name ?? '',
    level: initial?.level === undefined ? '' : String(initial.level),
    subjectId: initial?.subjectId ?? '',
    planet: initial?.planet ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (k: keyof Values) => (v: string) => {
    setValues((s) => ({ ...s, [k]: v }));
    setErrors((e) => ({ ...e, [k]: '' }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const v = validate(schoolclassSchema, {
      name: values.name,
      level: values.level === '' ? undefined : Number(values.level),
      subjectId: values.subjectId || undefined,
      planet: values.planet || undefined,
    });
    if (!v.ok) {
      setErrors(v.errors);
      return;
    }
    setBusy(true);
    try {
      await onSubmit(v.data);
    } catch (err) {
      setErrors({ [errorField(err) ?? 'name']: errorKey(err) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="card cls-form" onSubmit={submit} noValidate aria-labelledby="class-form-title">
      <h2 id="class-form-title">{t(editing ? 'CLASSES.FORM.EDIT_TITLE' : 'CLASSES.FORM.NEW_TITLE')}</h2>
      <TextField
        label={t('CLASSES.FORM.NAME')}
        value={values.name}
        maxLength={CLASS_NAME_MAX + 20}
        placeholder={t('CLASSES.FORM.NAME_PLACEHOLDER')}
        hint={t('CLASSES.FORM.NAME_HINT', { count: values.name.trim().length, max: CLASS_NAME_MAX })}
        error={errors.name}
        onChange={set('name')}
        autoFocus={!editing}
      />
      <SelectField
        label={t('CLASSES.FORM.LEVEL')}
        value={values.level}
        placeholder={t('CLASSES.FORM.CHOOSE')}
        options={CLASS_LEVELS.map((l) => ({ value: String(l), label: t(`LEVELS.${l}`) }))}
        error={errors.level}
        onChange={set('level')}
      />
      <SelectField
        label={t('CLASSES.FORM.SUBJECT')}
        value={values.subjectId}
        placeholder={t('CLASSES.FORM.CHOOSE')}
        options={subjects.map((s) => ({
          value: s.id,
          label: t(`SUBJECTS.${s.code}`, { defaultValue: s.name }),
        }))}
        error={errors.subjectId}
        onChange={set('subjectId')}
      />
      <fieldset className="cls-worlds" aria-describedby={errors.planet ? 'class-world-error' : undefined}>
        <legend className="field__label">{t('CLASSES.FORM.WORLD')}</legend>
        <p className="muted cls-worlds__hint">{t('CLASSES.FORM.WORLD_HINT')}</p>
        <div className="cls-worlds__grid">
          {WORLD_NAMES.map((p) => (
            <label
              key={p}
              className={`cls-world${values.planet === p ? ' is-checked' : ''}`}
              style={{ '--world-color': WORLDS[p].color } as CSSProperties}
            >
              <input
                type="radio"
                className="sr-only"
                name="planet"
                value={p}
                checked={values.planet === p}
                onChange={() => set('planet')(p)}
              />
              <img
                src={WORLDS[p].icon}
                alt=""
                width={44}
                height={44}
                onError={(e) => {
                  e.currentTarget.style.visibility = 'hidden';
                }}
              />
              <span className="cls-world__name">{t(`WORLDS.${p}`)}</span>
              <span className="cls-world__text">{t(`CLASSES.WORLD_TEXT.${p}`)}</span>
            </label>
          ))}
        </div>
        {errors.planet ? (
          <div id="class-world-error" className="field__error" role="alert">
            {translateError(errors.planet)}
          </div>
        ) : null}
      </fieldset>
      <div className="cls-form__actions">
        <Button type="submit" size="medium" loading={busy}>
          {t(editing ? 'CLASSES.FORM.SAVE' : 'CLASSES.FORM.CREATE')}
        </Button>
        {onCancel ? (
          <Button variant="secondary" size="medium" onClick={onCancel} disabled={busy}>
            {t('CLASSES.CANCEL')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
