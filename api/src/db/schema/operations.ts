import type { Migration } from './types';

/** Operating the service (issue 34): request ids on error reports. */
export const OPERATIONS_MIGRATIONS: readonly Migration[] = [
  {
    id: 'w5-ops34-001-app-error-request-ids',
    sql: `
-- request_id: the id of the failed API answer the screen reported (its X-Request-Id / request_id);
-- report_request_id: the id of the report's own request. Both find the server's log lines.
ALTER TABLE app_errors ADD COLUMN request_id text;
ALTER TABLE app_errors ADD COLUMN report_request_id text;
`,
  },
];
