import { Box, Button, chakra, Heading, Text } from '@chakra-ui/react';
import { applyApiFieldErrors, ConfirmDialog, TextField, useYupForm, v, yup } from '@leadsmith/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErasePerson } from '../api/erasePerson';

const schema = yup.object({ email: v.email() });

/** Dashboard panel: a person's right to erasure, by email, across every account (audited; the address is kept only as a hash). */
export function ErasePersonPanel() {
  const { t } = useTranslation('admin');
  const erase = useErasePerson();
  const form = useYupForm(schema, { defaultValues: { email: '' } });
  // The address waiting for confirmation, asked in the app's own dialog (a browser confirm() drew in another typeface).
  const [pending, setPending] = useState<string | null>(null);
  const handleSubmit = form.handleSubmit(({ email }) => setPending(email));
  const handleConfirm = async () => {
    const email = pending;
    if (!email) return;
    try {
      await erase.mutateAsync(email);
      form.reset({ email: '' });
    } catch (error) {
      applyApiFieldErrors(form, error);
    } finally {
      setPending(null);
    }
  };
  return (
    <Box as="section" aria-labelledby="erase-person-heading" borderWidth="1px" borderRadius="md" p={4} mb={6}>
      <Heading as="h2" size="md" id="erase-person-heading" mb={2}>
        {t('erasePerson.title')}
      </Heading>
      <Text mb={3} color="fg.muted">
        {t('erasePerson.help')}
      </Text>
      <chakra.form onSubmit={(e) => void handleSubmit(e)} noValidate maxW="md">
        <TextField
          label={t('erasePerson.email')}
          type="email"
          registration={form.register('email')}
          error={form.formState.errors.email}
        />
        <Button type="submit" colorPalette="red" loading={erase.isPending}>
          {t('erasePerson.submit')}
        </Button>
      </chakra.form>
      <ConfirmDialog
        open={pending !== null}
        title={t('erasePerson.title')}
        body={t('erasePerson.confirm', { email: pending ?? '' })}
        confirmLabel={t('erasePerson.submit')}
        destructive
        busy={erase.isPending}
        onConfirm={() => void handleConfirm()}
        onCancel={() => setPending(null)}
      />
      {erase.data && (
        <Text mt={3} role="status">
          {t('erasePerson.done', { count: erase.data.results_removed, accounts: erase.data.accounts })}
        </Text>
      )}
    </Box>
  );
}
