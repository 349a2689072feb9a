/** The body of `POST /api/searches`: what starting a search takes (searches.service.ts checks the rules beyond it). */
import { Defaulted, OrNull, StringEnum, Type, type Static } from '../../http/contract';
import { SEARCH_TYPES } from '../../providers/leads';
import { filtersSchema } from './searchFilters.schemas';

/** Most leads one search may ask for. */
export const MAX_SEARCH_COUNT = 1000;

/** The filters of every search type (plain JSON schema; `checkFilters` applies the per-type rules), typed loosely. */
export const SearchFilters = Type.Unsafe<Record<string, unknown>>(filtersSchema);

export const StartSearchBodySchema = Type.Object(
  {
    type: StringEnum(SEARCH_TYPES),
    campaign_id: Type.Optional(OrNull(Type.Integer({ minimum: 1, maximum: 2147483647 }))),
    location: Type.Optional(Type.String({ maxLength: 200 })),
    count: Type.Integer({ minimum: 1, maximum: MAX_SEARCH_COUNT }),
    filters: Type.Optional(SearchFilters),
    // Contacts the owner already holds in another list (issue 29): kept (marked duplicate, never charged twice) or skipped.
    duplicates: Defaulted(StringEnum(['keep', 'skip'] as const, { default: 'keep' })),
  },
  { additionalProperties: false },
);
export type StartSearchBody = Static<typeof StartSearchBodySchema>;
