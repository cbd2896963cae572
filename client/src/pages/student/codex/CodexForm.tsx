// The write form (SPEC points 4 and 5): a teacher; a subject only when that teacher has several for
// the student, a class only when several; a single option is chosen by itself. The form grows from
// small to medium to large as selects appear. Counter current/max, danger style above the maximum,
// and the maximum-length message under the text while it is too long (Send stays disabled then).
// A refusal without a field (server error, network) keeps the generic failure banner: the spec's
// 'Tu as déjà écrit cette phrase.' is the duplicate's message, shown when the server says so (409).
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type PhraseDraft, phraseDraftError, type StudentProfessor } from '../../../../../shared/codex';
import { CODEX_MAX_LENGTH } from '../../../../../shared/constants';
import { ERR } from '../../../../../shared/errors';
import { createPhrase, listStudentProfessors } from '../../../api/codex';
import { useFeedback } from '../../../app/feedback';
import { Button } from '../../../components/ui/Button';
import { SelectField } from '../../../components/ui/Field';
import i18n from '../../../i18n';
import { errorField, errorKey } from '../../auth/api-error';

const SIZES = ['small', 'medium', 'large'] as const;
const uniqueBy = <T,>(list: T[], key: (x: T) => string) => [
  ...new Map(list.map((x) => [key(x), x])).values(),
];

