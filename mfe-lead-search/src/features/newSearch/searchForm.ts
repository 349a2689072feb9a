import { CREDIT_COSTS, INFLUENCER_LASTPOSTED_MIN, i18n, v, yup } from '@leadsmith/shared';
import type { SearchType } from '../../api/types';

/** Which spec §9 cost applies to a record of each search type (group finds people: ADR 005). */
export const COST_KEY: Readonly<Record<SearchType, keyof typeof CREDIT_COSTS>> = {
  people: 'peoplePerContact',
  group: 'peoplePerContact',
  company: 'companyPerContact',
  local: 'localPerContact',
  domain: 'domainPerEmail',
  influencer: 'influencerPerRecord',
  intent: 'intentPerEmail',
};

export const costPerRecord = (type: SearchType): number => CREDIT_COSTS[COST_KEY[type]];

export const RANGE_FILTERS = ['followers', 'age', 'engagements', 'reelsPlays', 'saves', 'shares', 'views'] as const;
export const RATE_FILTERS = ['engagementRate', 'followersGrowthRate', 'likesGrowthRate', 'viewsGrowthRate'] as const;
export const LIST_FILTERS = [
  'departments',
  'management_levels',
  'seniority',
  'categories',
  'technologies',
  'platforms',
  'account_types',
  'genders',
] as const;
export const TEXT_FILTERS = ['job_title', 'company', 'industry', 'domain', 'website', 'keyword', 'companies'] as const;
export const NUMBER_FILTERS = [
  'employees_min',
  'employees_max',
  'lastposted',
  'audience_credibility',
  'followers_min',
  'followers_max',
  'age_min',
  'age_max',
  'engagements_min',
  'engagements_max',
  'reelsPlays_min',
  'reelsPlays_max',
  'saves_min',
  'saves_max',
  'shares_min',
  'shares_max',
  'views_min',
  'views_max',
] as const;

export interface RateValue {
  interval: string;
  operator: string;
  value?: number;
}

/** Flat form values; only the filters of the chosen type are sent. */
export type SearchFormValues = {
  location: string;
  campaign_id: string;
  count: number;
  departments: string[];
  management_levels: string[];
  seniority: string[];
  categories: string[];
  technologies: string[];
  platforms: string[];
  account_types: string[];
  genders: string[];
  job_title: string;
  company: string;
  industry: string;
  domain: string;
  website: string;
  keyword: string;
  /** Group search: one company name or domain per line. */
  companies: string;
  engagementRate: RateValue;
  followersGrowthRate: RateValue;
  likesGrowthRate: RateValue;
  viewsGrowthRate: RateValue;
} & Record<(typeof NUMBER_FILTERS)[number], number | undefined>;

const tr = (key: string, params?: Record<string, unknown>) => () => i18n.t(key, params);

/** Empty number inputs give NaN: treat them as "not given". */
const optionalNumber = () =>
  yup
    .number()
    .transform((value: number, original: unknown) =>
      original === '' || original === null || Number.isNaN(value) ? undefined : value,
    )
    .typeError(v.message('typeInvalid'));

const between = (min: number, max: number) =>
  optionalNumber().min(min, v.message('minNumber', { min })).max(max, v.message('maxNumber', { max }));

/** Spec §5: interval, operator and value are all required once one is given (engagementRate has no interval). */
function rateSchema(withInterval: boolean, bounds?: [number, number]) {
  const value = bounds ? between(bounds[0], bounds[1]) : optionalNumber();
  return yup
    .object({ interval: yup.string().default(''), operator: yup.string().default(''), value })
    .test('complete', tr('leadSearch:validation.rateIncomplete'), function check(rate) {
      const parts = {
        ...(withInterval ? { interval: rate?.interval } : {}),
        operator: rate?.operator,
        value: rate?.value,
      };
      const given = Object.values(parts).filter((p) => p !== undefined && p !== '').length;
      if (given === 0 || given === Object.keys(parts).length) return true;
      const missing = Object.entries(parts).find(([, p]) => p === undefined || p === '')![0];
      return this.createError({
        path: `${this.path}.${missing}`,
        message: i18n.t('leadSearch:validation.rateIncomplete'),
      });
    });
}

const atLeastOne = (fields: string[]) =>
  function check(this: yup.TestContext, _value: unknown) {
    const parent = this.parent as Record<string, unknown>;
    return fields.some((f) => {
      const x = parent[f];
      return Array.isArray(x)
        ? x.length > 0
        : typeof x === 'number'
          ? !Number.isNaN(x)
          : Boolean(x && String(x).trim());
    });
  };

