// /users-validation (admin teachers): pending access requests, activated, approved for ENT or rejected.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PendingProfessorDto } from '../../../../shared/types';
import { decideProfessor, listPendingProfessors } from '../../api/users';
import { useFeedback } from '../../app/feedback';
import { Button } from '../../components/ui/Button';
import i18n from '../../i18n';
import { formatDateTime } from '../../lib/dates';
import { errorKey } from '../auth/api-error';
import './users-validation.css';
import { BigGlyph } from '../auth/Glyph';

type Action = 'active' | 'approve-ent' | 'reject';
const DONE: Record<Action, string> = {
  active: 'USERS_VALIDATION.DONE_ACTIVE',
  'approve-ent': 'USERS_VALIDATION.DONE_APPROVE_ENT',
  reject: 'USERS_VALIDATION.DONE_REJECT',
};

function RequestRow({ p, onDone }: { p: PendingProfessorDto; onDone: (id: string) => void }) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState<Action | null>(null);
  const name = `${p.civility ? `${t(`REGISTER.PROFESSOR.CIVILITY_${p.civility}`)} ` : ''}${p.firstName} ${p.lastName}`;

  async function decide(action: Action) {
    setBusy(action);
    try {
      await decideProfessor(p.id, action);
      feedback({ status: 'success', message: DONE[action], params: { name } });
      onDone(p.id);
    } catch (err) {
      const key = errorKey(err);
      feedback({ status: 'error', message: i18n.exists(key) ? key : 'ERRORS.GENERIC' });
      setBusy(null);
    }
  }

  const cell = (label: string, value: string) => (
    <td data-label={label}>
      <span className="uv__value">{value}</span>
    </td>
  );
  return (
    <tr>
      <th scope="row" data-label={t('USERS_VALIDATION.COL.NAME')}>
        {name}
      </th>
      <td data-label={t('USERS_VALIDATION.COL.CONTACT')}>
        {/* A school sign-on teacher may come with no e-mail and no phone: no empty links. */}
        {p.email ? <a href={`mailto:${p.email}`}>{p.email}</a> : null}
        {p.email && p.phone ? <br /> : null}
        {p.phone ? <a href={`tel:${p.phone}`}>{p.phone}</a> : null}
        {!p.email && !p.phone ? <span className="muted">{t('USERS_VALIDATION.NO_CONTACT')}</span> : null}
      </td>
      <td data-label={t('USERS_VALIDATION.COL.SCHOOL')}>
        {/* A school sign-on teacher's school is its UAI code unless the provider sent a name. */}
        {p.isGar && p.uai && p.school === p.uai ? t('USERS_VALIDATION.UAI', { uai: p.uai }) : p.school}
        {p.isGar ? (
          <>
            <br />
            <span className="muted">{t('USERS_VALIDATION.SSO')}</span>
          </>
        ) : (
          <>
            <br />
            <span className="muted">
              {t('USERS_VALIDATION.PLACE', { city: p.city, department: p.department })}
            </span>
          </>
        )}
      </td>
      {cell(t('USERS_VALIDATION.COL.SUBJECTS'), p.subjects.map((c) => t(`SUBJECTS.${c}`)).join(', '))}
      {cell(t('USERS_VALIDATION.COL.DATE'), formatDateTime(p.createdAt))}
      <td data-label={t('USERS_VALIDATION.COL.STATUS')}>
        <span className={`uv__status uv__status--${p.status.toLowerCase()}`}>
          {t(`USERS_VALIDATION.STATUS.${p.status}`, { defaultValue: p.status })}
        </span>
      </td>
      <td className="uv__actions">
        {confirming ? (
          <div className="uv__confirm">
            <span>{t('USERS_VALIDATION.CONFIRM_REJECT', { name })}</span>
            <Button className="btn--danger" loading={busy === 'reject'} onClick={() => void decide('reject')}>
              {t('USERS_VALIDATION.CONFIRM')}
            </Button>
            <Button variant="secondary" disabled={!!busy} onClick={() => setConfirming(false)}>
              {t('USERS_VALIDATION.CANCEL')}
            </Button>
          </div>
        ) : (
          <>
            <Button loading={busy === 'active'} disabled={!!busy} onClick={() => void decide('active')}>
              {t('USERS_VALIDATION.ACTIVATE')}
            </Button>
            <Button
              variant="secondary"
              loading={busy === 'approve-ent'}
              disabled={!!busy}
              onClick={() => void decide('approve-ent')}
            >
              {t('USERS_VALIDATION.APPROVE_ENT')}
            </Button>
            <Button
              variant="secondary"
              className="btn--danger-outline"
              disabled={!!busy}
              onClick={() => setConfirming(true)}
            >
              {t('USERS_VALIDATION.REJECT')}
            </Button>
          </>
        )}
      </td>
    </tr>
  );
}

export default function UsersValidationPage() {
  const { t } = useTranslation();
  const [rows, setRows] = useState<PendingProfessorDto[] | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(() => {
    setFailed(false);
    listPendingProfessors()
      .then((list) => setRows([...list].sort((a, b) => a.createdAt.localeCompare(b.createdAt))))
      .catch(() => setFailed(true));
  }, []);
  useEffect(load, [load]);

  const remove = (id: string) => setRows((r) => r?.filter((p) => p.id !== id) ?? null);

  return (
    <section className="uv stack">
      <header>
        <h1>{t('USERS_VALIDATION.TITLE')}</h1>
        <p className="muted">{t('USERS_VALIDATION.INTRO')}</p>
      </header>
      {failed ? (
        <div className="card stack" role="alert">
          <p>{t('USERS_VALIDATION.LOAD_FAILED')}</p>
          <div>
            <Button onClick={load}>{t('REGISTER.RETRY')}</Button>
          </div>
        </div>
      ) : rows === null ? (
        <p role="status">{t('REGISTER.LOADING')}</p>
      ) : rows.length === 0 ? (
        <div className="card uv__empty">
          <BigGlyph name="check" />
          <p>{t('USERS_VALIDATION.EMPTY')}</p>
        </div>
      ) : (
        <div className="uv__wrap">
          <table className="uv__table">
            <caption className="sr-only">{t('USERS_VALIDATION.COUNT', { count: rows.length })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('USERS_VALIDATION.COL.NAME')}</th>
                <th scope="col">{t('USERS_VALIDATION.COL.CONTACT')}</th>
                <th scope="col">{t('USERS_VALIDATION.COL.SCHOOL')}</th>
                <th scope="col">{t('USERS_VALIDATION.COL.SUBJECTS')}</th>
                <th scope="col">{t('USERS_VALIDATION.COL.DATE')}</th>
                <th scope="col">{t('USERS_VALIDATION.COL.STATUS')}</th>
                <th scope="col">
                  <span className="sr-only">{t('USERS_VALIDATION.COL.ACTIONS')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((p) => (
                <RequestRow key={p.id} p={p} onDone={remove} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
