import { PLAN_MODULE_SLUGS } from '@leadsmith/shared/constants';
import { Nullable, OrNull, StringEnum, Type, type Static } from '../../http/contract';
import { nameSchema } from '../../http/schemas';

export const CREATED_BY = ['system', 'partner'] as const;
export const AVAILABLE_FOR = ['resellers', 'customers'] as const;

/** Spec §3 Plan. */
export const PlanSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  created_by: StringEnum(CREATED_BY),
  available_for: StringEnum(AVAILABLE_FOR),
  allow_related_accounts: Type.Boolean(),
  payment_product_id: Nullable(Type.String()),
  crm_plan_id: Nullable(Type.String()),
  /** The modules a user on the plan holds besides its own (ADR 050). */
  modules: Type.Array(StringEnum(PLAN_MODULE_SLUGS)),
  users_count: Type.Integer(),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});
export type PlanDto = Static<typeof PlanSchema>;

const nullableText = OrNull(Type.String({ maxLength: 200 }));

/** What an admin may set on a plan: the create body (name, created_by and available_for required). */
export const PlanCreateBody = Type.Object(
  {
    name: nameSchema,
    created_by: StringEnum(CREATED_BY),
    available_for: StringEnum(AVAILABLE_FOR),
    allow_related_accounts: Type.Optional(Type.Boolean()),
    payment_product_id: Type.Optional(nullableText),
    crm_plan_id: Type.Optional(nullableText),
    modules: Type.Optional(
      Type.Array(StringEnum(PLAN_MODULE_SLUGS), { uniqueItems: true, maxItems: PLAN_MODULE_SLUGS.length }),
    ),
  },
  { additionalProperties: false },
);
/** The edit body: any of the create body's fields, at least one. */
export const PlanEditBody = Type.Partial(PlanCreateBody, { additionalProperties: false, minProperties: 1 });
export type PlanBody = Static<typeof PlanEditBody>;
