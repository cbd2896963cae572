// What the three password forms share (a student's or a teacher's change, a new student's last
// registration step): the new password with its strength and its confirmation, and, for a change,
// what the server's answer means for the form and the session.
import { getStoredUser, saveStoredUser } from '../app/auth-store';
import { errorField, errorKey } from '../pages/auth/api-error';
import { PasswordStrength } from '../pages/register/PasswordStrength';
import { PasswordField } from './ui/Field';

export type NewPassword = { password: string; confirmation: string };

/** The new password (with its strength meter) and its confirmation. */
export function NewPasswordFields({
  labels,
  values,
  errors,
  set,
}: {
  labels: { password: string; confirmation: string };
  values: NewPassword;
  errors: Partial<Record<keyof NewPassword, string>>;
  set: (k: keyof NewPassword) => (v: string) => void;
}) {
  return (
    <>
      <PasswordField
        label={labels.password}
        name="password"
        autoComplete="new-password"
        value={values.password}
        error={errors.password}
        hint={<PasswordStrength password={values.password} />}
        onChange={set('password')}
      />
      <PasswordField
        label={labels.confirmation}
        name="confirmation"
        autoComplete="new-password"
        value={values.confirmation}
        error={errors.confirmation}
        onChange={set('confirmation')}
      />
    </>
  );
}

/** A changed password ends the other sessions: this device keeps its own with the fresh tokens. */
export function keepFreshSession(fresh: { accessToken: string; refreshToken: string }) {
  const stored = getStoredUser();
  if (stored) saveStoredUser({ ...stored, accessToken: fresh.accessToken, refreshToken: fresh.refreshToken });
}

/** Where a refused change shows: on the current or the new password's field, or above the button. */
export function passwordChangeFailure(err: unknown): {
  errors: { currentPassword?: string; password?: string };
  formError: string | null;
} {
  const key = errorKey(err);
  const field = errorField(err);
  if (field === 'currentPassword') return { errors: { currentPassword: key }, formError: null };
  if (field === 'newPassword') return { errors: { password: key }, formError: null };
  return { errors: {}, formError: key };
}
