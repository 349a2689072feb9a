/** The bodies of the result-list routes: the list query and a result added by hand. */
import { Type, type Static } from '../../http/contract';
import { resultFiltersSchema, type ResultFilters } from './resultQuery.repository';

/** The list query (resultFiltersSchema, plain JSON schema shared by every list route), typed by its interface. */
export const ResultFiltersBody = Type.Unsafe<ResultFilters>(resultFiltersSchema);

const OptionalText = (max = 200) => Type.Optional(Type.String({ maxLength: max }));

/** A result added by hand (`POST /api/{type}-results/{id}/manual`): which fields count depends on the list type (results.service.ts). */
export const ManualBodySchema = Type.Object(
  {
    website: OptionalText(300),
    name: OptionalText(),
    country: OptionalText(100),
    city: OptionalText(100),
    state: OptionalText(100),
    postal_code: OptionalText(20),
    street: OptionalText(),
    first_name: OptionalText(100),
    last_name: OptionalText(100),
    email: OptionalText(254),
    phone: OptionalText(40),
    linkedin_url: OptionalText(300),
    company: OptionalText(),
    position: OptionalText(),
    urls: Type.Optional(Type.Array(Type.String({ maxLength: 300 }), { maxItems: 20 })),
  },
  { additionalProperties: false },
);
export type ManualBody = Static<typeof ManualBodySchema>;
