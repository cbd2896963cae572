// The students of a class (SPEC point 2): last name, first name and username sortable; the password
// the teacher generated (with a tooltip, not sortable); generate a new password or remove from the class.
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClassStudentDto } from '../../../../../shared/schemas/schoolclass';
import { generateStudentPassword, removeStudent } from '../../../api/classes';
import { useFeedback } from '../../../app/feedback';
import { Button } from '../../../components/ui/Button';
import { errorKey } from '../../auth/api-error';
import { AccommodationsDialog } from './AccommodationsDialog';
import { StudentDataDialog } from './StudentDataDialog';

type SortKey = 'lastName' | 'firstName' | 'username';
type Sort = { key: SortKey; dir: 'asc' | 'desc' };

export function sortStudents(list: ClassStudentDto[], { key, dir }: Sort): ClassStudentDto[] {
  const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });
  const sign = dir === 'asc' ? 1 : -1;
  return [...list].sort(
    (a, b) => sign * collator.compare(a[key], b[key]) || collator.compare(a.username, b.username),
  );
}

function SortHeader({
  label,
  k,
  sort,
  onSort,
}: {
  label: string;
  k: SortKey;
  sort: Sort;
  onSort(k: SortKey): void;
}) {
  const active = sort.key === k;
  return (
    <th scope="col" aria-sort={active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button type="button" className="cls-sort" onClick={() => onSort(k)}>
        {label}
        <span aria-hidden="true" className={`cls-sort__arrow${active ? ' is-active' : ''}`}>
          {active && sort.dir === 'desc' ? '▼' : '▲'}
        </span>
      </button>
    </th>
  );
}

function PasswordTip() {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <span className="cls-tip">
      <button
        type="button"
        className="cls-tip__button"
        aria-label={t('CLASSES.STUDENTS.PASSWORD_TIP_LABEL')}
        aria-describedby={open ? id : undefined}
        aria-expanded={open}
        onClick={() => setOpen(true)}
        onMouseEnter={() => setOpen(true)}
        onFocus={() => setOpen(true)}
        onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
        onMouseLeave={() => setOpen(false)}
        onBlur={() => setOpen(false)}
      >
        ?
      </button>
      {open ? (
        <span id={id} role="tooltip" className="cls-tip__bubble">
          {t('CLASSES.STUDENTS.PASSWORD_TIP')}
        </span>
      ) : null}
    </span>
  );
}

