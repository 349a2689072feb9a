import type { SearchType } from '../../providers/leads';

/** A per-list path: `/api/{type}-results/:id` and what follows it (`''`, `'/csv'`, …), for each list type (or those of `T`). */
export type ListPath<Rest extends string = '', T extends SearchType = SearchType> = `/api/${T}-results/:id${Rest}`;

/**
 * The list type a per-list path names: `/api/people-results/:id/csv` → `people`. Routes are registered with
 * their literal paths (a grep for one finds its registration); the handler shared by a route's paths learns
 * its list type from the path it is registered on.
 */
export const listTypeIn = <T extends SearchType>(path: `/api/${T}-results/:id${string}`): T =>
  path.slice('/api/'.length, path.indexOf('-results/')) as T;
