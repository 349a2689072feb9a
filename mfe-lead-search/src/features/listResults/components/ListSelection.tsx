import { useState } from 'react';
import type { SearchType } from '../../../api/types';
import { AiActionPanel } from '../../aiAssistant/components/AiActionPanel';
import { useAiModel } from '../../aiAssistant/api/getAiModel';
import type { ResultFilters } from '../api/getResults';
import type { SelectionInput } from '../api/selection';
import { allIn, useListRows, type ListRowsStore } from '../listRows';
import { offers } from '../listToolbar';
import type { Result } from './ResultViews';
import { SelectionBar } from './SelectionBar';

/**
 * The selection bar while rows are selected, and under it the AI actions' panel when opened. It reads the selection
 * from the rows' store, so a selection change draws it again, not the list screen around it.
 *
 * Until the list's first selection the bar is drawn hidden: Chakra adds a component's CSS rules to the document the
 * first time it draws it, and Chrome then restyles and lays out the whole document (every drawn row), which made
 * the first click on a row's box the list's slowest interaction (ADR 061). Drawn with the list, the bar's rules are in
 * before that click, which only shows it. After that it is drawn while rows are selected, as before.
 */
export function ListSelection({
  rowsState,
  type,
  id,
  rows,
  total,
  filters,
  hasWebhook,
}: {
  rowsState: ListRowsStore;
  type: SearchType;
  id: number;
  /** The rows loaded. */
  rows: Result[];
  /** How many rows match the list's filters. */
  total: number;
  /** The filters "all matching" stands for. */
  filters: Omit<ResultFilters, 'page' | 'limit'>;
  hasWebhook: boolean;
}) {
  const { ids, allMatching } = useListRows(rowsState, (s) => s);
  const aiModel = useAiModel();
  const [aiOpen, setAiOpen] = useState(false);
  const count = allMatching ? total : ids.size;
  const [selectedOnce, setSelectedOnce] = useState(false);
  if (count > 0 && !selectedOnce) setSelectedOnce(true);
  if (count === 0 && selectedOnce) return null;
  const allOnPageSelected = allIn(
    ids,
    rows.map((r) => r.id),
  );
  const selection: SelectionInput = allMatching ? { type, id, allMatching: { filters } } : { type, id, ids: [...ids] };
  // Spec §9: with a GPT-3.5-class model, AI actions run on one result at a time (bulk ones are hidden).
  const aiAllowed = offers(type, 'ai') && (aiModel.data?.bulk_actions !== false || (!allMatching && ids.size === 1));
  return (
    <>
      <SelectionBar
        type={type}
        selection={selection}
        count={count}
        offerAllMatching={allOnPageSelected && !allMatching && total > rows.length}
        total={total}
        onSelectAllMatching={rowsState.selectAllMatching}
        onClear={rowsState.clearSelection}
        hasWebhook={hasWebhook}
        showAiToggle={aiAllowed}
        aiOpen={aiOpen}
        onToggleAi={() => setAiOpen((o) => !o)}
        hidden={count === 0}
      />
      {/* Below the bar, not inside it: the panel is a form of its own and would split the bar in two. */}
      {aiAllowed && aiOpen && count > 0 ? (
        <AiActionPanel selection={selection} count={count} onClose={() => setAiOpen(false)} />
      ) : null}
    </>
  );
}
