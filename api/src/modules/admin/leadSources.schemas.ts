import { KeyedObject, Nullable, StringEnum, Type, type Static } from '../../http/contract';
import { SEARCH_TYPES } from '../../providers/leads';
import { LEAD_SOURCE_IDS, SOURCE_CANDIDATES, type OrderedUse } from '../../providers/leads/leadSources';

export const USES = Object.keys(SOURCE_CANDIDATES) as OrderedUse[];
const IsoTime = Type.String({ format: 'date-time' });

const LeadSource = Type.Object({
  id: StringEnum(LEAD_SOURCE_IDS),
  keyed: Type.Boolean({ description: 'Needs a key (vendor) or not (keyless engine).' }),
  enabled: Type.Boolean(),
  /** Whether a key is set, and where it comes from; the key itself is never returned. */
  key_set: Type.Boolean(),
  key_from: Nullable(StringEnum(['admin', 'environment'] as const)),
  serves: Type.Array(StringEnum(USES), { description: 'The uses (search types, email) it can serve.' }),
  calls_this_month: Type.Integer(),
  failures_this_month: Type.Integer(),
  units_this_month: Type.Integer({
    description:
      "The vendor's own units used this month where its reference gives them (YouTube: quota units); 0 otherwise.",
  }),
  cost_per_call: Nullable(
    Type.Number({ description: 'What one call costs the platform, in USD, as the admin set it.' }),
  ),
  cost_this_month: Nullable(Type.Number({ description: 'calls_this_month × cost_per_call, in USD, to the cent.' })),
  last_error: Nullable(Type.String()),
  last_error_at: Nullable(IsoTime),
});
export type LeadSourceDto = Static<typeof LeadSource>;

export const OverviewProperties = {
  sources: Type.Array(LeadSource),
  order: KeyedObject(USES, Type.Array(StringEnum(LEAD_SOURCE_IDS)), {
    description: 'The sources of each use, in the order they are asked.',
  }),
  serving: KeyedObject(
    SEARCH_TYPES,
    Type.Object({ id: Type.String(), demo: Type.Boolean(), demo_reason: Nullable(StringEnum(['no_source'] as const)) }),
    {
      description: 'The source that serves each search type now.',
    },
  ),
  keyless: Type.Boolean(),
};