function StudentRow({
  s,
  schoolclassId,
  onChanged,
  onRemoved,
}: {
  s: ClassStudentDto;
  schoolclassId: string;
  onChanged(s: ClassStudentDto): void;
  onRemoved(s: ClassStudentDto): void;
}) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const [confirm, setConfirm] = useState<'password' | 'remove' | null>(null);
  const [busy, setBusy] = useState(false);
  const [dataOpen, setDataOpen] = useState(false);
  const [accommodationsOpen, setAccommodationsOpen] = useState(false);
  const name = `${s.firstName} ${s.lastName}`;

  async function run() {
    setBusy(true);
    try {
      if (confirm === 'password') {
        const r = await generateStudentPassword(s.userId);
        onChanged({ ...s, password: r.password, passwordChangedByStudent: false });
        feedback({ status: 'success', message: 'CLASSES.STUDENTS.PASSWORD_DONE', params: { name } });
      } else {
        await removeStudent(schoolclassId, s.studentId);
        onRemoved(s);
        feedback({ status: 'success', message: 'CLASSES.STUDENTS.REMOVED', params: { name } });
      }
      setConfirm(null);
    } catch (err) {
      feedback({ status: 'error', message: errorKey(err) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <tr>
      <th scope="row">{s.lastName}</th>
      <td>{s.firstName}</td>
      <td className="cls-mono">{s.username}</td>
      <td>
        {s.isGar ? (
          <span className="muted">{t('CLASSES.STUDENTS.PASSWORD_SSO')}</span>
        ) : s.password ? (
          <code className="cls-password">{s.password}</code>
        ) : (
          <span className="muted">{t('CLASSES.STUDENTS.PASSWORD_OWN')}</span>
        )}
      </td>
      <td>
        {confirm ? (
          <div className="cls-confirm">
            <span>
              {t(
                confirm === 'password'
                  ? 'CLASSES.STUDENTS.CONFIRM_PASSWORD'
                  : 'CLASSES.STUDENTS.CONFIRM_REMOVE',
                {
                  name,
                },
              )}
            </span>
            <Button
              className={confirm === 'remove' ? 'btn--danger' : undefined}
              loading={busy}
              onClick={() => void run()}
            >
              {t(
                confirm === 'password'
                  ? 'CLASSES.STUDENTS.CONFIRM_PASSWORD_YES'
                  : 'CLASSES.STUDENTS.CONFIRM_REMOVE_YES',
              )}
            </Button>
            <Button variant="secondary" disabled={busy} onClick={() => setConfirm(null)}>
              {t('CLASSES.CANCEL')}
            </Button>
          </div>
        ) : (
          <div className="cls-actions">
            {s.isGar ? null : (
              <Button
                variant="secondary"
                onClick={() => setConfirm('password')}
                aria-label={t('CLASSES.STUDENTS.NEW_PASSWORD_FOR', { name })}
              >
                {t('CLASSES.STUDENTS.NEW_PASSWORD')}
              </Button>
            )}
            <Button
              variant="secondary"
              className="btn--danger-outline"
              onClick={() => setConfirm('remove')}
              aria-label={t('CLASSES.STUDENTS.REMOVE_FROM', { name })}
            >
              {t('CLASSES.STUDENTS.REMOVE')}
            </Button>
            <Button
              variant="secondary"
              onClick={() => setDataOpen(true)}
              aria-label={t('PUPIL_DATA.OPEN_FOR', { name })}
              aria-haspopup="dialog"
            >
              {t('PUPIL_DATA.OPEN')}
            </Button>
            <Button
              variant="secondary"
              onClick={() => setAccommodationsOpen(true)}
              aria-label={t('ACCOMMODATIONS.OPEN_FOR', { name })}
              aria-haspopup="dialog"
            >
              {t('ACCOMMODATIONS.OPEN')}
            </Button>
          </div>
        )}
        {accommodationsOpen ? (
          <AccommodationsDialog
            schoolclassId={schoolclassId}
            student={s}
            onClose={() => setAccommodationsOpen(false)}
          />
        ) : null}
        {dataOpen ? (
          <StudentDataDialog student={s} onClose={() => setDataOpen(false)} onDeleted={onRemoved} />
        ) : null}
      </td>
    </tr>
  );
}

export function StudentTable({
  schoolclassId,
  students,
  onChange,
}: {
  schoolclassId: string;
  students: ClassStudentDto[];
  onChange(list: ClassStudentDto[]): void;
}) {
  const { t } = useTranslation();
  const [sort, setSort] = useState<Sort>({ key: 'lastName', dir: 'asc' });
  const sorted = useMemo(() => sortStudents(students, sort), [students, sort]);
  const onSort = (key: SortKey) =>
    setSort((s) => ({ key, dir: s.key === key && s.dir === 'asc' ? 'desc' : 'asc' }));

  return (
    <div className="cls-wrap">
      <table className="cls-table">
        <caption className="sr-only">{t('CLASSES.STUDENTS.CAPTION', { count: students.length })}</caption>
        <thead>
          <tr>
            <SortHeader label={t('CLASSES.STUDENTS.LAST_NAME')} k="lastName" sort={sort} onSort={onSort} />
            <SortHeader label={t('CLASSES.STUDENTS.FIRST_NAME')} k="firstName" sort={sort} onSort={onSort} />
            <SortHeader label={t('CLASSES.STUDENTS.USERNAME')} k="username" sort={sort} onSort={onSort} />
            <th scope="col">
              <span className="cls-th">
                {t('CLASSES.STUDENTS.PASSWORD')} <PasswordTip />
              </span>
            </th>
            <th scope="col">
              <span className="cls-th">{t('CLASSES.STUDENTS.ACTIONS')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {sorted.map((s) => (
            <StudentRow
              key={s.studentId}
              s={s}
              schoolclassId={schoolclassId}
              onChanged={(x) => onChange(students.map((y) => (y.studentId === x.studentId ? x : y)))}
              onRemoved={(x) => onChange(students.filter((y) => y.studentId !== x.studentId))}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
