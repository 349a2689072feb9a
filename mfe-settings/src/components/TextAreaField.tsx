import { Field, Textarea } from '@chakra-ui/react';
import type { TextareaHTMLAttributes } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  registration: UseFormRegisterReturn;
  error?: FieldError | string;
  required?: boolean;
}

/** A labelled textarea wired to react-hook-form (the multi-line sibling of shared TextField). */
export function TextAreaField({ label, registration, error, required, ...rest }: TextAreaFieldProps) {
  const message = typeof error === 'string' ? error : error?.message;
  return (
    <Field.Root invalid={Boolean(message)} mb={4} required={required}>
      <Field.Label>{label}</Field.Label>
      <Textarea rows={3} {...rest} {...registration} />
      {message ? <Field.ErrorText color="red.700">{message}</Field.ErrorText> : null}
    </Field.Root>
  );
}
