// The teaching subjects of GET /subjects in their four groups, as toggle chips.
import { useTranslation } from 'react-i18next';
import { SUBJECT_GROUPS } from '../../../../shared/subjects';
import type { SubjectDto } from '../../../../shared/types';

export function SubjectPicker({
  subjects,
  selected,
  onToggle,
}: {
  subjects: SubjectDto[];
  selected: string[];
  onToggle: (id: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {SUBJECT_GROUPS.map((group) => {
        const list = subjects.filter((s) => s.group === group);
        if (list.length === 0) return null;
        return (
          <fieldset key={group} className="subject-group">
            <legend>{t(`REGISTER.PROFESSOR.GROUPS.${group}`)}</legend>
            <div className="chips">
              {list.map((s) => {
                const on = selected.includes(s.id);
                return (
                  <button
                    key={s.id}
                    type="button"
                    className="chip"
                    aria-pressed={on}
                    onClick={() => onToggle(s.id)}
                  >
                    {on ? <span aria-hidden="true">✓</span> : null}
                    {t(`SUBJECTS.${s.code}`, { defaultValue: s.name })}
                  </button>
                );
              })}
            </div>
          </fieldset>
        );
      })}
    </>
  );
}
