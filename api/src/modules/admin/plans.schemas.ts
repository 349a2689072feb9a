import { PLAN_MODULE_SLUGS, type PlanModuleSlug } from '@leadsmith/shared/constants';
import { Nullable, StringEnum, Type, type Static } from '../../http/contract';

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

/** What an admin may set on a plan (the create and edit bodies). */
export interface PlanBody {
  name?: string;
  created_by?: PlanDto['created_by'];
  available_for?: PlanDto['available_for'];
  allow_related_accounts?: boolean;
  payment_product_id?: string | null;
  crm_plan_id?: string | null;
  modules?: PlanModuleSlug[];
}
