/** Module slugs (spec §2): what a user holds, what an area and a route require. */
export const MODULE_SLUGS = ['ai_suggest', 'leads', 'whitelabel', 'admin', 'wallet'] as const;
export type ModuleSlug = (typeof MODULE_SLUGS)[number];
