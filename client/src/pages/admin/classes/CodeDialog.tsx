// The registration-code modal: the six digits, a QR code large enough to scan from the back of the
// room, the join address (a phone opens it straight on the registration flow), copy, renew, revoke.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClassCodeDto } from '../../../../../shared/schemas/schoolclass';
import { generateCode, joinUrl, revokeCode } from '../../../api/classes';
import { useFeedback } from '../../../app/feedback';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { formatDateTime } from '../../../lib/dates';
import { useQrCode } from '../../../lib/qr';
import { useReachableUrl } from '../../../lib/reachable-url';
import { errorKey } from '../../auth/api-error';

export function CodeDialog({
  schoolclassId,
  className,
  code,
  onChange,
  onClose,
}: {
  schoolclassId: string;
  className: string;
  code: ClassCodeDto;
  onChange(code: ClassCodeDto): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const [busy, setBusy] = useState<'generate' | 'revoke' | null>(null);
  const [confirmRevoke, setConfirmRevoke] = useState(false);
  const [copied, setCopied] = useState(false);
  const base = useReachableUrl();
  const url = code.code && base ? joinUrl(code.code, base) : null;
  const qr = useQrCode(url);

  async function act(kind: 'generate' | 'revoke') {
    setBusy(kind);
    try {
      const next = kind === 'generate' ? await generateCode(schoolclassId) : await revokeCode(schoolclassId);
      onChange(next);
      setConfirmRevoke(false);
      feedback({
        status: 'success',
        message: kind === 'generate' ? 'CLASSES.CODE.GENERATED' : 'CLASSES.CODE.REVOKED',
      });
    } catch (err) {
      feedback({ status: 'error', message: errorKey(err) });
    } finally {
      setBusy(null);
    }
  }

  async function copy() {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      setTimeout(() => setCopied(false), 2500);
    } catch {
      feedback({ status: 'error', message: 'CLASSES.CODE.COPY_FAILED' });
    }
  }

  return (
    <Dialog
      className="cls-modal__box"
      labelledBy="code-dialog-title"
      initialFocus="dialog"
      onClose={onClose}
      // The opener may have been replaced (a first code turns "Generate" into "Show").
      returnFocus={() => document.querySelector<HTMLElement>('[data-code-action]')}
    >
      <div className="cls-modal__head">
        <h2 id="code-dialog-title">{t('CLASSES.CODE.TITLE', { name: className })}</h2>
        <Button variant="secondary" onClick={onClose} aria-label={t('CLASSES.CODE.CLOSE')}>
          ✕
        </Button>
      </div>
      {code.code ? (
        <div className="cls-code">
          <div className="cls-code__left">
            <p className="cls-code__label">{t('CLASSES.CODE.CODE_LABEL')}</p>
            <p className="cls-code__digits" data-testid="class-code">
              {code.code}
            </p>
            {code.codeExpiresAt ? (
              <p className="muted">
                {t('CLASSES.CODE.VALID_UNTIL', { date: formatDateTime(code.codeExpiresAt) })}
              </p>
            ) : null}
            <ol className="cls-code__steps">
              <li>{t('CLASSES.CODE.STEP_1')}</li>
              <li>{t('CLASSES.CODE.STEP_2')}</li>
              <li>{t('CLASSES.CODE.STEP_3')}</li>
            </ol>
          </div>
          <figure className="cls-code__qr">
            {qr ? (
              <img
                src={qr}
                alt={t('CLASSES.CODE.QR_ALT')}
                width={320}
                height={320}
                data-testid="class-qr"
                // The address the QR code encodes, for the browser tests.
                data-url={url ?? undefined}
              />
            ) : (
              <div className="cls-code__qr-wait" role="status">
                {t('CLASSES.LOADING')}
              </div>
            )}
            <figcaption>
              <span className="cls-code__url" data-testid="join-url">
                {url}
              </span>
              <Button variant="secondary" onClick={() => void copy()}>
                {t(copied ? 'CLASSES.CODE.COPIED' : 'CLASSES.CODE.COPY')}
              </Button>
            </figcaption>
          </figure>
        </div>
      ) : (
        <div className="cls-code cls-code--none">
          <p>{t('CLASSES.CODE.NONE')}</p>
        </div>
      )}
      <div className="cls-modal__actions">
        {confirmRevoke ? (
          <div className="cls-confirm">
            <span>{t('CLASSES.CODE.CONFIRM_REVOKE')}</span>
            <Button className="btn--danger" loading={busy === 'revoke'} onClick={() => void act('revoke')}>
              {t('CLASSES.CODE.REVOKE')}
            </Button>
            <Button variant="secondary" onClick={() => setConfirmRevoke(false)}>
              {t('CLASSES.CANCEL')}
            </Button>
          </div>
        ) : (
          <>
            <Button size="medium" loading={busy === 'generate'} onClick={() => void act('generate')}>
              {t(code.code ? 'CLASSES.CODE.RENEW' : 'CLASSES.CODE.GENERATE')}
            </Button>
            {code.code ? (
              <Button
                size="medium"
                variant="secondary"
                className="btn--danger-outline"
                onClick={() => setConfirmRevoke(true)}
              >
                {t('CLASSES.CODE.REVOKE')}
              </Button>
            ) : null}
            {code.code ? <p className="muted cls-modal__note">{t('CLASSES.CODE.RENEW_NOTE')}</p> : null}
          </>
        )}
      </div>
    </Dialog>
  );
}
