// Send a raid as homework to one or more of the teacher's classes (SPEC point 5: "Send a raid as homework").
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RAID_TITLE_MAX } from '../../../../../shared/constants';
import { HOMEWORK_TRIES_MAX, parisDay } from '../../../../../shared/homework-schedule';
import { type HomeworkTarget, listHomeworkTargets, sendHomework } from '../../../api/homework';
import { useFeedback } from '../../../app/feedback';
import { useSession } from '../../../app/session';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { TextField } from '../../../components/ui/Field';
import { translateError } from '../../../i18n';
import { errorKey } from '../../auth/api-error';
import './homework.css';

export interface SendHomeworkDialogProps {
  raid: { id: string; title: string };
  onClose(): void;
  onSent(): void;
}

const targetKey = (t: { schoolclassId: string; subjectId: string }) => `${t.schoolclassId}:${t.subjectId}`;

export default function SendHomeworkDialog({ raid, onClose, onSent }: SendHomeworkDialogProps) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const { user } = useSession();
  const titleId = useId();
  const [targets, setTargets] = useState<HomeworkTarget[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [name, setName] = useState(raid.title.slice(0, RAID_TITLE_MAX));
  const [error, setError] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Issue 21: from today by default, no due date, one try, all-or-nothing.
  const today = parisDay();
  const [startsOn, setStartsOn] = useState(today);
  const [dueOn, setDueOn] = useState('');
  const [maxTries, setMaxTries] = useState(1);
  const [multiScoring, setMultiScoring] = useState<'all' | 'partial'>('all');

  useEffect(() => {
    if (!user?.professorId) return;
    listHomeworkTargets(user.professorId)
      .then(setTargets)
      .catch(() => setLoadFailed(true));
  }, [user?.professorId]);

  function toggle(key: string) {
    setError(null);
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setNameError('VALIDATION.REQUIRED');
    if (selected.size === 0) return setError('HOMEWORK.ERRORS.CLASS_REQUIRED');
    setBusy(true);
    setError(null);
    try {
      const chosen = (targets ?? []).filter((x) => selected.has(targetKey(x)));
      await sendHomework({
        raidId: raid.id,
        name: trimmed,
        targets: chosen.map(({ schoolclassId, subjectId }) => ({ schoolclassId, subjectId })),
        startsOn: startsOn && startsOn > today ? startsOn : null,
        dueOn: dueOn || null,
        maxTries,
        multiScoring,
      });
      feedback({ status: 'success', message: 'HOMEWORK.SENT', params: { count: chosen.length } });
      onSent();
    } catch (err) {
      setError(errorKey(err));
      setBusy(false);
    }
  }

  return (
    // Keyboard users land in the dialog, on the name field; Escape closes unless a send is under way.
    <Dialog className="hw-dialog card" labelledBy={titleId} onClose={onClose} closeOnEscape={!busy}>
      <h2 id={titleId}>{t('HOMEWORK.SEND_TITLE')}</h2>
      <p className="muted">{t('HOMEWORK.SEND_TEXT', { title: raid.title })}</p>
      <form className="stack" onSubmit={onSubmit} noValidate>
        <TextField
          label={t('HOMEWORK.NAME')}
          value={name}
          maxLength={RAID_TITLE_MAX}
          error={nameError}
          onChange={(v) => {
            setName(v);
            setNameError(null);
          }}
        />
        <fieldset className="hw-dialog__classes">
          <legend className="field__label">{t('HOMEWORK.CLASSES')}</legend>
          {loadFailed ? (
            <p role="alert">{t('HOMEWORK.LOAD_FAILED')}</p>
          ) : targets === null ? (
            <p className="muted">{t('HOMEWORK.LOADING')}</p>
          ) : targets.length === 0 ? (
            <p className="muted">{t('HOMEWORK.NO_CLASS')}</p>
          ) : (
            targets.map((x) => {
              const key = targetKey(x);
              return (
                <label key={key} className="hw-dialog__class">
                  <input type="checkbox" checked={selected.has(key)} onChange={() => toggle(key)} />
                  <span>
                    {x.schoolclassName}
                    <span className="muted"> · {t(`SUBJECTS.${x.subjectCode}`)}</span>
                  </span>
                </label>
              );
            })
          )}
        </fieldset>
        <div className="hw-dialog__dates">
          <label className="field">
            <span className="field__label">{t('HOMEWORK.STARTS_ON')}</span>
            <input
              type="date"
              className="field__input"
              data-testid="hw-starts-on"
              value={startsOn}
              min={today}
              onChange={(e) => setStartsOn(e.target.value)}
            />
          </label>
          <label className="field">
            <span className="field__label">{t('HOMEWORK.DUE_ON')}</span>
            <input
              type="date"
              className="field__input"
              data-testid="hw-due-on"
              value={dueOn}
              min={startsOn || today}
              onChange={(e) => setDueOn(e.target.value)}
            />
          </label>
          <label className="field">
            <span className="field__label">{t('HOMEWORK.TRIES')}</span>
            <select
              className="field__input"
              data-testid="hw-tries"
              value={maxTries}
              onChange={(e) => setMaxTries(Number(e.target.value))}
            >
              {Array.from({ length: HOMEWORK_TRIES_MAX }, (_, i) => i + 1).map((n) => (
                <option key={n} value={n}>
                  {t('HOMEWORK.TRIES_N', { count: n })}
                </option>
              ))}
            </select>
          </label>
        </div>
        <fieldset className="hw-dialog__classes">
          <legend className="field__label">{t('HOMEWORK.MULTI')}</legend>
          {(['all', 'partial'] as const).map((mode) => (
            <label key={mode} className="hw-dialog__class">
              <input
                type="radio"
                name="hw-multi"
                value={mode}
                checked={multiScoring === mode}
                onChange={() => setMultiScoring(mode)}
              />
              <span>{t(mode === 'partial' ? 'HOMEWORK.MULTI_PARTIAL' : 'HOMEWORK.MULTI_ALL')}</span>
            </label>
          ))}
        </fieldset>
        {error ? (
          <div className="hw-error" role="alert">
            {translateError(error)}
          </div>
        ) : null}
        <div className="hw-dialog__actions">
          <Button variant="secondary" disabled={busy} onClick={onClose}>
            {t('HOMEWORK.CANCEL')}
          </Button>
          <Button type="submit" loading={busy} disabled={!targets?.length}>
            {t('HOMEWORK.SEND')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
