// The sign-in form's checks without zod (23 KB of the phones' first load, see docs/performance.md):
// the same rules and error keys as `signinSchema` (shared/schemas/account.ts), which the server
// still applies. signin-check.test.ts holds the two together.
import { ERR } from '../../../../shared/errors';

export interface SigninValues {
  login: string;
  password: string;
}

export function checkSignin(
  values: SigninValues,
): { ok: true; data: SigninValues } | { ok: false; errors: Record<string, string> } {
  const login = values.login.trim();
  const errors: Record<string, string> = {};
  if (login.length < 1) errors.login = ERR.REQUIRED;
  else if (login.length > 254) errors.login = ERR.BAD_CREDENTIALS;
  if (values.password.length < 1) errors.password = ERR.REQUIRED;
  else if (values.password.length > 128) errors.password = ERR.BAD_CREDENTIALS;
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, data: { login, password: values.password } };
}
