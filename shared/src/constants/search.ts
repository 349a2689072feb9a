/** Search types (spec §7), one result list type each; group searches find people (ADR 005). */
export const SEARCH_TYPES = ['people', 'local', 'company', 'domain', 'influencer', 'intent', 'group'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/**
 * The header's global search (GET /api/global-search): lists match from 2 characters; results (possibly
 * millions per account) from 3, the shortest text the trigram indexes of their name, company and email
 * serve; each section shows 5 a page; a section counts its matches up to `countCap`.
 */
export const GLOBAL_SEARCH = { minLength: 2, resultMinLength: 3, maxLength: 100, pageSize: 5, countCap: 1000 } as const;
