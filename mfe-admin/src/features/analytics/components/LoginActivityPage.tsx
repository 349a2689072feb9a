import { Box, Flex } from '@chakra-ui/react';
import { ErrorState, PageHeader, PageSpinner } from '@leadsmith/shared';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_COLORS, ChartCard, ChartGrid, dayLabel } from '../../../components/charts';
import type { DayRange } from '../api/getCreditUsage';
import { useLoginActivity } from '../api/getLoginActivity';
import { RangeSelect, useRange } from './RangeSelect';
import { AnalyticsNav } from '../../../components/SectionTabs';

const DAYS: readonly DayRange[] = [7, 30, 90];

export function LoginActivityPage() {
  const { t } = useTranslation('admin');
  const [days, setDays] = useRange(DAYS, 30);
  const activity = useLoginActivity(days);
  return (
    <Box>
      <PageHeader title={t('routes.loginActivity')} />
      <AnalyticsNav />
      <Flex mb={4}>
        <RangeSelect choices={DAYS} value={days} onChange={setDays} unit="days" />
      </Flex>
      {activity.isPending ? (
        <PageSpinner />
      ) : activity.isError ? (
        <ErrorState title={t('kit.loadFailed')} onRetry={() => void activity.refetch()} />
      ) : (
        <ChartGrid>
          <ChartCard title={t('analytics.loginsPerDay')} testId="chart-logins-per-day">
            <BarChart data={activity.data.days.map((d) => ({ ...d, label: dayLabel(d.date) }))}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="label" />
              <YAxis allowDecimals={false} />
              <Tooltip />
              <Legend />
              <Bar dataKey="logins" name={t('analytics.logins')} fill={CHART_COLORS[0]} />
              <Bar dataKey="users" name={t('analytics.distinctUsers')} fill={CHART_COLORS[1]} />
            </BarChart>
          </ChartCard>
          <ChartCard title={t('analytics.lastLoginBuckets')} testId="chart-last-login">
            <BarChart data={activity.data.last_login_buckets.map((b) => ({ ...b, label: t(`users.lastLoginBuckets.${b.bucket}`) }))}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="label" />
              <YAxis allowDecimals={false} />
              <Tooltip />
              <Bar dataKey="count" name={t('dashboard.users')} fill={CHART_COLORS[2]} />
            </BarChart>
          </ChartCard>
        </ChartGrid>
      )}
    </Box>
  );
}
