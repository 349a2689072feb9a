import { useState, useSyncExternalStore } from 'react';

/** What the list's parts share about its rows: which are checked, and which has the keyboard's cursor. */
export interface ListRowsState {
  /** The rows checked (ids of loaded rows). */
  ids: ReadonlySet<number>;
  /** Every row matching the list's filters is selected, loaded or not ("Select all N matching results"). */
  allMatching: boolean;
  /** The keyboard's row (j/k; x selects it, o opens it), an index into the loaded rows; -1: none. */
  cursor: number;
}

/**
 * A list's selection and cursor, kept outside the list screen's state (ADR 061): a click on a row's box redraws
 * what reads them — that box, the header's box, the selection bar, the row that gains or loses the cursor — and not
 * the screen's toolbar, filters, panels and table. One store per list screen, not a global one: it lives as long as
 * the screen.
 */
export interface ListRowsStore {
  get: () => ListRowsState;
  subscribe: (listener: () => void) => () => void;
  /** Checks a row, or unchecks it; "all matching" is let go either way. */
  toggle: (id: number) => void;
  /** Every given row (the loaded ones) checked, or none when they all are already. */
  togglePage: (ids: readonly number[]) => void;
  selectAllMatching: () => void;
  /** Nothing selected (after an action); the cursor stays. */
  clearSelection: () => void;
  setCursor: (index: number) => void;
  /** Nothing selected and no cursor: the rows are another list's (a filter, sort or saved view change). */
  reset: () => void;
}

const NOTHING: ListRowsState = { ids: new Set(), allMatching: false, cursor: -1 };

export function createListRowsStore(): ListRowsStore {
  let state = NOTHING;
  const listeners = new Set<() => void>();
  const set = (patch: Partial<ListRowsState>) => {
    const next = { ...state, ...patch };
    if (next.ids === state.ids && next.allMatching === state.allMatching && next.cursor === state.cursor) return;
    state = next;
    for (const listener of [...listeners]) listener();
  };
  const noneSelected = () => state.ids.size === 0 && !state.allMatching;
  return {
    get: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    toggle: (id) => {
      const ids = new Set(state.ids);
      if (ids.has(id)) ids.delete(id);
      else ids.add(id);
      set({ ids, allMatching: false });
    },
    togglePage: (ids) => set({ ids: allIn(state.ids, ids) ? new Set() : new Set(ids), allMatching: false }),
    selectAllMatching: () => set({ allMatching: true }),
    clearSelection: () => (noneSelected() ? undefined : set({ ids: NOTHING.ids, allMatching: false })),
    setCursor: (cursor) => set({ cursor }),
    reset: () => set(noneSelected() ? { cursor: -1 } : NOTHING),
  };
}

/** Every one of `ids` (at least one) is in `selected`. */
export const allIn = (selected: ReadonlySet<number>, ids: readonly number[]): boolean =>
  ids.length > 0 && selected.size >= ids.length && ids.every((id) => selected.has(id));

/** One store for the component's life. */
export function useListRowsStore(): ListRowsStore {
  return useState(createListRowsStore)[0];
}

/**
 * What a component reads of the rows' state; it is drawn again only when that changes (compared with Object.is, so
 * read a boolean, a number, or the state itself — never a new object).
 */
export function useListRows<T>(store: ListRowsStore, read: (state: ListRowsState) => T): T {
  return useSyncExternalStore(store.subscribe, () => read(store.get()));
}
