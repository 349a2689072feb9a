import { Box, Button, Text } from '@chakra-ui/react';
import { ErrorState, PageHeader, PageSpinner } from '@leadsmith/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useFinishConnect } from '../api/paymentAccountActions';

/** whitelabel/stripe/callback: where the provider sends the browser back with `code` and `state`. */
export function StripeCallbackPage() {
  const { t } = useTranslation('whitelabel');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const finish = useFinishConnect();
  const code = params.get('code') ?? '';
  const state = params.get('state') ?? '';
  const sent = useRef(false);
  useEffect(() => {
    // The code is single-use: send it once, even under StrictMode's double effects.
    if (sent.current || !code || !state) return;
    sent.current = true;
    finish.mutate({ code, state });
  }, [code, state, finish]);
  const back = (
    <Button colorPalette="brand" onClick={() => navigate('/stripe')}>
      {t('stripe.backToPayments')}
    </Button>
  );
  return (
    <Box>
      <PageHeader title={t('routes.stripeCallback')} />
      {!code || !state ? (
        <ErrorState title={t('stripe.callbackMissing')} />
      ) : finish.isError ? (
        <Box>
          <ErrorState title={t('stripe.callbackFailed')} />
          <Box mt={4}>{back}</Box>
        </Box>
      ) : finish.isSuccess ? (
        <Box role="status">
          <Text mb={4}>{t('stripe.callbackDone')}</Text>
          {back}
        </Box>
      ) : (
        <PageSpinner />
      )}
    </Box>
  );
}
