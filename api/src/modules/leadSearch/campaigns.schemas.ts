/**
 * The lists' contract (spec §3 Campaign, search job, result): the schemas the list, search, result and
 * enrichment routes answer with, and the types their code uses, derived from them (nothing typed twice).
 * No route code here, so every route file and store can import it without a cycle.
 */
import { Nullable, StringEnum, Type, type Static } from '../../http/contract';
import { SEARCH_TYPES } from '../../providers/leads/catalog';
import { EMAIL_GRADE_REASONS, EMAIL_GRADES } from '../../providers/leads/emailGrades';

const IsoTime = Type.String({ format: 'date-time' });

export const JOB_STOP_REASONS = ['no_credits', 'provider_exhausted', 'user', 'source_error', 'failed'] as const;

/** A search job: what filled a list, how far it got and why it stopped. */
export const SearchJobSchema = Type.Object({
  id: Type.Integer(),
  campaign_id: Type.Integer(),
  status: StringEnum(['running', 'done', 'stopped'] as const),
  stop_reason: Nullable(StringEnum(JOB_STOP_REASONS)),
  source_error: Nullable(
    Type.Object(
      { source: Type.String(), code: Type.String() },
      { description: 'The source that failed and why (LeadSourceError).' },
    ),
  ),
  requested: Type.Integer(),
  produced: Type.Integer(),
  found: Type.Integer(),
  credits_charged: Type.Integer(),
  provider: Type.String(),
  demo_data: Type.Boolean(),
  demo_reason: Nullable(
    StringEnum(['unreachable'] as const, {
      description: 'No real source could be reached before the search found anything: demo data, free of charge.',
    }),
  ),
  search_type: StringEnum(SEARCH_TYPES),
  location: Type.String(),
  filters: Type.Record(Type.String(), Type.Unknown()),
  created_at: IsoTime,
});
export type JobDto = Static<typeof SearchJobSchema>;

/** The kinds of enrichment (their idempotency-key prefix). */
export const ENRICHMENT_KINDS = ['get-phones', 'get-employees', 'enrich', 'find-similar'] as const;
export type EnrichmentKind = (typeof ENRICHMENT_KINDS)[number];

/** A queued get-phones / get-employees / enrich request: its progress, then its outcome. */
export const EnrichmentJobSchema = Type.Object({
  id: Type.Integer(),
  campaign_id: Type.Integer(),
  kind: StringEnum(ENRICHMENT_KINDS),
  status: StringEnum(['running', 'done', 'stopped', 'failed'] as const),
  /** Rows of the selection that needed it when it was asked for (at most ENRICH_MAX_ROWS). */
  total: Type.Integer(),
  /** Rows asked about so far, items found (phones, employees, enriched creators), credits charged. */
  checked: Type.Integer(),
  found: Type.Integer(),
  /** Influencer enrich: rows whose figures and links were refreshed without a new contact (not charged). */
  refreshed: Type.Integer(),
  /** Rows no configured source can enrich (an Instagram creator when only YouTube is configured), and their platforms. */
  unsupported: Type.Integer(),
  unsupported_platforms: Type.Array(Type.String()),
  credits_charged: Type.Integer(),
  /** `stopped` means the credits ran out. */
  stopped_no_credits: Type.Boolean(),
  source_error: Nullable(
    Type.Object(
      { source: Type.String(), code: Type.String() },
      {
        description:
          'The source that failed the request and why (LeadSourceError): a refused key or used-up quota fails it at once, an outage after the retries.',
      },
    ),
  ),
  created_at: IsoTime,
  finished_at: Nullable(IsoTime),
});
export type EnrichmentJobDto = Static<typeof EnrichmentJobSchema>;

/** A list (campaign) as every campaign endpoint answers it. */
export const CampaignSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  list_type: StringEnum(SEARCH_TYPES),
  search_type: Type.String({
    description: 'Spec §3 campaign search type (industry, company, people, single, influencer, intent, group).',
  }),
  tags: Type.Array(Type.String()),
  source: Nullable(Type.String()),
  archived: Type.Boolean(),
  status: StringEnum(['active', 'incomplete'] as const),
  is_demo: Type.Boolean(),
  result_count: Type.Integer(),
  has_webhook: Type.Boolean(),
  created_at: IsoTime,
  updated_at: IsoTime,
  /** The latest search that filled the list, or null for a list without searches. */
  job: Nullable(SearchJobSchema),
  /** The latest get-phones / get-employees / enrich request of the list (its progress), on the single-list answers only. */
  enrichment: Type.Optional(Nullable(EnrichmentJobSchema)),
  /** On a page of results only: the list's emails are queued or being graded, so grades are still to land on these rows. */
  grading: Type.Optional(
    Type.Boolean({
      description:
        "The list's emails are queued or being graded: grades are still to land on these rows (read with them, on one snapshot)",
    }),
  ),
});
export type CampaignDto = Static<typeof CampaignSchema>;

export const EMAIL_STATUSES = ['looking', 'found', 'potential', 'not_found'] as const;

/** A result row as the API answers it (the provider's pending answer is never sent). */
export const ResultSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  company: Nullable(Type.String()),
  job_title: Nullable(Type.String()),
  website: Nullable(Type.String()),
  city: Nullable(Type.String()),
  email: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  email_status: StringEnum(EMAIL_STATUSES),
  email_grade: Type.Optional(
    Nullable(
      StringEnum(EMAIL_GRADES, { description: 'Hunter-style detail of the email (ADR 036); null: not graded yet.' }),
    ),
  ),
  email_grade_reason: Type.Optional(
    Nullable(StringEnum(EMAIL_GRADE_REASONS, { description: 'Why the email has its grade.' })),
  ),
  bounced: Type.Optional(Type.Boolean({ description: 'A CRM or webhook receiver reported that the email bounced.' })),
  crm_status: Nullable(StringEnum(['sending', 'sent', 'unsent'] as const)),
  /** The CRM of the latest send (crmSend.service.ts), and why it did not take the result (a CrmErrorCode and the CRM's own words). */
  crm_provider: Nullable(Type.String()),
  crm_error: Nullable(Type.String()),
  crm_error_detail: Nullable(Type.String()),
  sent: Type.Boolean(),
  manual: Type.Boolean(),
  credits: Type.Integer(),
  labels: Type.Array(Type.String()),
  suppressed: Type.Optional(
    Nullable(
      StringEnum(['email', 'domain'] as const, {
        description: "On the account's do-not-contact list, by its email or by its domain; null: may be contacted.",
      }),
    ),
  ),
  duplicate_of: Type.Optional(
    Nullable(
      Type.Object(
        { campaign_id: Type.Integer(), result_id: Type.Integer(), list_name: Type.String(), list_type: Type.String() },
        {
          description:
            'The same contact (email, else LinkedIn URL, else name at the same website) in another list of the owner.',
        },
      ),
    ),
  ),
  data: Type.Record(Type.String(), Type.Unknown(), {
    description: "The source's fields of the result (by list type).",
  }),
  created_at: IsoTime,
});
export type ResultDto = Static<typeof ResultSchema>;
