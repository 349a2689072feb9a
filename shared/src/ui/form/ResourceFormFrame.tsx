import { Button, chakra, Flex, Heading, Text } from '@chakra-ui/react';
import { apiErrorMessage } from '@leadsmith/shared/core';
import { useState, type ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyApiFieldErrors } from './useYupForm';

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
