/** Search types (spec §7), one result list type each; group searches find people (ADR 005). */
export const SEARCH_TYPES = ['people', 'local', 'company', 'domain', 'influencer', 'intent', 'group'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
