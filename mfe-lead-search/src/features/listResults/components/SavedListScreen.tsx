import { Badge, Box, Button, Card, Checkbox, Flex, HStack, Input, NativeSelect, SimpleGrid, Stack, Table, Text, chakra } from '@chakra-ui/react';
import { apiErrorMessage, CREDIT_COSTS, ErrorState, PageHeader, PageSpinner, SENT_FILTER, WITH_EMAIL, TableFrame, TABLE_HEADER_ROW_PROPS } from '@leadsmith/shared';
import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { useStopSearch } from '../../../api/stopSearch';
import { parseListParam, type Campaign, type SearchType } from '../../../api/types';
import { AiActionPanel, AiActionToggle } from '../../aiAssistant/components/AiActionPanel';
import { AiTextsCell } from '../../aiAssistant/components/AiTexts';
import { useAiModel } from '../../aiAssistant/api/getAiModel';
import { useDeleteResults } from '../api/deleteResults';
import { useEnrichInfluencers } from '../api/enrichInfluencers';
import { useGetEmployees } from '../api/getEmployees';
import { useGetPhones } from '../api/getPhones';
import { useSendToWebhook } from '../api/sendToWebhook';
import { useSetLabels } from '../api/setLabels';
import { useExportResultsCsv } from '../api/exportResultsCsv';
import { RESULT_SORTS, useResults, type ResultFilters, type ResultSort } from '../api/getResults';
import type { SelectionInput } from '../api/selection';
type Result = import('../api/getResults').ResultsPage['data'][number];
import { matchingFilters, readListState, writeListState, type ViewMode } from '../listUrlState';
import { PhoneValue } from './PhoneValue';
import { EmailSourceNote } from './EmailSourceNote';
import { EmailStatusBadge } from './EmailStatusBadge';
import { IntentSettingsPanel } from './IntentSettingsPanel';
import { CrmSendControl } from './CrmSendControl';
import { CrmStatus } from './CrmStatus';
import { SuppressedBadge } from './SuppressedBadge';
import { DuplicateBadge } from './DuplicateBadge';
import { ResultDrawer } from './ResultDrawer';
import { CHECKBOX_INPUT_OVER, SelectCheckbox } from '../../../components/SelectCheckbox';
import { LabelFilter } from './LabelFilter';
import { LabelsEditor } from './LabelsEditor';
import { ResultRowActions, rowEnrichment } from './ResultRowActions';
import { ManualEntryForm } from './ManualEntryForm';
import { MoreFiltersPanel } from './MoreFiltersPanel';
import { JobSourceError } from './JobSourceError';
import { EnrichmentProgress } from './EnrichmentProgress';
import { ListExportsPanel } from './ListExportsPanel';
import { useListExports, useStartListExport } from '../api/listExports';
import { ListStateBadge } from '../../../components/ListStateBadge';
import { ListManageActions } from './ListManageActions';
import { useUndoToast } from '../../../components/undoToast';
import { EmailGradeBadge } from '../../emailGrades/components/EmailGradeBadge';
import { EmailGradeFilter } from '../../emailGrades/components/EmailGradeFilter';
import { SEARCH_SHORTCUT_ATTR, useShortcuts } from '../../../components/keyboard/shortcuts';
import { readColumns, writeColumns, defaultColumns, type ColumnSetting, type ResultColumnKey } from '../columns';
import { ColumnChooser } from './ColumnChooser';
import { SavedViewsControl } from './SavedViewsControl';
import type { ListView, ViewFilters } from '../api/listViews';
import { ImportCsvLink } from '../../listImport/components/ImportCsvLink';

type Action =
  | 'emailFound'
  | 'status'
  | 'moreFilters'
  | 'search'
  | 'getPhones'
  | 'getEmployees'
  | 'enrich'
  | 'manualEntry'
  | 'customLabels'
  | 'ai'
  | 'crm'
  | 'csv'
  | 'delete'
  | 'newSearch'
  | 'settings';

/**
 * Toolbar actions per list type, in the spec's order (§2). Group lists hold people (ADR 005). The
 * "ai" action runs the AI assistant's prompts on the selection (features/aiAssistant).
 */
