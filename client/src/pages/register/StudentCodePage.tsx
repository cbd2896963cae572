// /register/student/code: the six-digit class code given by the teacher.
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { CLASS_CODE_RE } from '../../../../shared/constants';
import { ERR } from '../../../../shared/errors';
import { lookupClassCode } from '../../api/catalogue';
import { CodeInput } from '../../components/CodeInput';
import { Button } from '../../components/ui/Button';
import { errorKey, errorStatus } from '../auth/api-error';
import { BigGlyph } from '../auth/Glyph';
import { StudentFrame } from './StudentFrame';
import { saveDraft, stepUrl } from './student-draft';

/** classCodeSchema's rule without zod: this page is a phone's first load (the QR code opens it). */
function codeError(value: string): string | null {
  if (!value) return 'GENERIC_FORM.ERRORS.REQUIRED_FIELD';
  return CLASS_CODE_RE.test(value) ? null : ERR.INVALID_CODE;
}

export default function StudentCodePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(
    () => (location.state as { error?: string } | null)?.error ?? null,
  );
  const [busy, setBusy] = useState(false);
  // The QR code on the teacher's screen opens this page with ?code=: the code is checked at once.
  const [params] = useSearchParams();
  const linked = params.get('code') ?? '';
  const linkedTried = useRef(false);

  async function submit(value: string) {
    if (busy) return;
    const typed = value.trim();
    const invalid = codeError(typed);
    if (invalid) {
      setError(invalid);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const found = await lookupClassCode(typed);
      saveDraft({ code: typed, className: found.name, planet: found.planet });
      navigate(stepUrl('avatar', typed));
    } catch (err) {
      setError(errorStatus(err) === 404 ? ERR.INVALID_CODE : errorKey(err));
      setBusy(false);
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the code in the address
  useEffect(() => {
    if (linkedTried.current || !CLASS_CODE_RE.test(linked)) return;
    linkedTried.current = true;
    setCode(linked);
    void submit(linked);
  }, []);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit(code);
  };

  return (
    <StudentFrame>
      <BigGlyph name="key" />
      <h1>{t('REGISTER.STUDENT.CODE_TITLE')}</h1>
      <p className="lead">{t('REGISTER.STUDENT.CODE_TEXT')}</p>
      <form onSubmit={onSubmit} noValidate>
        <CodeInput
          type="number"
          label={t('REGISTER.STUDENT.CODE_LABEL')}
          error={error}
          disabled={busy}
          defaultValue={linked}
          autoFocus
          onChange={(v) => {
            setCode(v);
            setError(null);
          }}
          onFinish={(v) => void submit(v)}
        />
        <Button type="submit" size="large" loading={busy}>
          {t('REGISTER.STUDENT.VALIDATE')}
        </Button>
      </form>
      <div className="auth__links">
        <span>
          {t('SIGNUP.HAVE_ACCOUNT')} <Link to="/login">{t('SIGNUP.LOGIN')}</Link>
        </span>
      </div>
    </StudentFrame>
  );
}
