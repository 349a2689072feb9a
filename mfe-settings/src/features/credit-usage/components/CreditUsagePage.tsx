import {
  Badge,
  Box,
  Button,
  Field,
  Flex,
  Heading,
  Input,
  SimpleGrid,
  Spinner,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorState, PageHeader, Pagination, useChartPalette } from '@leadsmith/shared';
import { useCreditUsage } from '../api/get-credit-usage';
import { longDayLabel } from './day-label';
import { useUserLimits } from '../api/get-user-limits';

const UsageByDayChart = lazy(() => import('./UsageByDayChart'));

const BAND_COLOUR = { under_50: 'green', over_50: 'orange', full: 'red' } as const;

function LimitsCard() {
  const { t, i18n } = useTranslation('settings');
  const limits = useUserLimits();
  if (!limits.data) return null;
  const l = limits.data;
  return (
    <Box as="section" aria-labelledby="limits-heading" borderWidth="1px" rounded="md" p={4}>
      <Heading as="h2" id="limits-heading" size="md" mb={2}>
        {t('creditUsage.limitsTitle')}
      </Heading>
      <Flex gap={3} align="center" wrap="wrap">
        <Text>
          {t('creditUsage.searchesUsed', {
            used: l.searches_used,
            count: l.search_limit,
            percent: Math.round(l.percent_used),
          })}
        </Text>
        <Badge colorPalette={BAND_COLOUR[l.band]} data-testid="limit-band">
          {t(`creditUsage.band.${l.band}`)}
        </Badge>
      </Flex>
      {/* No reset date yet (a limit never reset): nothing to announce rather than "Invalid Date". */}
      {l.next_reset_date ? (
        <Text mt={1}>
          {t('creditUsage.nextReset', {
            date: new Date(l.next_reset_date).toLocaleDateString(i18n.language, { dateStyle: 'medium' }),
          })}
        </Text>
      ) : null}
      <Text mt={1}>{t('creditUsage.balance', { count: l.credits.total })}</Text>
    </Box>
  );
}

