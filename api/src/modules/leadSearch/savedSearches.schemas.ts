/** The saved searches' schemas: the answers of the routes, the bodies the service takes, the alert periods. */
import { MessageProperties, Nullable, StringEnum, Timestamp, Type, type Static } from '../../http/contract';
import { SEARCH_TYPES } from '../../providers/leads';
import { MAX_SEARCH_COUNT, SearchFilters } from './searches.schemas';

/** How often a saved search alerts: never, once a day or once a week (counted from when it was turned on). */
export const SAVED_SEARCH_ALERTS = ['off', 'daily', 'weekly'] as const;
export type SavedSearchAlert = (typeof SAVED_SEARCH_ALERTS)[number];

/** Search types a search can be saved for: live visitor (intent) searches already add each new visitor. */
const SAVABLE_TYPES = SEARCH_TYPES.filter((t) => t !== 'intent');

export const Run = Type.Object({
  id: Type.Integer(),
  saved_search_id: Type.Integer(),
  trigger: StringEnum(['manual', 'alert'] as const),
  scheduled_for: Nullable(Timestamp()),
  job_id: Nullable(Type.Integer()),
  status: StringEnum(['running', 'done', 'stopped', 'failed'] as const),
  error: Nullable(
    Type.String({
      description:
        'Why the run stopped or did not search: no_credits, limit_reached, job_running, failed, source_error, user',
    }),
  ),
  new_leads: Type.Integer({ description: 'Leads added that the account did not hold before.' }),
  credits_spent: Type.Number(),
  created_at: Timestamp(),
  finished_at: Nullable(Timestamp()),
});

export const SavedSearch = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  type: StringEnum(SEARCH_TYPES),
  campaign: Type.Object({ id: Type.Integer(), name: Type.String(), list_type: StringEnum(SEARCH_TYPES) }),
  location: Type.String(),
  filters: Type.Record(Type.String(), Type.Unknown()),
  count: Type.Integer(),
  alert: StringEnum(SAVED_SEARCH_ALERTS),
  time_zone: Type.String(),
  next_alert_at: Nullable(Timestamp()),
  created_at: Timestamp(),
  last_run: Nullable(Run),
});
export const SavedSearchAnswer = Type.Object({ ...MessageProperties, saved_search: SavedSearch });

export const Alert = Type.Object({
  id: Type.Integer(),
  saved_search_id: Type.Integer(),
  search: Type.String(),
  campaign: Type.Object({ id: Type.Integer(), name: Type.String(), list_type: StringEnum(SEARCH_TYPES) }),
  new_leads: Type.Integer(),
  credits_spent: Type.Number(),
  scheduled_for: Nullable(Timestamp()),
  finished_at: Nullable(Timestamp()),
  seen: Type.Boolean(),
});

const Name = Type.String({ minLength: 1, maxLength: 120, pattern: '\\S' });
const TimeZone = Type.String({
  minLength: 1,
  maxLength: 64,
  description: "IANA zone the alert periods are counted in (the browser's); UTC when absent.",
});
export const CreateBody = Type.Object(
  {
    name: Name,
    type: StringEnum(SAVABLE_TYPES),
    campaign_id: Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'The list the results go to.' }),
    location: Type.String({ maxLength: 200 }),
    count: Type.Integer({ minimum: 1, maximum: MAX_SEARCH_COUNT, description: 'Most new leads one run adds.' }),
    filters: Type.Optional(SearchFilters),
    alert: Type.Optional(StringEnum(SAVED_SEARCH_ALERTS)),
    time_zone: Type.Optional(TimeZone),
  },
  { additionalProperties: false },
);
export const UpdateBody = Type.Object(
  {
    name: Type.Optional(Name),
    alert: Type.Optional(StringEnum(SAVED_SEARCH_ALERTS)),
    time_zone: Type.Optional(TimeZone),
  },
  { additionalProperties: false, minProperties: 1 },
);

export type RunDto = Static<typeof Run>;
export type SavedSearchDto = Static<typeof SavedSearch>;
export type AlertDto = Static<typeof Alert>;
export type CreateSavedSearch = Static<typeof CreateBody>;
export type UpdateSavedSearch = Static<typeof UpdateBody>;
