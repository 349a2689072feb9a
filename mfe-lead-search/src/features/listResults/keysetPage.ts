import type { ResultFilters, ResultsPage } from './api/getResults';

/**
 * Where page `to` of a list starts, for the pager's Previous and Next. Keyset pages: Next asks for the rows after
 * this page's last id, Previous for those before its first, so a deep page costs what the first does; page 1 needs
 * no position.
 */
export function keysetPage(page: ResultsPage, filters: ResultFilters, to: number): Partial<ResultFilters> {
  const rows = page.data;
  if (to > filters.page) return { page: to, after: rows.at(-1)!.id };
  return to <= 1 || rows.length === 0 ? { page: Math.max(1, to) } : { page: to, before: rows[0]!.id };
}

/** Whether the list has a page after this one. A capped total ("more than 10,000") does not say where the list ends: a full page may have a next one. */
export function hasNextPage(page: ResultsPage, filters: ResultFilters): boolean {
  const pages = Math.max(1, Math.ceil(page.total / page.pageSize));
  return (
    page.data.length === page.pageSize &&
    (filters.page < pages || Boolean(page.total_capped) || Boolean(page.total_estimated))
  );
}
