import { SimpleGrid } from '@chakra-ui/react';
import { Controller, useWatch, type FieldError, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  CheckboxField,
  CheckboxGroupField,
  RichTextField,
  SelectField,
  TextareaField,
  TextField,
} from '@leadsmith/shared';
import { fieldLabelKey, type ResourceField } from './resourceDefinition';
import type { ResourceFormValues } from './resourceForm';

export interface ResourceFieldsProps {
  ns: string;
  fields: readonly ResourceField[];
  form: UseFormReturn<ResourceFormValues>;
  /** Editing an existing item (some fields say something else then). */
  editing: boolean;
  columns?: number;
}

const optionLabel = (field: ResourceField, value: string) =>
  field.optionLabelKey ? field.optionLabelKey(value) : value;

/** A rich-text field of the form: the editor hands its HTML to the form value the HTML view edits too. */
function ResourceRichText({
  name,
  label,
  htmlLabel,
  form,
}: {
  name: string;
  label: string;
  htmlLabel: string;
  form: UseFormReturn<ResourceFormValues>;
}) {
  const value = useWatch({ control: form.control, name });
  return (
    <RichTextField
      label={label}
      htmlLabel={htmlLabel}
      value={typeof value === 'string' ? value : ''}
      onChange={(html) => form.setValue(name, html, { shouldDirty: true })}
      registration={form.register(name)}
      error={form.formState.errors[name] as FieldError | undefined}
    />
  );
}

/** A resource's fields, drawn by kind: single-line fields in a grid, then long texts, rich texts, choice groups and checkboxes. */
export function ResourceFields({ ns, fields, form, editing, columns = 2 }: ResourceFieldsProps) {
  const { t } = useTranslation(ns);
  const { register, control, formState } = form;
  const error = (name: string) => formState.errors[name]?.message as string | undefined;
  const label = (f: ResourceField) => t(fieldLabelKey(f, editing));
  const of = (...kinds: ResourceField['kind'][]) => fields.filter((f) => kinds.includes(f.kind));
  return (
    <>
      <SimpleGrid columns={{ base: 1, md: columns }} columnGap={6}>
        {fields
          .filter((f) => !['checkbox', 'checkboxes', 'textarea', 'richtext'].includes(f.kind))
          .map((f) =>
            f.kind === 'select' ? (
              <SelectField
                key={f.name}
                label={label(f)}
                registration={register(f.name)}
                error={error(f.name)}
                options={(f.options ?? []).map((o) => ({ value: o, label: t(optionLabel(f, o)) }))}
              />
            ) : (
              <TextField
                key={f.name}
                label={label(f)}
                type={f.kind === 'email' ? 'email' : f.kind === 'integer' ? 'number' : 'text'}
                inputMode={f.kind === 'integer' ? 'numeric' : undefined}
                placeholder={f.placeholder ?? (f.kind === 'url' ? 'https://' : undefined)}
                autoComplete={f.writeOnly ? 'off' : undefined}
                registration={register(f.name)}
                error={error(f.name)}
              />
            ),
          )}
      </SimpleGrid>
      {of('textarea').map((f) => (
        <TextareaField key={f.name} label={label(f)} registration={register(f.name)} error={error(f.name)} rows={4} />
      ))}
      {of('richtext').map((f) => (
        <ResourceRichText
          key={f.name}
          name={f.name}
          label={label(f)}
          htmlLabel={t(f.htmlLabelKey ?? `fields.${f.name}Html`)}
          form={form}
        />
      ))}
      {of('checkboxes').map((f) => (
        <Controller
          key={f.name}
          control={control}
          name={f.name}
          render={({ field }) => (
            <CheckboxGroupField
              label={label(f)}
              options={(f.options ?? []).map((o) => ({ value: o, label: t(optionLabel(f, o)) }))}
              value={field.value as string[]}
              onChange={field.onChange}
              error={error(f.name)}
            />
          )}
        />
      ))}
      {of('checkbox').map((f) => (
        <Controller
          key={f.name}
          control={control}
          name={f.name}
          render={({ field }) => (
            <CheckboxField label={label(f)} checked={Boolean(field.value)} onChange={field.onChange} />
          )}
        />
      ))}
    </>
  );
}
