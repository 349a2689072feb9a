import { Badge, Box, Button, Text } from '@chakra-ui/react';
import { PageHeader, RefundDialog, type Column, useListParams } from '@leadsmith/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PagedTable } from '../../../components/PagedTable';
import { formatDateTime, formatMoney } from '../../../components/format';
import {
  PURCHASE_PAGE_SIZE,
  refundable,
  useCreditPurchases,
  useRefundCreditPurchase,
  type CreditPurchase,
} from '../api/creditPurchases';

const NO_FILTERS = [] as const;

/** Where a purchase stands: paid, refunded, its refund on the way or refused by the provider. */
function state(p: CreditPurchase): 'paid' | 'refunded' | 'refundAsked' | 'refundRefused' | 'failed' | 'open' {
  if (p.status === 'refunded') return 'refunded';
  if (p.status === 'succeeded')
    return p.refund_requested_at === null ? 'paid' : p.refund_failure_code ? 'refundRefused' : 'refundAsked';
  return p.status === 'failed' ? 'failed' : 'open';
}

/**
 * subscriptions/credit-purchases: what the reseller's customers paid for credits, and the refund of a
 * purchase paid to the reseller's account (the money back to the card, the credits out of the wallet;
 * credits already spent cannot come back, which the dialog says before and the row after).
 */
export function CreditPurchasesPage() {
  const { t, i18n } = useTranslation('whitelabel');
  const navigate = useNavigate();
  const { page, setPage } = useListParams(NO_FILTERS);
  const list = useCreditPurchases(page);
  const refund = useRefundCreditPurchase();
  const [pending, setPending] = useState<CreditPurchase | null>(null);
  const n = (value: number) => new Intl.NumberFormat(i18n.language).format(value);
  const columns: Column<CreditPurchase>[] = [
    { key: 'when', header: t('history.when'), render: (p) => formatDateTime(p.created_at, i18n.language) },
    { key: 'customer', header: t('subscriptions.customer'), render: (p) => `${p.customer_name} (${p.email})` },
    { key: 'kind', header: t('purchases.kind'), render: (p) => t(`purchases.kinds.${p.kind}`) },
    {
      key: 'amount',
      header: t('purchases.amount'),
      end: true,
      render: (p) => formatMoney(p.amount_cents, i18n.language),
    },
    { key: 'credits', header: t('purchases.credits'), end: true, render: (p) => n(p.credits) },
    {
      key: 'status',
      header: t('subscriptions.statusLabel'),
      render: (p) => {
        const s = state(p);
        return (
          <Box>
            <Badge
              colorPalette={s === 'paid' ? 'green' : s === 'refundRefused' || s === 'failed' ? 'red' : 'gray'}
              color={s === 'paid' ? 'green.800' : s === 'refundRefused' || s === 'failed' ? 'red.800' : 'gray.800'}
              data-testid={`purchase-status-${p.id}`}
            >
              {t(`purchases.states.${s}`)}
            </Badge>
            {s === 'refunded' && p.refund_taken_credits !== null ? (
              <Text fontSize="sm" mt={1} data-testid={`purchase-refund-${p.id}`}>
                {(p.refund_shortfall_credits ?? 0) > 0
                  ? t('purchases.takenBackShort', {
                      taken: n(p.refund_taken_credits),
                      shortfall: n(p.refund_shortfall_credits ?? 0),
                    })
                  : t('purchases.takenBack', { taken: n(p.refund_taken_credits) })}
              </Text>
            ) : null}
          </Box>
        );
      },
    },
    {
      key: 'actions',
      header: t('kit.actions'),
      end: true,
      render: (p) =>
        refundable(p) ? (
          <Button
            size="xs"
            variant="outline"
            color="red.700"
            aria-label={t('purchases.refundNamed', {
              name: p.customer_name,
              date: formatDateTime(p.created_at, i18n.language),
            })}
            onClick={() => setPending(p)}
          >
            {t('purchases.refund')}
          </Button>
        ) : p.status === 'succeeded' && !p.paid_to_you ? (
          <Text fontSize="sm">{t('purchases.paidToPlatform')}</Text>
        ) : null,
    },
  ];
  return (
    <Box>
      <PageHeader title={t('routes.creditPurchases')} onBack={() => navigate(-1)} />
      <Text mb={4}>{t('purchases.intro')}</Text>
      <PagedTable
        query={list}
        label={t('routes.creditPurchases')}
        rowKey={(p) => p.id}
        columns={columns}
        page={page}
        pageSize={PURCHASE_PAGE_SIZE}
        onPage={setPage}
      />
      <RefundDialog
        payment={pending}
        title={t('purchases.confirmTitle')}
        describe={(p, shortfall) => [
          t('purchases.confirmBody', {
            count: p.credits,
            amount: formatMoney(p.amount_cents, i18n.language),
            name: p.customer_name,
            credits: n(p.credits),
          }),
          shortfall > 0
            ? t('purchases.confirmShortfall', { left: n(p.wallet_additional), shortfall: n(shortfall) })
            : null,
        ]}
        confirmLabel={t('purchases.refund')}
        busy={refund.isPending}
        onCancel={() => setPending(null)}
        onConfirm={(p) => refund.mutate(p.id, { onSettled: () => setPending(null) })}
      />
    </Box>
  );
}
