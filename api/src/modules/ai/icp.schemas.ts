import { StringEnum, Timestamp, Type, type Static } from '../../http/contract';

/** Search types an ICP suggestion can start (the profile-shaped ones). */
export const ICP_SEARCH_TYPES = ['people', 'company', 'local'] as const;
export type IcpSearchType = (typeof ICP_SEARCH_TYPES)[number];

export const IcpSuggestionSchema = Type.Object({
  id: Type.Integer(),
  position: Type.Integer(),
  title: Type.String(),
  description: Type.String(),
  search_type: StringEnum(ICP_SEARCH_TYPES),
  location: Type.String(),
  /** Lead-search filter names (job_title, departments, seniority, management_levels, industry, employees_min/max, categories). */
  filters: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Array(Type.String())])),
  provider: Type.String(),
  language: Type.String(),
  created_at: Timestamp(),
});
export type IcpSuggestion = Static<typeof IcpSuggestionSchema>;

/** A suggestion as the engine gives it, before it is stored. */
export type IcpDraft = Omit<IcpSuggestion, 'id' | 'position' | 'provider' | 'language' | 'created_at'>;
