import { Box, Flex, Text } from '@chakra-ui/react';
import { apiErrorMessage, ErrorState, PageHeader, PageSpinner } from '@leadsmith/shared';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useStopSearch } from '../../../api/stopSearch';
import { parseListParam, type SearchType } from '../../../api/types';
import { useShortcuts } from '../../../components/keyboard/shortcuts';
import { useResults, type ResultFilters } from '../api/getResults';
import type { ListView, ViewFilters } from '../api/listViews';
import { defaultColumns, readColumns, writeColumns, type ColumnSetting } from '../columns';
import { useListRowsStore } from '../listRows';
import { listFilters, matchingFilters, readListState, writeListState, type ViewMode } from '../listUrlState';
import { offers } from '../listToolbar';
import { ColumnChooser } from './ColumnChooser';
import { IntentSettingsPanel } from './IntentSettingsPanel';
import { ListExportsPanel } from './ListExportsPanel';
import { ListManageActions } from './ListManageActions';
import { ListEnd } from './ListEnd';
import { ListSelection } from './ListSelection';
import { ListSummary } from './ListSummary';
import { ListToolbar, type ListPanel } from './ListToolbar';
import { ManualEntryForm } from './ManualEntryForm';
import { MoreFiltersPanel } from './MoreFiltersPanel';
import { ResultDrawer } from './ResultDrawer';
import { ResultsGrid, type Result } from './ResultViews';
import { SavedViewsControl } from './SavedViewsControl';

// The table and its virtualizer come with the first list opened, not with the area (a visit to New search does not
// download them); the list asks for them as it asks for its rows, so neither waits for the other.
const loadResultsTable = () => import('./ResultsTable');
const ResultsTable = lazy(() => loadResultsTable().then((m) => ({ default: m.ResultsTable })));

