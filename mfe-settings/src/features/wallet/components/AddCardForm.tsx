import { Box, Button, Flex, Heading, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField, applyApiFieldErrors, useYupForm } from '@leadsmith/shared';
import { cardSchema, useAddCard, type CardInput } from '../api/add-card';
import type { Charge } from '../api/get-charges';
import type { Wallet } from '../api/get-wallet';

const EMPTY = { number: '', exp_month: undefined, exp_year: undefined, cvc: '', make_default: false } as unknown as CardInput;

/** Adds a card: the 1-dollar validation charge adds 10 credits (spec §9). */
export function AddCardForm({ wallet, onPaid }: { wallet: Wallet; onPaid: (charge: Charge) => void }) {
  const { t } = useTranslation('settings');
  const add = useAddCard();
  const [formKey, setFormKey] = useState(0);
  const form = useYupForm(cardSchema, { defaultValues: EMPTY });
  const { errors } = form.formState;
  const dollars = (wallet.pricing.validationCents / 100).toFixed(2);
  return (
    <Box key={formKey} borderWidth="1px" rounded="md" p={4} maxW="2xl" asChild>
      <form noValidate aria-labelledby="wallet-add-card"
        onSubmit={form.handleSubmit((values) =>
          add.mutate(values, {
            onSuccess: (answer) => {
              onPaid(answer.charge);
              form.reset(EMPTY);
              setFormKey((k) => k + 1);
            },
            onError: (error) => applyApiFieldErrors(form, error),
          }),
        )}
      >
        <Heading as="h3" id="wallet-add-card" size="sm" mb={2}>
          {t('wallet.addCardTitle')}
        </Heading>
        <Text mb={3}>{t('wallet.validationCharge', { amount: dollars, credits: wallet.pricing.validationCredits })}</Text>
        {wallet.provider === 'sandbox' ? <Text mb={3} fontSize="sm">{t('wallet.sandboxHint')}</Text> : null}
        <TextField label={t('wallet.cardNumber')} inputMode="numeric" autoComplete="cc-number" registration={form.register('number')} error={errors.number} />
        <Flex gap={3} wrap="wrap">
          <Box flex="1" minW="120px">
            <TextField label={t('wallet.expMonth')} type="number" autoComplete="cc-exp-month" registration={form.register('exp_month')} error={errors.exp_month} />
          </Box>
          <Box flex="1" minW="120px">
            <TextField label={t('wallet.expYear')} type="number" autoComplete="cc-exp-year" registration={form.register('exp_year')} error={errors.exp_year} />
          </Box>
          <Box flex="1" minW="120px">
            <TextField label={t('wallet.cvc')} inputMode="numeric" autoComplete="cc-csc" registration={form.register('cvc')} error={errors.cvc} />
          </Box>
        </Flex>
        <Box as="label" display="flex" gap={2} alignItems="center" mb={4}>
          <input type="checkbox" {...form.register('make_default')} />
          {t('wallet.makeDefaultOnAdd')}
        </Box>
        <Button type="submit" colorPalette="brand" loading={add.isPending}>
          {t('wallet.addCard')}
        </Button>
      </form>
    </Box>
  );
}
