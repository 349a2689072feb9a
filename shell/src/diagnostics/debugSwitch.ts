const DEBUG_KEY = 'leadsmith:debug';

/**
 * `?debug` (or `?debug=1`) turns the diagnostics panel on for this browser tab, for anyone;
 * `?debug=0` turns it off. Kept in sessionStorage so it survives in-app navigation.
 */
export function debugRequested(
  search: string = window.location.search,
  storage: Storage = window.sessionStorage,
): boolean {
  const params = new URLSearchParams(search);
  try {
    if (params.has('debug')) {
      const on = params.get('debug') !== '0';
      if (on) storage.setItem(DEBUG_KEY, '1');
      else storage.removeItem(DEBUG_KEY);
      return on;
    }
    return storage.getItem(DEBUG_KEY) === '1';
  } catch {
    return params.has('debug') && params.get('debug') !== '0';
  }
}
