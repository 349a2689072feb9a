import { Table, Text } from '@chakra-ui/react';
import { DEFAULT_LIST_FILTERS, TableFrame, TABLE_HEADER_ROW_PROPS } from '@leadsmith/shared';
import { measureElement, observeElementRect, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import {
  memo,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  type MouseEvent,
  type MutableRefObject,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SelectCheckbox } from '../../../components/SelectCheckbox';
import { AiTextsCell } from '../../aiAssistant/components/AiTexts';
import { EmailGradeBadge } from '../../emailGrades/components/EmailGradeBadge';
import type { ColumnSetting, ResultColumnKey } from '../columns';
import { allIn, useListRows, type ListRowsStore } from '../listRows';
import { CrmStatus } from './CrmStatus';
import { DuplicateBadge } from './DuplicateBadge';
import { EmailSourceNote } from './EmailSourceNote';
import { EmailStatusBadge } from './EmailStatusBadge';
import { PhoneValue } from './PhoneValue';
import { ResultLabels } from './ResultLabels';
import { ResultRowActions, rowEnrichment } from './ResultRowActions';
import { FOCUS_RING, RowSelectBox, type Result, type ResultViewProps } from './ResultViews';
import { SuppressedBadge } from './SuppressedBadge';
import { UncoveredBadge } from './UncoveredBadge';

// The virtualizer (@tanstack/react-virtual) comes with this table only: SavedListScreen loads this module lazily,
// so an area visit that opens no list does not download it.

/** A row's height before it is measured (a one-line row of the small table). */
const ROW_ESTIMATE_PX = 41;
/**
 * Rows drawn beyond each edge of the frame: a page's worth (DEFAULT_LIST_FILTERS.limit), so the first page is drawn
 * whole (find-in-page and a screen reader's reading cursor reach all of it) and j/k or a short scroll finds its row
 * already there.
 */
const OVERSCAN = DEFAULT_LIST_FILTERS.limit;

/**
 * The frame's size as the virtualizer sees it. A frame not laid out yet measures 0 and would draw no row at all;
 * until it has a size, a window's height of rows is drawn.
 */
const observeFrameRect: typeof observeElementRect = (instance, onRect) =>
  observeElementRect(instance, (rect) =>
    onRect(rect.height > 0 ? rect : { width: rect.width, height: instance.targetWindow?.innerHeight ?? 0 }),
  );

/** A row's drawn height; one not laid out (0) counts as the estimate, or every row would seem to fit in view. */
const measureRow: typeof measureElement = (element, entry, instance) =>
  measureElement(element, entry, instance) || ROW_ESTIMATE_PX;

/** A sized column keeps its width; an unsized one is as wide as its content. */
const widthProps = (c: ColumnSetting) =>
  c.width ? { style: { width: `${c.width}px`, minWidth: `${c.width}px`, maxWidth: `${c.width}px` } } : {};

/** What the list view takes besides what it shares with the grid. */
export interface ResultsTableProps extends ResultViewProps {
  columns: ColumnSetting[];
  /** How many rows the list has (header not counted; absent: the rows given), or null when only an estimate or a cap is known. */
  rowCount?: number | null;
  /** What follows the last row inside the frame: the list's end (loading more, an error, the count). */
  footer?: ReactNode;
}

/**
 * The list view: the chosen columns in their order and widths; a click on a row's own text opens its panel. Only the
 * rows in and near the frame's view are in the document (a thousand loaded rows cost what thirty do): spacer rows
 * stand for the others, and aria-rowcount / aria-rowindex tell a screen reader where each drawn row sits.
 */
export function ResultsTable({ columns, rowCount, footer, ...view }: ResultsTableProps) {
  const { t } = useTranslation('leadSearch');
  const { type, listId, rows, query, rowsState, rowRefs } = view;
  const tableRef = useRef<HTMLTableElement | null>(null);
  // The rule warns that the React Compiler cannot memoise around the virtualizer; no build here runs the compiler.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    // The table scrolls in its TableFrame, the table's parent.
    getScrollElement: () => tableRef.current?.parentElement ?? null,
    estimateSize: () => ROW_ESTIMATE_PX,
    getItemKey: (index) => rows[index]!.id,
    overscan: OVERSCAN,
    observeElementRect: observeFrameRect,
    measureElement: measureRow,
  });
  const pendingFocus = useKeepCursorRow(virtualizer, rowsState, rowRefs);
  // The rows' handlers stay the same functions across renders (they call the latest props): a row is drawn again
  // only when its own props change (ADR 061: the INP of a list of a thousand rows). Its selection and cursor it reads
  // from the rows' store itself.
  const latest = useRef(view);
  useLayoutEffect(() => {
    latest.current = view;
  });
  const onOpen = useCallback((row: Result) => latest.current.onOpen(row), []);
  const registerRow = useCallback(
    (index: number, el: HTMLTableRowElement | null) => {
      rowRefs.current[index] = el;
      if (!el) return;
      virtualizer.measureElement(el);
      if (pendingFocus.current === index) {
        pendingFocus.current = -1;
        el.focus();
      }
    },
    [rowRefs, virtualizer, pendingFocus],
  );
  const items = virtualizer.getVirtualItems();
  const padTop = items[0]?.start ?? 0;
  const padBottom = items.length ? virtualizer.getTotalSize() - items.at(-1)!.end : 0;
  const span = columns.length + 2;
  const header = (key: ResultColumnKey): string => {
    if (key === 'title') return t(type === 'local' || type === 'company' ? 'columns.category' : 'columns.jobTitle');
    if (key === 'ai') return t('assistant.texts.column');
    if (key === 'actions') return t('rowActions.column');
    return t(`columns.${key}`);
  };
  return (
    <TableFrame label={t('list.resultsLabel')}>
      <Table.Root
        ref={tableRef}
        size="sm"
        aria-label={t('list.resultsLabel')}
        aria-rowcount={rowCount === null ? -1 : (rowCount ?? rows.length) + 1}
        stickyHeader
      >
        <Table.Header>
          <Table.Row {...TABLE_HEADER_ROW_PROPS} aria-rowindex={1}>
            <Table.ColumnHeader w="8">
              <PageSelectBox rowsState={rowsState} rows={rows} />
            </Table.ColumnHeader>
            <Table.ColumnHeader>{t('columns.name')}</Table.ColumnHeader>
            {columns.map((c) => (
              <Table.ColumnHeader
                key={c.key}
                {...widthProps(c)}
                {...(c.key === 'credits' ? { textAlign: 'end', whiteSpace: 'nowrap' } : {})}
              >
                {header(c.key)}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {padTop > 0 ? <SpacerRow height={padTop} span={span} /> : null}
          {items.map(({ index }) => {
            const r = rows[index]!;
            return (
              <ResultRow
                key={r.id}
                row={r}
                index={index}
                rowsState={rowsState}
                columns={columns}
                type={type}
                listId={listId}
                query={query}
                onOpen={onOpen}
                registerRow={registerRow}
              />
            );
          })}
          {padBottom > 0 ? <SpacerRow height={padBottom} span={span} /> : null}
        </Table.Body>
      </Table.Root>
      {footer}
    </TableFrame>
  );
}

/** "Select all on this page": checked while every loaded row is (or every matching one); a click checks them all or none. */
function PageSelectBox({ rowsState, rows }: { rowsState: ListRowsStore; rows: Result[] }) {
  const { t } = useTranslation('leadSearch');
  const checked = useListRows(rowsState, (s) => s.allMatching || allIn(s.ids, rowIds(rows)));
  return (
    <SelectCheckbox
      label={t('list.selectPage')}
      checked={checked}
      onChange={() => rowsState.togglePage(rowIds(rows))}
    />
  );
}

/** The loaded rows' ids, computed once per rows array (the header's box reads them on every selection change). */
const idsOfRows = new WeakMap<Result[], number[]>();
function rowIds(rows: Result[]): number[] {
  let ids = idsOfRows.get(rows);
  if (!ids) {
    ids = rows.map((r) => r.id);
    idsOfRows.set(rows, ids);
  }
  return ids;
}

interface ResultRowProps {
  row: Result;
  index: number;
  rowsState: ListRowsStore;
  columns: ColumnSetting[];
  type: ResultViewProps['type'];
  listId: number;
  query: string;
  onOpen: (row: Result) => void;
  registerRow: (index: number, el: HTMLTableRowElement | null) => void;
}

/** The same columns: the list reads them from its URL on every render, as a new array of the same settings. */
const sameColumns = (a: ColumnSetting[], b: ColumnSetting[]) =>
  a === b || (a.length === b.length && a.every((c, i) => c.key === b[i]!.key && c.width === b[i]!.width));

/** Props equal but for the columns array, which equal settings may rebuild. */
function sameRowProps<P extends { columns: ColumnSetting[] }>(prev: P, next: P): boolean {
  const keys = Object.keys(prev) as (keyof P)[];
  return sameColumns(prev.columns, next.columns) && keys.every((key) => key === 'columns' || prev[key] === next[key]);
}

/**
 * One drawn row. Memoised: a row is drawn again only when its result, the keyboard's cursor on it or the columns
 * change (a row of badges, a phone, CRM state and a menu is the list's costliest element); its box, when its
 * selection changes.
 */
const ResultRow = memo(function ResultRow({
  row: r,
  index,
  rowsState,
  columns,
  type,
  listId,
  query,
  onOpen,
  registerRow,
}: ResultRowProps) {
  const isCursor = useListRows(rowsState, (s) => s.cursor === index);
  /** A click on a row's own text opens its panel; its links, buttons and boxes keep their own meaning. */
  const handleRowClick = (event: MouseEvent) => {
    if (!(event.target as HTMLElement).closest('a, button, input, label, select, [role="menu"], [role="menuitem"]'))
      onOpen(r);
  };
  return (
    <Table.Row
      data-testid="result-row"
      data-index={index}
      aria-rowindex={index + 2}
      ref={(el: HTMLTableRowElement | null) => registerRow(index, el)}
      tabIndex={-1}
      data-cursor={isCursor ? '' : undefined}
      onFocus={() => rowsState.setCursor(index)}
      onClick={handleRowClick}
      cursor="pointer"
      _focus={FOCUS_RING}
    >
      <Table.Cell>
        <RowSelectBox rowsState={rowsState} row={r} />
      </Table.Cell>
      <RowCells row={r} columns={columns} type={type} listId={listId} query={query} onOpen={onOpen} />
    </Table.Row>
  );
}, sameRowProps);

interface RowCellsProps {
  row: Result;
  columns: ColumnSetting[];
  type: ResultViewProps['type'];
  listId: number;
  query: string;
  onOpen: (row: Result) => void;
}

/**
 * A row's cells after its checkbox: memoised apart from the checkbox, so selecting every loaded row redraws the
 * boxes, not each row's badges, phone, CRM state and menu.
 */
const RowCells = memo(function RowCells({ row: r, columns, type, listId, query, onOpen }: RowCellsProps) {
  const cell = (key: ResultColumnKey): ReactNode => {
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
            <EmailStatusBadge status={r.email_status} />{' '}
            <EmailGradeBadge grade={r.email_grade} reason={r.email_grade_reason} />
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
        return (
          <ResultRowActions
            type={type}
            listId={listId}
            result={r}
            enrichment={rowEnrichment(type)}
            onOpen={() => onOpen(r)}
          />
        );
    }
  };
  return (
    <>
      <Table.Cell>
        <Link to={`${r.id}?${query}`}>
          <Text as="span" textDecoration="underline">
            {r.name}
          </Text>
        </Link>
        <ResultLabels labels={r.labels} />
        <SuppressedBadge by={r.suppressed} />
        <DuplicateBadge of={r.duplicate_of} />
        <UncoveredBadge data={r.data} />
      </Table.Cell>
      {columns.map((c) => (
        <Table.Cell
          key={c.key}
          {...widthProps(c)}
          {...(c.key === 'credits' ? { textAlign: 'end' } : {})}
          {...(c.key === 'crm' ? { 'data-testid': 'crm-status' } : {})}
        >
          {cell(c.key)}
        </Table.Cell>
      ))}
    </>
  );
}, sameRowProps);

/** The height of the rows not drawn above or below the drawn ones; hidden from assistive technology. */
function SpacerRow({ height, span }: { height: number; span: number }) {
  return (
    <tr aria-hidden="true">
      <td colSpan={span} style={{ height, padding: 0, border: 0 }} />
    </tr>
  );
}

/**
 * The keyboard's row stays reachable: when j/k moves it to a row that is not drawn (the frame was scrolled away from
 * it), the frame scrolls there and the row takes focus as it is drawn. Answers the index waiting for its focus.
 */
function useKeepCursorRow(
  virtualizer: Virtualizer<HTMLElement, Element>,
  rowsState: ListRowsStore,
  rowRefs: MutableRefObject<(HTMLElement | null)[]>,
) {
  const pendingFocus = useRef(-1);
  useEffect(() => {
    // Read from the store, not drawn from it: the table is not drawn again when the cursor moves.
    let cursor = rowsState.get().cursor;
    const keep = () => {
      if (cursor < 0 || rowRefs.current[cursor]) return;
      pendingFocus.current = cursor;
      virtualizer.scrollToIndex(cursor, { align: 'auto' });
    };
    keep();
    return rowsState.subscribe(() => {
      if (rowsState.get().cursor === cursor) return;
      cursor = rowsState.get().cursor;
      keep();
    });
  }, [rowsState, virtualizer, rowRefs]);
  return pendingFocus;
}
