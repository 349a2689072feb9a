import { Button, Text } from '@chakra-ui/react';
import { ResourceListPage } from '@leadsmith/shared/resource';
import { useTranslation } from 'react-i18next';
import { useTestWebhook } from '../api/webhookActions';
import { WEBHOOKS } from './webhookResource';

/** whitelabel/webhook: signed POSTs to the reseller's systems when its subscriptions change. */
export function WebhooksPage() {
  const { t } = useTranslation('whitelabel');
  const test = useTestWebhook();
  return (
    <ResourceListPage
      def={WEBHOOKS}
      intro={<Text mb={4}>{t('webhooks.intro')}</Text>}
      leadingActions={(w) => (
        <Button
          size="xs"
          variant="outline"
          aria-label={t('webhooks.testNamed', { name: w.name })}
          loading={test.isPending && test.variables === w.id}
          onClick={() => test.mutate(w.id)}
        >
          {t('webhooks.sendTest')}
        </Button>
      )}
    />
  );
}