/** What a saved view keeps of the filters: only those the user changed from the defaults, without paging. */
function viewFiltersOf(filters: ResultFilters): ViewFilters {
  const base = readListState(new URLSearchParams()).filters;
  const out: Record<string, unknown> = {};
  for (const key of [
    'search',
    'search_type',
    'sent',
    'withEmail',
    'startDate',
    'endDate',
    'label_id',
    'email_grade',
    'sort',
  ] as const) {
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

/**
 * One list's page. Its state lives in the URL (filters, sort, view, columns, saved view, the open result) so a link
 * shows the same table; this component reads it and lays out the parts: summary, toolbar, panels, selection bar,
 * results (table or grid; more load as the end comes into view) and the result's side panel. The selection and the
 * keyboard's row live in a store beside it (`listRows`): the parts that show them read them there, so a click on a
 * row's box does not draw this screen again (ADR 061).
 */
function SavedList({ type, id }: { type: SearchType; id: number }) {
  const { t } = useTranslation('leadSearch');
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const { filters, view } = readListState(params);
  const results = useResults(type, id, listFilters(filters));
  useEffect(() => void loadResultsTable(), []);
  const stop = useStopSearch();
  const withAi = offers(type, 'ai');
  // Columns and the saved view travel in the URL with the filters: a link shows the same table (issue 29 item 7).
  const columns = readColumns(params.get('cols'), withAi);
  const savedViewId = Number(params.get('sv')) || null;
  const [panels, setPanels] = useState<Record<ListPanel, boolean>>({
    moreFilters: filters.advanced_custom_search.length > 0 || Boolean(filters.startDate || filters.endDate),
    settings: false,
    columns: false,
    manualEntry: false,
  });
  const togglePanel = (panel: ListPanel) => setPanels((open) => ({ ...open, [panel]: !open[panel] }));
  const closePanel = (panel: ListPanel) => setPanels((open) => ({ ...open, [panel]: false }));
  // The selection and the keyboard's row (j/k, the one x selects and o opens; rows take focus so it is always visible).
  const rowsState = useListRowsStore();
  const rowRefs = useRef<(HTMLElement | null)[]>([]);

  /** The columns and the saved view stay in the URL when the filters or the page change. */
  const keepTableState = (next: URLSearchParams) => {
    for (const key of ['cols', 'sv']) {
      const value = params.get(key);
      if (value !== null) next.set(key, value);
    }
    return next;
  };
  const update = (patch: Partial<ResultFilters>, nextView: ViewMode = view) => {
    // Any filter change starts the list from its top again; the selection belongs to the old filter.
    const next = { ...filters, ...patch, page: 1, after: undefined, before: undefined };
    setParams(keepTableState(writeListState(next, nextView)));
    rowsState.reset();
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
    rowsState.reset();
  };

  const rowsNow = results.data?.pages.flatMap((p) => p.data) ?? [];
  const moveCursor = (by: 1 | -1) => {
    if (rowsNow.length === 0) return;
    const next = Math.min(rowsNow.length - 1, Math.max(0, rowsState.get().cursor + by));
    rowsState.setCursor(next);
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
  // While the panel is open the keys are the panel's (Escape closes it), not the table's.
  useShortcuts(
    openId
      ? {}
      : {
          next: () => moveCursor(1),
          previous: () => moveCursor(-1),
          select: () => {
            const row = rowsNow[rowsState.get().cursor];
            if (row) rowsState.toggle(row.id);
          },
          open: () => {
            const row = rowsNow[rowsState.get().cursor];
            if (row) openRow(row);
          },
        },
  );

  if (!results.data) {
    if (results.isError) {
      return (
        <Box>
          <PageHeader title={t('routes.savedList')} onBack={() => navigate('/saved-lists')} />
          <ErrorState
            title={apiErrorMessage(results.error, t('errors.loadFailed'))}
            onRetry={() => void results.refetch()}
          />
        </Box>
      );
    }
    return (
      <Box>
        <PageHeader title={t('routes.savedList')} onBack={() => navigate('/saved-lists')} />
        <PageSpinner />
      </Box>
    );
  }
  // The first page says what the list is and how many rows match; every page loaded adds its rows.
  const page = results.data.pages[0]!;
  const campaign = page.campaign;
  const rows = rowsNow;
  const totalIs = page.total_capped ? 'capped' : page.total_estimated ? 'estimated' : undefined;
  const listEnd = (inFrame: boolean) => (
    <ListEnd
      inFrame={inFrame}
      shown={rows.length}
      total={page.total}
      totalIs={totalIs}
      hasMore={results.hasNextPage}
      loadingMore={results.isFetchingNextPage}
      error={results.isFetchNextPageError ? results.error : null}
      onLoadMore={() => void results.fetchNextPage()}
    />
  );
  const exportFilters = matchingFilters(filters);
  const stopSearch = async (jobId: number) => {
    try {
      await stop.mutateAsync(jobId);
    } catch {
      // The API's message is already shown as a toast.
    }
  };
  const views = {
    type,
    listId: id,
    rows,
    query: params.toString(),
    rowsState,
    rowRefs,
    onOpen: openRow,
  };

  return (
    <Box>
      <PageHeader
        title={campaign.name}
        onBack={() => navigate('/saved-lists')}
        titleTestId="list-name"
        actions={<ListManageActions campaign={campaign} />}
      />
      <ListSummary campaign={campaign} onStop={(jobId) => void stopSearch(jobId)} stopping={stop.isPending} />
      <ListToolbar
        type={type}
        id={id}
        filters={filters}
        view={view}
        onChange={update}
        panels={panels}
        onTogglePanel={togglePanel}
        total={page.total}
        totalCapped={Boolean(page.total_capped)}
      />

      <Flex as="section" aria-label={t('views.section')} mb={4}>
        <SavedViewsControl
          type={type}
          columns={columns}
          filters={viewFiltersOf(filters)}
          selectedId={savedViewId}
          onApply={applyView}
        />
      </Flex>
      {panels.columns && view === 'list' ? (
        <ColumnChooser
          available={defaultColumns(withAi).map((c) => c.key)}
          columns={columns}
          onChange={setColumns}
          onReset={() => setColumns(defaultColumns(withAi))}
        />
      ) : null}
      {offers(type, 'csv') ? <ListExportsPanel campaignId={id} filters={exportFilters} /> : null}
      {panels.settings ? <IntentSettingsPanel campaignId={id} searching={campaign.job?.status === 'running'} /> : null}
      {panels.moreFilters ? (
        <MoreFiltersPanel
          key={JSON.stringify([filters.startDate, filters.endDate, filters.advanced_custom_search])}
          filters={filters}
          onApply={(patch) => update(patch)}
        />
      ) : null}
      {panels.manualEntry ? (
        <ManualEntryForm type={type} campaignId={id} onDone={() => closePanel('manualEntry')} />
      ) : null}

      <ListSelection
        rowsState={rowsState}
        type={type}
        id={id}
        rows={rows}
        total={page.total}
        filters={exportFilters}
        hasWebhook={campaign.has_webhook}
      />

      {rows.length === 0 ? (
        <Text py={8} textAlign="center">
          {campaign.job?.status === 'running' ? t('list.waiting') : t('list.empty')}
        </Text>
      ) : view === 'grid' ? (
        <>
          <ResultsGrid {...views} />
          {listEnd(false)}
        </>
      ) : (
        <Suspense fallback={<PageSpinner />}>
          <ResultsTable {...views} columns={columns} rowCount={totalIs ? null : page.total} footer={listEnd(true)} />
        </Suspense>
      )}
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