/** The yup schema of the new-search form for one type (spec §3 filters, §5 rules). */
export function searchSchema(type: SearchType, maxCount: number) {
  const base = {
    location: yup
      .string()
      .trim()
      .required(() => i18n.t('common:errors.selectLocationAndList')),
    campaign_id: yup.string().required(() => i18n.t('common:errors.selectLocationAndList')),
    count: v
      .integer()
      .required(v.message('required'))
      .min(1, v.message('minNumber', { min: 1 }))
      .max(maxCount, v.message('maxNumber', { max: maxCount })),
  };
  const list = () => yup.array(yup.string().defined()).default([]);
  const text = () => yup.string().default('');
  const shape: Record<string, yup.AnySchema> = { ...base };
  switch (type) {
    case 'people':
      Object.assign(shape, {
        job_title: text().test(
          'one-filter',
          v.message('selectFilter'),
          atLeastOne(['job_title', 'departments', 'management_levels', 'seniority']),
        ),
        departments: list(),
        management_levels: list(),
        seniority: list(),
        company: text(),
      });
      break;
    case 'group':
      Object.assign(shape, {
        companies: text().trim().required(v.message('required')),
        job_title: text(),
        departments: list(),
        seniority: list(),
      });
      break;
    case 'local':
      Object.assign(shape, { categories: list().min(1, v.message('selectFilter')), technologies: list() });
      break;
    case 'company':
      Object.assign(shape, {
        industry: text().test(
          'one-filter',
          v.message('selectFilter'),
          atLeastOne(['industry', 'employees_min', 'employees_max', 'technologies']),
        ),
        employees_min: between(0, 1_000_000_000),
        employees_max: between(0, 1_000_000_000),
        technologies: list(),
      });
      break;
    case 'domain':
      Object.assign(shape, {
        domain: text()
          .trim()
          .required(v.message('required'))
          .matches(/^(https?:\/\/)?([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(\/\S*)?$/i, v.message('domainOrUrl')),
      });
      break;
    case 'intent':
      Object.assign(shape, {
        website: text()
          .trim()
          .required(v.message('required'))
          .matches(/^(https?:\/\/)?([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(\/\S*)?$/i, v.message('domainOrUrl')),
      });
      break;
    case 'influencer':
      Object.assign(shape, {
        platforms: list().min(1, v.message('selectFilter')),
        account_types: list(),
        genders: list(),
        keyword: text(),
        ...Object.fromEntries(
          RANGE_FILTERS.flatMap((r) => [
            [`${r}_min`, between(0, 1_000_000_000)],
            [`${r}_max`, between(0, 1_000_000_000)],
          ]),
        ),
        lastposted: between(INFLUENCER_LASTPOSTED_MIN, 3650).integer(v.message('integer')),
        audience_credibility: between(0, 1),
        engagementRate: rateSchema(false, [0, 1]),
        followersGrowthRate: rateSchema(true),
        likesGrowthRate: rateSchema(true),
        viewsGrowthRate: rateSchema(true),
      });
      break;
  }
  return yup.object(shape) as unknown as yup.ObjectSchema<SearchFormValues>;
}

const emptyRate = (): RateValue => ({ interval: '', operator: '', value: undefined });

export function emptyValues(): SearchFormValues {
  return {
    location: '',
    campaign_id: '',
    count: 25,
    departments: [],
    management_levels: [],
    seniority: [],
    categories: [],
    technologies: [],
    platforms: [],
    account_types: [],
    genders: [],
    job_title: '',
    company: '',
    industry: '',
    domain: '',
    website: '',
    keyword: '',
    companies: '',
    engagementRate: emptyRate(),
    followersGrowthRate: emptyRate(),
    likesGrowthRate: emptyRate(),
    viewsGrowthRate: emptyRate(),
    ...(Object.fromEntries(NUMBER_FILTERS.map((n) => [n, undefined])) as Record<
      (typeof NUMBER_FILTERS)[number],
      undefined
    >),
  };
}

/**
 * Prefill from the URL (`?type=people&job_title=CTO&seniority=Director,Head&location=Berlin`): the AI
 * area links here with filters. Unknown keys are ignored; lists are comma separated or repeated.
 */
export function valuesFromQuery(params: URLSearchParams): SearchFormValues {
  const values = emptyValues();
  const record = values as unknown as Record<string, unknown>;
  for (const key of ['location', 'campaign_id', ...TEXT_FILTERS]) {
    const raw = params.get(key);
    if (raw !== null)
      record[key] =
        key === 'companies'
          ? raw
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean)
              .join('\n')
          : raw;
  }
  for (const key of LIST_FILTERS) {
    const raw = params
      .getAll(key)
      .flatMap((x) => x.split(','))
      .map((s) => s.trim())
      .filter(Boolean);
    if (raw.length) record[key] = raw;
  }
  for (const key of [...NUMBER_FILTERS, 'count']) {
    const raw = params.get(key);
    if (raw !== null && raw.trim() !== '' && Number.isFinite(Number(raw))) record[key] = Number(raw);
  }
  return values;
}

/** The API's `filters` for the chosen type: only its own keys, without empty values. */
export function toApiFilters(values: SearchFormValues, allowed: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const record = values as unknown as Record<string, unknown>;
  for (const key of allowed) {
    let value = record[key];
    if (key === 'companies' && typeof value === 'string')
      value = value
        .split(/[\n,]/)
        .map((s) => s.trim())
        .filter(Boolean);
    if ((RATE_FILTERS as readonly string[]).includes(key)) {
      const rate = value as RateValue;
      const given = rate.operator || rate.interval || (rate.value !== undefined && !Number.isNaN(rate.value));
      if (!given) continue;
      value = { ...(rate.interval ? { interval: rate.interval } : {}), operator: rate.operator, value: rate.value };
    }
    if (
      value === undefined ||
      value === '' ||
      (typeof value === 'number' && Number.isNaN(value)) ||
      (Array.isArray(value) && value.length === 0)
    )
      continue;
    out[key] = typeof value === 'string' ? value.trim() : value;
  }
  return out;
}
