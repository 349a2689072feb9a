import { Box, Flex } from '@chakra-ui/react';
import { ErrorState, PageHeader, PageSpinner, DataTable } from '@leadsmith/shared';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_COLORS, ChartCard, monthLabel } from '../../../components/charts';
import { formatNumber } from '../../../components/formatting';
import { useMonthlyCreditUsage, type MonthRange } from '../api/getMonthlyCreditUsage';
import { RangeSelect, useRange } from './RangeSelect';
import { AnalyticsNav } from '../../../components/SectionTabs';

const MONTHS: readonly MonthRange[] = [6, 12, 24];

export function MonthlyCreditUsagePage() {
  const { t } = useTranslation('admin');
  const [months, setMonths] = useRange(MONTHS, 12);
  const usage = useMonthlyCreditUsage(months);
  return (
    <Box>
      <PageHeader title={t('routes.monthlyCreditUsage')} />
      <AnalyticsNav />
      <Flex mb={4}>
        <RangeSelect choices={MONTHS} value={months} onChange={setMonths} unit="months" />
      </Flex>
      {usage.isPending ? (
        <PageSpinner />
      ) : usage.isError ? (
        <ErrorState title={t('kit.loadFailed')} onRetry={() => void usage.refetch()} />
      ) : (
        <>
          <ChartCard title={t('analytics.creditsPerMonth')} testId="chart-credits-per-month" height={320}>
            <BarChart data={usage.data.months.map((m) => ({ ...m, label: monthLabel(m.month) }))}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="label" />
              <YAxis />
              <Tooltip />
              <Legend />
              <Bar dataKey="monthly" stackId="credits" name={t('analytics.buckets.monthly')} fill={CHART_COLORS[0]} />
              <Bar dataKey="additional" stackId="credits" name={t('analytics.buckets.additional')} fill={CHART_COLORS[1]} />
              <Bar dataKey="rolled_over" stackId="credits" name={t('analytics.buckets.rolled_over')} fill={CHART_COLORS[2]} />
            </BarChart>
          </ChartCard>
          <Box mt={6}>
            <DataTable
              label={t('analytics.creditsPerMonth')}
              rows={[...usage.data.months].reverse()}
              rowKey={(m) => m.month}
              columns={[
                { key: 'month', header: t('analytics.month'), render: (m) => monthLabel(m.month) },
                { key: 'monthly', header: t('analytics.buckets.monthly'), end: true, render: (m) => formatNumber(m.monthly) },
                { key: 'additional', header: t('analytics.buckets.additional'), end: true, render: (m) => formatNumber(m.additional) },
                { key: 'rolled_over', header: t('analytics.buckets.rolled_over'), end: true, render: (m) => formatNumber(m.rolled_over) },
                { key: 'total', header: t('analytics.total'), end: true, render: (m) => formatNumber(m.total) },
              ]}
            />
          </Box>
        </>
      )}
    </Box>
  );
}
