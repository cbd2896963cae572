// The operator's legal details (GET /api/legal) on the legal notice and the privacy policy: each
// one as the operator wrote it, or a plain "not configured yet" where it is missing.
import { useTranslation } from 'react-i18next';
import { LEGAL_FIELDS, type LegalInfo } from '../../../../shared/schemas/legal';
import { getLegalInfo } from '../../api/catalogue';
import { useAsync } from '../../lib/use-async';

type Field = (typeof LEGAL_FIELDS)[number];
const LABEL: Record<Field, string> = {
  publisher: 'DOCS.OPERATOR.PUBLISHER',
  host: 'DOCS.OPERATOR.HOST',
  controller: 'DOCS.OPERATOR.CONTROLLER',
  dpoContact: 'DOCS.OPERATOR.DPO',
};

export function OperatorDetails({ fields = LEGAL_FIELDS }: { fields?: readonly Field[] }) {
  const { t } = useTranslation();
  const read = useAsync('legal', getLegalInfo);
  const info: LegalInfo | null | 'failed' = read ? (read.ok ? read.data : 'failed') : null;

  return (
    <section className="doc__section" data-testid="operator-details" aria-busy={info === null}>
      <h2>{t('DOCS.OPERATOR.TITLE')}</h2>
      {info === 'failed' ? <p role="alert">{t('DOCS.OPERATOR.LOAD_FAILED')}</p> : null}
      {info && info !== 'failed' ? (
        <>
          {fields.every((f) => !info[f]) ? <p>{t('DOCS.OPERATOR.NONE')}</p> : null}
          <dl className="doc__details">
            {fields.map((f) => (
              <div key={f}>
                <dt>{t(LABEL[f])}</dt>
                <dd className={info[f] ? undefined : 'muted'}>{info[f] ?? t('DOCS.OPERATOR.MISSING')}</dd>
              </div>
            ))}
          </dl>
        </>
      ) : null}
    </section>
  );
}
