import { Button, chakra, Flex, Heading, Text } from '@chakra-ui/react';
import { apiErrorMessage } from '@leadsmith/shared/core';
import { useState, type ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyApiFieldErrors, useYupForm } from '../form/useYupForm';
import type { ResourceRow } from './resourceApi';
import { useSaveResource } from './resourceApi';
import type { ResourceDefinition } from './resourceDefinition';
import { ResourceFields } from './ResourceFields';
import { resourceSchema, toFormValues, toInput } from './resourceForm';

export interface ResourceFormFrameProps<V extends FieldValues> {
  form: UseFormReturn<V>;
  /** Sends the values; a refusal naming a field is put on that field. */
  onSave: (values: V) => Promise<unknown>;
  saving: boolean;
  /** The form's accessible name (its title). */
  label: string;
  /** Shown as the form's heading (a form above a list); screens and dialogs have their own title. */
  heading?: boolean;
  /** The submit button's text (default: Save). */
  submitLabel?: string;
  /** Cancel button (absent on a create form above a list: there is nothing to go back to). */
  onCancel?: () => void;
  /** After a successful save. */
  onSaved?: () => void;
  /** When given, a refusal that names no field of the form is said above the buttons (this text when it has none). */
  formErrorFallback?: string;
  maxW?: string;
  children: ReactNode;
}

/** The one form frame: labelled form, submit with the API's field errors on their fields, Save and Cancel. */
export function ResourceFormFrame<V extends FieldValues>({
  form,
  onSave,
  saving,
  label,
  heading,
  submitLabel,
  onCancel,
  onSaved,
  formErrorFallback,
  maxW = '48rem',
  children,
}: ResourceFormFrameProps<V>) {
  const { t } = useTranslation('common');
  const [formError, setFormError] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSave(values);
      onSaved?.();
    } catch (error) {
      if (!applyApiFieldErrors(form, error) && formErrorFallback !== undefined)
        setFormError(apiErrorMessage(error, formErrorFallback));
    }
  });
  return (
    <chakra.form
      onSubmit={(e) => void submit(e)}
      noValidate
      maxW={maxW}
      mb={heading ? 8 : undefined}
      aria-label={label}
    >
      {heading ? (
        <Heading as="h2" size="md" mb={3}>
          {label}
        </Heading>
      ) : null}
      {children}
      {formError ? (
        <Text color="red.700" role="alert" mt={3}>
          {formError}
        </Text>
      ) : null}
      <Flex gap={3} mt={heading ? undefined : 6}>
        <Button type="submit" colorPalette="brand" loading={saving}>
          {submitLabel ?? t('actions.save')}
        </Button>
        {onCancel ? (
          <Button variant="outline" onClick={onCancel}>
            {t('actions.cancel')}
          </Button>
        ) : null}
      </Flex>
    </chakra.form>
  );
}

export interface ResourceFormProps<T extends ResourceRow> {
  def: ResourceDefinition<T>;
  scope?: string;
  /** The item to edit; none: create. */
  item?: T;
  /** Select values a new item starts with (e.g. the list's fixed filter). */
  preset?: Record<string, string>;
  /** After saving or cancelling. */
  onDone: () => void;
  /** A form above the list: titled, no Cancel when creating, emptied after each new item. */
  inline?: boolean;
}

/** The form of a resource, built from its field definitions (create when no item). */
export function ResourceForm<T extends ResourceRow>({
  def,
  scope = '',
  item,
  preset,
  onDone,
  inline,
}: ResourceFormProps<T>) {
  const { t } = useTranslation(def.ns);
  const save = useSaveResource(def.api(scope));
  const form = useYupForm(resourceSchema(def.fields), { defaultValues: toFormValues(def.fields, item, preset) });
  return (
    <ResourceFormFrame
      form={form}
      label={t(item ? def.editKey : def.createKey)}
      heading={inline}
      saving={save.isPending}
      onSave={(values) => save.mutateAsync({ id: item?.id, input: toInput(def.fields, values) })}
      onSaved={() => {
        if (inline) form.reset(toFormValues(def.fields, undefined, preset));
        onDone();
      }}
      onCancel={inline && !item ? undefined : onDone}
    >
      <ResourceFields ns={def.ns} fields={def.fields} form={form} editing={Boolean(item)} columns={def.formColumns} />
    </ResourceFormFrame>
  );
}
