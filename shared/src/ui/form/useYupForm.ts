import { yupResolver } from '@hookform/resolvers/yup';
import { useForm, type FieldValues, type UseFormProps, type UseFormReturn, type Path } from 'react-hook-form';
import type { ObjectSchema } from 'yup';
import { apiFieldErrors } from '@leadsmith/shared/core';

/** The form wrapper: react-hook-form validated by a yup schema that sits beside the mutation. */
export function useYupForm<T extends FieldValues>(
  schema: ObjectSchema<T>,
  options?: Omit<UseFormProps<T>, 'resolver'>,
): UseFormReturn<T> {
  // The resolver's generics are looser than the schema's; the schema is the source of truth.
  return useForm<T>({ ...options, resolver: yupResolver(schema) as never });
}

/** Puts the API's field errors (400/422) on the matching form fields; returns true when any matched. */
export function applyApiFieldErrors<T extends FieldValues>(form: UseFormReturn<T>, error: unknown): boolean {
  const fields = apiFieldErrors(error);
  let matched = false;
  for (const [field, message] of Object.entries(fields)) {
    if (field in form.getValues()) {
      form.setError(field as Path<T>, { type: 'server', message });
      matched = true;
    }
  }
  return matched;
}
