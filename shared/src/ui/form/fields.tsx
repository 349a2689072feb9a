import { Box, Checkbox, Field, NativeSelect, SimpleGrid, Text, Textarea } from '@chakra-ui/react';
import { useRef, type CSSProperties, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

const message = (error?: FieldError | string) => (typeof error === 'string' ? error : error?.message);

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'size'> {
  label: string;
  registration: UseFormRegisterReturn;
  options: readonly SelectOption[];
  error?: FieldError | string;
  /** A first option with the empty value ("Any", "Choose a list"). */
  placeholder?: string;
}

/** The design system's select in a form: labelled, wired to react-hook-form (the browser's own select, drawn by Chakra's NativeSelect). */
export function SelectField({ label, registration, options, error, placeholder, id, ...rest }: SelectFieldProps) {
  const text = message(error);
  return (
    <Field.Root invalid={Boolean(text)} mb={4} ids={id ? { control: id } : undefined}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field {...rest} {...registration}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {text ? <Field.ErrorText color="red.700">{text}</Field.ErrorText> : null}
    </Field.Root>
  );
}

/**
 * The box's real input laid transparent over the checkbox (the box; box and label when the label is
 * hidden) instead of clipped to 1 px: a click anywhere on it lands on the input itself (and an automated click aimed at the input is
 * not taken by the drawn box above it), while the design system still draws the box and its focus ring.
 * Its z-index lifts it over the box's drawn parts only when the box's root isolates it (`isolation="isolate"`):
 * otherwise it rises above whatever is drawn over the box, a table's sticky header among them.
 */
export const CHECKBOX_INPUT_OVER: CSSProperties = {
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  margin: 0,
  padding: 0,
  opacity: 0,
  clip: 'auto',
  overflow: 'visible',
  cursor: 'pointer',
  zIndex: 1,
};

export interface CheckboxFieldProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  onBlur?: () => void;
  name?: string;
  disabled?: boolean;
  /** The label is read out but not shown (a table row's box: the row says whose box it is). */
  hideLabel?: boolean;
  size?: 'sm' | 'md';
  /** Space under the box: 3 in a form, 0 in a row or a list. */
  mb?: number;
  /** Long labels (a consent) start at the box's top. */
  alignItems?: 'center' | 'flex-start';
}

/** The design system's one checkbox: labelled, controlled (with react-hook-form, through its Controller). */
export function CheckboxField({
  label,
  checked,
  onChange,
  onBlur,
  name,
  disabled,
  hideLabel,
  size,
  mb = 3,
  alignItems,
}: CheckboxFieldProps) {
  return (
    <Checkbox.Root
      mb={mb}
      display={hideLabel ? 'inline-flex' : 'flex'}
      w="fit-content"
      position="relative"
      // The input's z-index stays inside the box: a row's box scrolled under a table's sticky header must not take
      // the clicks meant for the header's own box ("Select all on this page").
      isolation="isolate"
      alignItems={alignItems}
      size={size}
      checked={checked}
      disabled={disabled}
      onCheckedChange={(e) => onChange(e.checked === true)}
      name={name}
    >
      {/* Over the box only when there is a label to click: a click on the label's text stays the label's. */}
      <Checkbox.HiddenInput
        style={hideLabel ? CHECKBOX_INPUT_OVER : { ...CHECKBOX_INPUT_OVER, width: size === 'sm' ? '1rem' : '1.25rem' }}
        onBlur={onBlur}
      />
      <Checkbox.Control />
      <Checkbox.Label srOnly={hideLabel}>{label}</Checkbox.Label>
    </Checkbox.Root>
  );
}

export interface CheckboxGroupFieldProps<T extends string> {
  /** The group's legend. */
  label: string;
  options: readonly { value: T; label: string }[];
  value: readonly T[];
  onChange: (value: T[]) => void;
  error?: string;
  /** A line under the legend saying what the choice does. */
  helper?: string;
  /** The boxes side by side, wrapping (a short choice in a row), instead of two columns. */
  inline?: boolean;
}

/** A fieldset of checkboxes choosing several values (modules, channels); controlled, for react-hook-form's Controller. */
export function CheckboxGroupField<T extends string>({
  label,
  options,
  value,
  onChange,
  error,
  helper,
  inline,
}: CheckboxGroupFieldProps<T>) {
  // The box's change handler may be the one of an earlier render: each change starts from the latest value.
  const latest = useRef(value);
  latest.current = value;
  const toggle = (option: T, on: boolean) => {
    const others = latest.current.filter((x) => x !== option);
    const next = on ? [...others, option] : others;
    latest.current = next;
    onChange(next);
  };
  return (
    <Box as="fieldset" mb={4}>
      <Text as="legend" fontWeight="medium" mb={2}>
        {label}
      </Text>
      {helper ? (
        <Text fontSize="sm" mb={2}>
          {helper}
        </Text>
      ) : null}
      <SimpleGrid
        columns={inline ? undefined : { base: 1, md: 2 }}
        display={inline ? 'flex' : undefined}
        flexWrap="wrap"
        columnGap={inline ? 5 : undefined}
      >
        {options.map((o) => (
          <CheckboxField
            key={o.value}
            label={o.label}
            checked={value.includes(o.value)}
            onChange={(on) => toggle(o.value, on)}
          />
        ))}
      </SimpleGrid>
      {error ? (
        <Text color="red.700" role="alert">
          {error}
        </Text>
      ) : null}
    </Box>
  );
}

export interface TextareaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  registration: UseFormRegisterReturn;
  error?: FieldError | string;
  helper?: string;
  /** Code (HTML, scripts): monospace. */
  mono?: boolean;
}

export function TextareaField({ label, registration, error, helper, mono, ...rest }: TextareaFieldProps) {
  const text = message(error);
  return (
    <Field.Root invalid={Boolean(text)} mb={4}>
      <Field.Label>{label}</Field.Label>
      <Textarea {...rest} {...registration} fontFamily={mono ? 'mono' : undefined} />
      {helper ? <Field.HelperText color="fg">{helper}</Field.HelperText> : null}
      {text ? <Field.ErrorText color="red.700">{text}</Field.ErrorText> : null}
    </Field.Root>
  );
}

export interface FilterSelectProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly SelectOption[];
  /** A first option with the empty value ("All", "Any label"). */
  allLabel?: string;
  /** The select's id (a page's tests and links may point at it); one is made otherwise. */
  id?: string;
  disabled?: boolean;
  /** The label is read out but not shown (a table row's select: the row says whose it is). */
  hideLabel?: boolean;
  /** The select's width (a Chakra size token or CSS length); 14rem at most by default. */
  width?: string;
  size?: 'sm' | 'md';
  mb?: number;
}

/**
 * The design system's select outside any form, applied as it changes (a filter, a view, a mapping):
 * labelled and controlled, small by default.
 */
export function FilterSelect({
  label,
  value,
  onChange,
  options,
  allLabel,
  id,
  disabled,
  hideLabel,
  width,
  size = 'sm',
  mb,
}: FilterSelectProps) {
  return (
    <Field.Root
      maxW={width ? undefined : '14rem'}
      w={width}
      mb={mb}
      gap={hideLabel ? 0 : undefined}
      disabled={disabled}
      ids={id ? { control: id } : undefined}
    >
      <Field.Label fontSize="sm" srOnly={hideLabel}>
        {label}
      </Field.Label>
      <NativeSelect.Root size={size}>
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)}>
          {allLabel !== undefined ? <option value="">{allLabel}</option> : null}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
