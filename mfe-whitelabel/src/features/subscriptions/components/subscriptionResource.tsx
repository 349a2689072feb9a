import { Badge } from '@chakra-ui/react';
import type { ResourceDefinition } from '@leadsmith/shared/resource';
import { formatDate } from '../../../components/format';
import { resourceTexts } from '../../../components/resourceTexts';
import { subscriptionsApi, type Subscription } from '../api/listSubscriptions';

/** whitelabel/subscriptions: the list (no delete: a subscription ends through its lifecycle actions); its form is its own, see SubscriptionFormPage. */
export const SUBSCRIPTIONS: ResourceDefinition<Subscription> = {
  ns: 'whitelabel',
  texts: resourceTexts('subscriptions'),
  api: () => subscriptionsApi,
  titleKey: 'routes.subscriptions',
  createKey: 'routes.subscriptionCreate',
  editKey: 'routes.subscriptionEdit',
  form: 'page',
  paths: {
    list: () => '/subscriptions',
    create: () => '/subscriptions/create',
    edit: (_scope, id) => `/subscriptions/${id}/edit`,
  },
  deletable: false,
  labelField: 'customer_name',
  fields: [],
  columns: (t, language) => {
    const statusText = (s: Subscription) =>
      s.status === 'active' && s.cancel_at_period_end
        ? t('subscriptions.cancelsOn', { date: formatDate(s.current_period_end, language) })
        : t(`subscriptions.status.${s.status}`);
    return [
      { key: 'customer', header: t('subscriptions.customer'), render: (s) => s.customer_name },
      { key: 'email', header: t('subscriptions.email'), render: (s) => s.email },
      { key: 'username', header: t('subscriptions.username'), render: (s) => s.username },
      { key: 'plan', header: t('subscriptions.plan'), render: (s) => s.plan_name },
      {
        key: 'status',
        header: t('subscriptions.statusLabel'),
        render: (s) => (
          <Badge
            colorPalette={s.status === 'active' ? 'green' : 'gray'}
            color={s.status === 'active' ? 'green.800' : 'gray.800'}
            data-testid={`status-${s.id}`}
          >
            {statusText(s)}
          </Badge>
        ),
      },
      {
        key: 'managed',
        header: t('subscriptions.managedBy'),
        // Billed by Stripe or PayKickstart: the provider is named.
        render: (s) =>
          t(
            `subscriptions.managed.${s.managed_by === 'provider' && s.billing_provider && s.billing_provider !== 'sandbox' ? s.billing_provider : s.managed_by}`,
          ),
      },
      {
        key: 'period',
        header: t('subscriptions.periodEnd'),
        render: (s) => formatDate(s.current_period_end, language),
      },
    ];
  },
};
