import { DEFAULT_LIST_FILTERS, SENT_FILTER, WITH_EMAIL } from '@leadsmith/shared';
import {
  ADVANCED_FIELDS,
  ADVANCED_OPERATORS,
  RESULT_SORTS,
  VALUELESS_OPERATORS,
  type AdvancedRule,
  type ResultFilters,
} from './api/getResults';

export type ViewMode = 'list' | 'grid';

const int = (raw: string | null, fallback: number, min: number, max: number) => {
  const n = Number(raw);
  return raw !== null && Number.isInteger(n) && n >= min && n <= max ? n : fallback;
};
const isoDate = (raw: string | null) => (raw && /^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : null);

/** The advanced rules travel as JSON in `adv`; anything malformed is dropped, never sent. */
function readRules(raw: string | null): AdvancedRule[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter(
        (r): r is AdvancedRule =>
          typeof r === 'object' &&
          r !== null &&
          (ADVANCED_FIELDS as readonly string[]).includes((r as AdvancedRule).field) &&
          (ADVANCED_OPERATORS as readonly string[]).includes((r as AdvancedRule).operator),
      )
      .slice(0, 10)
      .map((r) =>
        VALUELESS_OPERATORS.includes(r.operator)
          ? { field: r.field, operator: r.operator }
          : { field: r.field, operator: r.operator, value: String(r.value ?? '').slice(0, 200) },
      );
  } catch {
    return [];
  }
}

/** The label filter only when it is a valid id (an absent one is "any label" and is not sent). */
function labelId(raw: string | null): { label_id?: number } {
  const n = Number(raw);
  return raw !== null && Number.isInteger(n) && n >= 1 && n <= 2147483647 ? { label_id: n } : {};
}

const EMAIL_GRADES = ['valid', 'accept_all', 'invalid', 'disposable', 'webmail', 'unknown'] as const;
/** The email grade filter only when it is a known grade. */
function emailGrade(raw: string | null): { email_grade?: (typeof EMAIL_GRADES)[number] } {
  const grade = EMAIL_GRADES.find((g) => g === raw);
  return grade ? { email_grade: grade } : {};
}

/** The sort when it is a known one other than the default (the list's own order). */
function sortOf(raw: string | null): { sort?: (typeof RESULT_SORTS)[number] } {
  const sort = RESULT_SORTS.find((s) => s === raw && s !== 'added');
  return sort ? { sort } : {};
}

/** The keyset position when it is a valid id (`after` wins when both are there). */
function position(params: URLSearchParams): { after?: number } | { before?: number } {
  const id = (raw: string | null) => {
    const n = Number(raw);
    return raw !== null && Number.isSafeInteger(n) && n >= 1 ? n : undefined;
  };
  const after = id(params.get('after'));
  if (after !== undefined) return { after };
  const before = id(params.get('before'));
  return before !== undefined ? { before } : {};
}

/**
 * Filters, page, its keyset position and view mode live in the URL (spec §2/§3 defaults), so they
 * survive opening a result, back and reload.
 */
export function readListState(params: URLSearchParams): { filters: ResultFilters; view: ViewMode } {
  const searchType = params.get('search_type');
  const withEmail = Number(params.get('withEmail'));
  const sent = Number(params.get('sent'));
  return {
    filters: {
      limit: int(params.get('limit'), DEFAULT_LIST_FILTERS.limit, 1, 100),
      page: int(params.get('page'), DEFAULT_LIST_FILTERS.page, 1, 100000),
      search: params.get('search') ?? DEFAULT_LIST_FILTERS.search,
      search_type:
        searchType === 'exact' || searchType === 'start' || searchType === 'contain'
          ? searchType
          : DEFAULT_LIST_FILTERS.search_type,
      sent: (Object.values(SENT_FILTER) as number[]).includes(sent) ? sent : DEFAULT_LIST_FILTERS.sent,
      withEmail:
        (Object.values(WITH_EMAIL) as number[]).includes(withEmail) && params.get('withEmail') !== null
          ? withEmail
          : DEFAULT_LIST_FILTERS.withEmail,
      startDate: isoDate(params.get('startDate')),
      endDate: isoDate(params.get('endDate')),
      advanced_custom_search: readRules(params.get('adv')),
      ...labelId(params.get('label_id')),
      ...emailGrade(params.get('email_grade')),
      ...sortOf(params.get('sort')),
      ...position(params),
    },
    view: params.get('view') === 'grid' ? 'grid' : 'list',
  };
}

/** Only values that differ from the defaults go into the URL. */
export function writeListState(filters: ResultFilters, view: ViewMode): URLSearchParams {
  const out = new URLSearchParams();
  const defaults = DEFAULT_LIST_FILTERS as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(filters)) {
    if (key === 'advanced_custom_search') {
      if (filters.advanced_custom_search.length) out.set('adv', JSON.stringify(filters.advanced_custom_search));
      continue;
    }
    if (value !== defaults[key] && value !== '' && value !== null && value !== undefined) out.set(key, String(value));
  }
  if (view === 'grid') out.set('view', 'grid');
  return out;
}

/** The filters and sort a list's rows are loaded under: where the screen scrolled to is not one of them. */
export function listFilters(filters: ResultFilters): Omit<ResultFilters, 'page' | 'after' | 'before'> {
  const { page: _page, after: _after, before: _before, ...rest } = filters;
  void _page;
  void _after;
  void _before;
  return rest;
}

/** The filters without paging: what a bulk action over "every matching row" or an export sends. */
export function matchingFilters(filters: ResultFilters): Omit<ResultFilters, 'page' | 'limit' | 'after' | 'before'> {
  const { page: _page, limit: _limit, after: _after, before: _before, ...rest } = filters;
  void _page;
  void _limit;
  void _after;
  void _before;
  return rest;
}
