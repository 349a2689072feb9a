import { validationError } from '../../http/errors';
import type { SqlParam } from '../../db';
import { SENT_FILTER } from '@leadsmith/shared/constants';
import { labelsText } from '../../modules/leadSearch/resultLabels.repository';
import { EMAIL_GRADES, type EmailGrade } from '../../providers/leads/emailGrades';
import { containing, escapeLike } from '../../db/like';

/** withEmail values of spec §3: all -1, found 1, potentialsFound 2, notFound 0. */
export const WITH_EMAIL = { all: -1, found: 1, potentialsFound: 2, notFound: 0 } as const;
const WITH_EMAIL_STATUS: Readonly<Record<number, string>> = { 1: 'found', 2: 'potential', 0: 'not_found' };

export { ADVANCED_OPERATORS as OPERATORS } from '@leadsmith/shared/constants';
import { ADVANCED_OPERATORS as OPERATORS } from '@leadsmith/shared/constants';
/** Columns the advanced search may name (never interpolated from input: looked up here). */
export const SEARCHABLE_FIELDS: Readonly<Record<string, string>> = {
  name: 'r.name',
  company: 'r.company',
  job_title: 'r.job_title',
  email: 'r.email',
  phone: 'r.phone',
  website: 'r.website',
  city: 'r.city',
  credits: 'r.credits',
  employee_count: `(r.data->>'employee_count')`,
  followers: `(r.data->'social'->>'followers')`,
  labels: labelsText('r'),
};

/**
 * The orders of a list page (issue 32): as added (the default), newest first, name A–Z and Z–A, company A–Z (rows
 * without a company last). Each is read off one index in its order (migration w7-h29-002-result-sort-indexes), so a
 * first page reads its 20 rows, not the list, whatever the filter.
 */
export const RESULT_SORTS = ['added', 'newest', 'name', 'name_desc', 'company'] as const;
export type ResultSort = (typeof RESULT_SORTS)[number];

/**
 * A sort's keys over the row alias `a`, in index order (the id last, so the order is total and a keyset position
 * is one row), and whether they run backwards. Every key has the same direction, so a row comparison
 * `(keys) > (the cursor row's keys)` is the keyset condition and an index range.
 */
export function sortKeys(sort: ResultSort | undefined, a: string): { keys: string[]; desc: boolean } {
  switch (sort ?? 'added') {
    case 'newest':
      return { keys: [`${a}.id`], desc: true };
    case 'name':
      return { keys: [`lower(${a}.name)`, `${a}.id`], desc: false };
    case 'name_desc':
      return { keys: [`lower(${a}.name)`, `${a}.id`], desc: true };
    case 'company':
      return { keys: [`(${a}.company IS NULL)`, `lower(COALESCE(${a}.company, ''))`, `${a}.id`], desc: false };
    default:
      return { keys: [`${a}.id`], desc: false };
  }
}

/** The columns the search box looks in, each with its trigram index. */
const SEARCH_COLUMNS = ['r.name', 'r.email', 'r.company', 'r.job_title'] as const;

export interface ResultFilters {
  limit?: number;
  page?: number;
  /**
   * Keyset position (the list is in id order): the page of rows after this id, or the page just before
   * this id. Set, it replaces OFFSET; `page` is then only the number shown. Bulk actions and exports
   * ignore both: they act on every matching row.
   */
  after?: number;
  before?: number;
  /** The page's order (RESULT_SORTS; absent: as added). Bulk actions and exports ignore it. */
  sort?: ResultSort;
  search?: string;
  search_type?: 'contain' | 'exact' | 'start';
  sent?: number;
  withEmail?: number;
  startDate?: string | null;
  endDate?: string | null;
  advanced_custom_search?: { field: string; operator: (typeof OPERATORS)[number]; value?: string | number | null }[];
  /** A custom label of the account (lead_labels): only results carrying it. */
  label_id?: number;
  /** Only results whose email has this grade (ADR 036). */
  email_grade?: EmailGrade;
  /** CSV exports only: rows on the do-not-contact list go in too (left out by default; see exportWhere). */
  include_suppressed?: boolean;
}

const date = { type: ['string', 'null'], maxLength: 10, pattern: '^(\\d{4}-\\d{2}-\\d{2})?$' } as const;

/** The list query of spec §3 with its defaults (limit 20, page 1, contain, sent 0, withEmail -1). */
export const resultFiltersSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
    page: { type: 'integer', minimum: 1, maximum: 100000, default: 1 },
    after: { type: 'integer', minimum: 0, maximum: 9007199254740991 },
    before: { type: 'integer', minimum: 1, maximum: 9007199254740991 },
    sort: {
      type: 'string',
      enum: RESULT_SORTS,
      description: 'The order of the page: added (default), newest, name, name_desc, company',
    },
    search: { type: 'string', maxLength: 200, default: '' },
    search_type: { type: 'string', enum: ['contain', 'exact', 'start'], default: 'contain' },
    sent: {
      type: 'integer',
      enum: Object.values(SENT_FILTER),
      default: SENT_FILTER.all,
      description: 'all 0, sent 1, unsent 2 (not sent to a CRM or webhook)',
    },
    withEmail: { type: 'integer', enum: [-1, 0, 1, 2], default: -1 },
    startDate: date,
    endDate: date,
    label_id: { type: 'integer', minimum: 1, maximum: 2147483647 },
    email_grade: { type: 'string', enum: EMAIL_GRADES, description: 'Only results whose email has this grade.' },
    include_suppressed: { type: 'boolean' },
    advanced_custom_search: {
      type: 'array',
      maxItems: 10,
      default: [],
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['field', 'operator'],
        properties: {
          field: { type: 'string', enum: Object.keys(SEARCHABLE_FIELDS) },
          operator: { type: 'string', enum: OPERATORS },
          value: { type: ['string', 'number', 'null'], maxLength: 200 },
        },
      },
    },
  },
} as const;

