import { useTranslation } from 'react-i18next';
import { SectionNav } from '@leadsmith/shared';

/** Tabs between the user-analytics screens (spec §2: credit usage, login activity, monthly credit usage). */
export function AnalyticsNav() {
  const { t } = useTranslation('admin');
  return (
    <SectionNav
      label={t('analytics.nav')}
      items={[
        { to: '../credit-usage', label: t('routes.creditUsage') },
        { to: '../login-activity', label: t('routes.loginActivity') },
        { to: '../monthly-credit-usage', label: t('routes.monthlyCreditUsage') },
      ]}
    />
  );
}

/** Tabs between the reports (spec §2: subscriptions, user referrals; the wallet payments and their refunds, issue 25). */
export function ReportsNav() {
  const { t } = useTranslation('admin');
  return (
    <SectionNav
      label={t('reports.nav')}
      items={[
        { to: '../subscriptions', label: t('routes.subscriptionsReport') },
        { to: '../user-referrals', label: t('routes.referralsReport') },
        { to: '../payments', label: t('routes.paymentsReport') },
      ]}
    />
  );
}
