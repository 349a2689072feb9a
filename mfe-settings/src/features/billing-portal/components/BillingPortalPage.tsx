import { Box, Button, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ErrorState, PageHeader, PageSpinner } from '@leadsmith/shared';
import { useBillingPortal } from '../api/get-billing-portal';

const NAMES = { stripe: 'Stripe', paykickstart: 'PayKickstart' } as const;

/** Billing portal: which payment provider manages the subscription, with a link to its portal. */
export function BillingPortalPage() {
  const { t } = useTranslation('settings');
  const portal = useBillingPortal();
  return (
    <Box>
      <PageHeader title={t('routes.billingPortal')} />
      {portal.isPending ? (
        <PageSpinner />
      ) : portal.isError ? (
        <ErrorState title={t('billing.loadFailed')} onRetry={() => void portal.refetch()} />
      ) : (
        <Box borderWidth="1px" rounded="md" p={5} maxW="xl">
          <Text mb={2} data-testid="billing-provider">
            {t('billing.managedBy', { provider: NAMES[portal.data.type] })}
          </Text>
          <Text mb={4}>{t('billing.explain')}</Text>
          <Button asChild colorPalette="brand">
            <a href={portal.data.value} target="_blank" rel="noopener noreferrer">
              {t('billing.open', { provider: NAMES[portal.data.type] })}
            </a>
          </Button>
        </Box>
      )}
    </Box>
  );
}
