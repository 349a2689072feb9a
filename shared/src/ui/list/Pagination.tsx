import { Button, Flex, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
  /** Names the list the buttons page through, for screen readers (several lists on one screen). */
  label?: string;
  /** Drawn only when there is more than one page (a short list of the page's own, not the screen's main list). */
  hideSinglePage?: boolean;
  /**
   * What `total` is when it is not an exact count: 'capped' (more than `total` match: the count stopped at its cap)
   * or 'estimated' (the database's estimate). The summary says so, without a page count it cannot know.
   */
  totalIs?: 'capped' | 'estimated';
  /** Whether a next page exists, where the total cannot say (a capped or estimated one); by default page < pages. */
  hasNext?: boolean;
}

/** Previous / next over a server-side page, with "page x of y (n results)". */
export function Pagination({
  page,
  pageSize,
  total,
  onChange,
  label,
  hideSinglePage,
  totalIs,
  hasNext,
}: PaginationProps) {
  const { t } = useTranslation('common');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (hideSinglePage && pages === 1 && page === 1 && !hasNext) return null;
  const summary =
    totalIs === 'capped'
      ? t('pager.pageOfMore', { page, count: total })
      : totalIs === 'estimated'
        ? t('pager.pageOfAbout', { page, count: total })
        : t('pager.pageOf', { page, pages, count: total });
  return (
    <Flex
      as="nav"
      aria-label={label ? t('pager.labelOf', { list: label }) : t('pager.label')}
      align="center"
      justify="space-between"
      gap={3}
      mt={4}
      wrap="wrap"
    >
      <Text fontSize="sm" data-testid="pagination-summary" aria-live="polite">
        {summary}
      </Text>
      <Flex gap={2}>
        <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onChange(page - 1)}>
          {t('pager.previous')}
        </Button>
        <Button size="sm" variant="outline" disabled={!(hasNext ?? page < pages)} onClick={() => onChange(page + 1)}>
          {t('pager.next')}
        </Button>
      </Flex>
    </Flex>
  );
}
