import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { apiClient, type ApiResponse } from '@leadsmith/shared';
import type { LeadResult, SearchType } from '../../../api/types';

export { ADVANCED_OPERATORS, type AdvancedOperator } from '@leadsmith/shared';
import type { AdvancedOperator } from '@leadsmith/shared';
/** Operators that take no value. */
export const VALUELESS_OPERATORS: readonly AdvancedOperator[] = ['empty', 'not empty', 'is_verified'];
/** Fields the advanced search may name (the API's list). */
export const ADVANCED_FIELDS = [
  'name',
  'company',
  'job_title',
  'email',
  'phone',
  'website',
  'city',
  'credits',
  'employee_count',
  'followers',
  'labels',
] as const;
export type AdvancedField = (typeof ADVANCED_FIELDS)[number];

export interface AdvancedRule {
  field: AdvancedField;
  operator: AdvancedOperator;
  value?: string;
}

/** The orders of a list page the API offers; `added` (the list's own order) is the default and is not sent. */
export const RESULT_SORTS = ['added', 'newest', 'name', 'name_desc', 'company'] as const;
export type ResultSort = (typeof RESULT_SORTS)[number];

/** Spec §3 list query filters (defaults in DEFAULT_LIST_FILTERS). */
export interface ResultFilters {
  limit: number;
  /** The page number shown; with `after` or `before` the API finds the page by keyset, not by OFFSET. */
  page: number;
  /** Keyset position: the page of rows after this result id (Next) or just before it (Previous). */
  after?: number;
  before?: number;
  /** The order of the page (absent: as added); each is read off an index of its own (issue 32). */
  sort?: ResultSort;
  search: string;
  search_type: 'contain' | 'exact' | 'start';
  sent: number;
  withEmail: number;
  startDate: string | null;
  endDate: string | null;
  advanced_custom_search: AdvancedRule[];
  /** One of the account's custom labels: only results carrying it (absent: any). */
  label_id?: number;
  /** Only results whose email has this verification grade (absent: any). */
  email_grade?: 'valid' | 'accept_all' | 'invalid' | 'disposable' | 'webmail' | 'unknown';
  /** CSV exports only: rows on the do-not-contact list go in too (left out by default). */
  include_suppressed?: boolean;
}

/** Where a result's latest CRM send went and, when it was not taken, the CRM's reason (a code and its own words). */
export type CrmResultFields = Pick<LeadResult, 'crm_provider' | 'crm_error' | 'crm_error_detail'>;

/**
 * A page of the list: the one page envelope, whether `total` is capped (the count stopped at 10,000) or the
 * database's estimate, and the list itself (its job and enrichment progress). Every list type answers it.
 */
export type ResultsPage = ApiResponse<'/api/people-results/{id}', 'post'>;

export const resultKeys = {
  all: ['leadSearch', 'results'] as const,
  /** The rows loaded so far of a list under these filters (the pages that scrolling has asked for). */
  list: (type: SearchType, id: number, filters: ListFilters) => ['leadSearch', 'results', type, id, filters] as const,
  one: (type: SearchType, id: number, resultId: number) =>
    ['leadSearch', 'results', type, id, 'one', resultId] as const,
};

export const getResults = async (type: SearchType, id: number, filters: ResultFilters, signal?: AbortSignal) =>
  (await apiClient.post<ResultsPage>(`/api/${type}-results/${id}`, filters, { signal })).data;

/** What decides which rows a list shows: the filters and the sort, not where the screen has scrolled to. */
export type ListFilters = Omit<ResultFilters, 'page' | 'after' | 'before'>;

/**
 * Whether the list goes on after the rows loaded so far, and from which result id. Keyset: the next page is the
 * rows after the last one loaded, so the 50th page costs what the first does. A capped or estimated total does not
 * say where the list ends: a full page may have a next one.
 */
export function nextAfter(last: ResultsPage, loaded: number): number | undefined {
  const full = last.data.length === last.pageSize && last.data.length > 0;
  if (!full) return undefined;
  return loaded < last.total || last.total_capped || last.total_estimated ? last.data.at(-1)!.id : undefined;
}

const rowsOf = (data: InfiniteData<ResultsPage>) => data.pages.flatMap((p) => p.data);

/**
 * The list's rows, a page (`limit` rows) at a time as the user scrolls. While the list's search runs (or a result is
 * still looking) it polls so results arrive live; a poll asks again for every page loaded, in order.
 */
export const resultsQuery = (type: SearchType, id: number, filters: ListFilters) =>
  infiniteQueryOptions({
    queryKey: resultKeys.list(type, id, filters),
    queryFn: ({ signal, pageParam }) =>
      getResults(
        type,
        id,
        { ...filters, page: pageParam.page, ...(pageParam.after === undefined ? {} : { after: pageParam.after }) },
        signal,
      ),
    initialPageParam: { page: 1 } as { page: number; after?: number },
    getNextPageParam: (last, pages) => {
      const after = nextAfter(
        last,
        pages.reduce((n, p) => n + p.data.length, 0),
      );
      return after === undefined ? undefined : { page: pages.length + 1, after };
    },
    placeholderData: keepPreviousData,
    refetchInterval: (query) => {
      const data = query.state.data;
      if (!data?.pages.length) return false;
      const rows = rowsOf(data);
      const list = data.pages[0]!.campaign;
      const looking = rows.some((r) => r.email_status === 'looking');
      // Results on their way to a CRM turn sent / unsent in the background.
      if (rows.some((r) => r.crm_status === 'sending')) return 1000;
      // A queued get-phones / get-employees / enrich fills the rows and its progress line as it goes.
      if (list.enrichment?.status === 'running') return 1000;
      const job = list.job;
      // The list's emails are being graded (its search just ended, or the user asked): their grades land on the rows.
      if (job?.status !== 'running' && !looking && list.grading) return 2000;
      // Phones a source answers by webhook (Apollo's mobile numbers) come minutes after the request: poll gently until they have.
      if (job?.status !== 'running' && !looking && rows.some((r) => r.data.phone_reveal === 'pending')) return 5000;
      // An intent search may wait a long time for visitors: poll it more gently than a search filling up.
      if (job?.status === 'running' && job.search_type === 'intent' && !looking) return 3000;
      return job?.status === 'running' || looking ? 1000 : false;
    },
  });

export const useResults = (type: SearchType, id: number, filters: ListFilters) =>
  useInfiniteQuery(resultsQuery(type, id, filters));
