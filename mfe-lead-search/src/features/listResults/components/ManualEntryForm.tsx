import { Button, Heading, HStack, SimpleGrid, Textarea, Field, chakra } from '@chakra-ui/react';
import { applyApiFieldErrors, TextField, useYupForm } from '@leadsmith/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SearchType } from '../../../api/types';
import { useAddManualResult } from '../api/addManualResult';
import { MANUAL_FIELDS, manualSchema, toManualPayload, type ManualValues } from '../manualEntrySchema';

export interface ManualEntryFormProps {
  type: SearchType;
  campaignId: number;
  onDone: () => void;
}

/** Adds one lead by hand to a list (spec §3 manual entry rules per type). */
export function ManualEntryForm({ type, campaignId, onDone }: ManualEntryFormProps) {
  const { t } = useTranslation('leadSearch');
  const { t: tc } = useTranslation('common');
  const fields = MANUAL_FIELDS[type] ?? [];
  const schema = useMemo(() => manualSchema(type), [type]);
  const form = useYupForm<ManualValues>(schema, { defaultValues: Object.fromEntries(fields.map((f) => [f, ''])) });
  const add = useAddManualResult();
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await add.mutateAsync({ type, id: campaignId, values: toManualPayload(type, values) });
      form.reset();
      onDone();
    } catch (error) {
      applyApiFieldErrors(form, error);
    }
  });
  return (
    <chakra.form
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      borderWidth="1px"
      borderColor="border"
      borderRadius="md"
      p={4}
      mb={4}
      aria-labelledby="manual-entry-heading"
    >
      <Heading as="h2" id="manual-entry-heading" size="md" mb={3}>
        {t('manual.heading')}
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 2 }} gapX={4}>
        {fields.map((f) =>
          f === 'urls' ? (
            <Field.Root key={f} invalid={Boolean(form.formState.errors.urls)} mb={4} gridColumn="1 / -1">
              <Field.Label>{t('manual.fields.urls')}</Field.Label>
              <Textarea {...form.register('urls')} rows={3} />
              {form.formState.errors.urls ? (
                <Field.ErrorText color="red.700">{form.formState.errors.urls.message}</Field.ErrorText>
              ) : null}
            </Field.Root>
          ) : (
            <TextField
              key={f}
              label={t(`manual.fields.${f}`)}
              registration={form.register(f)}
              error={form.formState.errors[f]}
            />
          ),
        )}
      </SimpleGrid>
      <HStack>
        <Button type="submit" colorPalette="brand" loading={form.formState.isSubmitting}>
          {t('manual.add')}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          {tc('actions.cancel')}
        </Button>
      </HStack>
    </chakra.form>
  );
}