/** Settings → Credit usage: consumption per day (chart) and per search type, and the ledger as a paginated table. */
export function CreditUsagePage() {
  const { t, i18n } = useTranslation('settings');
  const { t: tc } = useTranslation('common');
  const palette = useChartPalette();
  const [params, setParams] = useSearchParams();
  const start = params.get('start') ?? undefined;
  const end = params.get('end') ?? undefined;
  const page = Number(params.get('page') ?? '1') || 1;
  const usage = useCreditUsage({ start_date: start, end_date: end, page });

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
  };
  const handleRange = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    update({ start: String(data.get('start') ?? ''), end: String(data.get('end') ?? ''), page: null });
  };

  return (
    <Box>
      <PageHeader title={t('routes.creditUsage')} />
      <Stack gap={6}>
        <LimitsCard />
        <form
          onSubmit={handleRange}
          aria-label={t('creditUsage.rangeLabel')}
          key={`${usage.data?.start_date}-${usage.data?.end_date}`}
        >
          <Flex gap={4} align="flex-end" wrap="wrap">
            <Field.Root w="auto">
              <Field.Label>{t('creditUsage.from')}</Field.Label>
              <Input type="date" name="start" defaultValue={usage.data?.start_date ?? start} />
            </Field.Root>
            <Field.Root w="auto">
              <Field.Label>{t('creditUsage.to')}</Field.Label>
              <Input type="date" name="end" defaultValue={usage.data?.end_date ?? end} />
            </Field.Root>
            <Button type="submit" colorPalette="brand">
              {t('creditUsage.apply')}
            </Button>
          </Flex>
        </form>
        {usage.isPending ? (
          <Spinner role="status" aria-label={t('training.loading')} />
        ) : usage.isError ? (
          <ErrorState title={t('creditUsage.loadFailed')} onRetry={() => void usage.refetch()} />
        ) : (
          <>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap={4}>
              <Box borderWidth="1px" rounded="md" p={4}>
                <Text fontSize="sm">{t('creditUsage.consumed')}</Text>
                <Text fontSize="2xl" fontWeight="bold" data-testid="credits-consumed">
                  {usage.data.totals.consumed}
                </Text>
              </Box>
              <Box borderWidth="1px" rounded="md" p={4}>
                <Text fontSize="sm">{t('creditUsage.added')}</Text>
                <Text fontSize="2xl" fontWeight="bold">
                  {usage.data.totals.added}
                </Text>
              </Box>
            </SimpleGrid>
            <Box as="section" aria-labelledby="usage-chart-heading">
              <Heading as="h2" id="usage-chart-heading" size="md" mb={3}>
                {t('creditUsage.chartTitle')}
              </Heading>
              <Box
                h="260px"
                role="img"
                aria-label={t('creditUsage.chartLabel', {
                  count: usage.data.totals.consumed,
                  start: longDayLabel(usage.data.start_date, i18n.language),
                  end: longDayLabel(usage.data.end_date, i18n.language),
                })}
              >
                <Suspense fallback={<Spinner size="sm" />}>
                  <UsageByDayChart
                    data={usage.data.by_day}
                    consumedLabel={t('creditUsage.consumed')}
                    color={palette[0]!}
                    language={i18n.language}
                  />
                </Suspense>
              </Box>
              <Text mt={2}>{tc('errors.noCreditsConsumed')}</Text>
            </Box>
            <Box as="section" aria-labelledby="usage-type-heading">
              <Heading as="h2" id="usage-type-heading" size="md" mb={3}>
                {t('creditUsage.byTypeTitle')}
              </Heading>
              {usage.data.by_type.length === 0 ? (
                <Text>{tc('errors.noResults')}</Text>
              ) : (
                <Stack as="ul" gap={1} pl={5} aria-labelledby="usage-type-heading">
                  {usage.data.by_type.map((row) => (
                    <li key={row.type}>
                      {t('creditUsage.typeLine', {
                        type: t(`creditUsage.types.${row.type}`, { defaultValue: row.type }),
                        count: row.consumed,
                      })}
                    </li>
                  ))}
                </Stack>
              )}
            </Box>
            <Box as="section" aria-labelledby="usage-table-heading">
              <Heading as="h2" id="usage-table-heading" size="md" mb={3}>
                {t('creditUsage.tableTitle')}
              </Heading>
              {usage.data.data.length === 0 ? (
                <Text>{tc('errors.noResults')}</Text>
              ) : (
                <Table.ScrollArea borderWidth="1px" rounded="md">
                  <Table.Root size="sm" aria-labelledby="usage-table-heading">
                    <Table.Header>
                      <Table.Row>
                        <Table.ColumnHeader>{t('creditUsage.date')}</Table.ColumnHeader>
                        <Table.ColumnHeader>{t('creditUsage.what')}</Table.ColumnHeader>
                        <Table.ColumnHeader>{t('creditUsage.bucket')}</Table.ColumnHeader>
                        <Table.ColumnHeader textAlign="end">{t('creditUsage.credits')}</Table.ColumnHeader>
                      </Table.Row>
                    </Table.Header>
                    <Table.Body>
                      {usage.data.data.map((entry) => (
                        <Table.Row key={entry.id}>
                          <Table.Cell>
                            {new Date(entry.created_at).toLocaleString(i18n.language, {
                              dateStyle: 'medium',
                              timeStyle: 'short',
                            })}
                          </Table.Cell>
                          <Table.Cell>
                            {entry.type
                              ? t(`creditUsage.types.${entry.type}`, { defaultValue: entry.type })
                              : entry.reason}
                          </Table.Cell>
                          <Table.Cell>{t(`creditUsage.buckets.${entry.bucket}`)}</Table.Cell>
                          <Table.Cell textAlign="end">{entry.delta > 0 ? `+${entry.delta}` : entry.delta}</Table.Cell>
                        </Table.Row>
                      ))}
                    </Table.Body>
                  </Table.Root>
                </Table.ScrollArea>
              )}
              <Pagination
                label={t('creditUsage.tableTitle')}
                page={usage.data.currentPage}
                pageSize={usage.data.pageSize}
                total={usage.data.total}
                onChange={(p) => update({ page: String(p) })}
                hideSinglePage
              />
            </Box>
          </>
        )}
      </Stack>
    </Box>
  );
}
