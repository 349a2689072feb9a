/**
 * The header's search over the signed-in account's lists and results (GET /api/global-search): case-insensitive,
 * anywhere in the text; results only from GLOBAL_SEARCH.resultMinLength characters on (their trigram indexes need
 * 3); each section's count stops at GLOBAL_SEARCH.countCap. The SQL is in globalSearch.repository.ts.
 */
import { GLOBAL_SEARCH } from '@leadsmith/shared/constants';
import type { Queryable } from '../../db/types';
import { pageWindow } from '../../http/contract';
import { containing } from '../../db/like';
import { searchLists, searchResults, type ListHitRow, type ResultHitRow } from './globalSearch.repository';

/** One section of the answer: a page of hits and their count, capped. */
export interface HitSection<T> {
  data: T[];
  total: number;
  total_capped: boolean;
}

/** The account's lists and results matching `q`, one page of each. */
export async function searchAccount(
  db: Queryable,
  userId: number,
  { q, page, pageSize }: { q: string; page: number; pageSize: number },
): Promise<{
  currentPage: number;
  pageSize: number;
  lists: HitSection<ListHitRow>;
  results: HitSection<ResultHitRow>;
  results_searched: boolean;
}> {
  const text = q.trim();
  const pattern = containing(text);
  const window = pageWindow({ page, pageSize });
  const cap = GLOBAL_SEARCH.countCap;
  const lists = await searchLists(db, userId, pattern, window, cap);
  const searched = text.length >= GLOBAL_SEARCH.resultMinLength;
  const results = searched
    ? await searchResults(db, userId, pattern, window, cap)
    : { rows: [] as ResultHitRow[], n: 0 };
  const section = <T>(rows: T[], counted: number | undefined) => {
    const n = Number(counted ?? 0);
    return { data: rows, total: Math.min(n, cap), total_capped: n > cap };
  };
  return {
    currentPage: page,
    pageSize,
    lists: section(
      lists.rows.map((l) => ({ ...l, result_count: Number(l.result_count) })),
      lists.n,
    ),
    results: section(results.rows, results.n),
    results_searched: searched,
  };
}