export const TOOLBAR: Readonly<Record<SearchType, readonly Action[]>> = {
  domain: ['status', 'moreFilters', 'search', 'getEmployees', 'customLabels', 'crm', 'csv', 'delete', 'newSearch'],
  people: ['emailFound', 'status', 'moreFilters', 'search', 'getPhones', 'manualEntry', 'customLabels', 'ai', 'crm', 'csv', 'delete', 'newSearch'],
  group: ['emailFound', 'status', 'moreFilters', 'search', 'getPhones', 'manualEntry', 'customLabels', 'ai', 'crm', 'csv', 'delete', 'newSearch'],
  local: ['emailFound', 'status', 'moreFilters', 'search', 'manualEntry', 'getEmployees', 'customLabels', 'ai', 'crm', 'csv', 'delete', 'newSearch'],
  company: ['emailFound', 'status', 'moreFilters', 'search', 'manualEntry', 'getEmployees', 'customLabels', 'ai', 'crm', 'csv', 'delete', 'newSearch'],
  influencer: ['emailFound', 'status', 'moreFilters', 'search', 'manualEntry', 'enrich', 'customLabels', 'ai', 'crm', 'csv', 'delete', 'newSearch'],
  intent: ['emailFound', 'status', 'moreFilters', 'search', 'customLabels', 'ai', 'crm', 'csv', 'delete', 'settings'],
};

/** Spec §9 cost of one employee found, per list type with get-employees. */
const EMPLOYEE_COST: Partial<Record<SearchType, number>> = {
  local: CREDIT_COSTS.localEmployeeEnrich,
  company: CREDIT_COSTS.localEmployeeEnrich,
  domain: CREDIT_COSTS.domainEmployeeEnrich,
};

/** The keyboard's row is outlined whichever way it got focus (j/k, a click, a screen reader). */
const FOCUS_RING = { outline: '2px solid', outlineColor: 'blue.600', outlineOffset: '-2px' } as const;

/** A sized column keeps its width; an unsized one is as wide as its content. */
const widthProps = (c: ColumnSetting) => (c.width ? { style: { width: `${c.width}px`, minWidth: `${c.width}px`, maxWidth: `${c.width}px` } } : {});

/** What a saved view keeps of the filters: only those the user changed from the defaults, without paging. */
function viewFiltersOf(filters: ResultFilters): ViewFilters {
  const base = readListState(new URLSearchParams()).filters;
  const out: Record<string, unknown> = {};
  for (const key of ['search', 'search_type', 'sent', 'withEmail', 'startDate', 'endDate', 'label_id', 'email_grade', 'sort'] as const) {
    if (filters[key] !== undefined && filters[key] !== base[key]) out[key] = filters[key];
  }
  if (filters.advanced_custom_search.length) out.advanced_custom_search = filters.advanced_custom_search;
  return out as ViewFilters;
}

/** lead-search/saved-lists/{type}-{id}: one list, its results arriving live, filters in the URL. */
export function SavedListScreen() {
  const { t } = useTranslation('leadSearch');
  const { typeId } = useParams();
  const navigate = useNavigate();
  const parsed = parseListParam(typeId);
  if (!parsed) {
    return (
      <Box>
        <PageHeader title={t('routes.savedList')} onBack={() => navigate('/saved-lists')} />
        <ErrorState title={t('errors.listNotFound')} />
      </Box>
    );
  }
  return <SavedList type={parsed.type} id={parsed.id} />;
}

