import { v, yup } from '@leadsmith/shared';
import type { SearchType } from '../../api/types';
import { browserTimeZone } from '../schedule/timeZones';
import {
  FILTER_FIELDS,
  FILTER_OPERATORS,
  type FilterCondition,
  type NodeKind,
  type NodeSettings,
} from './api/getWorkflows';

/** The settings form of the side panel: one flat shape for every kind (each kind shows and validates its own fields). */
export interface NodeFormValues {
  label: string;
  mode: string;
  repeat: string;
  time_zone: string;
  source_campaign_id: string;
  source_limit: string;
  campaign_id: string;
  location: string;
  count: string;
  filterValue: string;
  match: string;
  conditions: { field: string; operator: string; value: string }[];
  prompt: string;
  output_key: string;
  content_type: string;
  enrich: string;
  label_id: string;
  label_action: string;
  target: string;
  only_with_email: boolean;
}

/** The one filter a search node sets, per list type (the new-search screen has them all). */
/** A search node's filters: the API's filter schema. */
type SearchFilters = NonNullable<NodeSettings['filters']>;

export const MAIN_FILTER: Record<
  SearchType,
  { key: keyof SearchFilters; many?: boolean; csv?: boolean; options?: 'place_types' | 'industries' | 'platforms' }
> = {
  people: { key: 'job_title' },
  group: { key: 'companies', csv: true },
  local: { key: 'categories', many: true, options: 'place_types' },
  company: { key: 'industry', options: 'industries' },
  domain: { key: 'domain' },
  intent: { key: 'website' },
  influencer: { key: 'platforms', many: true, options: 'platforms' },
};

const str = (value: unknown) => (value === undefined || value === null ? '' : String(value));

export function toFormValues(label: string, settings: NodeSettings, listType: SearchType | undefined): NodeFormValues {
  const filter = listType ? MAIN_FILTER[listType] : undefined;
  const raw = filter ? settings.filters?.[filter.key] : undefined;
  return {
    label,
    mode: settings.mode ?? 'manual',
    repeat: settings.repeat ?? '',
    time_zone: settings.time_zone ?? browserTimeZone(),
    source_campaign_id: str(settings.source_campaign_id),
    source_limit: str(settings.source_limit ?? 100),
    campaign_id: str(settings.campaign_id),
    location: settings.location ?? '',
    count: str(settings.count ?? 20),
    filterValue: Array.isArray(raw) ? (filter?.csv ? raw.join(', ') : str(raw[0])) : str(raw),
    match: settings.match ?? 'all',
    conditions: (settings.conditions ?? []).map((c) => ({
      field: c.field,
      operator: c.operator,
      value: c.value ?? '',
    })),
    prompt: settings.prompt ?? '',
    output_key: settings.output_key ?? '',
    content_type: settings.content_type ?? 'first_line',
    enrich: settings.enrich ?? 'get_phones',
    label_id: str(settings.label_id),
    label_action: settings.label_action ?? 'add',
    target: settings.target ?? 'list_webhook',
    only_with_email: settings.only_with_email ?? false,
  };
}

const int = (value: string, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) && value.trim() !== '' ? n : fallback;
};
const idOrNull = (value: string) => (value ? Number(value) : null);

