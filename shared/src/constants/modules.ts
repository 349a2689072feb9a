/** Module slugs (spec §2): what a user holds, what an area and a route require. */
export const MODULE_SLUGS = ['ai_suggest', 'leads', 'whitelabel', 'admin', 'wallet'] as const;
export type ModuleSlug = (typeof MODULE_SLUGS)[number];

/** Modules a plan can grant (ADR 050): every module but admin, which only a super admin hands out to a user. */
export const PLAN_MODULE_SLUGS = ['ai_suggest', 'leads', 'whitelabel', 'wallet'] as const satisfies readonly ModuleSlug[];
export type PlanModuleSlug = (typeof PLAN_MODULE_SLUGS)[number];
