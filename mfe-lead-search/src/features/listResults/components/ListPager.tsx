import { Button, Flex, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ResultFilters, ResultsPage } from '../api/getResults';

/**
 * Previous and Next under the list. Keyset pages: Next asks for the rows after this page's last id, Previous for
 * those before its first, so a deep page costs what the first does; page 1 needs no position.
 */
export function ListPager({ page, filters, onChange }: { page: ResultsPage; filters: ResultFilters; onChange: (patch: Partial<ResultFilters>) => void }) {
  const { t } = useTranslation('leadSearch');
  const rows = page.data;
  const pages = Math.max(1, Math.ceil(page.total / page.pageSize));
  // A capped total ("more than 10,000") does not say where the list ends: a full page may have a next one.
  const hasNext = rows.length === page.pageSize && (filters.page < pages || page.total_capped || page.total_estimated);
  return (
    <Flex as="nav" aria-label={t('pagination.label')} justify="space-between" align="center" mt={4} gap={3} wrap="wrap">
      <Text>{t(page.total_capped ? 'pagination.summaryCapped' : page.total_estimated ? 'pagination.summaryEstimated' : 'pagination.summary', { page: filters.page, pages, total: page.total })}</Text>
      <HStack>
        <Button
          size="sm"
          variant="outline"
          disabled={filters.page <= 1}
          onClick={() => onChange(filters.page <= 2 || rows.length === 0 ? { page: Math.max(1, filters.page - 1) } : { page: filters.page - 1, before: rows[0]!.id })}
        >
          {t('pagination.previous')}
        </Button>
        <Button size="sm" variant="outline" disabled={!hasNext} onClick={() => onChange({ page: filters.page + 1, after: rows.at(-1)!.id })}>
          {t('pagination.next')}
        </Button>
      </HStack>
    </Flex>
  );
}
