import { Box, Field, Fieldset, NativeSelect, SimpleGrid, chakra } from '@chakra-ui/react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

const message = (error?: FieldError | { message?: string }) => error?.message;

export interface CheckboxGroupFieldProps {
  legend: string;
  options: readonly { value: string; label: string }[];
  registration: UseFormRegisterReturn;
  error?: FieldError;
  columns?: number;
}

/** A fieldset of native checkboxes bound to one array field. */
export function CheckboxGroupField({ legend, options, registration, error, columns = 3 }: CheckboxGroupFieldProps) {
  return (
    <Fieldset.Root invalid={Boolean(message(error))} mb={4}>
      <Fieldset.Legend fontWeight="semibold" mb={2}>
        {legend}
      </Fieldset.Legend>
      <SimpleGrid columns={{ base: 1, md: columns }} gap={1}>
        {options.map((o) => (
          <chakra.label key={o.value} display="flex" alignItems="center" gap={2} fontSize="sm">
            <input type="checkbox" value={o.value} {...registration} />
            {o.label}
          </chakra.label>
        ))}
      </SimpleGrid>
      {message(error) ? <Fieldset.ErrorText color="red.700">{message(error)}</Fieldset.ErrorText> : null}
    </Fieldset.Root>
  );
}

export interface SelectFieldProps {
  label: string;
  registration: UseFormRegisterReturn;
  options: readonly { value: string; label: string }[];
  placeholder?: string;
  error?: FieldError;
}

export function SelectField({ label, registration, options, placeholder, error }: SelectFieldProps) {
  return (
    <Field.Root invalid={Boolean(message(error))} mb={4}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field {...registration}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {message(error) ? <Field.ErrorText color="red.700">{message(error)}</Field.ErrorText> : null}
    </Field.Root>
  );
}

export interface MultiSelectFieldProps {
  id: string;
  label: string;
  hint?: string;
  registration: UseFormRegisterReturn;
  options: readonly string[];
  error?: FieldError;
}

/** A native multiple select (long option lists such as the ~100 place types). */
export function MultiSelectField({ id, label, hint, registration, options, error }: MultiSelectFieldProps) {
  const hintId = `${id}-hint`;
  return (
    <Box mb={4}>
      <chakra.label htmlFor={id} display="block" fontWeight="medium" fontSize="sm" mb={1}>
        {label}
      </chakra.label>
      {hint ? (
        <chakra.p id={hintId} fontSize="xs" color="fg.muted" mb={1}>
          {hint}
        </chakra.p>
      ) : null}
      <select
        id={id}
        multiple
        size={8}
        aria-describedby={hint ? hintId : undefined}
        aria-invalid={Boolean(message(error)) || undefined}
        style={{ width: '100%', border: `1px solid ${message(error) ? '#9B2C2C' : '#CBD5E0'}`, borderRadius: 6, padding: 4 }}
        {...registration}
      >
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
      {message(error) ? (
        <chakra.p color="red.700" fontSize="sm" mt={1}>
          {message(error)}
        </chakra.p>
      ) : null}
    </Box>
  );
}
