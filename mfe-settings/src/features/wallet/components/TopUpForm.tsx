import { Box, Button, Heading, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField, applyApiFieldErrors, useYupForm } from '@leadsmith/shared';
import type { Charge } from '../api/get-charges';
import type { Wallet } from '../api/get-wallet';
import { topUpSchema, useTopUp } from '../api/top-up';

/** Buys additional credits with the default card. */
export function TopUpForm({ wallet, onPaid }: { wallet: Wallet; onPaid: (charge: Charge) => void }) {
  const { t, i18n } = useTranslation('settings');
  const topUp = useTopUp();
  const schema = useMemo(
    () => topUpSchema(wallet.pricing.minTopUp, wallet.pricing.maxTopUp),
    [wallet.pricing.minTopUp, wallet.pricing.maxTopUp],
  );
  const form = useYupForm(schema, { defaultValues: { credits: 100 } });
  const credits = Number(form.watch('credits')) || 0;
  const hasDefault = wallet.cards.some((c) => c.is_default);
  const money = new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'USD' });
  const price = money.format((credits * wallet.pricing.centsPerCredit) / 100);
  // A reseller's customer pays its reseller's credit sale price (spec §5), so the rate is shown too.
  const perCredit = money.format(wallet.pricing.centsPerCredit / 100);
  return (
    <Box borderWidth="1px" rounded="md" p={4} flex="1" asChild>
      <form
        noValidate
        aria-labelledby="wallet-top-up"
        onSubmit={form.handleSubmit((values) =>
          topUp.mutate(values, {
            onSuccess: (answer) => onPaid(answer.data),
            onError: (error) => applyApiFieldErrors(form, error),
          }),
        )}
      >
        <Heading as="h2" id="wallet-top-up" size="md" mb={3}>
          {t('wallet.topUpTitle')}
        </Heading>
        {hasDefault ? null : (
          <Text role="alert" color="red.700" mb={3}>
            {t('wallet.defaultCardRequired')}
          </Text>
        )}
        <TextField
          label={t('wallet.topUpCredits')}
          type="number"
          registration={form.register('credits')}
          error={form.formState.errors.credits}
        />
        <Text mb={1} data-testid="price-per-credit">
          {t('wallet.pricePerCredit', { price: perCredit })}
        </Text>
        <Text mb={3}>{t('wallet.price', { price })}</Text>
        <Text mb={3} fontSize="sm">
          {t('wallet.validity')}
        </Text>
        <Button type="submit" colorPalette="brand" loading={topUp.isPending}>
          {t('wallet.buy')}
        </Button>
      </form>
    </Box>
  );
}
