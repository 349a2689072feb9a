import { Field, Input } from '@chakra-ui/react';
import type { InputHTMLAttributes } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  label: string;
  registration: UseFormRegisterReturn;
  error?: FieldError | string;
  /** A rule or unit said up front, under the field (tied to the input by the field's aria-describedby). */
  helperText?: string;
}

/** A labelled Chakra input wired to react-hook-form; the error names the field via its label. */
export function TextField({ label, registration, error, helperText, ...inputProps }: TextFieldProps) {
  const message = typeof error === 'string' ? error : error?.message;
  return (
    <Field.Root invalid={Boolean(message)} mb={4}>
      <Field.Label>{label}</Field.Label>
      <Input {...inputProps} {...registration} />
      {helperText ? <Field.HelperText color="fg.muted">{helperText}</Field.HelperText> : null}
      {message ? <Field.ErrorText color="red.700">{message}</Field.ErrorText> : null}
    </Field.Root>
  );
}
