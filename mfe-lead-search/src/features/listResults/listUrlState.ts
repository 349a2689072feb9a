import { DEFAULT_LIST_FILTERS, WITH_EMAIL } from '@leadsmith/shared';
import type { ResultFilters } from './api/getResults';

export type ViewMode = 'list' | 'grid';

const int = (raw: string | null, fallback: number, min: number, max: number) => {
  const n = Number(raw);
  return raw !== null && Number.isInteger(n) && n >= min && n <= max ? n : fallback;
};

/** Filters, page and view mode live in the URL (spec §2/§3 defaults), so they survive opening a result. */
export function readListState(params: URLSearchParams): { filters: ResultFilters; view: ViewMode } {
  const searchType = params.get('search_type');
  const withEmail = Number(params.get('withEmail'));
  return {
    filters: {
      limit: int(params.get('limit'), DEFAULT_LIST_FILTERS.limit, 1, 100),
      page: int(params.get('page'), DEFAULT_LIST_FILTERS.page, 1, 100000),
      search: params.get('search') ?? DEFAULT_LIST_FILTERS.search,
      search_type: searchType === 'exact' || searchType === 'start' || searchType === 'contain' ? searchType : DEFAULT_LIST_FILTERS.search_type,
      sent: params.get('sent') === '1' ? 1 : DEFAULT_LIST_FILTERS.sent,
      withEmail: (Object.values(WITH_EMAIL) as number[]).includes(withEmail) && params.get('withEmail') !== null ? withEmail : DEFAULT_LIST_FILTERS.withEmail,
    },
    view: params.get('view') === 'grid' ? 'grid' : 'list',
  };
}

/** Only values that differ from the defaults go into the URL. */
export function writeListState(filters: ResultFilters, view: ViewMode): URLSearchParams {
  const out = new URLSearchParams();
  const defaults = DEFAULT_LIST_FILTERS as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(filters)) if (value !== defaults[key] && value !== '') out.set(key, String(value));
  if (view === 'grid') out.set('view', 'grid');
  return out;
}
