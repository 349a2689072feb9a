import { Box, Flex, Heading } from '@chakra-ui/react';
import { ErrorState, PageHeader, PageSpinner, DataTable, useChartPalette } from '@leadsmith/shared';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { allZero, AXIS_TICK, categoryAxisWidth, ChartCard, ChartGrid, dayLabel } from '../../../components/charts';
import { formatNumber } from '../../../components/formatting';
import { useCreditUsage, type DayRange } from '../api/getCreditUsage';
import { RangeSelect, useRange } from './RangeSelect';
import { AnalyticsNav } from '../../../components/SectionTabs';

const DAYS: readonly DayRange[] = [7, 30, 90];

export function CreditUsagePage() {
  const { t } = useTranslation('admin');
  const palette = useChartPalette();
  const [days, setDays] = useRange(DAYS, 30);
  const usage = useCreditUsage(days);
  const loading = usage.isPending;
  const perDay = (usage.data?.days ?? []).map((d) => ({ ...d, label: dayLabel(d.date) }));
  // One bar per label: types the UI has no name for are all "Other".
  const byType = new Map<string, number>();
  for (const r of usage.data?.by_type ?? []) {
    const label = t(`analytics.usageTypes.${r.type}`, { defaultValue: t('analytics.usageTypes.other') });
    byType.set(label, (byType.get(label) ?? 0) + r.credits_used);
  }
  const typeRows = [...byType].map(([label, credits_used]) => ({ label, credits_used }));
  return (
    <Box>
      <PageHeader title={t('routes.creditUsage')} />
      <AnalyticsNav />
      <Flex mb={4}>
        <RangeSelect choices={DAYS} value={days} onChange={setDays} unit="days" />
      </Flex>
      {usage.isError ? (
        <ErrorState title={t('kit.loadFailed')} onRetry={() => void usage.refetch()} />
      ) : (
        <>
          <ChartGrid>
            <ChartCard
              title={t('analytics.creditsPerDay')}
              testId="chart-credits-per-day"
              loading={loading}
              empty={allZero(perDay, ['credits_used'])}
            >
              <LineChart data={perDay}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="label" tick={AXIS_TICK} />
                <YAxis tick={AXIS_TICK} allowDecimals={false} />
                <Tooltip />
                <Line
                  type="monotone"
                  dataKey="credits_used"
                  name={t('dashboard.creditsUsed')}
                  stroke={palette[0]}
                  strokeWidth={2}
                  dot={false}
                  isAnimationActive={false}
                />
              </LineChart>
            </ChartCard>
            <ChartCard
              title={t('analytics.creditsBySearchType')}
              testId="chart-credits-by-reason"
              loading={loading}
              empty={allZero(typeRows, ['credits_used'])}
            >
              <BarChart data={typeRows} layout="vertical">
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis type="number" tick={AXIS_TICK} allowDecimals={false} />
                <YAxis
                  type="category"
                  dataKey="label"
                  tick={AXIS_TICK}
                  width={categoryAxisWidth(typeRows.map((r) => r.label))}
                  interval={0}
                />
                <Tooltip />
                <Bar
                  dataKey="credits_used"
                  name={t('dashboard.creditsUsed')}
                  fill={palette[0]}
                  isAnimationActive={false}
                />
              </BarChart>
            </ChartCard>
          </ChartGrid>
          <Heading as="h2" size="md" mt={8} mb={3}>
            {t('analytics.topUsers')}
          </Heading>
          {usage.isPending ? (
            <PageSpinner />
          ) : (
            <DataTable
              label={t('analytics.topUsers')}
              rows={usage.data.top_users}
              rowKey={(u) => u.id}
              columns={[
                { key: 'name', header: t('users.name'), render: (u) => u.name || u.email },
                { key: 'email', header: t('fields.email'), render: (u) => u.email },
                {
                  key: 'credits',
                  header: t('dashboard.creditsUsed'),
                  end: true,
                  render: (u) => formatNumber(u.credits_used),
                },
              ]}
            />
          )}
        </>
      )}
    </Box>
  );
}
