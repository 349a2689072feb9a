import { Badge, Box, Button, Flex, Heading, Spinner, Text } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField, apiFieldErrors, applyApiFieldErrors, useYupForm, CheckboxField } from '@leadsmith/shared';
import { cardSchema, useAddSandboxCard, type CardInput } from '../api/add-card';
import type { Charge } from '../api/get-charges';
import type { Wallet } from '../api/get-wallet';

const EMPTY = {
  number: '',
  exp_month: undefined,
  exp_year: undefined,
  cvc: '',
  make_default: false,
} as unknown as CardInput;

/** Stripe.js is loaded only where a card is entered, and only with Stripe. */
const StripeCardForm = lazy(() => import('./StripeCardForm'));

/** The validation charge's words: its amount in the language's currency format, its credits counted. */
function validationCharge(wallet: Wallet, lang: string) {
  const amount = new Intl.NumberFormat(lang, { style: 'currency', currency: 'USD' }).format(
    wallet.pricing.validationCents / 100,
  );
  return { amount, count: wallet.pricing.validationCredits };
}

/**
 * Adds a card: the 1-dollar validation charge adds 10 credits (spec §9). With Stripe the Payment
 * Element takes the card; in test mode (the sandbox) this form does, and turns it into a token in the
 * page. Either way no card number is sent to the API.
 */
export function AddCardForm({ wallet, onPaid }: { wallet: Wallet; onPaid: (charge: Charge) => void }) {
  const { t, i18n } = useTranslation('settings');
  const charge = validationCharge(wallet, i18n.language);
  if (wallet.provider === 'stripe') {
    return (
      <Box borderWidth="1px" rounded="md" p={4} maxW="2xl">
        <Heading as="h3" size="sm" mb={2}>
          {t('wallet.addCardTitle')}
        </Heading>
        <Text mb={3}>{t('wallet.validationCharge', charge)}</Text>
        <Suspense fallback={<Spinner role="status" aria-label={t('training.loading')} />}>
          <StripeCardForm onPaid={onPaid} />
        </Suspense>
      </Box>
    );
  }
  return <SandboxCardForm wallet={wallet} onPaid={onPaid} />;
}

function SandboxCardForm({ wallet, onPaid }: { wallet: Wallet; onPaid: (charge: Charge) => void }) {
  const { t, i18n } = useTranslation('settings');
  const add = useAddSandboxCard();
  const [formKey, setFormKey] = useState(0);
  const form = useYupForm(cardSchema, { defaultValues: EMPTY });
  const { errors } = form.formState;
  const charge = validationCharge(wallet, i18n.language);
  return (
    <Box key={formKey} borderWidth="1px" rounded="md" p={4} maxW="2xl" asChild>
      <form
        noValidate
        aria-labelledby="wallet-add-card"
        onSubmit={form.handleSubmit((values) =>
          add.mutate(values, {
            onSuccess: (answer) => {
              onPaid(answer.charge);
              form.reset(EMPTY);
              setFormKey((k) => k + 1);
            },
            onError: (error) => {
              // The API names the token it was given; the person typed the number.
              if (applyApiFieldErrors(form, error)) return;
              const fields = apiFieldErrors(error);
              const message = fields.token ?? fields.setup_intent_id;
              if (message) form.setError('number', { type: 'server', message });
            },
          }),
        )}
      >
        <Flex gap={2} alignItems="center" mb={2}>
          <Heading as="h3" id="wallet-add-card" size="sm">
            {t('wallet.addCardTitle')}
          </Heading>
          <Badge colorPalette="orange" data-testid="payments-test-mode">
            {t('wallet.testMode')}
          </Badge>
        </Flex>
        <Text mb={3}>{t('wallet.validationCharge', charge)}</Text>
        <Text mb={3} fontSize="sm">
          {t('wallet.sandboxHint')}
        </Text>
        <TextField
          label={t('wallet.cardNumber')}
          inputMode="numeric"
          autoComplete="cc-number"
          registration={form.register('number')}
          error={errors.number}
        />
        <Flex gap={3} wrap="wrap">
          <Box flex="1" minW="120px">
            <TextField
              label={t('wallet.expMonth')}
              type="number"
              autoComplete="cc-exp-month"
              registration={form.register('exp_month')}
              error={errors.exp_month}
            />
          </Box>
          <Box flex="1" minW="120px">
            <TextField
              label={t('wallet.expYear')}
              type="number"
              autoComplete="cc-exp-year"
              registration={form.register('exp_year')}
              error={errors.exp_year}
            />
          </Box>
          <Box flex="1" minW="120px">
            <TextField
              label={t('wallet.cvc')}
              inputMode="numeric"
              autoComplete="cc-csc"
              registration={form.register('cvc')}
              error={errors.cvc}
            />
          </Box>
        </Flex>
        <Controller
          control={form.control}
          name="make_default"
          render={({ field }) => (
            <CheckboxField
              label={t('wallet.makeDefaultOnAdd')}
              mb={4}
              name={field.name}
              checked={Boolean(field.value)}
              onChange={field.onChange}
              onBlur={field.onBlur}
            />
          )}
        />
        <Button type="submit" colorPalette="brand" loading={add.isPending}>
          {t('wallet.addCard')}
        </Button>
      </form>
    </Box>
  );
}
