import { Badge, Box, Button, Flex } from '@chakra-ui/react';
import { PageHeader, ConfirmDialog, type Column, FilterSelect, useListParams } from '@leadsmith/shared';
import { PagedTable } from '../../../components/PagedTable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDate } from '../../../components/format';
import { SUBSCRIPTION_PAGE_SIZE, useSubscriptions, type Subscription, type SubscriptionStatus } from '../api/listSubscriptions';
import { availableActions, confirmKey, useSubscriptionAction, type SubscriptionAction } from '../api/subscriptionAction';

const FILTERS = ['status'] as const;
const STATUSES: SubscriptionStatus[] = ['active', 'past_due', 'canceled'];

/** whitelabel/subscriptions: the reseller's customers' subscriptions and their lifecycle. */
export function SubscriptionsPage() {
  const { t, i18n } = useTranslation('whitelabel');
  const { page, filters, setFilter, setPage } = useListParams(FILTERS);
  const status = STATUSES.includes(filters.status as SubscriptionStatus) ? (filters.status as SubscriptionStatus) : undefined;
  const list = useSubscriptions({ page, status });
  const action = useSubscriptionAction();
  const [pending, setPending] = useState<{ sub: Subscription; action: SubscriptionAction } | null>(null);
  const statusText = (s: Subscription) =>
    s.status === 'active' && s.cancel_at_period_end ? t('subscriptions.cancelsOn', { date: formatDate(s.current_period_end, i18n.language) }) : t(`subscriptions.status.${s.status}`);
  const columns: Column<Subscription>[] = [
    { key: 'customer', header: t('subscriptions.customer'), render: (s) => s.customer_name },
    { key: 'email', header: t('subscriptions.email'), render: (s) => s.email },
    { key: 'username', header: t('subscriptions.username'), render: (s) => s.username },
    { key: 'plan', header: t('subscriptions.plan'), render: (s) => s.plan_name },
    {
      key: 'status',
      header: t('subscriptions.statusLabel'),
      render: (s) => (
        <Badge colorPalette={s.status === 'active' ? 'green' : 'gray'} color={s.status === 'active' ? 'green.800' : 'gray.800'} data-testid={`status-${s.id}`}>
          {statusText(s)}
        </Badge>
      ),
    },
    {
      key: 'managed',
      header: t('subscriptions.managedBy'),
      // Billed by Stripe or PayKickstart: the provider is named.
      render: (s) => t(`subscriptions.managed.${s.managed_by === 'provider' && s.billing_provider && s.billing_provider !== 'sandbox' ? s.billing_provider : s.managed_by}`),
    },
    { key: 'period', header: t('subscriptions.periodEnd'), render: (s) => formatDate(s.current_period_end, i18n.language) },
    {
      key: 'actions',
      header: t('kit.actions'),
      end: true,
      render: (s) => (
        <Flex gap={2} justify="end" wrap="wrap">
          <Button asChild size="xs" variant="outline">
            <RouterLink to={`/subscriptions/${s.id}/edit`} aria-label={t('subscriptions.editNamed', { name: s.customer_name })}>
              {t('kit.edit')}
            </RouterLink>
          </Button>
          {availableActions(s).map((a) => (
            <Button
              key={a}
              size="xs"
              variant="outline"
              color={a === 'refund' || a === 'cancel' ? 'red.700' : undefined}
              aria-label={t(`subscriptions.actionNamed.${confirmKey(s, a)}`, { name: s.customer_name })}
              onClick={() => setPending({ sub: s, action: a })}
            >
              {t(`subscriptions.actions.${a}`)}
            </Button>
          ))}
        </Flex>
      ),
    },
  ];
  return (
    <Box>
      <PageHeader
        title={t('routes.subscriptions')}
        actions={
          <Flex gap={2}>
            <Button asChild variant="outline" size="sm">
              <RouterLink to="/subscriptions/usage-history">{t('routes.usageHistory')}</RouterLink>
            </Button>
            <Button asChild variant="outline" size="sm">
              <RouterLink to="/subscriptions/credit-purchases">{t('routes.creditPurchases')}</RouterLink>
            </Button>
            <Button asChild colorPalette="brand" size="sm">
              <RouterLink to="/subscriptions/create">{t('routes.subscriptionCreate')}</RouterLink>
            </Button>
          </Flex>
        }
      />
      <Flex as="section" aria-label={t('kit.filters')} gap={4} mb={4}>
        <FilterSelect
          label={t('subscriptions.statusLabel')}
          value={status ?? ''}
          onChange={(v) => setFilter('status', v)}
          allLabel={t('kit.all')}
          options={STATUSES.map((s) => ({ value: s, label: t(`subscriptions.status.${s}`) }))}
        />
      </Flex>
      <PagedTable query={list} label={t('routes.subscriptions')} rowKey={(s) => s.id} columns={columns} page={page} pageSize={SUBSCRIPTION_PAGE_SIZE} onPage={setPage} />
      <ConfirmDialog
        open={pending !== null}
        title={pending ? t(`subscriptions.confirm.${confirmKey(pending.sub, pending.action)}.title`) : ''}
        body={pending ? t(`subscriptions.confirm.${confirmKey(pending.sub, pending.action)}.body`, { name: pending.sub.customer_name }) : ''}
        confirmLabel={pending ? t(`subscriptions.confirm.${confirmKey(pending.sub, pending.action)}.button`) : ''}
        destructive={pending?.action === 'refund' || pending?.action === 'cancel'}
        busy={action.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (!pending) return;
          action.mutate({ id: pending.sub.id, action: pending.action }, { onSettled: () => setPending(null) });
        }}
      />
    </Box>
  );
}
