// /prof/administration/class/:id/import: a teacher of a school without the GAR creates her pupils'
// accounts from the class list her school's software exports (issue 21). She picks the CSV, reads
// the line-by-line report (kept, or refused and why), creates the accounts, then prints one sheet per
// pupil with the sign-in address, a QR code, the username and the password (shown here once).
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { RosterResult, SchoolclassDto } from '../../../../../shared/schemas/schoolclass';
import { getClass, importClassList, signInUrl } from '../../../api/classes';
import { Button } from '../../../components/ui/Button';
import { translateError } from '../../../i18n';
import { useQrCode } from '../../../lib/qr';
import { keys, queryClient, withQueries } from '../../../lib/query';
import { errorKey } from '../../auth/api-error';
import './classes.css';

function Report({ result }: { result: RosterResult }) {
  const { t } = useTranslation();
  return (
    <div className="cls-wrap">
      <table className="cls-table" data-testid="roster-report">
        <caption className="sr-only">{t('ROSTER.REPORT')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('ROSTER.LINE')}</th>
            <th scope="col">{t('ROSTER.LAST_NAME')}</th>
            <th scope="col">{t('ROSTER.FIRST_NAME')}</th>
            <th scope="col">{t('ROSTER.STATUS')}</th>
          </tr>
        </thead>
        <tbody>
          {result.lines.map((l) => (
            <tr key={l.line} className={l.status === 'refused' ? 'roster-refused' : undefined}>
              <td>{l.line}</td>
              <td>{l.lastName}</td>
              <td>{l.firstName}</td>
              <td>
                {l.status === 'new'
                  ? t(result.created ? 'ROSTER.CREATED_LINE' : 'ROSTER.NEW_LINE')
                  : t(l.key ?? 'ERRORS.GENERIC', {
                      ...l.params,
                      field: l.params?.field ? t(`ROSTER.${l.params.field}`) : '',
                    })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Sheets({ result, className }: { result: RosterResult; className: string }) {
  const { t } = useTranslation();
  const url = signInUrl();
  const qr = useQrCode(url);
  return (
    <section className="stack" aria-labelledby="roster-accounts">
      <div className="cls-section-head">
        <h2 id="roster-accounts">{t('ROSTER.ACCOUNTS', { count: result.pupils.length })}</h2>
        <Button onClick={() => window.print()}>{t('ROSTER.PRINT')}</Button>
      </div>
      <p className="card">{t('ROSTER.ONCE')}</p>
      <div className="cls-wrap">
        <table className="cls-table" data-testid="roster-accounts">
          <caption className="sr-only">{t('ROSTER.ACCOUNTS', { count: result.pupils.length })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('ROSTER.LAST_NAME')}</th>
              <th scope="col">{t('ROSTER.FIRST_NAME')}</th>
              <th scope="col">{t('ROSTER.USERNAME')}</th>
              <th scope="col">{t('ROSTER.PASSWORD')}</th>
            </tr>
          </thead>
          <tbody>
            {result.pupils.map((p) => (
              <tr key={p.studentId}>
                <td>{p.lastName}</td>
                <td>{p.firstName}</td>
                <td>
                  <code>{p.username}</code>
                </td>
                <td>
                  <code>{p.password}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {/* One sheet per pupil, printed only. */}
      <div className="roster-print" aria-hidden="true">
        {result.pupils.map((p) => (
          <article key={p.studentId} className="roster-sheet">
            <p className="roster-sheet__class">{className}</p>
            <h3>
              {p.firstName} {p.lastName}
            </h3>
            <p>{t('ROSTER.SHEET.INTRO')}</p>
            <p>
              {t('ROSTER.SHEET.ADDRESS')} <strong>{url}</strong>
            </p>
            <p>
              {t('ROSTER.SHEET.USERNAME')} <strong className="roster-sheet__secret">{p.username}</strong>
            </p>
            <p>
              {t('ROSTER.SHEET.PASSWORD')} <strong className="roster-sheet__secret">{p.password}</strong>
            </p>
            {qr ? <img className="roster-sheet__qr" src={qr} alt="" /> : null}
            <p className="roster-sheet__hint">{t('ROSTER.SHEET.KEEP')}</p>
          </article>
        ))}
      </div>
    </section>
  );
}

function ImportPupilsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const classQuery = useQuery({
    queryKey: keys.schoolclass(id),
    queryFn: ({ signal }) => getClass(id, signal),
  });
  const cls: SchoolclassDto | null = classQuery.data ?? null;
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<RosterResult | null>(null);
  const [failed, setError] = useState<string | null>(null);
  const error = failed ?? (classQuery.isError ? errorKey(classQuery.error) : null);
  const [busy, setBusy] = useState(false);

  async function read(create: boolean) {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      setResult(await importClassList(id, file, create));
      if (create) {
        // The class's students and counts are read again when next shown.
        void queryClient.invalidateQueries({ queryKey: keys.classStudents(id) });
        void queryClient.invalidateQueries({ queryKey: keys.classes, exact: true });
      }
    } catch (err) {
      setError(errorKey(err));
    } finally {
      setBusy(false);
    }
  }
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void read(false);
  };
  const kept = result?.lines.filter((l) => l.status === 'new').length ?? 0;

  return (
    <div className="stack cls-page">
      <Link className="cls-back" to={`/prof/administration/class/${id}`}>
        ← {t('ROSTER.BACK', { name: cls?.name ?? '' })}
      </Link>
      <h1>{t('ROSTER.TITLE', { name: cls?.name ?? '' })}</h1>
      <p>{t('ROSTER.INTRO')}</p>
      {result?.created ? null : (
        <form className="card stack" onSubmit={onSubmit}>
          <label className="stack" htmlFor="roster-file">
            <span>{t('ROSTER.FILE')}</span>
            <input
              id="roster-file"
              type="file"
              accept=".csv,.txt,text/csv,text/plain"
              aria-describedby="roster-file-hint"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setResult(null);
              }}
            />
          </label>
          <p id="roster-file-hint" className="muted">
            {t('ROSTER.FILE_HINT')}
          </p>
          <div>
            <Button type="submit" variant="secondary" disabled={!file || busy}>
              {t('ROSTER.READ')}
            </Button>
          </div>
        </form>
      )}
      {error ? (
        <p role="alert" className="card">
          {translateError(error)}
        </p>
      ) : null}
      {result ? (
        <section className="stack" aria-labelledby="roster-report">
          <h2 id="roster-report">{t('ROSTER.REPORT')}</h2>
          <p role="status">
            {t(result.created ? 'ROSTER.SUMMARY_CREATED' : 'ROSTER.SUMMARY', {
              count: result.created ? result.pupils.length : kept,
              refused: String(result.lines.length - kept),
            })}
          </p>
          <Report result={result} />
          {!result.created && kept > 0 ? (
            <div>
              <Button disabled={busy} onClick={() => void read(true)}>
                {t('ROSTER.CREATE', { count: kept })}
              </Button>
            </div>
          ) : null}
          {result.created && result.pupils.length ? (
            <Sheets result={result} className={cls?.name ?? ''} />
          ) : null}
        </section>
      ) : null}
    </div>
  );
}

export default withQueries(ImportPupilsPage);
