import type { Migration } from './types';

/** Operating the service (issue 34): request ids on error reports, maintenance mode. */
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
  {
    id: 'w5-ops34-002-maintenance-mode',
    sql: `
-- One row: the platform's maintenance mode, switched by a super admin (api/src/ops/maintenance.ts).
CREATE TABLE platform_maintenance (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  enabled boolean NOT NULL DEFAULT false,
  message text NOT NULL DEFAULT '',
  retry_after_seconds integer NOT NULL DEFAULT 900 CHECK (retry_after_seconds BETWEEN 60 AND 86400),
  updated_by integer REFERENCES users (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO platform_maintenance (id) VALUES (true);
`,
  },
];
