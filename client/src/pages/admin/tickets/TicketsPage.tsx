// /admin/tickets (administrators): every bug report, newest first, with who sent it, the page it came
// from and its screenshot (fetched with the session's token, shown on demand, never cached).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listTickets, screenshotUrl, type TicketList, type TicketRow } from '../../../api/tickets';
import { Button } from '../../../components/ui/Button';
import { translateError } from '../../../i18n';
import { formatDateTime } from '../../../lib/dates';
import { keys, withQueries } from '../../../lib/query';
import { errorKey } from '../../auth/api-error';
import './tickets.css';

function Screenshot({ ticket }: { ticket: TicketRow }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  if (!ticket.hasScreenshot) return <p className="muted">{t('ADMIN_TICKETS.NO_SCREENSHOT')}</p>;
  if (url)
    return (
      <a href={url} target="_blank" rel="noreferrer" className="tk__shot">
        <img src={url} alt={t('ADMIN_TICKETS.SCREENSHOT_OF', { summary: ticket.summary })} />
      </a>
    );
  return (
    <div className="stack">
      <Button
        variant="secondary"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          try {
            setUrl(await screenshotUrl(ticket.id));
          } catch (err) {
            setError(errorKey(err));
          } finally {
            setBusy(false);
          }
        }}
      >
        {t('ADMIN_TICKETS.SHOW_SCREENSHOT')}
      </Button>
      {error ? <p role="alert">{translateError(error)}</p> : null}
    </div>
  );
}

function reporter(t: (k: string, o?: Record<string, string>) => string, r: TicketRow['reporter']) {
  if (!r) return t('ADMIN_TICKETS.ANONYMOUS');
  const name = [r.firstName, r.lastName].filter(Boolean).join(' ');
  const role = t(`ADMIN_TICKETS.ROLES.${r.role}`);
  return `${name || r.username || ''}${r.username ? ` (${r.username})` : ''} · ${role}`;
}

function TicketsPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  // One query per page; the page shown stays until the next one is read.
  const tickets = useQuery({
    queryKey: keys.tickets(page),
    queryFn: ({ signal }) => listTickets(page, signal),
    placeholderData: keepPreviousData,
  });
  const data: TicketList | null = tickets.data ?? null;
  const error = tickets.isError ? errorKey(tickets.error) : null;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.perPage)) : 1;
  return (
    <div className="tk stack">
      <h1>{t('ADMIN_TICKETS.TITLE')}</h1>
      <p className="muted">{t('ADMIN_TICKETS.INTRO')}</p>
      {error ? (
        <p role="alert" className="card">
          {translateError(error)}
        </p>
      ) : !data ? (
        <p className="muted">{t('ADMIN_TICKETS.LOADING')}</p>
      ) : data.tickets.length === 0 ? (
        <p className="card">{t('ADMIN_TICKETS.EMPTY')}</p>
      ) : (
        <>
          <p>{t('ADMIN_TICKETS.COUNT', { count: data.total })}</p>
          <ul className="tk__list">
            {data.tickets.map((tk) => (
              <li key={tk.id} className="card stack" data-testid="ticket">
                <h2 className="tk__summary">{tk.summary}</h2>
                <p className="tk__meta">
                  <time dateTime={tk.createdAt}>{formatDateTime(tk.createdAt)}</time> ·{' '}
                  {reporter(t, tk.reporter)}
                  {tk.fromRoutePath ? (
                    <>
                      {' · '}
                      {t('ADMIN_TICKETS.FROM', { path: tk.fromRoutePath })}
                    </>
                  ) : null}
                </p>
                <p className="tk__description">{tk.description}</p>
                <Screenshot ticket={tk} />
              </li>
            ))}
          </ul>
          {pages > 1 ? (
            <nav className="tk__pages" aria-label={t('ADMIN_TICKETS.PAGES')}>
              <Button variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t('ADMIN_TICKETS.NEWER')}
              </Button>
              <span>{t('ADMIN_TICKETS.PAGE', { page: String(page), pages: String(pages) })}</span>
              <Button variant="secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                {t('ADMIN_TICKETS.OLDER')}
              </Button>
            </nav>
          ) : null}
        </>
      )}
    </div>
  );
}

export default withQueries(TicketsPage);
