import { Box } from '@chakra-ui/react';
import { PageHeader, type Column, useListParams } from '@leadsmith/shared';
import { PagedTable } from '../../../components/PagedTable';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDateTime, formatMoney } from '../../../components/format';
import { HISTORY_PAGE_SIZE, useUsageHistory, type UsageEvent } from '../api/listUsageHistory';

const NO_FILTERS = [] as const;

/** subscriptions/usage-history: every change to the reseller's subscriptions, newest first. */
export function UsageHistoryPage() {
  const { t, i18n } = useTranslation('whitelabel');
  const navigate = useNavigate();
  const { page, setPage } = useListParams(NO_FILTERS);
  const history = useUsageHistory(page);
  const detail = (e: UsageEvent) => {
    const d = e.detail;
    if (typeof d.amount_cents === 'number') return formatMoney(d.amount_cents, i18n.language);
    if (typeof d.package === 'string') return d.package;
    if (typeof d.to === 'number') return t('history.credits', { from: d.from, to: d.to });
    if (typeof d.to === 'string') return d.to;
    return '';
  };
  const columns: Column<UsageEvent>[] = [
    { key: 'when', header: t('history.when'), render: (e) => formatDateTime(e.created_at, i18n.language) },
    { key: 'customer', header: t('subscriptions.customer'), render: (e) => `${e.customer_name} (${e.username})` },
    {
      key: 'event',
      header: t('history.event'),
      render: (e) => t(`history.events.${e.event}`, { defaultValue: e.event }),
    },
    { key: 'detail', header: t('history.detail'), render: detail },
  ];
  return (
    <Box>
      <PageHeader title={t('routes.usageHistory')} onBack={() => navigate(-1)} />
      <PagedTable
        query={history}
        label={t('routes.usageHistory')}
        rowKey={(e) => e.id}
        columns={columns}
        page={page}
        pageSize={HISTORY_PAGE_SIZE}
        onPage={setPage}
      />
    </Box>
  );
}
