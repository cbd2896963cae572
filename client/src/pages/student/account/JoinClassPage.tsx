// /student/account/join-class: the six-digit code of another class (a student may belong to
// several). 'Schoolclass already joined.' shows the already-joined message; any other refusal the
// invalid-code one (a student typing too fast is told to wait). A class's QR code opened while
// signed in lands here with ?code= (see guards.ts): the boxes are filled and the code sent at once.
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { CLASS_CODE_RE } from '../../../../../shared/constants';
import { ERR } from '../../../../../shared/errors';
import { joinClass } from '../../../api/student';
import { useFeedback } from '../../../app/feedback';
import { useSession } from '../../../app/session';
import { CodeInput } from '../../../components/CodeInput';
import { Button } from '../../../components/ui/Button';
import { errorKey, errorStatus } from '../../auth/api-error';
import { StudentSheet } from './StudentSheet';

const REQUIRED = 'GENERIC_FORM.ERRORS.REQUIRED_FIELD';

/** What the code input shows for a refused join (SPEC point 8). */
export function joinErrorKey(err: unknown): string {
  if (errorKey(err) === ERR.ALREADY_JOINED) return 'STUDENT.ACCOUNT_FORM.ALREADY_JOINED';
  if (errorStatus(err) === 429) return ERR.TOO_MANY_REQUESTS;
  return ERR.INVALID_CODE;
}

export default function JoinClassPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const feedback = useFeedback();
  const { user, refresh } = useSession();
  const tipId = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [tip, setTip] = useState(false);
  const [params] = useSearchParams();
  const linked = params.get('code') ?? '';
  const linkedTried = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the code in the address
  useEffect(() => {
    if (linkedTried.current || !linked || user?.isGar) return;
    linkedTried.current = true;
    if (!CLASS_CODE_RE.test(linked)) {
      setError(ERR.INVALID_CODE);
      return;
    }
    setCode(linked);
    void submit(linked);
  }, []);

  if (user?.isGar) return <Navigate to="/student/account" replace />;

  async function submit(value: string) {
    if (!user?.studentId || busy) return;
    if (value.trim() === '') return setError(REQUIRED);
    setBusy(true);
    setError(null);
    try {
      const joined = await joinClass(user.studentId, value);
      await refresh();
      feedback({ status: 'success', message: 'STUDENT.ACCOUNT_FORM.JOINED', params: { name: joined.name } });
      navigate('/student');
    } catch (err) {
      setBusy(false);
      setError(joinErrorKey(err));
    }
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit(code);
  };

  return (
    <StudentSheet title={t('STUDENT.ACCOUNT_FORM.JOIN_TITLE')} back="/student/account" initialFocus="field">
      <form onSubmit={onSubmit} noValidate>
        <p className="muted">{t('STUDENT.ACCOUNT_FORM.JOIN_TEXT')}</p>
        <CodeInput
          type="number"
          label={t('STUDENT.ACCOUNT_FORM.CODE_LABEL')}
          error={error}
          disabled={busy}
          defaultValue={CLASS_CODE_RE.test(linked) ? linked : ''}
          autoFocus
          onChange={(v) => {
            setCode(v);
            setError(null);
          }}
          onFinish={(v) => void submit(v)}
        />
        <div className="join__help">
          <button
            type="button"
            className="join__tip-button"
            aria-expanded={tip}
            aria-controls={tipId}
            aria-label={t('STUDENT.ACCOUNT_FORM.HELP')}
            onClick={() => setTip((v) => !v)}
            onBlur={() => setTip(false)}
          >
            ?
          </button>
          <span className="muted">{t('STUDENT.ACCOUNT_FORM.HELP')}</span>
          {tip ? (
            <div id={tipId} role="tooltip" className="join__tip">
              {t('STUDENT.ACCOUNT_FORM.TOOLTIP')}
            </div>
          ) : null}
        </div>
        <Button type="submit" size="large" loading={busy}>
          {t('STUDENT.ACCOUNT_FORM.VALIDATE')}
        </Button>
      </form>
    </StudentSheet>
  );
}
