// The bug-report form, opened in a new tab by the bug-report button with the page it came from.
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SCREENSHOT_MAX_BYTES } from '../../../../shared/constants';
import { sendTicket } from '../../api/catalogue';
import { useFeedback } from '../../app/feedback';
import { useSession } from '../../app/session';
import { Icon } from '../../components/layout/Icon';
import { Button } from '../../components/ui/Button';
import { FieldShell, TextField } from '../../components/ui/Field';
import { errorKey } from './error-key';
import './misc.css';
import {
  SUMMARY_MAX,
  type TicketErrors,
  type TicketValues,
  ticketFormData,
  validateTicket,
} from './ticket-form';

const EMPTY: TicketValues = { summary: '', description: '', screenshot: null };

export default function TicketPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  // The form speaks "tu" to a student, "vous" to a teacher or a visitor (one voice per audience).
  const voice = user?.role === 'STUDENT' ? 'TICKET_STUDENT' : 'TICKET';
  const [params] = useSearchParams();
  const from = { routeName: params.get('fromRouteName'), routePath: params.get('fromRoutePath') };
  const showFeedback = useFeedback();
  const [values, setValues] = useState<TicketValues>(EMPTY);
  const [errors, setErrors] = useState<TicketErrors>({});
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const hintId = useId();

  const set = <K extends keyof TicketValues>(key: K, value: TicketValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateTicket(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setSending(true);
    try {
      await sendTicket(ticketFormData(values, from));
      showFeedback({ status: 'success', message: `${voice}.SENT` });
      setSent(true);
      setValues(EMPTY);
      if (fileInput.current) fileInput.current.value = '';
    } catch (err) {
      const key = errorKey((err as Error).message);
      if (
        key === 'VALIDATION.IMAGE_TOO_LARGE' ||
        key === 'VALIDATION.IMAGE_TYPE' ||
        key === 'VALIDATION.SCREENSHOTS_FULL'
      )
        setErrors({ screenshot: key });
      showFeedback({ status: 'error', message: key });
    } finally {
      setSending(false);
    }
  };

  if (sent) {
    return (
      <div className="ticket card narrow stack" data-testid="ticket-sent">
        <div className="ticket__done" aria-hidden="true">
          <Icon name="star" size={40} />
        </div>
        <h1>{t('TICKET.THANKS_TITLE')}</h1>
        <p>{t(`${voice}.THANKS_TEXT`)}</p>
        <div className="row">
          <Button variant="secondary" onClick={() => setSent(false)}>
            {t('TICKET.ANOTHER')}
          </Button>
          <Button onClick={() => window.close()}>{t('TICKET.CLOSE_TAB')}</Button>
        </div>
      </div>
    );
  }

  return (
    <form className="ticket card stack" onSubmit={submit} noValidate>
      <header>
        <h1>{t('TICKET.TITLE')}</h1>
        <p className="muted">{t(`${voice}.INTRO`)}</p>
        {from.routePath ? (
          <p className="ticket__from">
            {t('TICKET.FROM_PAGE')} <code>{from.routePath}</code>
          </p>
        ) : null}
      </header>
      <TextField
        label={t('TICKET.SUMMARY')}
        value={values.summary}
        onChange={(v) => set('summary', v)}
        error={errors.summary}
        maxLength={SUMMARY_MAX + 20}
        placeholder={t('TICKET.SUMMARY_PLACEHOLDER')}
        required
      />
      <FieldShell label={t('TICKET.DESCRIPTION')} error={errors.description}>
        {(id, describedBy) => (
          <textarea
            id={id}
            className="field__input ticket__description"
            rows={7}
            value={values.description}
            aria-invalid={!!errors.description || undefined}
            aria-describedby={describedBy}
            placeholder={t(`${voice}.DESCRIPTION_PLACEHOLDER`)}
            required
            onChange={(e) => set('description', e.target.value)}
          />
        )}
      </FieldShell>
      <FieldShell
        label={t('TICKET.SCREENSHOT')}
        error={errors.screenshot}
        hint={
          <span id={hintId}>{t('TICKET.SCREENSHOT_HINT', { max: SCREENSHOT_MAX_BYTES / 1024 / 1024 })}</span>
        }
      >
        {(id, describedBy) => (
          <input
            id={id}
            ref={fileInput}
            type="file"
            className="field__input ticket__file"
            accept="image/png,image/jpeg"
            aria-invalid={!!errors.screenshot || undefined}
            aria-describedby={describedBy ?? hintId}
            onChange={(e) => set('screenshot', e.target.files?.[0] ?? null)}
          />
        )}
      </FieldShell>
      <div className="row">
        <Button type="submit" size="medium" loading={sending}>
          {t('TICKET.SEND')}
        </Button>
      </div>
    </form>
  );
}
