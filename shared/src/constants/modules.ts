/** Module slugs (spec §2): what a user holds, what an area and a route require. */
export const MODULE_SLUGS = ['ai_suggest', 'leads', 'whitelabel', 'admin', 'wallet'] as const;
export type ModuleSlug = (typeof MODULE_SLUGS)[number];

/** Modules a plan can grant (ADR 050): every module but admin, which only a super admin hands out to a user. */
export const PLAN_MODULE_SLUGS = [
  'ai_suggest',
  'leads',
  'whitelabel',
  'wallet',
] as const satisfies readonly ModuleSlug[];
export type PlanModuleSlug = (typeof PLAN_MODULE_SLUGS)[number];

/**
 * Role `related` (spec §6 "Role values: admin, related, user"; ADR 052): a related account is a
 * sub-account created under a parent. It works on its own account only: it never resells or
 * administers (these modules are refused to it), and it cannot create related accounts of its own.
 */
export const RELATED_ROLE_EXCLUDED_MODULES = ['whitelabel', 'admin'] as const satisfies readonly ModuleSlug[];

/** Modules a reseller's package can grant its customers (ADR 050): never whitelabel or admin, and only those the reseller holds. */
export const PACKAGE_MODULE_SLUGS = ['ai_suggest', 'leads', 'wallet'] as const satisfies readonly ModuleSlug[];
export type PackageModuleSlug = (typeof PACKAGE_MODULE_SLUGS)[number];

/**
 * Modules every customer of a reseller holds while its subscription is paid (the customer account's
 * base: lead search and the wallet). A package adds to them; it cannot take them away.
 */
export const CUSTOMER_BASE_MODULE_SLUGS = ['leads', 'wallet'] as const satisfies readonly PackageModuleSlug[];
