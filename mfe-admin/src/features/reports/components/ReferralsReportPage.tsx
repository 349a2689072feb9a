import { Box, SimpleGrid } from '@chakra-ui/react';
import {
  DEFAULT_PAGE_SIZE,
  ErrorState,
  PageHeader,
  PageSpinner,
  DataTable,
  Pagination,
  useChartPalette,
  useListParams,
} from '@leadsmith/shared';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { allZero, AXIS_TICK, categoryAxisWidth, ChartCard, StatCard } from '../../../components/charts';
import { formatNumber } from '../../../components/formatting';
import { useReferralsReport } from '../api/getReferralsReport';
import { ReportsNav } from '../../../components/SectionTabs';

const NONE = [] as const;

export function ReferralsReportPage() {
  const { t } = useTranslation('admin');
  const { page, setPage } = useListParams(NONE);
  const report = useReferralsReport(page);
  const palette = useChartPalette();
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
            <StatCard
              label={t('reports.referred')}
              value={formatNumber(report.data.data.reduce((s, r) => s + r.active_users, 0))}
            />
            <StatCard label={t('reports.unattributed')} value={formatNumber(report.data.unattributed)} />
          </SimpleGrid>
          <ChartCard
            title={t('reports.referralsChart')}
            testId="chart-referrals"
            height={Math.max(160, 48 + report.data.data.length * 32)}
            empty={allZero(report.data.data, ['active_users', 'deleted_users'])}
          >
            <BarChart data={report.data.data} layout="vertical">
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis type="number" allowDecimals={false} tick={AXIS_TICK} />
              <YAxis
                type="category"
                dataKey="name"
                tick={AXIS_TICK}
                interval={0}
                width={categoryAxisWidth(report.data.data.map((r) => r.name))}
              />
              <Tooltip />
              <Legend />
              <Bar
                dataKey="active_users"
                stackId="u"
                name={t('reports.activeUsers')}
                fill={palette[0]}
                isAnimationActive={false}
              />
              <Bar
                dataKey="deleted_users"
                stackId="u"
                name={t('reports.deletedUsers')}
                fill={palette[5]}
                isAnimationActive={false}
              />
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
                {
                  key: 'active',
                  header: t('reports.activeUsers'),
                  end: true,
                  render: (r) => formatNumber(r.active_users),
                },
                {
                  key: 'deleted',
                  header: t('reports.deletedUsers'),
                  end: true,
                  render: (r) => formatNumber(r.deleted_users),
                },
              ]}
            />
            <Pagination page={page} pageSize={DEFAULT_PAGE_SIZE} total={report.data.total} onChange={setPage} />
          </Box>
        </>
      )}
    </Box>
  );
}