function SavedList({ type, id }: { type: SearchType; id: number }) {
  const { t } = useTranslation('leadSearch');
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const { filters, view } = readListState(params);
  const results = useResults(type, id, filters);
  const withAi = TOOLBAR[type].includes('ai');
  // Columns and the saved view travel in the URL with the filters: a link shows the same table (issue 29 item 7).
  const columns = readColumns(params.get('cols'), withAi);
  const savedViewId = Number(params.get('sv')) || null;
  const [columnsOpen, setColumnsOpen] = useState(false);
  // The keyboard's row (j/k), the one x selects and o opens; rows take focus so it is always visible.
  const [cursor, setCursor] = useState(-1);
  const rowRefs = useRef<(HTMLElement | null)[]>([]);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [allMatching, setAllMatching] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [manualOpen, setManualOpen] = useState(false);
  const [moreOpen, setMoreOpen] = useState(filters.advanced_custom_search.length > 0 || Boolean(filters.startDate || filters.endDate));
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [aiOpen, setAiOpen] = useState(false);
  const [searchText, setSearchText] = useState(filters.search);
  const exportCsv = useExportResultsCsv();
  const exports = useListExports(id);
  const startExport = useStartListExport();
  const remove = useDeleteResults();
  const phones = useGetPhones();
  const employees = useGetEmployees();
  const enrich = useEnrichInfluencers();
  const labels = useSetLabels();
  const showUndo = useUndoToast();
  const webhook = useSendToWebhook();
  const stop = useStopSearch();
  const aiModel = useAiModel();
  const [noWebhook, setNoWebhook] = useState(false);
  const actions = TOOLBAR[type];
  const has = (a: Action) => actions.includes(a);

  const update = (patch: Partial<ResultFilters>, nextView: ViewMode = view) => {
    // Any filter change goes back to page 1 (no keyset position); the selection belongs to the old filter.
    const next = { ...filters, ...patch, page: patch.page ?? 1, after: patch.after, before: patch.before };
    setParams(keepTableState(writeListState(next, nextView)));
    setCursor(-1);
    setSelected(new Set());
    setAllMatching(false);
    setConfirmDelete(false);
  };

  useEffect(() => setSearchText(filters.search), [filters.search]);

  /** The columns and the saved view stay in the URL when the filters or the page change. */
  const keepTableState = (next: URLSearchParams) => {
    for (const key of ['cols', 'sv']) {
      const value = params.get(key);
      if (value !== null) next.set(key, value);
    }
    return next;
  };
  const setColumns = (next: ColumnSetting[]) => {
    const out = new URLSearchParams(params);
    const cols = writeColumns(next, withAi);
    if (cols === null) out.delete('cols');
    else out.set('cols', cols);
    setParams(out, { replace: true });
  };
  /** A saved view's columns and filters replace the table's (page 1); none: the view is let go, the table stays. */
  const applyView = (saved: ListView | null) => {
    if (!saved) {
      const out = new URLSearchParams(params);
      out.delete('sv');
      setParams(out);
      return;
    }
    const base = readListState(new URLSearchParams()).filters;
    const out = writeListState({ ...base, ...(saved.filters as Partial<ResultFilters>), limit: filters.limit }, view);
    const cols = writeColumns(saved.columns, withAi);
    if (cols !== null) out.set('cols', cols);
    out.set('sv', String(saved.id));
    setParams(out);
    setSelected(new Set());
    setAllMatching(false);
    setCursor(-1);
  };

  const rowsNow = results.data?.data ?? [];
  const moveCursor = (by: 1 | -1) => {
    if (rowsNow.length === 0) return;
    const next = Math.min(rowsNow.length - 1, Math.max(0, cursor + by));
    setCursor(next);
    rowRefs.current[next]?.focus();
  };
  // The result open in the side panel is in the URL (?result=): reload shows it again, Back closes it.
  const openId = Number(params.get('result')) || null;
  const openRow = (row: Result) => {
    const next = new URLSearchParams(params);
    next.set('result', String(row.id));
    setParams(next, { state: { resultPanel: true } });
  };
  const closeRow = () => {
    // Opened here: going back closes it and leaves no extra history entry; opened from a link: drop it from the URL.
    if ((location.state as { resultPanel?: boolean } | null)?.resultPanel) return void navigate(-1);
    const next = new URLSearchParams(params);
    next.delete('result');
    setParams(next, { replace: true });
  };
  // Focus goes back to the row whose panel closed, however it closed (Escape, Back, the close button), also when the
  // panel was open from the start (a reload): the dialog returns focus only to what had it when it opened.
  const lastOpen = useRef<number | null>(null);
  useEffect(() => {
    if (openId === null && lastOpen.current !== null) {
      const row = rowRefs.current[rowsNow.findIndex((r) => r.id === lastOpen.current)];
      // After the frame in which the dialog lets go of the page (the rows are inert until then).
      if (row) requestAnimationFrame(() => row.focus());
    }
    lastOpen.current = openId;
    // Only a change of the open result matters; the rows are read as they are then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [openId]);
  /** A click on a row's own text opens its panel; its links, buttons and boxes keep their own meaning. */
  const handleRowClick = (event: MouseEvent, row: Result) => {
    if (!(event.target as HTMLElement).closest('a, button, input, label, select, [role="menu"], [role="menuitem"]')) openRow(row);
  };
  // While the panel is open the keys are the panel's (Escape closes it), not the table's.
  useShortcuts(openId ? {} : {
    next: () => moveCursor(1),
    previous: () => moveCursor(-1),
    select: () => {
      const row = rowsNow[cursor];
      if (row) toggleRow(row.id);
    },
    open: () => {
      const row = rowsNow[cursor];
      if (row) openRow(row);
    },
  });
  function toggleRow(rowId: number) {
    setAllMatching(false);
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(rowId)) next.delete(rowId);
      else next.add(rowId);
      return next;
    });
  }
  // Rows on the do-not-contact list stay out of the file unless this is ticked.
  const [includeSuppressed, setIncludeSuppressed] = useState(false);

  if (results.isPending) {
    return (
      <Box>
        <PageHeader title={t('routes.savedList')} onBack={() => navigate('/saved-lists')} />
        <PageSpinner />
      </Box>
    );
  }
  if (results.isError) {
    return (
      <Box>
        <PageHeader title={t('routes.savedList')} onBack={() => navigate('/saved-lists')} />
        <ErrorState title={apiErrorMessage(results.error, t('errors.loadFailed'))} onRetry={() => void results.refetch()} />
      </Box>
    );
  }
  const page = results.data;
  const campaign = page.campaign;
  const rows = page.data;
  const pages = Math.max(1, Math.ceil(page.total / page.pageSize));
  // A capped total ("more than 10,000") does not say where the list ends: a full page may have a next one.
  const hasNext = rows.length === page.pageSize && (filters.page < pages || page.total_capped || page.total_estimated);
  const exportFilters = matchingFilters(filters);
  const allOnPageSelected = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const selectionCount = allMatching ? page.total : selected.size;
  const selection: SelectionInput = allMatching ? { type, id, allMatching: { filters: exportFilters } } : { type, id, ids: [...selected] };

  const toggle = toggleRow;
  const togglePage = () => {
    setAllMatching(false);
    setSelected(allOnPageSelected ? new Set() : new Set(rows.map((r) => r.id)));
  };
  const clearSelection = () => {
    setSelected(new Set());
    setAllMatching(false);
    setConfirmDelete(false);
  };
  /** Runs a bulk action on the selection; the API's message is shown as a toast either way. */
  const run = async (action: () => Promise<unknown>, keepSelection = false) => {
    try {
      await action();
      if (!keepSelection) clearSelection();
    } catch {
      // The API's message is already shown as a toast.
    }
  };
  const handleSendToWebhook = async () => {
    // Spec §5: a webhook list needs its webhook set up first.
    if (!campaign.has_webhook) {
      setNoWebhook(true);
      return;
    }
    await run(() => webhook.mutateAsync(selection));
  };
  const handleExport = async () => {
    try {
      // A big list (or a count that stopped at its cap) is written to a file in the background: progress
      // in the files panel, an email when ready. A small one downloads at once.
      const directMax = exports.data?.direct_max_rows ?? 10_000;
      if (results.data.total > directMax || results.data.total_capped) {
        await startExport.mutateAsync({ campaign_id: id, filters: { ...exportFilters, include_suppressed: includeSuppressed } });
        return;
      }
      await exportCsv.mutateAsync({ type, id, filters: { ...exportFilters, include_suppressed: includeSuppressed } });
    } catch (error) {
      toast.error(apiErrorMessage(error, t('errors.exportFailed')));
    }
  };

  const columnHeader = (key: ResultColumnKey): string => {
    if (key === 'title') return t(type === 'local' || type === 'company' ? 'columns.category' : 'columns.jobTitle');
    if (key === 'ai') return t('assistant.texts.column');
    if (key === 'actions') return t('rowActions.column');
    return t(`columns.${key}`);
  };
  const cell = (key: ResultColumnKey, r: Result): ReactNode => {
    switch (key) {
      case 'title':
        return type === 'local' || type === 'company' ? String(r.data.category ?? '') : (r.job_title ?? '');
      case 'company':
        return r.company ?? '';
      case 'email':
        return (
          <>
            {r.email ?? '—'}
            {r.email ? <EmailSourceNote data={r.data} /> : null}
          </>
        );
      case 'emailStatus':
        return (
          <>
            <EmailStatusBadge status={r.email_status} /> <EmailGradeBadge grade={r.email_grade} reason={r.email_grade_reason} />
          </>
        );
      case 'phone':
        return <PhoneValue phone={r.phone} data={r.data} />;
      case 'ai':
        return <AiTextsCell data={r.data} name={r.name} />;
      case 'crm':
        return <CrmStatus result={r} />;
      case 'credits':
        return r.credits;
      case 'actions':
        return <ResultRowActions type={type} listId={id} result={r} enrichment={rowEnrichment(type)} onOpen={() => openRow(r)} />;
    }
  };

  return (
    <Box>
      <PageHeader title={campaign.name} onBack={() => navigate('/saved-lists')} titleTestId="list-name" actions={<ListManageActions campaign={campaign} />} />
      <ListSummary campaign={campaign} onStop={(jobId) => void run(() => stop.mutateAsync(jobId), true)} stopping={stop.isPending} />

      <Flex as="section" aria-label={t('toolbar.label')} wrap="wrap" gap={3} align="flex-end" mb={4}>
        {has('emailFound') ? (
          <FilterSelect
            id="filter-with-email"
            label={t('toolbar.emailFound')}
            value={String(filters.withEmail)}
            onChange={(value) => update({ withEmail: Number(value) })}
            options={[
              [String(WITH_EMAIL.all), t('withEmail.all')],
              [String(WITH_EMAIL.found), t('withEmail.found')],
              [String(WITH_EMAIL.potentialsFound), t('withEmail.potential')],
              [String(WITH_EMAIL.notFound), t('withEmail.notFound')],
            ]}
          />
        ) : null}
        {has('status') ? (
          <FilterSelect
            id="filter-sent"
            label={t('toolbar.status')}
            value={String(filters.sent)}
            onChange={(value) => update({ sent: Number(value) })}
            options={[
              [String(SENT_FILTER.all), t('sent.all')],
              [String(SENT_FILTER.sent), t('sent.sent')],
              [String(SENT_FILTER.unsent), t('sent.unsent')],
            ]}
          />
        ) : null}
        {has('customLabels') ? <LabelFilter value={filters.label_id} onChange={(labelId) => update({ label_id: labelId })} /> : null}
        {has('emailFound') ? <EmailGradeFilter type={type} listId={id} value={filters.email_grade} onChange={(grade) => update({ email_grade: grade })} /> : null}
        <FilterSelect
          id="filter-sort"
          label={t('toolbar.sort')}
          value={filters.sort ?? 'added'}
          onChange={(value) => update({ sort: value === 'added' ? undefined : (value as ResultSort) })}
          options={RESULT_SORTS.map((s) => [s, t(`sort.${s}`)] as [string, string])}
        />
        {has('search') ? (
          <chakra.form
            role="search"
            display="flex"
            gap={2}
            alignItems="flex-end"
            onSubmit={(e) => {
              e.preventDefault();
              update({ search: searchText.trim() });
            }}
          >
            <Box>
              <chakra.label htmlFor="results-search" fontSize="sm" fontWeight="medium" display="block">
                {t('toolbar.search')}
              </chakra.label>
              <Input id="results-search" {...{ [SEARCH_SHORTCUT_ATTR]: '' }} value={searchText} onChange={(e) => setSearchText(e.target.value)} size="sm" w="56" />
            </Box>
            <FilterSelect
              id="search-type"
              label={t('toolbar.searchType')}
              value={filters.search_type}
              onChange={(value) => update({ search_type: value as ResultFilters['search_type'], search: searchText.trim() })}
              options={[
                ['contain', t('searchType.contain')],
                ['exact', t('searchType.exact')],
                ['start', t('searchType.start')],
              ]}
            />
            <Button type="submit" size="sm" variant="outline">
              {t('toolbar.apply')}
            </Button>
          </chakra.form>
        ) : null}
        <HStack ml="auto" wrap="wrap">
          {has('moreFilters') ? (
            <Button size="sm" variant="outline" onClick={() => setMoreOpen((o) => !o)} aria-expanded={moreOpen}>
              {t('toolbar.moreFilters')}
              {filters.advanced_custom_search.length || filters.startDate || filters.endDate ? ` (${filters.advanced_custom_search.length + (filters.startDate || filters.endDate ? 1 : 0)})` : ''}
            </Button>
          ) : null}
          {has('settings') ? (
            <Button size="sm" variant="outline" onClick={() => setSettingsOpen((o) => !o)} aria-expanded={settingsOpen}>
              {t('toolbar.settings')}
            </Button>
          ) : null}
          <Button size="sm" variant="outline" aria-pressed={view === 'grid'} onClick={() => update({ page: filters.page, after: filters.after, before: filters.before }, view === 'grid' ? 'list' : 'grid')}>
            {view === 'grid' ? t('toolbar.listView') : t('toolbar.gridView')}
          </Button>
          {view === 'list' ? (
            <Button size="sm" variant="outline" onClick={() => setColumnsOpen((o) => !o)} aria-expanded={columnsOpen}>
              {t('columnChooser.toggle')}
            </Button>
          ) : null}
          {has('manualEntry') ? (
            <Button size="sm" variant="outline" onClick={() => setManualOpen((o) => !o)} aria-expanded={manualOpen}>
              {t('toolbar.manualEntry')}
            </Button>
          ) : null}
          {type !== 'intent' ? <ImportCsvLink /> : null}
          {has('csv') ? (
            <HStack gap={1}>
              <Button size="sm" variant="outline" onClick={() => void handleExport()} loading={exportCsv.isPending || startExport.isPending}>
                {t('toolbar.csv')}
              </Button>
              <Checkbox.Root size="xs" position="relative" checked={includeSuppressed} onCheckedChange={(e) => setIncludeSuppressed(e.checked === true)}>
                <Checkbox.HiddenInput style={CHECKBOX_INPUT_OVER} />
                <Checkbox.Control />
                <Checkbox.Label fontWeight="normal">{t('doNotContact.includeInCsv')}</Checkbox.Label>
              </Checkbox.Root>
            </HStack>
          ) : null}
          {has('newSearch') ? (
            <Button asChild size="sm" colorPalette="brand">
              <Link to="new-search">{t('toolbar.newSearch')}</Link>
            </Button>
          ) : null}
        </HStack>
      </Flex>

      <Flex as="section" aria-label={t('views.section')} mb={4}>
        <SavedViewsControl type={type} columns={columns} filters={viewFiltersOf(filters)} selectedId={savedViewId} onApply={applyView} />
      </Flex>
      {columnsOpen && view === 'list' ? <ColumnChooser available={defaultColumns(withAi).map((c) => c.key)} columns={columns} onChange={setColumns} onReset={() => setColumns(defaultColumns(withAi))} /> : null}
      {has('csv') ? <ListExportsPanel campaignId={id} filters={exportFilters} /> : null}
      {settingsOpen ? <IntentSettingsPanel campaignId={id} searching={campaign.job?.status === 'running'} /> : null}
      {moreOpen ? <MoreFiltersPanel key={JSON.stringify([filters.startDate, filters.endDate, filters.advanced_custom_search])} filters={filters} onApply={(patch) => update(patch)} /> : null}
      {manualOpen ? <ManualEntryForm type={type} campaignId={id} onDone={() => setManualOpen(false)} /> : null}

      {selectionCount > 0 ? (
        <Flex role="region" aria-label={t('selection.label')} gap={3} align="center" wrap="wrap" bg="bg.subtle" p={3} borderRadius="md" mb={3}>
          <Text data-testid="selection-count">{t('selection.count', { count: selectionCount })}</Text>
          {allOnPageSelected && !allMatching && page.total > rows.length ? (
            <Button size="sm" variant="ghost" onClick={() => setAllMatching(true)}>
              {t('selection.selectAllMatching', { count: page.total })}
            </Button>
          ) : null}
          {has('getPhones') ? (
            <Button size="sm" variant="outline" onClick={() => void run(() => phones.mutateAsync(selection))} loading={phones.isPending}>
              {t('toolbar.getPhones', { count: CREDIT_COSTS.peoplePhoneEnrich })}
            </Button>
          ) : null}
          {has('getEmployees') ? (
            <Button size="sm" variant="outline" onClick={() => void run(() => employees.mutateAsync(selection))} loading={employees.isPending}>
              {t('toolbar.getEmployees', { count: EMPLOYEE_COST[type] })}
            </Button>
          ) : null}
          {has('enrich') ? (
            <Button size="sm" variant="outline" onClick={() => void run(() => enrich.mutateAsync(selection))} loading={enrich.isPending}>
              {t('toolbar.enrich', { count: CREDIT_COSTS.influencerEnrichPerRecord })}
            </Button>
          ) : null}
          {/* Spec §9: with a GPT-3.5-class model, AI actions run on one result at a time (bulk ones are hidden). */}
          {has('ai') && (aiModel.data?.bulk_actions !== false || (!allMatching && selected.size === 1)) ? <AiActionToggle open={aiOpen} onToggle={() => setAiOpen((o) => !o)} /> : null}
          {has('crm') ? <CrmSendControl selection={selection} onQueued={clearSelection} /> : null}
          {has('crm') ? (
            <Button size="sm" variant="outline" onClick={() => void handleSendToWebhook()} loading={webhook.isPending}>
              {t('toolbar.sendWebhook')}
            </Button>
          ) : null}
          {noWebhook ? (
            <Text role="alert" color="red.700">
              {tc('errors.listHasNoWebhook')}{' '}
              <Link to="webhook">
                <Text as="span" textDecoration="underline">
                  {t('routes.listWebhook')}
                </Text>
              </Link>
            </Text>
          ) : null}
          {has('customLabels') ? <LabelsEditor pending={labels.isPending} onChange={(change) => run(async () => showUndo(await labels.mutateAsync({ ...selection, ...change })), true)} /> : null}
          {confirmDelete ? (
            <>
              <Text fontWeight="semibold">{t('selection.confirmDelete', { count: selectionCount })}</Text>
              <Button size="sm" colorPalette="red" onClick={() => void run(async () => showUndo(await remove.mutateAsync(selection)))} loading={remove.isPending}>
                {t('selection.confirm')}
              </Button>
              <Button size="sm" variant="outline" onClick={() => setConfirmDelete(false)}>
                {t('selection.cancel')}
              </Button>
            </>
          ) : (
            <Button size="sm" variant="outline" colorPalette="red" onClick={() => setConfirmDelete(true)}>
              {t('toolbar.delete')}
            </Button>
          )}
        </Flex>
      ) : null}
      {/* Below the bar, not inside it: the panel is a form of its own and would split the bar in two. */}
      {has('ai') && aiOpen && selectionCount > 0 && (aiModel.data?.bulk_actions !== false || (!allMatching && selected.size === 1)) ? <AiActionPanel selection={selection} count={selectionCount} onClose={() => setAiOpen(false)} /> : null}

      {rows.length === 0 ? (
        <Text py={8} textAlign="center">
          {campaign.job?.status === 'running' ? t('list.waiting') : t('list.empty')}
        </Text>
      ) : view === 'grid' ? (
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap={3}>
          {rows.map((r, index) => (
            <Card.Root
              key={r.id}
              size="sm"
              data-testid="result-card"
              ref={(el: HTMLDivElement | null) => {
                rowRefs.current[index] = el;
              }}
              tabIndex={-1}
              data-cursor={index === cursor ? '' : undefined}
              onFocus={() => setCursor(index)}
              _focus={FOCUS_RING}
            >
              <Card.Body>
                <HStack justify="space-between" align="flex-start">
                  <HStack gap={2}>
                    <SelectCheckbox label={t('list.selectRow', { name: r.name })} checked={allMatching || selected.has(r.id)} onChange={() => toggle(r.id)} />
                    <Link to={`${r.id}?${params.toString()}`}>
                      <Text as="span" fontWeight="semibold" textDecoration="underline">
                        {r.name}
                      </Text>
                    </Link>
                  </HStack>
                  <EmailStatusBadge status={r.email_status} />
                </HStack>
                <EmailGradeBadge grade={r.email_grade} reason={r.email_grade_reason} />
                <SuppressedBadge by={r.suppressed} />
                <DuplicateBadge of={r.duplicate_of} />
                <Text fontSize="sm">{[r.job_title, r.company].filter(Boolean).join(' · ')}</Text>
                <Text fontSize="sm">{r.email ?? '—'}</Text>
                {r.email ? <EmailSourceNote data={r.data} /> : null}
                <Text fontSize="sm">
                  <PhoneValue phone={r.phone} data={r.data} />
                </Text>
                <ResultLabels labels={r.labels} />
                <Box mt={2}>
                  <ResultRowActions type={type} listId={id} result={r} enrichment={rowEnrichment(type)} onOpen={() => openRow(r)} />
                </Box>
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
      ) : (
        <TableFrame label={t('list.resultsLabel')}>
          <Table.Root size="sm" aria-label={t('list.resultsLabel')} stickyHeader>
            <Table.Header>
              <Table.Row {...TABLE_HEADER_ROW_PROPS}>
                <Table.ColumnHeader w="8">
                  <SelectCheckbox label={t('list.selectPage')} checked={allOnPageSelected || allMatching} onChange={togglePage} />
                </Table.ColumnHeader>
                <Table.ColumnHeader>{t('columns.name')}</Table.ColumnHeader>
                {columns.map((c) => (
                  <Table.ColumnHeader key={c.key} {...widthProps(c)} {...(c.key === 'credits' ? { textAlign: 'end', whiteSpace: 'nowrap' } : {})}>
                    {columnHeader(c.key)}
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((r, index) => (
                <Table.Row
                  key={r.id}
                  data-testid="result-row"
                  ref={(el: HTMLTableRowElement | null) => {
                    rowRefs.current[index] = el;
                  }}
                  tabIndex={-1}
                  data-cursor={index === cursor ? '' : undefined}
                  onFocus={() => setCursor(index)}
                  onClick={(event) => handleRowClick(event, r)}
                  cursor="pointer"
                  _focus={FOCUS_RING}
                >
                  <Table.Cell>
                    <SelectCheckbox label={t('list.selectRow', { name: r.name })} checked={allMatching || selected.has(r.id)} onChange={() => toggle(r.id)} />
                  </Table.Cell>
                  <Table.Cell>
                    <Link to={`${r.id}?${params.toString()}`}>
                      <Text as="span" textDecoration="underline">
                        {r.name}
                      </Text>
                    </Link>
                    <ResultLabels labels={r.labels} />
                    <SuppressedBadge by={r.suppressed} />
                    <DuplicateBadge of={r.duplicate_of} />
                  </Table.Cell>
                  {columns.map((c) => (
                    <Table.Cell key={c.key} {...widthProps(c)} {...(c.key === 'credits' ? { textAlign: 'end' } : {})} {...(c.key === 'crm' ? { 'data-testid': 'crm-status' } : {})}>
                      {cell(c.key, r)}
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </TableFrame>
      )}

      <Flex as="nav" aria-label={t('pagination.label')} justify="space-between" align="center" mt={4} gap={3} wrap="wrap">
        <Text>{t(page.total_capped ? 'pagination.summaryCapped' : page.total_estimated ? 'pagination.summaryEstimated' : 'pagination.summary', { page: filters.page, pages, total: page.total })}</Text>
        <HStack>
          {/* Keyset pages: Next asks for the rows after this page's last id, Previous for those before its first,
              so a deep page costs what the first does; page 1 needs no position. */}
          <Button
            size="sm"
            variant="outline"
            disabled={filters.page <= 1}
            onClick={() => update(filters.page <= 2 || rows.length === 0 ? { page: Math.max(1, filters.page - 1) } : { page: filters.page - 1, before: rows[0]!.id })}
          >
            {t('pagination.previous')}
          </Button>
          <Button size="sm" variant="outline" disabled={!hasNext} onClick={() => update({ page: filters.page + 1, after: rows.at(-1)!.id })}>
            {t('pagination.next')}
          </Button>
        </HStack>
      </Flex>
      <ResultDrawer
        type={type}
        listId={id}
        resultId={openId}
        fullPageHref={`${openId ?? ''}?${params.toString()}`}
        onClose={closeRow}
        finalFocusEl={() => rowRefs.current[rows.findIndex((r) => r.id === openId)] ?? null}
      />
    </Box>
  );
}

function FilterSelect({ id, label, value, onChange, options }: { id: string; label: string; value: string; onChange: (value: string) => void; options: [string, string][] }) {
  return (
    <Box>
      <chakra.label htmlFor={id} fontSize="sm" fontWeight="medium" display="block">
        {label}
      </chakra.label>
      <NativeSelect.Root size="sm" w="48">
        <NativeSelect.Field id={id} value={value} onChange={(e) => onChange(e.target.value)}>
          {options.map(([v, l]) => (
            <option key={v} value={v}>
              {l}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Box>
  );
}

function ResultLabels({ labels }: { labels: string[] }) {
  if (!labels.length) return null;
  return (
    <HStack gap={1} wrap="wrap" mt={1} data-testid="result-labels">
      {labels.map((l) => (
        <Badge key={l} colorPalette="blue" variant="outline">
          {l}
        </Badge>
      ))}
    </HStack>
  );
}

function ListSummary({ campaign, onStop, stopping }: { campaign: Campaign; onStop: (jobId: number) => void; stopping: boolean }) {
  const { t } = useTranslation('leadSearch');
  const job = campaign.job;
  return (
    <Stack mb={4} gap={1}>
      <HStack wrap="wrap">
        <Badge>{t(`types.${campaign.list_type}.name`)}</Badge>
        <ListStateBadge campaign={campaign} />
        {job?.demo_data ? <Badge colorPalette="purple">{t('demoData')}</Badge> : null}
        {campaign.is_demo ? <Badge colorPalette="purple">{t('demoList')}</Badge> : null}
        <Link to="tags-and-source">
          <Text as="span" fontSize="sm" textDecoration="underline">
            {t('routes.tagsAndSource')}
          </Text>
        </Link>
        <Link to="history">
          <Text as="span" fontSize="sm" textDecoration="underline">
            {t('routes.listHistory')}
          </Text>
        </Link>
      </HStack>
      {/* The whole list's size: the job line below tells only of its latest search. */}
      <Text data-testid="list-size">{t('list.size', { count: campaign.result_count })}</Text>
      {campaign.tags.length || campaign.source ? (
        <Text fontSize="sm">{[campaign.tags.join(', '), campaign.source].filter(Boolean).join(' · ')}</Text>
      ) : null}
      {job ? (
        <HStack wrap="wrap">
          <Text data-testid="job-progress" aria-live="polite">
            {t(job.search_type === 'intent' && job.status === 'running' ? 'job.waitingVisitors' : `job.${job.status}`, {
              produced: job.produced,
              // The leads the sentence counts: those produced once done, otherwise the number asked for.
              count: job.status === 'done' ? job.produced : job.requested,
              found: job.found,
              credits: job.credits_charged,
            })}
          </Text>
          {job.status === 'running' ? (
            <Button size="xs" variant="outline" onClick={() => onStop(job.id)} loading={stopping}>
              {t('job.stop')}
            </Button>
          ) : null}
        </HStack>
      ) : null}
      {job?.stop_reason && job.stop_reason !== 'source_error' ? (
        <Text role="alert" color={job.stop_reason === 'no_credits' ? 'red.700' : undefined} fontWeight="semibold">
          {t(`job.stopReason.${job.stop_reason}`)}
        </Text>
      ) : null}
      {job ? <JobSourceError job={job} /> : null}
      {campaign.enrichment ? <EnrichmentProgress job={campaign.enrichment} /> : null}
    </Stack>
  );
}
