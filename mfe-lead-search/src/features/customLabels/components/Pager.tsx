import { Button, Flex, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export interface PagerProps {
  /** Accessible name of the navigation, e.g. "Pages of labels". */
  label: string;
  page: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
}

/** Previous / next over a server-paginated list (page, pageSize, total). */
export function Pager({ label, page, total, pageSize, onPage }: PagerProps) {
  const { t } = useTranslation('leadSearch');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Flex as="nav" aria-label={label} justify="space-between" align="center" mt={4} gap={3} wrap="wrap">
      <Text>{t('customLabels.pager.summary', { page, pages, total })}</Text>
      <HStack>
        <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t('customLabels.pager.previous')}
        </Button>
        <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {t('customLabels.pager.next')}
        </Button>
      </HStack>
    </Flex>
  );
}