export function CodexForm({ studentId, onCreated }: { studentId: string; onCreated: () => void }) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const textId = useId();
  const [professors, setProfessors] = useState<StudentProfessor[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [professorId, setProfessorId] = useState('');
  const [subjectId, setSubjectId] = useState('');
  const [schoolclassId, setSchoolclassId] = useState('');
  const [text, setText] = useState('');
  const [error, setError] = useState<{ field: keyof PhraseDraft; message: string } | null>(null);
  const [sending, setSending] = useState(false);

  const load = useCallback(() => {
    setFailed(false);
    listStudentProfessors(studentId)
      .then((list) => {
        setProfessors(list);
        if (list.length === 1) setProfessorId(list[0].id);
      })
      .catch(() => setFailed(true));
  }, [studentId]);
  useEffect(load, [load]);

  const professor = professors?.find((p) => p.id === professorId);
  const subjects = uniqueBy(professor?.teaching ?? [], (x) => x.subjectId);
  const showSubject = subjects.length > 1;
  const subject = showSubject ? subjectId : (subjects[0]?.subjectId ?? '');
  // The class select waits for the subject when there is a choice of subject.
  const classes = uniqueBy(
    (professor?.teaching ?? []).filter((x) => x.subjectId === subject),
    (x) => x.schoolclassId,
  );
  const showClass = classes.length > 1;
  const schoolclass = showClass ? schoolclassId : (classes[0]?.schoolclassId ?? '');
  const size = SIZES[Number(showSubject) + Number(showClass)];
  const tooLong = text.length > CODEX_MAX_LENGTH;

  const name = (p: StudentProfessor) =>
    [p.civility ? t(`CODEX.CIVILITY.${p.civility}`) : '', p.firstName, p.lastName].filter(Boolean).join(' ');
  const fieldError = (f: keyof PhraseDraft) => (error?.field === f ? error.message : null);
  /** A choice made answers that field's error: it goes as the choice is made. */
  const chosen = (f: keyof PhraseDraft) => setError((e) => (e?.field === f ? null : e));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const draft = { professorId, subjectId: subject, schoolclassId: schoolclass, text };
    const invalid = phraseDraftError(draft, { subject: showSubject, schoolclass: showClass });
    setError(invalid);
    if (invalid) return;
    setSending(true);
    try {
      await createPhrase({ ...draft, text: text.trim(), studentId });
      feedback({ status: 'success', message: 'CODEX.WRITE.SENT' });
      setText('');
      onCreated();
    } catch (err) {
      const field = errorField(err) as keyof PhraseDraft | undefined;
      if (field) setError({ field, message: errorKey(err) });
      else feedback({ status: 'error', message: errorKey(err) });
    } finally {
      setSending(false);
    }
  }

  if (failed)
    return (
      <div className="card stack" role="alert">
        <p>{t('CODEX.WRITE.LOAD_FAILED')}</p>
        <div>
          <Button onClick={load}>{t('COMMON.RETRY')}</Button>
        </div>
      </div>
    );
  if (!professors) return <p role="status">{t('COMMON.LOADING')}</p>;
  if (professors.length === 0)
    return (
      <div className="card stack">
        <p>{t('CODEX.WRITE.NO_PROFESSOR')}</p>
        <Link className="btn btn--small btn--primary" to="/student/account/join-class">
          {t('CODEX.WRITE.JOIN')}
        </Link>
      </div>
    );

  // While the text is too long, its message is the first error of the field (SPEC point 5).
  const textError = tooLong ? ERR.CODEX_TEXT_TOO_LONG : fieldError('text');
  return (
    <form className={`card stack ec__form ec__form--${size}`} data-size={size} noValidate onSubmit={submit}>
      <SelectField
        label={t('CODEX.WRITE.PROFESSOR')}
        value={professorId}
        placeholder={professors.length > 1 ? t('CODEX.WRITE.CHOOSE') : undefined}
        options={professors.map((p) => ({ value: p.id, label: name(p) }))}
        error={fieldError('professorId')}
        onChange={(v) => {
          chosen('professorId');
          setProfessorId(v);
          setSubjectId('');
          setSchoolclassId('');
        }}
      />
      {showSubject ? (
        <SelectField
          label={t('CODEX.WRITE.SUBJECT')}
          value={subjectId}
          placeholder={t('CODEX.WRITE.CHOOSE')}
          options={subjects.map((s) => ({ value: s.subjectId, label: t(`SUBJECTS.${s.subjectCode}`) }))}
          error={fieldError('subjectId')}
          onChange={(v) => {
            chosen('subjectId');
            setSubjectId(v);
            setSchoolclassId('');
          }}
        />
      ) : null}
      {showClass ? (
        <SelectField
          label={t('CODEX.WRITE.CLASS')}
          value={schoolclassId}
          placeholder={t('CODEX.WRITE.CHOOSE')}
          options={classes.map((c) => ({ value: c.schoolclassId, label: c.schoolclassName }))}
          error={fieldError('schoolclassId')}
          onChange={(v) => {
            chosen('schoolclassId');
            setSchoolclassId(v);
          }}
        />
      ) : null}
      <div className={`field${textError ? ' field--error' : ''}`}>
        <label htmlFor={textId} className="field__label">
          {t('CODEX.WRITE.TEXT')}
        </label>
        <textarea
          id={textId}
          className="field__input ec__text"
          value={text}
          aria-invalid={!!textError || undefined}
          aria-describedby={`${textId}-count${textError ? ` ${textId}-err` : ''}`}
          onChange={(e) => {
            setText(e.target.value);
            // A refusal of the previous text (duplicate, required) no longer applies.
            if (error?.field === 'text') setError(null);
          }}
        />
        <div className="ec__under">
          {textError ? (
            <div id={`${textId}-err`} className="field__error" role="alert">
              {i18n.exists(textError) ? t(textError, { max: CODEX_MAX_LENGTH }) : t('ERRORS.GENERIC')}
            </div>
          ) : (
            <span />
          )}
          <span id={`${textId}-count`} className={`ec__counter${tooLong ? ' ec__counter--danger' : ''}`}>
            <span aria-hidden="true">
              {text.length}/{CODEX_MAX_LENGTH}
            </span>
            <span className="sr-only">
              {t('CODEX.WRITE.COUNTER', { count: text.length, max: CODEX_MAX_LENGTH })}
            </span>
          </span>
        </div>
      </div>
      <Button type="submit" size="medium" loading={sending} disabled={tooLong}>
        {t('CODEX.WRITE.SEND')}
      </Button>
    </form>
  );
}
