// Forms on react-hook-form, checked by the shared zod schemas: the first message per field, as i18n keys.
import { zodResolver } from '@hookform/resolvers/zod';
import type { FormEvent } from 'react';
import { type DefaultValues, type Path, type Resolver, useForm, useWatch } from 'react-hook-form';
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

/**
 * A form of text fields on react-hook-form, checked on submit by a shared zod `schema` (its output is
 * what `submit` hands on). `set(field)` changes a value and clears that field's error; `setErrors`
 * shows the server's refusals (i18n keys) in place of the errors shown.
 */
export function useSchemaForm<V extends Record<string, string>, Out = V>(
  schema: z.ZodType<Out>,
  defaultValues: V,
) {
  const form = useForm<V>({
    resolver: zodResolver(schema as never) as unknown as Resolver<V>,
    defaultValues: defaultValues as DefaultValues<V>,
    // As the fields always behaved: errors from the submit on, each cleared when its field changes.
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const values = { ...defaultValues, ...useWatch({ control: form.control }) } as V;
  const errors: FieldErrors<V> = {};
  for (const [k, e] of Object.entries(form.formState.errors))
    if (typeof e?.message === 'string') errors[k as keyof V & string] = e.message;
  const set = (k: keyof V & string) => (v: string) => {
    form.setValue(k as Path<V>, v as V[keyof V & string] as never, { shouldDirty: true });
    form.clearErrors(k as Path<V>);
  };
  function setErrors(found: FieldErrors<V>) {
    form.clearErrors();
    for (const [k, message] of Object.entries(found))
      if (message) form.setError(k as Path<V>, { type: 'server', message: message as string });
  }
  /** The form's submit handler: `onValid` runs with the schema's output when every field passes. */
  const submit = (onValid: (data: Out, values: V) => unknown, before?: () => void) => (e: FormEvent) => {
    before?.();
    return form.handleSubmit((data) => onValid(data as unknown as Out, form.getValues()))(e);
  };
  return { form, values, errors, set, setErrors, submit };
}
