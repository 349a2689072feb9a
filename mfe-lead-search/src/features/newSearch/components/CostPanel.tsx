import { Badge, Box, Stack, Text } from '@chakra-ui/react';
import { limitBand } from '@leadsmith/shared';
import { useTranslation } from 'react-i18next';
import type { UserLimits } from '../../../api/getUserLimits';

export interface CostPanelProps {
  count: number;
  perRecord: number;
  limits: UserLimits;
  demo: boolean;
  isDemoList: boolean;
  /** The search type, for the sentence saying why its results are demo data. */
  type: string;
}

/** What the search will cost (spec §9) against the balance and the search limit bands. */
export function CostPanel({ count, perRecord, limits, demo, isDemoList, type }: CostPanelProps) {
  const { t } = useTranslation('leadSearch');
  const { t: tc } = useTranslation('common');
  const safeCount = Number.isFinite(count) && count > 0 ? count : 0;
  // Demo data (a demo list, or no real source for the type) costs no credits and no search limit.
  const free = demo || isDemoList;
  const cost = free ? 0 : safeCount * perRecord;
  const band = limitBand(limits.searches_used + (free ? 0 : safeCount), limits.search_limit);
  const overLimit = !free && safeCount > limits.remaining;
  const shortOfCredits = cost > limits.credits.total;
  return (
    <Box
      as="section"
      aria-labelledby="cost-heading"
      borderWidth="1px"
      borderColor="border"
      borderRadius="md"
      p={4}
      mb={4}
      bg="bg.subtle"
    >
      <Text as="h2" id="cost-heading" fontWeight="bold" mb={2}>
        {t('cost.heading')} {free ? <Badge colorPalette="purple">{t('demoData')}</Badge> : null}
      </Text>
      {free ? (
        <Text data-testid="demo-reason" fontSize="sm" mb={2}>
          {isDemoList ? t('demoWhy.demoList') : t(`demoWhy.${type}`)}
        </Text>
      ) : null}
      <Stack gap={1} fontSize="sm">
        <Text data-testid="search-cost">
          {free ? t('cost.demoFree', { count: safeCount }) : t('cost.upTo', { cost, count: safeCount, per: perRecord })}
        </Text>
        <Text>{tc('errors.noCreditsConsumed')}</Text>
        <Text data-testid="credit-balance">{t('cost.balance', { count: limits.credits.total })}</Text>
        {shortOfCredits ? <Text color="orange.800">{t('cost.shortOfCredits')}</Text> : null}
        <Text>
          {t('cost.limit', { used: limits.searches_used, limit: limits.search_limit, remaining: limits.remaining })}{' '}
          <Badge colorPalette={band === 'under_50' ? 'green' : band === 'over_50' ? 'orange' : 'red'}>
            {t(`bands.${band}`)}
          </Badge>
        </Text>
        {overLimit ? (
          <Text role="alert" color="red.700" fontWeight="semibold">
            {t('cost.overLimit', { count: safeCount, remaining: limits.remaining })}
          </Text>
        ) : null}
      </Stack>
    </Box>
  );
}
