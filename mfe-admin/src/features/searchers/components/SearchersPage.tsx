import { Badge, Box, Flex, Heading, Text } from '@chakra-ui/react';
import {
  DEFAULT_PAGE_SIZE,
  ErrorState,
  PageHeader,
  PageSpinner,
  DataTable,
  FilterSelect,
  Pagination,
  useListParams,
} from '@leadsmith/shared';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber } from '../../../components/formatting';
import { SearchBox } from '../../../components/SearchBox';
import { useSearchers, type SearcherDays } from '../api/listSearchers';
import { LeadSourcesPanel } from './LeadSourcesPanel';

const FILTERS = ['search', 'days'] as const;
const DAYS: readonly SearcherDays[] = [7, 30, 90, 365];

/** The lead sources (keys, order, health, usage), then who searches the most in a period: searches, credits used, last search. */
export function SearchersPage() {
  const { t } = useTranslation('admin');
  const { page, filters, setFilter, setPage } = useListParams(FILTERS);
  const days = (DAYS as readonly number[]).includes(Number(filters.days)) ? (Number(filters.days) as SearcherDays) : 30;
  const searchers = useSearchers({ page, days, search: filters.search || undefined });
  return (
    <Box>
      <PageHeader title={t('routes.searchers')} />
      <LeadSourcesPanel />
      <Heading as="h2" size="md" mb={3}>
        {t('searchers.whoSearches')}
      </Heading>
      <Flex as="section" aria-label={t('kit.filters')} gap={4} wrap="wrap" mb={4} align="end">
        <SearchBox label={t('users.search')} value={filters.search} onChange={(v) => setFilter('search', v)} />
        <FilterSelect
          label={t('analytics.period')}
          value={String(days)}
          onChange={(v) => setFilter('days', v === '30' ? '' : v)}
          options={DAYS.map((d) => ({ value: String(d), label: t('analytics.last.days', { count: d }) }))}
        />
      </Flex>
      {searchers.isPending ? (
        <PageSpinner />
      ) : searchers.isError ? (
        <ErrorState title={t('kit.loadFailed')} onRetry={() => void searchers.refetch()} />
      ) : (
        <>
          <DataTable
            label={t('routes.searchers')}
            rows={searchers.data.data}
            rowKey={(r) => r.id}
            columns={[
              {
                key: 'name',
                header: t('users.name'),
                render: (r) => (
                  <Box>
                    <Text fontWeight="semibold">
                      {r.name || r.email}{' '}
                      {r.deleted ? (
                        <Badge colorPalette="red" variant="outline">
                          {t('users.statuses.deleted')}
                        </Badge>
                      ) : null}
                    </Text>
                    <Text fontSize="sm">{r.email}</Text>
                  </Box>
                ),
              },
              { key: 'searches', header: t('dashboard.searches'), end: true, render: (r) => formatNumber(r.searches) },
              {
                key: 'credits',
                header: t('dashboard.creditsUsed'),
                end: true,
                render: (r) => formatNumber(r.credits_used),
              },
              { key: 'last', header: t('searchers.lastSearch'), render: (r) => formatDate(r.last_search_at, true) },
            ]}
          />
          <Pagination page={page} pageSize={DEFAULT_PAGE_SIZE} total={searchers.data.total} onChange={setPage} />
        </>
      )}
    </Box>
  );
}
