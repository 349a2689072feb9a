import { Box, SimpleGrid } from '@chakra-ui/react';
import { ErrorState, PageHeader, PageSpinner } from '@leadsmith/shared';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_COLORS, ChartCard, ChartGrid, monthLabel, StatCard } from '../../../components/charts';
import { formatNumber } from '../../../components/formatting';
import { useDashboard } from '../api/getDashboard';
import { MaintenancePanel } from './MaintenancePanel';
import { ErasePersonPanel } from './ErasePersonPanel';

export function DashboardPage() {
  const { t } = useTranslation('admin');
  const dashboard = useDashboard();
  const header = <PageHeader title={t('routes.dashboard')} />;
  if (dashboard.isPending) return <PageSpinner />;
  if (dashboard.isError)
    return (
      <Box>
        {header}
        <ErrorState title={t('kit.loadFailed')} onRetry={() => void dashboard.refetch()} />
      </Box>
    );
  const d = dashboard.data;
  const activity = d.activity_by_month.map((m) => ({ ...m, label: monthLabel(m.month) }));
  const signups = d.signups_by_month.map((m) => ({ ...m, label: monthLabel(m.month) }));
  const subscriptions = d.subscriptions.map((s) => ({ ...s, label: t(`dashboard.subscriptionStatus.${s.status}`, { defaultValue: s.status }) }));
  const sum = (key: 'searches' | 'credits_used') => d.activity_by_month.reduce((s, m) => s + m[key], 0);
  return (
    <Box>
      {header}
      <MaintenancePanel />
      <ErasePersonPanel />
      <SimpleGrid columns={{ base: 2, lg: 4 }} gap={4} mb={6}>
        <StatCard label={t('dashboard.activeUsers')} value={formatNumber(d.users.active)} />
        <StatCard label={t('dashboard.deletedUsers')} value={formatNumber(d.users.deleted)} />
        <StatCard label={t('dashboard.searches12')} value={formatNumber(sum('searches'))} />
        <StatCard label={t('dashboard.credits12')} value={formatNumber(sum('credits_used'))} />
      </SimpleGrid>
      <ChartGrid>
        <ChartCard title={t('dashboard.activityChart')} testId="chart-activity">
          <LineChart data={activity}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="label" />
            <YAxis yAxisId="left" />
            <YAxis yAxisId="right" orientation="right" />
            <Tooltip />
            <Legend />
            <Line yAxisId="left" type="monotone" dataKey="searches" name={t('dashboard.searches')} stroke={CHART_COLORS[0]} strokeWidth={2} />
            <Line yAxisId="right" type="monotone" dataKey="credits_used" name={t('dashboard.creditsUsed')} stroke={CHART_COLORS[1]} strokeWidth={2} />
          </LineChart>
        </ChartCard>
        <ChartCard title={t('dashboard.signupsChart')} testId="chart-signups">
          <BarChart data={signups}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="label" />
            <YAxis allowDecimals={false} />
            <Tooltip />
            <Bar dataKey="count" name={t('dashboard.newUsers')} fill={CHART_COLORS[0]} />
          </BarChart>
        </ChartCard>
        <ChartCard title={t('dashboard.subscriptionsChart')} testId="chart-subscriptions">
          <BarChart data={subscriptions} layout="vertical">
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis type="number" allowDecimals={false} />
            <YAxis type="category" dataKey="label" width={110} />
            <Tooltip />
            <Bar dataKey="count" name={t('dashboard.users')} fill={CHART_COLORS[2]} />
          </BarChart>
        </ChartCard>
        <ChartCard title={t('dashboard.plansChart')} testId="chart-plans">
          <BarChart data={d.plans}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="plan" />
            <YAxis allowDecimals={false} />
            <Tooltip />
            <Bar dataKey="count" name={t('dashboard.users')} fill={CHART_COLORS[4]} />
          </BarChart>
        </ChartCard>
      </ChartGrid>
    </Box>
  );
}
