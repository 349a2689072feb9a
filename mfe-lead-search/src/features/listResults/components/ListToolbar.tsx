import { Box, Button, Flex, HStack, Input, chakra } from '@chakra-ui/react';
import { FilterSelect, SENT_FILTER, WITH_EMAIL } from '@leadsmith/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SearchType } from '../../../api/types';
import { SEARCH_SHORTCUT_ATTR } from '../../../components/keyboard/shortcuts';
import { EmailGradeFilter } from '../../emailGrades/components/EmailGradeFilter';
import { ImportCsvLink } from '../../listImport/components/ImportCsvLink';
import { RESULT_SORTS, type ResultFilters, type ResultSort } from '../api/getResults';
import { matchingFilters, type ViewMode } from '../listUrlState';
import { offers } from '../listToolbar';
import { CsvExportControl } from './CsvExportControl';
import { LabelFilter } from './LabelFilter';

/** The panels the toolbar opens below itself. */
export type ListPanel = 'moreFilters' | 'settings' | 'columns' | 'manualEntry';

/**
 * The list's toolbar (spec §2): its filters, search and sort, the buttons that open panels, the view switch, and the
 * actions on the whole list (import, CSV, new search). Every filter change goes through `onChange`.
 */
export function ListToolbar({
  type,
  id,
  filters,
  view,
  onChange,
  panels,
  onTogglePanel,
  total,
  totalCapped,
}: {
  type: SearchType;
  id: number;
  filters: ResultFilters;
  view: ViewMode;
  onChange: (patch: Partial<ResultFilters>, view?: ViewMode) => void;
  panels: Record<ListPanel, boolean>;
  onTogglePanel: (panel: ListPanel) => void;
  total: number;
  totalCapped: boolean;
}) {
  const { t } = useTranslation('leadSearch');
  const has = (action: Parameters<typeof offers>[1]) => offers(type, action);
  const [searchText, setSearchText] = useState(filters.search);
  useEffect(() => setSearchText(filters.search), [filters.search]);
  const moreCount = filters.advanced_custom_search.length + (filters.startDate || filters.endDate ? 1 : 0);
  return (
    <Flex as="section" aria-label={t('toolbar.label')} wrap="wrap" gap={3} align="flex-end" mb={4}>
      {has('emailFound') ? (
        <FilterSelect
          id="filter-with-email"
          width="48"
          label={t('toolbar.emailFound')}
          value={String(filters.withEmail)}
          onChange={(value) => onChange({ withEmail: Number(value) })}
          options={[
            { value: String(WITH_EMAIL.all), label: t('withEmail.all') },
            { value: String(WITH_EMAIL.found), label: t('withEmail.found') },
            { value: String(WITH_EMAIL.potentialsFound), label: t('withEmail.potential') },
            { value: String(WITH_EMAIL.notFound), label: t('withEmail.notFound') },
          ]}
        />
      ) : null}
      {has('status') ? (
        <FilterSelect
          id="filter-sent"
          width="48"
          label={t('toolbar.status')}
          value={String(filters.sent)}
          onChange={(value) => onChange({ sent: Number(value) })}
          options={[
            { value: String(SENT_FILTER.all), label: t('sent.all') },
            { value: String(SENT_FILTER.sent), label: t('sent.sent') },
            { value: String(SENT_FILTER.unsent), label: t('sent.unsent') },
          ]}
        />
      ) : null}
      {has('customLabels') ? (
        <LabelFilter value={filters.label_id} onChange={(labelId) => onChange({ label_id: labelId })} />
      ) : null}
      {has('emailFound') ? (
        <EmailGradeFilter
          type={type}
          listId={id}
          value={filters.email_grade}
          onChange={(grade) => onChange({ email_grade: grade })}
        />
      ) : null}
      <FilterSelect
        id="filter-sort"
        width="48"
        label={t('toolbar.sort')}
        value={filters.sort ?? 'added'}
        onChange={(value) => onChange({ sort: value === 'added' ? undefined : (value as ResultSort) })}
        options={RESULT_SORTS.map((s) => ({ value: s, label: t(`sort.${s}`) }))}
      />
      {has('search') ? (
        <chakra.form
          role="search"
          display="flex"
          gap={2}
          alignItems="flex-end"
          onSubmit={(e) => {
            e.preventDefault();
            onChange({ search: searchText.trim() });
          }}
        >
          <Box>
            <chakra.label htmlFor="results-search" fontSize="sm" fontWeight="medium" display="block">
              {t('toolbar.search')}
            </chakra.label>
            <Input
              id="results-search"
              {...{ [SEARCH_SHORTCUT_ATTR]: '' }}
              value={searchText}
              onChange={(e) => setSearchText(e.target.value)}
              size="sm"
              w="56"
            />
          </Box>
          <FilterSelect
            id="search-type"
            width="48"
            label={t('toolbar.searchType')}
            value={filters.search_type}
            onChange={(value) =>
              onChange({ search_type: value as ResultFilters['search_type'], search: searchText.trim() })
            }
            options={[
              { value: 'contain', label: t('searchType.contain') },
              { value: 'exact', label: t('searchType.exact') },
              { value: 'start', label: t('searchType.start') },
            ]}
          />
          <Button type="submit" size="sm" variant="outline">
            {t('toolbar.apply')}
          </Button>
        </chakra.form>
      ) : null}
      <HStack ml="auto" wrap="wrap">
        {has('moreFilters') ? (
          <Button
            size="sm"
            variant="outline"
            onClick={() => onTogglePanel('moreFilters')}
            aria-expanded={panels.moreFilters}
          >
            {t('toolbar.moreFilters')}
            {moreCount ? ` (${moreCount})` : ''}
          </Button>
        ) : null}
        {has('settings') ? (
          <Button size="sm" variant="outline" onClick={() => onTogglePanel('settings')} aria-expanded={panels.settings}>
            {t('toolbar.settings')}
          </Button>
        ) : null}
        <Button
          size="sm"
          variant="outline"
          aria-pressed={view === 'grid'}
          onClick={() =>
            onChange(
              { page: filters.page, after: filters.after, before: filters.before },
              view === 'grid' ? 'list' : 'grid',
            )
          }
        >
          {view === 'grid' ? t('toolbar.listView') : t('toolbar.gridView')}
        </Button>
        {view === 'list' ? (
          <Button size="sm" variant="outline" onClick={() => onTogglePanel('columns')} aria-expanded={panels.columns}>
            {t('columnChooser.toggle')}
          </Button>
        ) : null}
        {has('manualEntry') ? (
          <Button
            size="sm"
            variant="outline"
            onClick={() => onTogglePanel('manualEntry')}
            aria-expanded={panels.manualEntry}
          >
            {t('toolbar.manualEntry')}
          </Button>
        ) : null}
        {type !== 'intent' ? <ImportCsvLink /> : null}
        {has('csv') ? (
          <CsvExportControl
            type={type}
            id={id}
            filters={matchingFilters(filters)}
            total={total}
            totalCapped={totalCapped}
          />
        ) : null}
        {has('newSearch') ? (
          <Button asChild size="sm" colorPalette="brand">
            <Link to="new-search">{t('toolbar.newSearch')}</Link>
          </Button>
        ) : null}
      </HStack>
    </Flex>
  );
}
