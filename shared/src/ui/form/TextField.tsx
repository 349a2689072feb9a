import { Field, Input } from '@chakra-ui/react';
import type { InputHTMLAttributes } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  label: string;
  registration: UseFormRegisterReturn;
  error?: FieldError | string;
}

/** A labelled Chakra input wired to react-hook-form; the error names the field via its label. */
export function TextField({ label, registration, error, ...inputProps }: TextFieldProps) {
  const message = typeof error === 'string' ? error : error?.message;
  return (
    <Field.Root invalid={Boolean(message)} mb={4}>
      <Field.Label>{label}</Field.Label>
      <Input {...inputProps} {...registration} />
      {message ? <Field.ErrorText color="red.700">{message}</Field.ErrorText> : null}
    </Field.Root>
  );
}
