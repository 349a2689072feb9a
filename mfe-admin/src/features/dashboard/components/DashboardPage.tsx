import { Box, SimpleGrid } from '@chakra-ui/react';
import { ErrorState, PageHeader, useChartPalette } from '@leadsmith/shared';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import {
  allZero,
  AXIS_TICK,
  categoryAxisWidth,
  ChartCard,
  ChartGrid,
  monthLabel,
  StatCard,
} from '../../../components/charts';
import { formatNumber } from '../../../components/formatting';
import { useDashboard } from '../api/getDashboard';
import { MaintenancePanel } from './MaintenancePanel';
import { ErasePersonPanel } from './ErasePersonPanel';

export function DashboardPage() {
  const { t } = useTranslation('admin');
  const palette = useChartPalette();
  const dashboard = useDashboard();
  const header = <PageHeader title={t('routes.dashboard')} />;
  if (dashboard.isError)
    return (
      <Box>
        {header}
        <ErrorState title={t('kit.loadFailed')} onRetry={() => void dashboard.refetch()} />
      </Box>
    );
  const d = dashboard.data;
  const loading = dashboard.isPending;
  const activity = (d?.activity_by_month ?? []).map((m) => ({ ...m, label: monthLabel(m.month) }));
  const signups = (d?.signups_by_month ?? []).map((m) => ({ ...m, label: monthLabel(m.month) }));
  const subscriptions = (d?.subscriptions ?? []).map((s) => ({
    ...s,
    label: t(`dashboard.subscriptionStatus.${s.status}`, { defaultValue: s.status }),
  }));
  const plans = d?.plans ?? [];
  const sum = (key: 'searches' | 'credits_used') => activity.reduce((s, m) => s + m[key], 0);
  return (
    <Box>
      {header}
      <MaintenancePanel />
      <ErasePersonPanel />
      <SimpleGrid columns={{ base: 2, lg: 4 }} gap={4} mb={6}>
        <StatCard label={t('dashboard.activeUsers')} value={formatNumber(d?.users.active ?? 0)} loading={loading} />
        <StatCard label={t('dashboard.deletedUsers')} value={formatNumber(d?.users.deleted ?? 0)} loading={loading} />
        <StatCard label={t('dashboard.searches12')} value={formatNumber(sum('searches'))} loading={loading} />
        <StatCard label={t('dashboard.credits12')} value={formatNumber(sum('credits_used'))} loading={loading} />
      </SimpleGrid>
      <ChartGrid>
        <ChartCard
          title={t('dashboard.activityChart')}
          testId="chart-activity"
          loading={loading}
          empty={allZero(activity, ['searches', 'credits_used'])}
        >
          <LineChart data={activity}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="label" tick={AXIS_TICK} />
            <YAxis yAxisId="left" tick={AXIS_TICK} allowDecimals={false} />
            <YAxis yAxisId="right" orientation="right" tick={AXIS_TICK} allowDecimals={false} />
            <Tooltip />
            <Legend />
            <Line
              yAxisId="left"
              type="monotone"
              dataKey="searches"
              name={t('dashboard.searches')}
              stroke={palette[0]}
              strokeWidth={2}
              isAnimationActive={false}
            />
            <Line
              yAxisId="right"
              type="monotone"
              dataKey="credits_used"
              name={t('dashboard.creditsUsed')}
              stroke={palette[1]}
              strokeWidth={2}
              isAnimationActive={false}
            />
          </LineChart>
        </ChartCard>
        <ChartCard
          title={t('dashboard.signupsChart')}
          testId="chart-signups"
          loading={loading}
          empty={allZero(signups, ['count'])}
        >
          <BarChart data={signups}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="label" tick={AXIS_TICK} />
            <YAxis allowDecimals={false} tick={AXIS_TICK} />
            <Tooltip />
            <Bar dataKey="count" name={t('dashboard.newUsers')} fill={palette[0]} isAnimationActive={false} />
          </BarChart>
        </ChartCard>
        <ChartCard
          title={t('dashboard.subscriptionsChart')}
          testId="chart-subscriptions"
          loading={loading}
          empty={allZero(subscriptions, ['count'])}
        >
          <BarChart data={subscriptions} layout="vertical">
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis type="number" allowDecimals={false} tick={AXIS_TICK} />
            <YAxis
              type="category"
              dataKey="label"
              tick={AXIS_TICK}
              interval={0}
              width={categoryAxisWidth(subscriptions.map((s) => s.label))}
            />
            <Tooltip />
            <Bar dataKey="count" name={t('dashboard.users')} fill={palette[0]} isAnimationActive={false} />
          </BarChart>
        </ChartCard>
        <ChartCard
          title={t('dashboard.plansChart')}
          testId="chart-plans"
          loading={loading}
          empty={allZero(plans, ['count'])}
        >
          <BarChart data={plans} layout="vertical">
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis type="number" allowDecimals={false} tick={AXIS_TICK} />
            <YAxis
              type="category"
              dataKey="plan"
              tick={AXIS_TICK}
              interval={0}
              width={categoryAxisWidth(plans.map((p) => p.plan))}
            />
            <Tooltip />
            <Bar dataKey="count" name={t('dashboard.users')} fill={palette[0]} isAnimationActive={false} />
          </BarChart>
        </ChartCard>
      </ChartGrid>
    </Box>
  );
}
