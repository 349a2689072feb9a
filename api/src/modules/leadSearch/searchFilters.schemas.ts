import { validationError, type FieldIssue } from '../../http/errors';
import {
  ACCOUNT_TYPES,
  COMPARISON_OPERATORS,
  DEPARTMENTS,
  GENDERS,
  GROWTH_INTERVALS,
  MANAGEMENT_LEVELS,
  PLACE_TYPES,
  RANGE_FILTERS,
  RATE_FILTERS,
  SENIORITIES,
  SOCIAL_PLATFORMS,
  WEBSITE_TECHNOLOGIES,
  COMPANY_INDUSTRIES,
  type SearchType,
} from '../../providers/leads';

/** Influencer: last post at least this many days ago (spec §5). */
export const INFLUENCER_LASTPOSTED_MIN = 30;

const text = (max = 200) => ({ type: 'string', maxLength: max }) as const;
const list = (values: readonly string[], maxItems = values.length) =>
  ({ type: 'array', maxItems, uniqueItems: true, items: { type: 'string', enum: values } }) as const;
const count = { type: 'integer', minimum: 0, maximum: 1_000_000_000 } as const;
const rate = {
  type: 'object',
  additionalProperties: false,
  properties: {
    interval: { type: 'string', enum: ['', ...GROWTH_INTERVALS] },
    operator: { type: 'string', enum: ['', ...COMPARISON_OPERATORS] },
    value: { type: ['number', 'null'], minimum: -1000, maximum: 1000 },
  },
} as const;

/** Every filter of spec §3 any search type can carry; per-type rules follow in `checkFilters`. */
export const filtersSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    // people / group
    job_title: text(),
    departments: list(DEPARTMENTS),
    management_levels: list(MANAGEMENT_LEVELS),
    seniority: list(SENIORITIES),
    company: text(),
    companies: { type: 'array', maxItems: 50, items: { type: 'string', minLength: 1, maxLength: 200 } },
    // local
    categories: list(PLACE_TYPES, 20),
    technologies: list(WEBSITE_TECHNOLOGIES),
    // company
    industry: { type: 'string', enum: ['', ...COMPANY_INDUSTRIES] },
    employees_min: count,
    employees_max: count,
    // domain
    domain: { type: 'string', maxLength: 253 },
    // intent
    website: { type: 'string', maxLength: 253 },
    // influencer
    platforms: list(SOCIAL_PLATFORMS),
    account_types: list(ACCOUNT_TYPES),
    genders: list(GENDERS),
    keyword: text(),
    ...Object.fromEntries(
      RANGE_FILTERS.flatMap((name) => [
        [`${name}_min`, count],
        [`${name}_max`, count],
      ]),
    ),
    lastposted: { type: 'integer', minimum: INFLUENCER_LASTPOSTED_MIN, maximum: 3650 },
    engagementRate: rate,
    followersGrowthRate: rate,
    likesGrowthRate: rate,
    viewsGrowthRate: rate,
    audience_credibility: { type: 'number', minimum: 0, maximum: 1 },
  },
} as const;

/** The filters each type accepts (anything else is refused, naming the field). */
export const FILTERS_BY_TYPE: Readonly<Record<SearchType, readonly string[]>> = {
  people: ['job_title', 'departments', 'management_levels', 'seniority', 'company'],
  group: ['companies', 'job_title', 'departments', 'seniority'],
  local: ['categories', 'technologies'],
  company: ['industry', 'employees_min', 'employees_max', 'technologies'],
  domain: ['domain'],
  intent: ['website'],
  influencer: [
    'platforms',
    'account_types',
    'genders',
    'keyword',
    ...RANGE_FILTERS.flatMap((name) => [`${name}_min`, `${name}_max`]),
    'lastposted',
    ...RATE_FILTERS,
    'audience_credibility',
  ],
};

const DOMAIN = /^(https?:\/\/)?([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}(\/\S*)?$/i;

type Filters = Record<string, unknown>;
const filled = (v: unknown) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);

/**
 * Type-specific rules JSON schema cannot say (spec §3, §5). Throws a 400 naming every field
 * (`filters.<name>`) that is wrong; returns the filters without empty values.
 */
export function checkFilters(type: SearchType, filters: Filters): Filters {
  const issues: FieldIssue[] = [];
  const allowed = new Set(FILTERS_BY_TYPE[type]);
  const clean: Filters = {};
  for (const [key, value] of Object.entries(filters)) {
    if (!allowed.has(key)) {
      issues.push({ field: `filters.${key}`, code: 'validation.unknown_field' });
      continue;
    }
    if (filled(value)) clean[key] = value;
  }
  const require = (key: string) => {
    if (!filled(clean[key])) issues.push({ field: `filters.${key}`, code: 'validation.required' });
  };

  switch (type) {
    case 'people':
      if (!['job_title', 'departments', 'management_levels', 'seniority'].some((k) => filled(clean[k]))) {
        issues.push({ field: 'filters.job_title', code: 'leadSearch.select_filter' });
      }
      break;
    case 'group':
      require('companies');
      break;
    case 'local':
      require('categories');
      break;
    case 'company':
      if (!['industry', 'employees_min', 'employees_max', 'technologies'].some((k) => filled(clean[k]))) {
        issues.push({ field: 'filters.industry', code: 'leadSearch.select_filter' });
      }
      break;
    case 'domain':
      require('domain');
      if (filled(clean.domain) && !DOMAIN.test(String(clean.domain)))
        issues.push({ field: 'filters.domain', code: 'validation.domain' });
      break;
    case 'intent':
      require('website');
      if (filled(clean.website) && !DOMAIN.test(String(clean.website)))
        issues.push({ field: 'filters.website', code: 'validation.domain' });
      break;
    case 'influencer':
      require('platforms');
      for (const name of RATE_FILTERS) {
        const rateValue = clean[name] as { interval?: string; operator?: string; value?: number | null } | undefined;
        if (!rateValue) continue;
        const parts = { interval: rateValue.interval, operator: rateValue.operator, value: rateValue.value };
        const given = Object.values(parts).filter(filled).length;
        // engagementRate has no interval in the data source; the growth rates need all three.
        const needed =
          name === 'engagementRate' ? (['operator', 'value'] as const) : (['interval', 'operator', 'value'] as const);
        if (given === 0) {
          delete clean[name];
          continue;
        }
        for (const part of needed) {
          if (!filled(parts[part]))
            issues.push({ field: `filters.${name}.${part}`, code: 'leadSearch.rate_incomplete' });
        }
        if (name === 'engagementRate' && typeof parts.value === 'number' && (parts.value < 0 || parts.value > 1)) {
          issues.push({
            field: `filters.${name}.value`,
            code: parts.value < 0 ? 'validation.minimum' : 'validation.maximum',
            params: parts.value < 0 ? { min: 0 } : { max: 1 },
          });
        }
      }
      break;
  }
  for (const range of [...RANGE_FILTERS, 'employees']) {
    const min = clean[`${range}_min`];
    const max = clean[`${range}_max`];
    if (typeof min === 'number' && typeof max === 'number' && min > max)
      issues.push({ field: `filters.${range}_min`, code: 'leadSearch.range_order' });
  }
  if (issues.length) throw validationError(...issues);
  return clean;
}
