import { Box, Button, Code, Flex, Text } from '@chakra-ui/react';
import { FilterSelect, ErrorState, PageHeader, PageSpinner, useAreaProps } from '@leadsmith/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../components/format';
import { usePaymentAccount, type BillingType } from '../api/getPaymentAccount';
import { useDisconnect, useSaveBillingType, useStartConnect } from '../api/paymentAccountActions';
import { PaykickstartSettingsPanel } from './PaykickstartSettings';

const BILLING_TYPES: BillingType[] = ['stripe', 'paykickstart'];

/** whitelabel/stripe: connect the reseller's payment account and choose its billing type. */
export function StripePage() {
  const { t, i18n } = useTranslation('whitelabel');
  const { basename } = useAreaProps();
  const account = usePaymentAccount();
  const billing = useSaveBillingType();
  const connect = useStartConnect();
  const disconnect = useDisconnect();
  const handleConnect = () =>
    connect.mutate(`${window.location.origin}${basename.replace(/\/$/, '')}/stripe/callback`, {
      onSuccess: ({ url }) => window.location.assign(url),
    });
  return (
    <Box>
      <PageHeader title={t('routes.stripe')} />
      {account.isPending ? (
        <PageSpinner />
      ) : account.isError ? (
        <ErrorState title={t('kit.loadFailed')} onRetry={() => void account.refetch()} />
      ) : (
        <Box maxW="40rem">
          <Text mb={4}>{account.data.stripe_configured ? t('stripe.introLive') : t('stripe.introSandbox')}</Text>
          <FilterSelect
            size="md"
            width="20rem"
            mb={6}
            label={t('stripe.billingType')}
            value={account.data.data.billing_type}
            onChange={(v) => billing.mutate(v as BillingType)}
            options={BILLING_TYPES.map((b) => ({ value: b, label: t(`stripe.billingTypes.${b}`) }))}
          />
          {account.data.data.billing_type === 'paykickstart' ? (
            <PaykickstartSettingsPanel />
          ) : (
            <Box
              borderWidth="1px"
              borderRadius="md"
              p={5}
              bg="white"
              role="status"
              data-testid="payment-account-status"
            >
              {account.data.data.connected ? (
                <>
                  <Text fontWeight="semibold" mb={1}>
                    {t('stripe.connected', { mode: t(`stripe.modes.${account.data.data.mode ?? 'sandbox'}`) })}
                  </Text>
                  <Text mb={4}>
                    <Code>{account.data.data.account_id}</Code> ·{' '}
                    {formatDateTime(account.data.data.connected_at, i18n.language)}
                  </Text>
                  <Button
                    variant="outline"
                    color="red.700"
                    loading={disconnect.isPending}
                    onClick={() => disconnect.mutate(undefined)}
                  >
                    {t('stripe.disconnect')}
                  </Button>
                </>
              ) : (
                <Flex direction="column" align="start" gap={3}>
                  <Text>{t('stripe.notConnected')}</Text>
                  <Button colorPalette="brand" loading={connect.isPending} onClick={handleConnect}>
                    {t('stripe.connect')}
                  </Button>
                </Flex>
              )}
            </Box>
          )}
        </Box>
      )}
    </Box>
  );
}
