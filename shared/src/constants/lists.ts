/** List query filter defaults (spec §3). */
export const WITH_EMAIL = { all: -1, found: 1, potentialsFound: 2, notFound: 0 } as const;

/**
 * The `sent` filter of spec §3 (default 0): all 0, sent 1, unsent 2 — "unsent" is every result not (yet)
 * sent to a CRM or webhook, failed sends included (ADR 026).
 */
export const SENT_FILTER = { all: 0, sent: 1, unsent: 2 } as const;

export const DEFAULT_LIST_FILTERS = {
  advanced_custom_search: [] as unknown[],
  startDate: null as string | null,
  endDate: null as string | null,
  limit: 20,
  page: 1,
  search: '',
  search_type: 'contain' as 'contain' | 'exact' | 'start',
  sent: SENT_FILTER.all as number,
  withEmail: WITH_EMAIL.all as number,
};

export const CRM_IDS = ['ghl', 'keap', 'zapier', 'groove', 'sales_connector'] as const;
export type CrmId = (typeof CRM_IDS)[number];

export const REPEAT_PERIODS = ['daily', 'weekly', 'monthly', 'yearly', 'one-time'] as const;

/** Issue 29: a bulk archive, delete or label change can be undone from its toast for this long. */
export const UNDO_WINDOW_MS = 10_000;

/** Issue 29: a deleted list stays in the trash (restorable) this many days before it is deleted for good. */
export const TRASH_RETENTION_DAYS = 30;

/**
 * Issue 29 item 7: the columns of a list's results table a user can show, hide, order and size (the name column and
 * the row's checkbox are always there, first). A saved view lists them in order, each with an optional width.
 */
export const RESULT_COLUMN_KEYS = [
  'title',
  'company',
  'email',
  'emailStatus',
  'phone',
  'ai',
  'crm',
  'credits',
  'actions',
] as const;
export type ResultColumnKey = (typeof RESULT_COLUMN_KEYS)[number];
/** A column's width in CSS pixels, when the user sized it. */
export const COLUMN_WIDTH = { min: 60, max: 600 } as const;

/** Colours a custom label may take (Chakra palettes; badges use the subtle variant, which keeps text contrast). */
export const LABEL_COLORS = [
  'gray',
  'red',
  'orange',
  'yellow',
  'green',
  'teal',
  'blue',
  'cyan',
  'purple',
  'pink',
] as const;
export type LabelColor = (typeof LABEL_COLORS)[number];

/** The lead fields a CSV column can be mapped to (ADR 038), in the order the import form shows them. */
export const IMPORT_FIELDS = [
  'name',
  'first_name',
  'last_name',
  'email',
  'company',
  'job_title',
  'website',
  'city',
  'country',
  'phone',
  'linkedin_url',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** Spec §3 operators of a list's advanced custom search; the VALUELESS ones take no value. */
export const ADVANCED_OPERATORS = [
  'like',
  'not like',
  'empty',
  'not empty',
  'lower',
  'greater',
  'is_verified',
  'greater or equal',
  'greater than',
  'less or equal',
  'less than',
] as const;
export type AdvancedOperator = (typeof ADVANCED_OPERATORS)[number];

/** Events a custom webhook connection (Settings → Integrations) can subscribe to. */
export const WEBHOOK_EVENTS = ['lead.created', 'lead.enriched', 'list.created', 'search.completed'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
