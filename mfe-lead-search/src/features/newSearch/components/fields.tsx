import { Box, Checkbox, Fieldset, Input, SimpleGrid, Tag, Text, Wrap, chakra } from '@chakra-ui/react';
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useController, type Control, type FieldError, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

const message = (error?: FieldError | { message?: string }) => error?.message;

export interface CheckboxGroupFieldProps<T extends FieldValues> {
  legend: string;
  options: readonly { value: string; label: string }[];
  control: Control<T>;
  name: Path<T>;
  error?: FieldError;
  columns?: number;
}

/** A fieldset of Chakra checkboxes bound to one array field (the same checkbox as every other screen). */
export function CheckboxGroupField<T extends FieldValues>({
  legend,
  options,
  control,
  name,
  error,
  columns = 3,
}: CheckboxGroupFieldProps<T>) {
  const { field } = useController({ control, name });
  const chosen: string[] = Array.isArray(field.value) ? (field.value as string[]) : [];
  const toggle = (value: string, on: boolean) =>
    field.onChange(on ? [...chosen.filter((v) => v !== value), value] : chosen.filter((v) => v !== value));
  return (
    <Fieldset.Root invalid={Boolean(message(error))} mb={4}>
      <Fieldset.Legend fontWeight="semibold" mb={2}>
        {legend}
      </Fieldset.Legend>
      <SimpleGrid columns={{ base: 1, md: columns }} gap={1}>
        {options.map((o) => (
          <Checkbox.Root
            key={o.value}
            size="sm"
            value={o.value}
            checked={chosen.includes(o.value)}
            onCheckedChange={(e) => toggle(o.value, e.checked === true)}
          >
            <Checkbox.HiddenInput name={field.name} onBlur={field.onBlur} />
            <Checkbox.Control />
            <Checkbox.Label fontWeight="normal">{o.label}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </SimpleGrid>
      {message(error) ? <Fieldset.ErrorText color="red.700">{message(error)}</Fieldset.ErrorText> : null}
    </Fieldset.Root>
  );
}

export interface MultiSelectFieldProps<T extends FieldValues> {
  id: string;
  label: string;
  hint?: string;
  control: Control<T>;
  name: Path<T>;
  options: readonly string[];
  error?: FieldError;
}

/**
 * A searchable multi-select with chips (long option lists such as the ~100 place types), built on the
 * WAI-ARIA combobox pattern from the shared Chakra surface: type to filter, arrows to move, Enter to
 * add or remove, Backspace on an empty box to remove the last chip, Escape to close.
 */
export function MultiSelectField<T extends FieldValues>({
  id,
  label,
  hint,
  control,
  name,
  options,
  error,
}: MultiSelectFieldProps<T>) {
  const { t } = useTranslation('leadSearch');
  const { field } = useController({ control, name });
  const chosen: string[] = Array.isArray(field.value) ? (field.value as string[]) : [];
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const uid = useId();
  const listboxId = `${id}-listbox`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const optionId = (i: number) => `${uid}-option-${i}`;
  const matches = useMemo(() => {
    const q = query.trim().toLowerCase();
    return q ? options.filter((o) => o.toLowerCase().includes(q)) : options;
  }, [options, query]);
  const current = Math.min(active, Math.max(matches.length - 1, 0));

  const toggle = (value: string) => {
    field.onChange(chosen.includes(value) ? chosen.filter((v) => v !== value) : [...chosen, value]);
    setQuery('');
  };
  const remove = (value: string) => field.onChange(chosen.filter((v) => v !== value));

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) return setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + matches.length) % Math.max(matches.length, 1));
    } else if (event.key === 'Enter') {
      // Never submits the search form: Enter picks the active option.
      event.preventDefault();
      if (open && matches[current] !== undefined) toggle(matches[current]);
      else setOpen(true);
    } else if (event.key === 'Escape') {
      if (open) event.preventDefault();
      setOpen(false);
    } else if (event.key === 'Backspace' && query === '' && chosen.length > 0) {
      remove(chosen[chosen.length - 1]!);
    }
  };

  const describedBy = [hint ? hintId : null, message(error) ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <Box mb={4}>
      <chakra.label htmlFor={id} display="block" fontSize="sm" fontWeight="medium" mb={1.5}>
        {label}
      </chakra.label>
      {hint ? (
        <Text id={hintId} fontSize="xs" color="fg.muted" mb={1}>
          {hint}
        </Text>
      ) : null}
      {chosen.length > 0 ? (
        <Wrap as="ul" gap={1} mb={2} aria-label={t('newSearch.chosenLabel', { label })} listStyleType="none">
          {chosen.map((value) => (
            <li key={value}>
              <Tag.Root size="md" colorPalette="brand" variant="subtle">
                <Tag.Label>{value}</Tag.Label>
                <Tag.EndElement>
                  <Tag.CloseTrigger aria-label={t('newSearch.removeChoice', { value })} onClick={() => remove(value)} />
                </Tag.EndElement>
              </Tag.Root>
            </li>
          ))}
        </Wrap>
      ) : null}
      <Box position="relative" w="full">
        <Input
          id={id}
          name={field.name}
          ref={field.ref}
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listboxId}
          aria-activedescendant={open && matches.length > 0 ? optionId(current) : undefined}
          aria-describedby={describedBy}
          aria-invalid={Boolean(message(error)) || undefined}
          borderColor={message(error) ? 'red.700' : undefined}
          placeholder={t('newSearch.typeToFilter')}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            field.onBlur();
          }}
          onKeyDown={handleKeyDown}
        />
        <Box
          id={listboxId}
          role="listbox"
          aria-multiselectable="true"
          aria-label={label}
          hidden={!open}
          position="absolute"
          zIndex="dropdown"
          top="100%"
          left={0}
          right={0}
          mt={1}
          maxH="15rem"
          overflowY="auto"
          bg="white"
          borderWidth="1px"
          borderRadius="md"
          boxShadow="md"
          py={1}
        >
          {matches.length === 0 ? (
            <Text px={3} py={2} fontSize="sm" color="fg.muted">
              {t('newSearch.noMatch')}
            </Text>
          ) : (
            matches.map((o, i) => (
              <Box
                key={o}
                id={optionId(i)}
                role="option"
                aria-selected={chosen.includes(o)}
                px={3}
                py={1.5}
                fontSize="sm"
                cursor="pointer"
                bg={i === current ? 'brand.subtle' : undefined}
                fontWeight={chosen.includes(o) ? 'semibold' : 'normal'}
                // Keeps the focus in the box, so the list stays open for the next choice.
                onMouseDown={(e) => e.preventDefault()}
                onMouseEnter={() => setActive(i)}
                onClick={() => toggle(o)}
              >
                <Box as="span" aria-hidden display="inline-block" w="4">
                  {chosen.includes(o) ? '✓' : ''}
                </Box>
                {o}
              </Box>
            ))
          )}
        </Box>
      </Box>
      {message(error) ? (
        <Text id={errorId} color="red.700" fontSize="sm" mt={1}>
          {message(error)}
        </Text>
      ) : null}
    </Box>
  );
}
