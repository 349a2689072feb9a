import { Box, Flex, Heading } from '@chakra-ui/react';
import { ErrorState, PageHeader, PageSpinner, DataTable } from '@leadsmith/shared';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_COLORS, ChartCard, ChartGrid, dayLabel } from '../../../components/charts';
import { formatNumber } from '../../../components/formatting';
import { useCreditUsage, type DayRange } from '../api/getCreditUsage';
import { RangeSelect, useRange } from './RangeSelect';
import { AnalyticsNav } from '../../../components/SectionTabs';

const DAYS: readonly DayRange[] = [7, 30, 90];

export function CreditUsagePage() {
  const { t } = useTranslation('admin');
  const [days, setDays] = useRange(DAYS, 30);
  const usage = useCreditUsage(days);
  return (
    <Box>
      <PageHeader title={t('routes.creditUsage')} />
      <AnalyticsNav />
      <Flex mb={4}>
        <RangeSelect choices={DAYS} value={days} onChange={setDays} unit="days" />
      </Flex>
      {usage.isPending ? (
        <PageSpinner />
      ) : usage.isError ? (
        <ErrorState title={t('kit.loadFailed')} onRetry={() => void usage.refetch()} />
      ) : (
        <>
          <ChartGrid>
            <ChartCard title={t('analytics.creditsPerDay')} testId="chart-credits-per-day">
              <LineChart data={usage.data.days.map((d) => ({ ...d, label: dayLabel(d.date) }))}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey="label" />
                <YAxis />
                <Tooltip />
                <Line type="monotone" dataKey="credits_used" name={t('dashboard.creditsUsed')} stroke={CHART_COLORS[0]} strokeWidth={2} dot={false} />
              </LineChart>
            </ChartCard>
            <ChartCard title={t('analytics.creditsBySearchType')} testId="chart-credits-by-reason">
              <BarChart data={usage.data.by_reason} layout="vertical">
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis type="number" />
                <YAxis type="category" dataKey="reason" width={140} />
                <Tooltip />
                <Bar dataKey="credits_used" name={t('dashboard.creditsUsed')} fill={CHART_COLORS[1]} />
              </BarChart>
            </ChartCard>
          </ChartGrid>
          <Heading as="h2" size="md" mt={8} mb={3}>
            {t('analytics.topUsers')}
          </Heading>
          <DataTable
            label={t('analytics.topUsers')}
            rows={usage.data.top_users}
            rowKey={(u) => u.id}
            columns={[
              { key: 'name', header: t('users.name'), render: (u) => u.name || u.email },
              { key: 'email', header: t('fields.email'), render: (u) => u.email },
              { key: 'credits', header: t('dashboard.creditsUsed'), end: true, render: (u) => formatNumber(u.credits_used) },
            ]}
          />
        </>
      )}
    </Box>
  );
}