/** The settings the API stores for the kind (only that kind's fields). */
export function toSettings(kind: NodeKind, values: NodeFormValues, listType: SearchType | undefined): NodeSettings {
  switch (kind) {
    case 'trigger':
      return {
        mode: values.mode === 'schedule' ? 'schedule' : 'manual',
        ...(values.mode === 'schedule'
          ? {
              repeat: (values.repeat || null) as NodeSettings['repeat'],
              time_zone: values.time_zone || browserTimeZone(),
            }
          : {}),
        source_campaign_id: idOrNull(values.source_campaign_id),
        ...(values.source_campaign_id
          ? { source_limit: Math.min(1000, Math.max(1, int(values.source_limit, 100))) }
          : {}),
      };
    case 'search': {
      const filter = listType ? MAIN_FILTER[listType] : undefined;
      const value = values.filterValue.trim();
      const filters: Record<string, unknown> = {};
      if (filter && value) {
        filters[filter.key] = filter.csv
          ? value
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean)
          : filter.many
            ? [value]
            : value;
      }
      return {
        campaign_id: idOrNull(values.campaign_id),
        location: values.location,
        count: Math.min(1000, Math.max(1, int(values.count, 20))),
        filters,
      };
    }
    case 'filter':
      return {
        match: values.match === 'any' ? 'any' : 'all',
        conditions: values.conditions.map((c) => ({
          field: c.field as FilterCondition['field'],
          operator: c.operator as FilterCondition['operator'],
          ...(c.field === 'has_email' || c.field === 'has_phone' ? { value: c.value || 'true' } : { value: c.value }),
        })),
      };
    case 'research':
      return { prompt: values.prompt, output_key: values.output_key.trim() };
    case 'content':
      return {
        content_type: values.content_type as NodeSettings['content_type'],
        prompt: values.prompt,
        output_key: values.output_key.trim(),
      };
    case 'enrichment':
      return { enrich: values.enrich as NodeSettings['enrich'] };
    case 'label':
      return { label_id: idOrNull(values.label_id), label_action: values.label_action === 'remove' ? 'remove' : 'add' };
    case 'connection':
      return { target: 'list_webhook', only_with_email: values.only_with_email };
  }
}

const KEY = /^[a-z][a-z0-9_]*$/;

/** Yup rules per kind (the server checks the same on publish and names the field). */
export function nodeSchema(kind: NodeKind): yup.ObjectSchema<Partial<NodeFormValues>> {
  const base = { label: yup.string().max(60, v.message('maxLength', { count: 60 })) };
  const outputKey = yup
    .string()
    .trim()
    .required(v.message('required'))
    .max(40, v.message('maxLength', { count: 40 }))
    .matches(KEY, v.message('fieldName'));
  const shapes: Record<NodeKind, Record<string, yup.AnySchema>> = {
    trigger: {
      mode: yup.string().oneOf(['manual', 'schedule']),
      repeat: yup.string().when('mode', { is: 'schedule', then: (s) => s.required(v.message('required')) }),
      source_limit: yup.string().when('source_campaign_id', {
        is: (value: string) => Boolean(value),
        then: () =>
          v
            .integer()
            .min(1, v.message('minNumber', { min: 1 }))
            .max(1000, v.message('maxNumber', { max: 1000 })),
      }),
    },
    search: {
      campaign_id: yup.string().required(v.message('required')),
      location: yup
        .string()
        .trim()
        .required(v.message('required'))
        .max(200, v.message('maxLength', { count: 200 })),
      count: v
        .integer()
        .min(1, v.message('minNumber', { min: 1 }))
        .max(1000, v.message('maxNumber', { max: 1000 })),
      filterValue: yup.string().trim().required(v.message('selectFilter')),
    },
    filter: {
      conditions: yup
        .array(
          yup.object({
            field: yup.string().oneOf([...FILTER_FIELDS]),
            operator: yup.string().oneOf([...FILTER_OPERATORS]),
            value: yup.string().when('field', {
              is: (f: string) => f !== 'has_email' && f !== 'has_phone',
              then: (s) => s.trim().required(v.message('required')),
            }),
          }),
        )
        .min(1, v.message('required')),
    },
    research: {
      prompt: yup
        .string()
        .trim()
        .required(v.message('required'))
        .max(2000, v.message('maxLength', { count: 2000 })),
      output_key: outputKey,
    },
    content: { prompt: yup.string().max(2000, v.message('maxLength', { count: 2000 })), output_key: outputKey },
    enrichment: { enrich: yup.string().required(v.message('required')) },
    label: { label_id: yup.string().required(v.message('required')) },
    connection: {},
  };
  return yup.object({ ...base, ...shapes[kind] }) as unknown as yup.ObjectSchema<Partial<NodeFormValues>>;
}

/** API setting path (`location`, `filters.job_title`, `conditions.0.value`) → the form field showing it. */
export function formFieldOf(setting: string): string {
  if (setting.startsWith('filters')) return 'filterValue';
  return setting;
}
