import { Box, Button, Heading, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField, applyApiFieldErrors, useYupForm, CheckboxField } from '@leadsmith/shared';
import type { Wallet } from '../api/get-wallet';
import { autoTopUpSchema, useSaveAutoTopUp, type AutoTopUpInput } from '../api/save-auto-top-up';

/** Auto top-up: when credits fall to the threshold or below, the default card buys the amount (spec §9). */
export function AutoTopUpForm({ wallet }: { wallet: Wallet }) {
  const { t } = useTranslation('settings');
  const save = useSaveAutoTopUp();
  const schema = useMemo(
    () => autoTopUpSchema(wallet.pricing.minTopUp, wallet.pricing.maxTopUp),
    [wallet.pricing.minTopUp, wallet.pricing.maxTopUp],
  );
  const { enabled, threshold, amount, consent_at } = wallet.autoTopUp;
  const form = useYupForm(schema, {
    defaultValues: { enabled, threshold, amount, consent: enabled && consent_at !== null } as AutoTopUpInput,
  });
  const { errors } = form.formState;
  return (
    <Box borderWidth="1px" rounded="md" p={4} flex="1" asChild>
      <form
        noValidate
        aria-labelledby="wallet-auto-top-up"
        onSubmit={form.handleSubmit((values) =>
          save.mutate(values as AutoTopUpInput, { onError: (error) => applyApiFieldErrors(form, error) }),
        )}
      >
        <Heading as="h2" id="wallet-auto-top-up" size="md" mb={3}>
          {t('wallet.autoTitle')}
        </Heading>
        {wallet.cards.some((c) => c.is_default) ? null : (
          <Text role="alert" color="red.700" mb={3}>
            {t('wallet.defaultCardRequired')}
          </Text>
        )}
        <Text mb={3} data-testid="auto-top-up-state">
          {enabled ? t('wallet.autoOn', { threshold, count: amount }) : t('wallet.autoOff')}
        </Text>
        <Controller
          control={form.control}
          name="enabled"
          render={({ field }) => (
            <CheckboxField
              label={t('wallet.autoEnable')}
              mb={4}
              name={field.name}
              checked={Boolean(field.value)}
              onChange={field.onChange}
              onBlur={field.onBlur}
            />
          )}
        />
        <TextField
          label={t('wallet.autoThreshold')}
          type="number"
          registration={form.register('threshold')}
          error={errors.threshold}
        />
        <TextField
          label={t('wallet.autoAmount')}
          type="number"
          registration={form.register('amount')}
          error={errors.amount}
        />
        <Controller
          control={form.control}
          name="consent"
          render={({ field }) => (
            <CheckboxField
              label={t('wallet.autoConsent')}
              mb={1}
              alignItems="flex-start"
              name={field.name}
              checked={Boolean(field.value)}
              onChange={field.onChange}
              onBlur={field.onBlur}
            />
          )}
        />
        {errors.consent?.message ? (
          <Text color="red.700" fontSize="sm" mb={2}>
            {errors.consent.message}
          </Text>
        ) : null}
        <Button type="submit" colorPalette="brand" loading={save.isPending} mt={3}>
          {t('actions.save')}
        </Button>
      </form>
    </Box>
  );
}