/** `text` as a LIKE pattern's literal part: its backslashes, % and _ escaped. */
export /** WHERE clause (after `r.campaign_id = $1`) and its parameters for the filters. */
function resultWhere(
  campaignId: number,
  f: ResultFilters,
): { sql: string; params: SqlParam[]; filtered: boolean; fewMatches: boolean } {
  const params: SqlParam[] = [campaignId];
  const where = ['r.campaign_id = $1'];
  const add = (value: SqlParam) => {
    params.push(value);
    return `$${params.length}`;
  };
  const search = f.search?.trim();
  if (search) {
    // Case-insensitive in each form. Contains: ILIKE '%…%', served by the trigram index of each column
    // (migration w3-pg32-list-search-indexes). Exact and starts with: lower(column) = / LIKE 'prefix%', served
    // by the (campaign_id, lower(column)) btrees (w3-pg32-list-prefix-indexes). The text is lowered here, so the
    // planner sees the prefix itself.
    const type = f.search_type ?? 'contain';
    if (type === 'contain') {
      const p = add(containing(search));
      where.push(`(${SEARCH_COLUMNS.map((col) => `${col} ILIKE ${p}`).join(' OR ')})`);
    } else {
      const lowered = search.toLowerCase();
      const p = add(type === 'exact' ? lowered : `${escapeLike(lowered)}%`);
      where.push(
        `(${SEARCH_COLUMNS.map((col) => (type === 'exact' ? `lower(${col}) = ${p}` : `lower(${col}) LIKE ${p}`)).join(' OR ')})`,
      );
    }
  }
  const status = f.withEmail === undefined || f.withEmail === WITH_EMAIL.all ? null : WITH_EMAIL_STATUS[f.withEmail];
  if (status) where.push(`r.email_status = ${add(status)}`);
  if (f.email_grade) where.push(`r.email_grade = ${add(f.email_grade)}`);
  if (f.sent === SENT_FILTER.sent) where.push('r.sent');
  else if (f.sent === SENT_FILTER.unsent) where.push('NOT r.sent');
  if (f.startDate) where.push(`r.created_at >= ${add(f.startDate)}::date`);
  if (f.endDate) where.push(`r.created_at < (${add(f.endDate)}::date + 1)`);
  // Labels on results are the owner's (result_labels.user_id), so another account's label matches nothing.
  if (f.label_id) {
    where.push(
      `r.id IN (SELECT k.result_id FROM result_labels k JOIN lead_labels l ON l.user_id = k.user_id AND l.name = k.label WHERE l.id = ${add(f.label_id)})`,
    );
  }
  if (f.startDate && f.endDate && f.startDate > f.endDate)
    throw validationError({ field: 'endDate', code: 'leadSearch.range_order' });
  (f.advanced_custom_search ?? []).forEach((rule, i) => {
    const col = SEARCHABLE_FIELDS[rule.field]!;
    const needsValue = !['empty', 'not empty', 'is_verified'].includes(rule.operator);
    if (needsValue && (rule.value === undefined || rule.value === null || rule.value === '')) {
      throw validationError({ field: `advanced_custom_search.${i}.value`, code: 'validation.required' });
    }
    const numeric = () => {
      const n = Number(rule.value);
      if (!Number.isFinite(n))
        throw validationError({ field: `advanced_custom_search.${i}.value`, code: 'validation.type' });
      return add(n);
    };
    const asNum = `(CASE WHEN ${col}::text ~ '^-?[0-9.]+$' THEN ${col}::text::numeric END)`;
    switch (rule.operator) {
      case 'like':
        where.push(`${col}::text ILIKE ${add(containing(String(rule.value)))}`);
        break;
      case 'not like':
        where.push(`COALESCE(${col}::text, '') NOT ILIKE ${add(containing(String(rule.value)))}`);
        break;
      case 'empty':
        where.push(`COALESCE(${col}::text, '') = ''`);
        break;
      case 'not empty':
        where.push(`COALESCE(${col}::text, '') <> ''`);
        break;
      case 'is_verified':
        where.push(`r.email_status = 'found'`);
        break;
      case 'lower':
      case 'less than':
        where.push(`${asNum} < ${numeric()}`);
        break;
      case 'less or equal':
        where.push(`${asNum} <= ${numeric()}`);
        break;
      case 'greater':
      case 'greater than':
        where.push(`${asNum} > ${numeric()}`);
        break;
      case 'greater or equal':
        where.push(`${asNum} >= ${numeric()}`);
        break;
    }
  });
  // An exact search matches few rows, and reading them all through its indexes then sorting beats walking
  // the list in page order; but the planner guesses the matches of `lower(company) = $2` from the column's
  // common values (1,000 of 1,000,000 for a company list of 997 names), and walked a whole list for one row.
  const fewMatches = Boolean(search) && f.search_type === 'exact';
  return { sql: where.join(' AND '), params, filtered: where.length > 1, fewMatches };
}
