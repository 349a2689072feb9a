import { Badge, Box, Button, Card, Flex, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import {
  apiErrorMessage,
  ErrorState,
  PageHeader,
  PageSpinner,
  Pagination,
  paths,
  useCrossAreaNavigate,
  useCurrentUser,
} from '@leadsmith/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EngineNotice } from '../../../components/EngineNotice';
import { ProfileGate } from '../../../components/ProfileGate';
import type { AiStatus } from '../../status/api/getAiStatus';
import { useGenerateIcpSuggestions } from '../api/generateIcpSuggestions';
import { newSearchParams, useIcpSuggestions, type IcpSuggestion } from '../api/getIcpSuggestions';

/** ai/icp-suggestions: ideal customer profiles from the business profile, each one a prefilled lead search. */
export function IcpSuggestionsScreen() {
  const { t } = useTranslation('ai');
  return (
    <Box>
      <PageHeader title={t('routes.icpSuggestions')} />
      <ProfileGate>{(status) => <IcpContent status={status} />}</ProfileGate>
    </Box>
  );
}

function IcpContent({ status }: { status: AiStatus }) {
  const { t } = useTranslation('ai');
  const [page, setPage] = useState(1);
  const suggestions = useIcpSuggestions(page);
  const generate = useGenerateIcpSuggestions();
  const [error, setError] = useState<string | null>(null);

  const handleGenerate = async () => {
    setError(null);
    try {
      await generate.mutateAsync();
      setPage(1);
    } catch (e) {
      setError(apiErrorMessage(e, t('errors.generateFailed')));
    }
  };

  const hasAny = Boolean(suggestions.data && suggestions.data.total > 0);
  return (
    <Stack gap={6}>
      <EngineNotice engine={status.engine} />
      <Box>
        <Text mb={3} maxW="3xl">
          {t('icp.intro')}
        </Text>
        <Button
          colorPalette="brand"
          onClick={() => void handleGenerate()}
          loading={generate.isPending}
          loadingText={t('icp.generating')}
        >
          {hasAny ? t('icp.regenerate') : t('icp.generate')}
        </Button>
        {error ? (
          <Text color="red.700" role="alert" mt={2}>
            {error}
          </Text>
        ) : null}
      </Box>
      <Box as="section" aria-labelledby="ai-icp-heading">
        <Heading as="h2" size="md" id="ai-icp-heading" mb={3}>
          {t('icp.listHeading')}
        </Heading>
        {suggestions.isPending ? (
          <PageSpinner />
        ) : suggestions.isError ? (
          <ErrorState title={t('errors.suggestionsFailed')} onRetry={() => void suggestions.refetch()} />
        ) : suggestions.data.total === 0 ? (
          <Text data-testid="ai-icp-empty">{t('icp.empty')}</Text>
        ) : (
          <>
            <SimpleGrid columns={{ base: 1, lg: 2 }} gap={4} as="ul" listStyleType="none">
              {suggestions.data.data.map((s) => (
                <SuggestionCard key={s.id} suggestion={s} />
              ))}
            </SimpleGrid>
            <Pagination
              label={t('icp.listHeading')}
              page={suggestions.data.currentPage}
              pageSize={suggestions.data.pageSize}
              total={suggestions.data.total}
              onChange={setPage}
            />
          </>
        )}
      </Box>
    </Stack>
  );
}

/** Shown in the order of the lead-search form (the API's JSON does not keep key order). */
const FILTER_ORDER = [
  'job_title',
  'departments',
  'seniority',
  'management_levels',
  'industry',
  'employees_min',
  'employees_max',
  'categories',
];
const filterRank = (key: string) => (FILTER_ORDER.includes(key) ? FILTER_ORDER.indexOf(key) : FILTER_ORDER.length);

function filterValue(value: string | number | string[]): string {
  return Array.isArray(value) ? value.join(', ') : String(value);
}

function SuggestionCard({ suggestion }: { suggestion: IcpSuggestion }) {
  const { t } = useTranslation('ai');
  const user = useCurrentUser();
  const navigate = useCrossAreaNavigate();
  const canSearch = Boolean(user?.modules.some((m) => m.slug === 'leads' && m.id));
  const titleId = `icp-${suggestion.id}-title`;
  return (
    <Card.Root as="li" aria-labelledby={titleId} data-testid="ai-icp-suggestion">
      <Card.Body gap={3}>
        <Flex justify="space-between" align="flex-start" gap={3}>
          <Heading as="h3" size="md" id={titleId}>
            {suggestion.title}
          </Heading>
          <Badge colorPalette="brand" variant="subtle" flexShrink={0}>
            {t(`searchTypes.${suggestion.search_type}`)}
          </Badge>
        </Flex>
        {suggestion.description ? <Text>{suggestion.description}</Text> : null}
        <Box as="dl" fontSize="sm">
          {suggestion.location ? (
            <HStack align="baseline" gap={2}>
              <Text as="dt" fontWeight="semibold">
                {t('filters.location')}:
              </Text>
              <Text as="dd">{suggestion.location}</Text>
            </HStack>
          ) : null}
          {Object.entries(suggestion.filters)
            .sort(([a], [b]) => filterRank(a) - filterRank(b))
            .map(([key, value]) => (
              <HStack key={key} align="baseline" gap={2}>
                <Text as="dt" fontWeight="semibold">
                  {t(`filters.${key}`, { defaultValue: key })}:
                </Text>
                <Text as="dd">{filterValue(value)}</Text>
              </HStack>
            ))}
        </Box>
      </Card.Body>
      <Card.Footer>
        {canSearch ? (
          <Button
            colorPalette="brand"
            variant="outline"
            aria-label={t('icp.startSearchFor', { title: suggestion.title })}
            onClick={() => navigate(paths.leadSearch.newSearch(newSearchParams(suggestion)))}
          >
            {t('icp.startSearch')}
          </Button>
        ) : (
          <Text fontSize="sm">{t('icp.noLeadSearch')}</Text>
        )}
      </Card.Footer>
    </Card.Root>
  );
}
