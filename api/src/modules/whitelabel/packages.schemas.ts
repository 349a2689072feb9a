import { PACKAGE_MODULE_SLUGS, type PackageModuleSlug } from '@leadsmith/shared/constants';
import { Nullable, StringEnum, Timestamp, Type, type Static } from '../../http/contract';

export const CustomFieldSchema = Type.Object({
  label: Type.String(),
  optional: Type.Boolean(),
  type: StringEnum(['text', 'dropdown'] as const),
  options: Type.Array(Type.String()),
});
export type CustomField = Static<typeof CustomFieldSchema>;

/** Spec §3 Package. Prices are integer cents. */
export const PackageSchema = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  name: Type.String(),
  description: Nullable(Type.String()),
  monthly_price_cents: Type.Integer(),
  yearly_price_cents: Nullable(Type.Integer()),
  one_time_price_cents: Nullable(Type.Integer()),
  trial_days: Type.Integer(),
  trial_amount_cents: Type.Integer(),
  monthly_credits: Type.Integer(),
  credit_price_cents: Type.Integer(),
  collect_payment_method: Type.Boolean(),
  available_for_billing_portal: Type.Boolean(),
  show_on_sales_page: Type.Boolean(),
  create_via_form: Type.Boolean(),
  form_available_days: Nullable(Type.Integer()),
  thank_you_url: Nullable(Type.String()),
  custom_fields: Type.Array(CustomFieldSchema),
  /** The customer's monthly search limit, its own number (not the credits); null leaves the customer's limit as it is. */
  search_limit: Nullable(Type.Integer()),
  /** What the customer keeps while a renewal is unpaid: `pause` its access, or `keep` it until the provider gives up. */
  past_due_access: StringEnum(['pause', 'keep'] as const),
  created_at: Timestamp(),
  updated_at: Timestamp(),
});
export type Package = Static<typeof PackageSchema>;
/**
 * A package as its reseller sees it: with the modules it adds to its customers' base (ADR 050), and those of
 * its customers' modules (the base and the added ones) the reseller no longer holds, which no customer gets
 * until the reseller holds them again (ADR 056).
 */
export const OwnPackageSchema = Type.Object({
  ...PackageSchema.properties,
  modules: Type.Array(StringEnum(PACKAGE_MODULE_SLUGS)),
  unavailable_modules: Type.Array(StringEnum(PACKAGE_MODULE_SLUGS)),
});
export type OwnPackage = Static<typeof OwnPackageSchema>;
export type PackageInput = Omit<Package, 'id' | 'slug' | 'created_at' | 'updated_at'> & {
  modules?: PackageModuleSlug[];
};
