// /register/student/code: the six-digit class code given by the teacher.
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { ERR } from '../../../../shared/errors';
import { classCodeSchema } from '../../../../shared/schemas/account';
import { lookupClassCode } from '../../api/catalogue';
import { CodeInput } from '../../components/CodeInput';
import { Button } from '../../components/ui/Button';
import { validate } from '../../lib/form';
import { errorKey, errorStatus } from '../auth/api-error';
import { BigGlyph } from '../auth/Glyph';
import { StudentFrame } from './StudentFrame';
import { saveDraft, stepUrl } from './student-draft';

const codeForm = z.object({ code: classCodeSchema });

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
    const r = validate(codeForm, { code: value });
    if (!r.ok) {
      setError(r.errors.code ?? ERR.INVALID_CODE);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const found = await lookupClassCode(r.data.code);
      saveDraft({ code: r.data.code, className: found.name, planet: found.planet });
      navigate(stepUrl('avatar', r.data.code));
    } catch (err) {
      setError(errorStatus(err) === 404 ? ERR.INVALID_CODE : errorKey(err));
      setBusy(false);
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the code in the address
  useEffect(() => {
    if (linkedTried.current || !/^\d{6}$/.test(linked)) return;
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
