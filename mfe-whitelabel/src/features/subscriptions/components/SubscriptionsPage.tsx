import { Button } from '@chakra-ui/react';
import { ConfirmDialog, FilterSelect, useListParams } from '@leadsmith/shared';
import { ResourceListPage } from '@leadsmith/shared/resource';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Subscription, SubscriptionStatus } from '../api/listSubscriptions';
import {
  availableActions,
  confirmKey,
  useSubscriptionAction,
  type SubscriptionAction,
} from '../api/subscriptionAction';
import { SUBSCRIPTIONS } from './subscriptionResource';

const FILTERS = ['status'] as const;
const STATUSES: SubscriptionStatus[] = ['active', 'past_due', 'canceled'];

/** whitelabel/subscriptions: the reseller's customers' subscriptions and their lifecycle. */
export function SubscriptionsPage() {
  const { t } = useTranslation('whitelabel');
  const { filters, setFilter } = useListParams(FILTERS);
  const status = STATUSES.includes(filters.status as SubscriptionStatus)
    ? (filters.status as SubscriptionStatus)
    : undefined;
  const action = useSubscriptionAction();
  const [pending, setPending] = useState<{ sub: Subscription; action: SubscriptionAction } | null>(null);
  const confirm = pending ? `subscriptions.confirm.${confirmKey(pending.sub, pending.action)}` : null;
  return (
    <ResourceListPage
      def={SUBSCRIPTIONS}
      headerActions={
        <>
          <Button asChild variant="outline" size="sm">
            <RouterLink to="/subscriptions/usage-history">{t('routes.usageHistory')}</RouterLink>
          </Button>
          <Button asChild variant="outline" size="sm">
            <RouterLink to="/subscriptions/credit-purchases">{t('routes.creditPurchases')}</RouterLink>
          </Button>
        </>
      }
      filters={
        <FilterSelect
          label={t('subscriptions.statusLabel')}
          value={status ?? ''}
          onChange={(v) => setFilter('status', v)}
          allLabel={t('kit.all')}
          options={STATUSES.map((s) => ({ value: s, label: t(`subscriptions.status.${s}`) }))}
        />
      }
      filterValues={status ? { status } : undefined}
      trailingActions={(s) =>
        availableActions(s).map((a) => (
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
        ))
      }
    >
      <ConfirmDialog
        open={pending !== null}
        title={confirm ? t(`${confirm}.title`) : ''}
        body={pending && confirm ? t(`${confirm}.body`, { name: pending.sub.customer_name }) : ''}
        confirmLabel={confirm ? t(`${confirm}.button`) : ''}
        destructive={pending?.action === 'refund' || pending?.action === 'cancel'}
        busy={action.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (!pending) return;
          action.mutate({ id: pending.sub.id, action: pending.action }, { onSettled: () => setPending(null) });
        }}
      />
    </ResourceListPage>
  );
}
