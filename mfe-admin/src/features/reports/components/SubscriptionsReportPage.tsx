import { Box, Flex } from '@chakra-ui/react';
import {
  DEFAULT_PAGE_SIZE,
  ErrorState,
  PageHeader,
  PageSpinner,
  DataTable,
  FilterSelect,
  Pagination,
  useChartPalette,
  useListParams,
} from '@leadsmith/shared';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { allZero, AXIS_TICK, ChartCard } from '../../../components/charts';
import { formatDate } from '../../../components/formatting';
import {
  SUBSCRIPTION_REPORT_STATUSES,
  useSubscriptionsReport,
  type SubscriptionReportStatus,
} from '../api/getSubscriptionsReport';
import { ReportsNav } from '../../../components/SectionTabs';

const FILTERS = ['status'] as const;

export function SubscriptionsReportPage() {
  const { t } = useTranslation('admin');
  const { page, filters, setFilter, setPage } = useListParams(FILTERS);
  const report = useSubscriptionsReport(page, (filters.status || undefined) as SubscriptionReportStatus | undefined);
  const palette = useChartPalette();
  const statusLabel = (s: string | null) => t(`dashboard.subscriptionStatus.${s ?? 'none'}`, { defaultValue: s ?? '' });
  return (
    <Box>
      <PageHeader title={t('routes.subscriptionsReport')} />
      <ReportsNav />
      {report.isPending ? (
        <PageSpinner />
      ) : report.isError ? (
        <ErrorState title={t('kit.loadFailed')} onRetry={() => void report.refetch()} />
      ) : (
        <>
          <ChartCard
            title={t('dashboard.subscriptionsChart')}
            testId="chart-subscriptions-report"
            height={220}
            empty={allZero(report.data.summary, ['count'])}
          >
            <BarChart data={report.data.summary.map((s) => ({ ...s, label: statusLabel(s.status) }))}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="label" tick={AXIS_TICK} interval={0} />
              <YAxis allowDecimals={false} tick={AXIS_TICK} />
              <Tooltip />
              <Bar dataKey="count" name={t('dashboard.users')} fill={palette[0]} isAnimationActive={false} />
            </BarChart>
          </ChartCard>
          <Flex as="section" aria-label={t('kit.filters')} gap={4} my={4}>
            <FilterSelect
              label={t('fields.subscription_status')}
              value={filters.status}
              onChange={(v) => setFilter('status', v)}
              allLabel={t('kit.all')}
              options={SUBSCRIPTION_REPORT_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
            />
          </Flex>
          <DataTable
            label={t('routes.subscriptionsReport')}
            rows={report.data.data}
            rowKey={(r) => r.id}
            columns={[
              { key: 'name', header: t('users.name'), render: (r) => r.name || r.email },
              { key: 'email', header: t('fields.email'), render: (r) => r.email },
              { key: 'plan', header: t('fields.plan_id'), render: (r) => r.plan_name ?? '—' },
              {
                key: 'status',
                header: t('fields.subscription_status'),
                render: (r) => statusLabel(r.subscription_status),
              },
              { key: 'sub', header: t('fields.subscription_id'), render: (r) => r.subscription_id ?? '—' },
              {
                key: 'expiry',
                header: t('fields.license_expires_at'),
                render: (r) => formatDate(r.license_expires_at),
              },
            ]}
          />
          <Pagination page={page} pageSize={DEFAULT_PAGE_SIZE} total={report.data.total} onChange={setPage} />
        </>
      )}
    </Box>
  );
}
