import { Box, Flex } from '@chakra-ui/react';
import { ErrorState, PageHeader, useChartPalette } from '@leadsmith/shared';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { allZero, AXIS_TICK, ChartCard, ChartGrid, dayLabel } from '../../../components/charts';
import type { DayRange } from '../api/getCreditUsage';
import { useLoginActivity } from '../api/getLoginActivity';
import { RangeSelect, useRange } from './RangeSelect';
import { AnalyticsNav } from '../../../components/SectionTabs';

const DAYS: readonly DayRange[] = [7, 30, 90];

export function LoginActivityPage() {
  const { t } = useTranslation('admin');
  const palette = useChartPalette();
  const [days, setDays] = useRange(DAYS, 30);
  const activity = useLoginActivity(days);
  const loading = activity.isPending;
  const perDay = (activity.data?.days ?? []).map((d) => ({ ...d, label: dayLabel(d.date) }));
  const buckets = (activity.data?.last_login_buckets ?? []).map((b) => ({
    ...b,
    label: t(`users.lastLoginBuckets.${b.bucket}`),
  }));
  return (
    <Box>
      <PageHeader title={t('routes.loginActivity')} />
      <AnalyticsNav />
      <Flex mb={4}>
        <RangeSelect choices={DAYS} value={days} onChange={setDays} unit="days" />
      </Flex>
      {activity.isError ? (
        <ErrorState title={t('kit.loadFailed')} onRetry={() => void activity.refetch()} />
      ) : (
        <ChartGrid>
          <ChartCard
            title={t('analytics.loginsPerDay')}
            testId="chart-logins-per-day"
            loading={loading}
            empty={allZero(perDay, ['logins'])}
          >
            <BarChart data={perDay}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="label" tick={AXIS_TICK} />
              <YAxis allowDecimals={false} tick={AXIS_TICK} />
              <Tooltip />
              <Legend />
              <Bar dataKey="logins" name={t('analytics.logins')} fill={palette[0]} isAnimationActive={false} />
              <Bar dataKey="users" name={t('analytics.distinctUsers')} fill={palette[1]} isAnimationActive={false} />
            </BarChart>
          </ChartCard>
          <ChartCard
            title={t('analytics.lastLoginBuckets')}
            testId="chart-last-login"
            loading={loading}
            empty={allZero(buckets, ['count'])}
          >
            <BarChart data={buckets}>
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="label" tick={AXIS_TICK} interval={0} />
              <YAxis allowDecimals={false} tick={AXIS_TICK} />
              <Tooltip />
              <Bar dataKey="count" name={t('dashboard.users')} fill={palette[0]} isAnimationActive={false} />
            </BarChart>
          </ChartCard>
        </ChartGrid>
      )}
    </Box>
  );
}
