// The student's phrases, newest first, with filters by subject (from the entries) and status label.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CodexLabel, codexLabel, type Phrase } from '../../../../../shared/codex';
import { Button } from '../../../components/ui/Button';
import { SelectField } from '../../../components/ui/Field';
import { formatDateTime } from '../../../lib/dates';

const LABELS: CodexLabel[] = ['PENDING', 'APPROVED', 'REJECTED'];

export function CodexHistory({
  entries,
  failed,
  onRetry,
}: {
  entries: Phrase[] | null;
  failed: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const [subject, setSubject] = useState('');
  const [label, setLabel] = useState('');
  const all = entries ?? [];
  const subjects = [...new Map(all.map((c) => [c.subjectId, c.subject])).values()];
  const shown = all.filter(
    (c) => (!subject || c.subjectId === subject) && (!label || codexLabel(c.status) === label),
  );
  const professor = (c: Phrase) =>
    [c.professor.civility ? t(`CODEX.CIVILITY.${c.professor.civility}`) : '', c.professor.lastName]
      .filter(Boolean)
      .join(' ');

  return (
    <div className="stack ec__history">
      <h2>{t('CODEX.HISTORY.TITLE')}</h2>
      {failed ? (
        <div className="card stack" role="alert">
          <p>{t('CODEX.HISTORY.LOAD_FAILED')}</p>
          <div>
            <Button onClick={onRetry}>{t('COMMON.RETRY')}</Button>
          </div>
        </div>
      ) : entries === null ? (
        <p role="status">{t('COMMON.LOADING')}</p>
      ) : all.length === 0 ? (
        <p className="card">{t('CODEX.HISTORY.EMPTY')}</p>
      ) : (
        <>
          <div className="ec__filters">
            <SelectField
              label={t('CODEX.HISTORY.FILTER_SUBJECT')}
              value={subject}
              placeholder={t('CODEX.HISTORY.ALL_SUBJECTS')}
              options={subjects.map((s) => ({ value: s.id, label: t(`SUBJECTS.${s.code}`) }))}
              onChange={setSubject}
            />
            <SelectField
              label={t('CODEX.HISTORY.FILTER_STATUS')}
              value={label}
              placeholder={t('CODEX.HISTORY.ALL_STATUSES')}
              options={LABELS.map((l) => ({ value: l, label: t(`CODEX.STATUS.${l}`) }))}
              onChange={setLabel}
            />
          </div>
          {shown.length === 0 ? (
            <p className="card">{t('CODEX.HISTORY.NO_MATCH')}</p>
          ) : (
            <ul className="ec__list">
              {shown.map((c) => {
                const l = codexLabel(c.status);
                return (
                  <li key={c.id} className="card ec__item">
                    <p className="ec__phrase">{c.text}</p>
                    <div className="ec__meta">
                      <span className={`ec__status ec__status--${l.toLowerCase()}`}>
                        {t(`CODEX.STATUS.${l}`)}
                      </span>
                      <span>{t(`SUBJECTS.${c.subject.code}`)}</span>
                      <span>{t('CODEX.HISTORY.TO', { name: professor(c) })}</span>
                      <time dateTime={c.date}>{formatDateTime(c.date)}</time>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
