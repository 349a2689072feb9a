import { Badge, Box, Button, Flex, Text } from '@chakra-ui/react';
import {
  DataTable,
  DEFAULT_PAGE_SIZE,
  ErrorState,
  FilterSelect,
  PageHeader,
  PageSpinner,
  Pagination,
  RefundDialog,
  useListParams,
} from '@leadsmith/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCents, formatDate, formatNumber } from '../../../components/formatting';
import { ReportsNav } from '../../../components/SectionTabs';
import { SearchBox } from '../../../components/SearchBox';
import {
  PAYMENT_STATES,
  paymentState,
  refundable,
  usePayments,
  useRefundPayment,
  type Payment,
  type PaymentState,
} from '../api/payments';

const FILTERS = ['search', 'state'] as const;

/**
 * reports/payments (issue 25): every customer's wallet payments — credit purchases, automatic top-ups and
 * card checks, paid to the platform or to a reseller's connected account — and their refund, after a
 * confirmation that says what goes back to the card and which credits leave the wallet (credits already
 * spent cannot come back: the dialog says so before and the row after). The API's answer is the toast.
 */
export function PaymentsPage() {
  const { t } = useTranslation('admin');
  const { page, filters, setFilter, setPage } = useListParams(FILTERS);
  const list = usePayments({
    page,
    search: filters.search || undefined,
    state: (filters.state || undefined) as PaymentState | undefined,
  });
  const refund = useRefundPayment();
  const [pending, setPending] = useState<Payment | null>(null);
  const nameOf = (p: Payment) => p.customer_name || p.email;

  return (
    <Box>
      <PageHeader title={t('routes.paymentsReport')} />
      <ReportsNav />
      <Text mb={4}>{t('payments.intro')}</Text>
      <Flex as="section" aria-label={t('kit.filters')} gap={4} wrap="wrap" mb={4} align="end">
        <SearchBox label={t('payments.search')} value={filters.search} onChange={(v) => setFilter('search', v)} />
        <FilterSelect
          label={t('payments.state')}
          value={filters.state}
          onChange={(v) => setFilter('state', v)}
          allLabel={t('kit.all')}
          options={PAYMENT_STATES.map((s) => ({ value: s, label: t(`payments.filterStates.${s}`) }))}
        />
      </Flex>
      {list.isPending ? (
        <PageSpinner />
      ) : list.isError ? (
        <ErrorState title={t('kit.loadFailed')} onRetry={() => void list.refetch()} />
      ) : (
        <>
          <DataTable
            label={t('routes.paymentsReport')}
            rows={list.data.data}
            rowKey={(p) => p.id}
            columns={[
              { key: 'when', header: t('payments.when'), render: (p) => formatDate(p.created_at, true) },
              {
                key: 'customer',
                header: t('payments.customer'),
                render: (p) => (
                  <Box>
                    <Text fontWeight="semibold">{nameOf(p)}</Text>
                    <Text fontSize="sm">{p.email}</Text>
                  </Box>
                ),
              },
              { key: 'kind', header: t('payments.kind'), render: (p) => t(`payments.kinds.${p.kind}`) },
              { key: 'amount', header: t('payments.amount'), end: true, render: (p) => formatCents(p.amount_cents) },
              { key: 'credits', header: t('payments.credits'), end: true, render: (p) => formatNumber(p.credits) },
              {
                key: 'paidTo',
                header: t('payments.paidTo'),
                render: (p) =>
                  p.paid_to_reseller
                    ? t('payments.paidToReseller', { name: p.reseller_name ?? '' })
                    : t('payments.paidToPlatform'),
              },
              {
                key: 'state',
                header: t('payments.state'),
                render: (p) => {
                  const s = paymentState(p);
                  const bad = s === 'refundRefused' || s === 'failed';
                  return (
                    <Box>
                      <Badge
                        variant="outline"
                        colorPalette={s === 'paid' ? 'green' : bad ? 'red' : 'gray'}
                        data-testid={`payment-state-${p.id}`}
                      >
                        {t(`payments.states.${s}`)}
                      </Badge>
                      {s === 'refunded' && p.refund_taken_credits !== null ? (
                        <Text fontSize="sm" mt={1}>
                          {(p.refund_shortfall_credits ?? 0) > 0
                            ? t('payments.takenBackShort', {
                                count: p.refund_taken_credits,
                                taken: formatNumber(p.refund_taken_credits),
                                shortfall: formatNumber(p.refund_shortfall_credits),
                              })
                            : t('payments.takenBack', {
                                count: p.refund_taken_credits,
                                taken: formatNumber(p.refund_taken_credits),
                              })}
                        </Text>
                      ) : null}
                      {s === 'refundRefused' ? (
                        <Text fontSize="sm" mt={1} color="red.700">
                          {t('payments.refusedBy', { code: p.refund_failure_code })}
                        </Text>
                      ) : null}
                    </Box>
                  );
                },
              },
              {
                key: 'actions',
                header: t('users.actions'),
                end: true,
                render: (p) =>
                  refundable(p) ? (
                    <Button
                      size="xs"
                      variant="outline"
                      color="red.700"
                      aria-label={t('payments.refundNamed', {
                        name: nameOf(p),
                        amount: formatCents(p.amount_cents),
                        date: formatDate(p.created_at, true),
                      })}
                      onClick={() => setPending(p)}
                    >
                      {t('payments.refund')}
                    </Button>
                  ) : null,
              },
            ]}
          />
          <Pagination page={page} pageSize={DEFAULT_PAGE_SIZE} total={list.data.total} onChange={setPage} />
        </>
      )}
      <RefundDialog
        payment={pending}
        title={t('payments.confirmTitle')}
        describe={(p, shortfall) => [
          t('payments.confirmBody', {
            count: p.credits,
            amount: formatCents(p.amount_cents),
            name: nameOf(p),
            credits: formatNumber(p.credits),
          }),
          shortfall > 0
            ? t('payments.confirmShortfall', {
                count: shortfall,
                left: formatNumber(p.wallet_additional),
                shortfall: formatNumber(shortfall),
              })
            : null,
        ]}
        confirmLabel={t('payments.refund')}
        busy={refund.isPending}
        onCancel={() => setPending(null)}
        onConfirm={(p) => refund.mutate(p.id, { onSettled: () => setPending(null) })}
      />
    </Box>
  );
}
