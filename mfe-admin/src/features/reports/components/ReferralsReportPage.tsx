import { Box, SimpleGrid } from '@chakra-ui/react';
import { DEFAULT_PAGE_SIZE, ErrorState, PageHeader, PageSpinner, DataTable, Pagination, useListParams } from '@leadsmith/shared';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_COLORS, ChartCard, StatCard } from '../../../components/charts';
import { formatNumber } from '../../../components/formatting';
import { useReferralsReport } from '../api/getReferralsReport';
import { ReportsNav } from '../../../components/SectionTabs';

const NONE = [] as const;

export function ReferralsReportPage() {
  const { t } = useTranslation('admin');
  const { page, setPage } = useListParams(NONE);
  const report = useReferralsReport(page);
  return (
    <Box>
      <PageHeader title={t('routes.referralsReport')} />
      <ReportsNav />
      {report.isPending ? (
        <PageSpinner />
      ) : report.isError ? (
        <ErrorState title={t('kit.loadFailed')} onRetry={() => void report.refetch()} />
      ) : (
        <>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap={4} mb={6}>
            <StatCard label={t('reports.partners')} value={formatNumber(report.data.total)} />
            <StatCard label={t('reports.referred')} value={formatNumber(report.data.data.reduce((s, r) => s + r.active_users, 0))} />
            <StatCard label={t('reports.unattributed')} value={formatNumber(report.data.unattributed)} />
          </SimpleGrid>
          <ChartCard title={t('reports.referralsChart')} testId="chart-referrals" height={240}>
            <BarChart data={report.data.data}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="name" />
              <YAxis allowDecimals={false} />
              <Tooltip />
              <Legend />
              <Bar dataKey="active_users" stackId="u" name={t('reports.activeUsers')} fill={CHART_COLORS[0]} />
              <Bar dataKey="deleted_users" stackId="u" name={t('reports.deletedUsers')} fill={CHART_COLORS[5]} />
            </BarChart>
          </ChartCard>
          <Box mt={6}>
            <DataTable
              label={t('routes.referralsReport')}
              rows={report.data.data}
              rowKey={(r) => r.partner_id}
              columns={[
                { key: 'name', header: t('fields.name'), render: (r) => r.name },
                { key: 'code', header: t('fields.referral_code'), render: (r) => r.referral_code },
                { key: 'active', header: t('reports.activeUsers'), end: true, render: (r) => formatNumber(r.active_users) },
                { key: 'deleted', header: t('reports.deletedUsers'), end: true, render: (r) => formatNumber(r.deleted_users) },
              ]}
            />
            <Pagination page={page} pageSize={DEFAULT_PAGE_SIZE} total={report.data.total} onChange={setPage} />
          </Box>
        </>
      )}
    </Box>
  );
}
