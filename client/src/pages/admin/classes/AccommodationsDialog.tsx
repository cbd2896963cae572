// A pupil's accommodations (issue 24), from their row in the class's student table: extra time
// (+1/3, +1/2, double), read-aloud, a reading-friendly display and fewer animations. Only which
// ones are kept, never why; never shown on the board or to other pupils. On the app's one Dialog
// (components/ui/Dialog.tsx): focus moves in, Tab stays inside, Escape closes, focus returns.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EXTRA_TIMES } from '../../../../../shared/game/extra-time';
import {
  type Accommodations,
  NO_ACCOMMODATIONS,
  type PupilAccommodations,
} from '../../../../../shared/schemas/accommodations';
import type { ClassStudentDto } from '../../../../../shared/schemas/schoolclass';
import { listClassAccommodations, setPupilAccommodations } from '../../../api/accommodations';
import { useFeedback } from '../../../app/feedback';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { keys, queryClient } from '../../../lib/query';
import { errorKey } from '../../auth/api-error';

const SWITCHES = [
  { key: 'readAloud', label: 'ACCOMMODATIONS.READ_ALOUD', hint: 'ACCOMMODATIONS.READ_ALOUD_HINT' },
  { key: 'readingFriendly', label: 'ACCOMMODATIONS.READING', hint: 'ACCOMMODATIONS.READING_HINT' },
  { key: 'fewerAnimations', label: 'ACCOMMODATIONS.CALM', hint: 'ACCOMMODATIONS.CALM_HINT' },
] as const;

function own(list: PupilAccommodations[], studentId: string): Accommodations {
  const mine = list.find((x) => x.studentId === studentId);
  if (!mine) return { ...NO_ACCOMMODATIONS };
  const { studentId: _, ...a } = mine;
  return a;
}

export function AccommodationsDialog({
  schoolclassId,
  student,
  onClose,
}: {
  schoolclassId: string;
  student: ClassStudentDto;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const [edited, setValue] = useState<Accommodations | null>(null);
  const [busy, setBusy] = useState(false);
  const name = `${student.firstName} ${student.lastName}`;
  // Read once per pupil: the callbacks may change with every render of the table.
  const latest = useRef({ feedback, onClose });
  latest.current = { feedback, onClose };

  // The class's list; the pupil's own until the teacher edits it.
  const query = useQuery({
    queryKey: keys.classAccommodations(schoolclassId),
    queryFn: ({ signal }) => listClassAccommodations(schoolclassId, signal),
  });
  // As read by this opening (not a kept copy another teacher may have changed since).
  const value =
    edited ?? (query.data && query.isFetchedAfterMount ? own(query.data, student.studentId) : null);
  const failed = query.isError ? query.error : null;
  useEffect(() => {
    if (!failed) return;
    latest.current.feedback({ status: 'error', message: errorKey(failed) });
    latest.current.onClose();
  }, [failed]);

  async function save() {
    if (!value) return;
    setBusy(true);
    try {
      const saved = await setPupilAccommodations(schoolclassId, student.studentId, value);
      queryClient.setQueryData<PupilAccommodations[]>(keys.classAccommodations(schoolclassId), (list) =>
        list?.map((x) => (x.studentId === student.studentId ? { ...saved, studentId: x.studentId } : x)),
      );
      void queryClient.invalidateQueries({
        queryKey: keys.classAccommodations(schoolclassId),
        refetchType: 'none',
      });
      feedback({ status: 'success', message: 'ACCOMMODATIONS.SAVED', params: { name } });
      onClose();
    } catch (err) {
      feedback({ status: 'error', message: errorKey(err) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      className="cls-modal__box cls-modal__box--narrow stack"
      labelledBy="accommodations-title"
      describedBy="accommodations-text"
      initialFocus="dialog"
      closeOnEscape={!busy}
      onClose={onClose}
    >
      <div className="cls-modal__head">
        <h2 id="accommodations-title">{t('ACCOMMODATIONS.TITLE', { name })}</h2>
        <Button variant="secondary" onClick={onClose} aria-label={t('ACCOMMODATIONS.CLOSE')}>
          ✕
        </Button>
      </div>
      <p id="accommodations-text" className="muted">
        {t('ACCOMMODATIONS.TEXT')}
      </p>
      {value === null ? (
        <p role="status">{t('ACCOMMODATIONS.LOADING')}</p>
      ) : (
        <form
          className="stack"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <fieldset className="acc-extra">
            <legend>{t('ACCOMMODATIONS.EXTRA_TIME')}</legend>
            {EXTRA_TIMES.map((x) => (
              <label key={x} className="acc-option">
                <input
                  type="radio"
                  name="extraTime"
                  value={x}
                  checked={value.extraTime === x}
                  onChange={() => setValue({ ...value, extraTime: x })}
                />
                {t(`ACCOMMODATIONS.EXTRA.${x}`)}
              </label>
            ))}
            <p className="muted acc-hint">{t('ACCOMMODATIONS.EXTRA_TIME_HINT')}</p>
          </fieldset>
          {SWITCHES.map((s) => (
            <label key={s.key} className="acc-option acc-option--switch">
              <input
                type="checkbox"
                checked={value[s.key]}
                onChange={(e) => setValue({ ...value, [s.key]: e.target.checked })}
                aria-describedby={`acc-${s.key}-hint`}
              />
              <span>
                <span>{t(s.label)}</span>
                <span id={`acc-${s.key}-hint`} className="muted acc-hint">
                  {t(s.hint)}
                </span>
              </span>
            </label>
          ))}
          <div className="cls-modal__actions">
            <Button type="submit" loading={busy}>
              {t('ACCOMMODATIONS.SAVE')}
            </Button>
            <Button variant="secondary" disabled={busy} onClick={onClose}>
              {t('ACCOMMODATIONS.CANCEL')}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
