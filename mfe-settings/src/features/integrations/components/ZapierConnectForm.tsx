import { Box, Button, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { TextField, applyApiFieldErrors, useYupForm } from '@leadsmith/shared';
import { useConnectZapier, zapierSchema } from '../api/connect-zapier';

/** Zapier has no authorisation page: the user pastes the URL of the Zap's "Catch Hook" trigger. */
export function ZapierConnectForm() {
  const { t } = useTranslation('settings');
  const connect = useConnectZapier();
  const form = useYupForm(zapierSchema, { defaultValues: { url: '' } });
  return (
    <Box asChild>
      <form
        noValidate
        aria-label={t('crmConnect.zapierForm')}
        onSubmit={form.handleSubmit((values) =>
          connect.mutate(values, {
            onSuccess: () => form.reset({ url: '' }),
            onError: (error) => applyApiFieldErrors(form, error),
          }),
        )}
      >
        <HStack align="flex-start" gap={2} wrap="wrap">
          <Box flex="1" minW="64">
            <TextField
              label={t('crmConnect.zapierUrl')}
              type="url"
              placeholder="https://hooks.zapier.com/hooks/catch/…"
              registration={form.register('url')}
              error={form.formState.errors.url}
            />
          </Box>
          <Button type="submit" size="sm" colorPalette="brand" mt={7} loading={connect.isPending}>
            {t('crmConnect.connectZapier')}
          </Button>
        </HStack>
      </form>
    </Box>
  );
}
