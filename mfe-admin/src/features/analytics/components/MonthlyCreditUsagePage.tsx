import { Box, Flex } from '@chakra-ui/react';
import { ErrorState, PageHeader, PageSpinner, DataTable, useChartPalette } from '@leadsmith/shared';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { allZero, AXIS_TICK, ChartCard, monthLabel } from '../../../components/charts';
import { formatNumber } from '../../../components/formatting';
import { useMonthlyCreditUsage, type MonthRange } from '../api/getMonthlyCreditUsage';
import { RangeSelect, useRange } from './RangeSelect';
import { AnalyticsNav } from '../../../components/SectionTabs';

const MONTHS: readonly MonthRange[] = [6, 12, 24];

export function MonthlyCreditUsagePage() {
  const { t } = useTranslation('admin');
  const palette = useChartPalette();
  const [months, setMonths] = useRange(MONTHS, 12);
  const usage = useMonthlyCreditUsage(months);
  const perMonth = (usage.data?.months ?? []).map((m) => ({ ...m, label: monthLabel(m.month) }));
  return (
    <Box>
      <PageHeader title={t('routes.monthlyCreditUsage')} />
      <AnalyticsNav />
      <Flex mb={4}>
        <RangeSelect choices={MONTHS} value={months} onChange={setMonths} unit="months" />
      </Flex>
      {usage.isError ? (
        <ErrorState title={t('kit.loadFailed')} onRetry={() => void usage.refetch()} />
      ) : (
        <>
          <ChartCard
            title={t('analytics.creditsPerMonth')}
            testId="chart-credits-per-month"
            height={320}
            loading={usage.isPending}
            empty={allZero(perMonth, ['total'])}
          >
            <BarChart data={perMonth}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="label" tick={AXIS_TICK} />
              <YAxis tick={AXIS_TICK} allowDecimals={false} />
              <Tooltip />
              <Legend />
              <Bar
                dataKey="monthly"
                stackId="credits"
                name={t('analytics.buckets.monthly')}
                fill={palette[0]}
                isAnimationActive={false}
              />
              <Bar
                dataKey="additional"
                stackId="credits"
                name={t('analytics.buckets.additional')}
                fill={palette[1]}
                isAnimationActive={false}
              />
              <Bar
                dataKey="rolled_over"
                stackId="credits"
                name={t('analytics.buckets.rolled_over')}
                fill={palette[2]}
                isAnimationActive={false}
              />
            </BarChart>
          </ChartCard>
          <Box mt={6}>
            {usage.isPending ? (
              <PageSpinner />
            ) : (
              <DataTable
                label={t('analytics.creditsPerMonth')}
                rows={[...usage.data.months].reverse()}
                rowKey={(m) => m.month}
                columns={[
                  { key: 'month', header: t('analytics.month'), render: (m) => monthLabel(m.month) },
                  {
                    key: 'monthly',
                    header: t('analytics.buckets.monthly'),
                    end: true,
                    render: (m) => formatNumber(m.monthly),
                  },
                  {
                    key: 'additional',
                    header: t('analytics.buckets.additional'),
                    end: true,
                    render: (m) => formatNumber(m.additional),
                  },
                  {
                    key: 'rolled_over',
                    header: t('analytics.buckets.rolled_over'),
                    end: true,
                    render: (m) => formatNumber(m.rolled_over),
                  },
                  { key: 'total', header: t('analytics.total'), end: true, render: (m) => formatNumber(m.total) },
                ]}
              />
            )}
          </Box>
        </>
      )}
    </Box>
  );
}
