import type { z } from 'zod/mini';

export type FieldErrors = Record<string, string>;

/** The first message per field from a zod result, keyed by the field's name. */
export function fieldErrors(error: z.core.$ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

/** Validates form values with a shared schema: the parsed data, or the messages per field. */
export function validate<S extends z.ZodMiniType>(
  schema: S,
  values: unknown,
): { ok: true; data: z.output<S> } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(values);
  return result.success
    ? { ok: true, data: result.data }
    : { ok: false, errors: fieldErrors(result.error) };
}
