import { useEffect, useRef, useState } from 'react';

/** Every shortcut of the lead search area, in the order the ? dialog lists them (issue 29 item 6). */
export const SHORTCUTS = [
  { keys: ['j'], action: 'next' },
  { keys: ['k'], action: 'previous' },
  { keys: ['x'], action: 'select' },
  { keys: ['o'], action: 'open' },
  { keys: ['/'], action: 'search' },
  { keys: ['g', 'l'], action: 'savedLists' },
  { keys: ['?'], action: 'help' },
] as const;

export type ShortcutAction = (typeof SHORTCUTS)[number]['action'];

/** How long after g the l of "g then l" may come. */
const SEQUENCE_MS = 1500;

/** The attribute that marks the search field "/" focuses. */
export const SEARCH_SHORTCUT_ATTR = 'data-shortcut-search';

/** Typing never fires a shortcut: in a field, a select, an editable element, or with a modifier held. */
export function isTyping(event: KeyboardEvent): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey) return true;
  const target = event.target;
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  // A checkbox, radio or button input takes no text: shortcuts still work on it (x on a row's checkbox).
  const type = (target as HTMLInputElement).type;
  return !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(type);
}

/**
 * Calls `handlers[action]` for each shortcut pressed while the page is not being typed into. The handlers may change
 * on every render: the listener reads the latest through a ref, so it is added once.
 */
export function useShortcuts(handlers: Partial<Record<ShortcutAction, () => void>>): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    let pendingG = 0;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || isTyping(event)) return;
      const now = Date.now();
      const afterG = pendingG > 0 && now - pendingG <= SEQUENCE_MS;
      pendingG = 0;
      if (event.key === 'g' && !afterG) {
        pendingG = now;
        return;
      }
      const action: ShortcutAction | null =
        afterG && event.key === 'l'
          ? 'savedLists'
          : (SHORTCUTS.find((s) => s.keys.length === 1 && s.keys[0] === event.key)?.action ?? null);
      const handler = action ? latest.current[action] : undefined;
      if (!handler) return;
      event.preventDefault();
      handler();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}

/** The outline of the row that has the j/k cursor (it has focus). */
export const ROW_FOCUS_RING = { outline: '2px solid', outlineColor: 'blue.600', outlineOffset: '-2px' } as const;

/**
 * The row cursor of a table or grid that j/k move through (issue 29 item 6): which row has it (-1: none yet), `move`
 * (focuses the next or previous row), and the props that make a row take focus, show the outline and take the
 * cursor when it gets focus by any other means (a click, Tab into its checkbox).
 */
export function useRowCursor(count: number) {
  const [cursor, setCursor] = useState(-1);
  const refs = useRef<(HTMLElement | null)[]>([]);
  const move = (by: 1 | -1) => {
    if (count === 0) return;
    const next = Math.min(count - 1, Math.max(0, cursor + by));
    setCursor(next);
    refs.current[next]?.focus();
  };
  const rowProps = (index: number) => ({
    ref: (el: HTMLElement | null) => {
      refs.current[index] = el;
    },
    tabIndex: -1,
    'data-cursor': index === cursor ? '' : undefined,
    onFocus: () => setCursor(index),
    _focus: ROW_FOCUS_RING,
  });
  return { cursor, setCursor, move, rowProps };
}
