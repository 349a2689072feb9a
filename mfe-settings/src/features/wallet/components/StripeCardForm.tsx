import { Box, Button, Text } from '@chakra-ui/react';
import { CheckboxField } from '@leadsmith/shared';
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { startCardSetup, useSaveCard } from '../api/add-card';
import type { Charge } from '../api/get-charges';

/**
 * The card form with Stripe: Stripe.js (loaded only here, when a card is entered) mounts the Payment
 * Element and confirms the SetupIntent with Stripe directly; the API receives the SetupIntent's id.
 */
export default function StripeCardForm({ onPaid }: { onPaid: (charge: Charge) => void }) {
  const { t } = useTranslation('settings');
  const mount = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [makeDefault, setMakeDefault] = useState(false);
  const [busy, setBusy] = useState(false);
  const save = useSaveCard();

  useEffect(() => {
    let gone = false;
    void (async () => {
      try {
        const setup = await startCardSetup();
        const { loadStripe } = await import('@stripe/stripe-js');
        const stripe = setup.publishable_key ? await loadStripe(setup.publishable_key) : null;
        if (!stripe || gone || !mount.current) throw new Error(t('wallet.stripeUnavailable'));
        const elements = stripe.elements({ clientSecret: setup.client_secret });
        elements.create('payment').mount(mount.current);
        setReady({ stripe, elements });
      } catch (failure) {
        if (!gone) setError(failure instanceof Error ? failure.message : t('wallet.stripeUnavailable'));
      }
    })();
    return () => {
      gone = true;
    };
  }, [t]);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!ready) return;
    setBusy(true);
    setError(null);
    const result = await ready.stripe.confirmSetup({ elements: ready.elements, redirect: 'if_required' });
    if (result.error || !result.setupIntent) {
      setError(result.error?.message ?? t('wallet.paymentFailed'));
      setBusy(false);
      return;
    }
    save.mutate(
      { setup_intent_id: result.setupIntent.id, make_default: makeDefault },
      { onSuccess: (answer) => onPaid(answer.charge), onSettled: () => setBusy(false) },
    );
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label={t('wallet.addCardTitle')}>
      <Box ref={mount} mb={3} minH="120px" data-testid="stripe-payment-element" />
      {error ? (
        <Text role="alert" color="red.700" mb={3}>
          {error}
        </Text>
      ) : null}
      <CheckboxField label={t('wallet.makeDefaultOnAdd')} mb={4} checked={makeDefault} onChange={setMakeDefault} />
      <Button type="submit" colorPalette="brand" loading={busy} disabled={!ready}>
        {t('wallet.addCard')}
      </Button>
    </form>
  );
}
