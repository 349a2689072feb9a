import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Page and filters of a list, kept in the address (shareable, survives reload, back button works).
 * Changing a filter goes back to page 1.
 */
export function useListParams<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const filters = useMemo(
    () => Object.fromEntries(keys.map((k) => [k, params.get(k) ?? ''])) as Record<K, string>,
    [keys, params],
  );
  const setFilter = useCallback(
    (key: K, value: string) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        next.delete('page');
        return next;
      }),
    [setParams],
  );
  const setPage = useCallback(
    (p: number) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        if (p > 1) next.set('page', String(p));
        else next.delete('page');
        return next;
      }),
    [setParams],
  );
  return { page, filters, setFilter, setPage };
}
