// Run a shared zod schema on a form's values: the first message per field, as i18n keys.
import { useState } from 'react';
import type { z } from 'zod';

export type FieldErrors<T> = Partial<Record<keyof T & string, string>>;

export function validate<S extends z.ZodType>(
  schema: S,
  values: unknown,
): { ok: true; data: z.infer<S> } | { ok: false; errors: Record<string, string> } {
  const r = schema.safeParse(values);
  if (r.success) return { ok: true, data: r.data };
  const errors: Record<string, string> = {};
  for (const issue of r.error.issues) {
    const key = String(issue.path[0] ?? '_');
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

/** A form's values and errors: `set(field)` changes a value and clears that field's error. */
export function useFormValues<V extends Record<string, string>>(
  initial: V | (() => V),
  initialErrors: FieldErrors<V> | (() => FieldErrors<V>) = {},
) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors<V>>(initialErrors);
  const set = (k: keyof V & string) => (v: string) => {
    setValues((s) => ({ ...s, [k]: v }));
    setErrors((e) => ({ ...e, [k]: undefined }));
  };
  return { values, setValues, errors, setErrors, set };
}
