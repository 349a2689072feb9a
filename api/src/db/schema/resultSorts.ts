import type { Migration } from './types';

/** The orders of a list page (issue 32, routes/leadSearch/resultQuery.ts RESULT_SORTS): one index per order. */
export const RESULT_SORT_MIGRATIONS: readonly Migration[] = [
  {
    id: 'w7-h29-002-result-sort-indexes',
    sql: `
-- Each sort of a list page is read off one btree in its order, inside the list (campaign_id first), with the id last
-- so the order is total and a keyset page ("after" or "before" a row) is a range of the index, read in either
-- direction: as added and newest first use campaign_results_list_idx (campaign_id, id); name A–Z and Z–A this
-- one; company A–Z (rows without a company last) the next. With any filter of the list query, the first page walks
-- the index until 20 rows match (a filter most rows pass stops at once); a filter few rows pass (an exact search, a
-- label, sent) is read through its own index and its few rows sorted instead, as the planner's estimate says.
-- The prefix indexes of the search box (text_pattern_ops) cannot give this order under the database's collation.
CREATE INDEX campaign_results_sort_name_idx ON campaign_results (campaign_id, lower(name), id);
CREATE INDEX campaign_results_sort_company_idx ON campaign_results (campaign_id, (company IS NULL), lower(COALESCE(company, '')), id);
`,
  },
];
