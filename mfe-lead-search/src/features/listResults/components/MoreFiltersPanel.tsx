import { Box, Button, Heading, HStack, Input, SimpleGrid, Stack, chakra } from '@chakra-ui/react';
import { FilterSelect } from '@leadsmith/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ADVANCED_FIELDS,
  ADVANCED_OPERATORS,
  VALUELESS_OPERATORS,
  type AdvancedRule,
  type ResultFilters,
} from '../api/getResults';

export interface MoreFiltersPanelProps {
  filters: ResultFilters;
  onApply: (patch: Pick<ResultFilters, 'startDate' | 'endDate' | 'advanced_custom_search'>) => void;
}

type Draft = { field: AdvancedRule['field']; operator: AdvancedRule['operator']; value: string };

/** "More filters" (spec §3): a date range and the advanced custom search with every operator. */
export function MoreFiltersPanel({ filters, onApply }: MoreFiltersPanelProps) {
  const { t } = useTranslation('leadSearch');
  const [startDate, setStartDate] = useState(filters.startDate ?? '');
  const [endDate, setEndDate] = useState(filters.endDate ?? '');
  const [rules, setRules] = useState<Draft[]>(
    filters.advanced_custom_search.map((r) => ({ field: r.field, operator: r.operator, value: r.value ?? '' })),
  );
  const [error, setError] = useState<string | null>(null);

  const change = (index: number, patch: Partial<Draft>) =>
    setRules((prev) => prev.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  const handleApply = () => {
    if (startDate && endDate && startDate > endDate) {
      setError(t('moreFilters.dateOrder'));
      return;
    }
    const missing = rules.findIndex((r) => !VALUELESS_OPERATORS.includes(r.operator) && !r.value.trim());
    if (missing >= 0) {
      setError(t('moreFilters.valueRequired', { n: missing + 1 }));
      return;
    }
    setError(null);
    onApply({
      startDate: startDate || null,
      endDate: endDate || null,
      advanced_custom_search: rules.map((r) =>
        VALUELESS_OPERATORS.includes(r.operator)
          ? { field: r.field, operator: r.operator }
          : { field: r.field, operator: r.operator, value: r.value.trim() },
      ),
    });
  };

  return (
    <Box
      as="section"
      aria-labelledby="more-filters-heading"
      borderWidth="1px"
      borderColor="border"
      borderRadius="md"
      p={4}
      mb={4}
    >
      <Heading as="h2" id="more-filters-heading" size="md" mb={3}>
        {t('moreFilters.heading')}
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap={3} mb={4} maxW="lg">
        <Box>
          <chakra.label htmlFor="filter-start-date" fontSize="sm" fontWeight="medium" display="block">
            {t('moreFilters.startDate')}
          </chakra.label>
          <Input
            id="filter-start-date"
            type="date"
            size="sm"
            value={startDate}
            onChange={(e) => setStartDate(e.target.value)}
          />
        </Box>
        <Box>
          <chakra.label htmlFor="filter-end-date" fontSize="sm" fontWeight="medium" display="block">
            {t('moreFilters.endDate')}
          </chakra.label>
          <Input
            id="filter-end-date"
            type="date"
            size="sm"
            value={endDate}
            onChange={(e) => setEndDate(e.target.value)}
          />
        </Box>
      </SimpleGrid>
      <Heading as="h3" size="sm" mb={2}>
        {t('moreFilters.advanced')}
      </Heading>
      <Stack gap={2} mb={3}>
        {rules.map((rule, i) => (
          <HStack key={i} role="group" aria-label={t('moreFilters.rule', { n: i + 1 })} wrap="wrap" align="flex-end">
            <FilterSelect
              id={`rule-${i}-field`}
              width="44"
              label={t('moreFilters.field')}
              value={rule.field}
              onChange={(v) => change(i, { field: v as Draft['field'] })}
              options={ADVANCED_FIELDS.map((f) => ({ value: f, label: t(`moreFilters.fields.${f}`) }))}
            />
            <FilterSelect
              id={`rule-${i}-operator`}
              width="48"
              label={t('moreFilters.operator')}
              value={rule.operator}
              onChange={(v) => change(i, { operator: v as Draft['operator'] })}
              options={ADVANCED_OPERATORS.map((o) => ({
                value: o,
                label: t(`moreFilters.operators.${o.replace(/ /g, '_')}`),
              }))}
            />
            {VALUELESS_OPERATORS.includes(rule.operator) ? null : (
              <Box>
                <chakra.label htmlFor={`rule-${i}-value`} fontSize="sm" display="block">
                  {t('moreFilters.value')}
                </chakra.label>
                <Input
                  id={`rule-${i}-value`}
                  size="sm"
                  w="44"
                  value={rule.value}
                  onChange={(e) => change(i, { value: e.target.value })}
                />
              </Box>
            )}
            <Button size="sm" variant="ghost" onClick={() => setRules((prev) => prev.filter((_, j) => j !== i))}>
              {t('moreFilters.removeRule', { n: i + 1 })}
            </Button>
          </HStack>
        ))}
      </Stack>
      {error ? (
        <chakra.p role="alert" color="red.700" fontSize="sm" mb={2}>
          {error}
        </chakra.p>
      ) : null}
      <HStack wrap="wrap">
        <Button
          size="sm"
          variant="outline"
          disabled={rules.length >= 10}
          onClick={() => setRules((prev) => [...prev, { field: 'name', operator: 'like', value: '' }])}
        >
          {t('moreFilters.addRule')}
        </Button>
        <Button size="sm" colorPalette="brand" onClick={handleApply}>
          {t('moreFilters.apply')}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => {
            setStartDate('');
            setEndDate('');
            setRules([]);
            setError(null);
            onApply({ startDate: null, endDate: null, advanced_custom_search: [] });
          }}
        >
          {t('moreFilters.clear')}
        </Button>
      </HStack>
    </Box>
  );
}
