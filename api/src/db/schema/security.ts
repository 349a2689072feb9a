import type { Migration } from './types';

/** Security hardening (wave 2): who really holds an impersonation token. */
export const SECURITY_MIGRATIONS: readonly Migration[] = [
  {
    id: 'w2-sec-001-impersonator',
    sql: `
-- The admin behind an impersonation token: the audit names them, and the token cannot mint keys or change sign-in details.
ALTER TABLE auth_tokens ADD COLUMN impersonator_id integer REFERENCES users (id) ON DELETE CASCADE;
`,
  },
  {
    id: 'w2-sec-002-rate-limit-counters',
    sql: `
-- Every rate limit counts here (api/src/http/rateLimitStore.ts): shared by all API processes.
CREATE TABLE rate_limit_counters (
  key text PRIMARY KEY,
  hits integer NOT NULL,
  resets_at timestamptz NOT NULL
);
CREATE INDEX rate_limit_counters_resets_at_idx ON rate_limit_counters (resets_at);
`,
  },
  {
    id: 'w2-sec-003-crm-refresh-lease',
    sql: `
-- One CRM token refresh at a time per connection (providers/crm/connections.ts serializedRefresh).
ALTER TABLE settings_crm_connections ADD COLUMN refresh_lease_until timestamptz;
`,
  },
  {
    id: 'w2-sec-004-crm-pkce',
    sql: `
-- The PKCE verifier of a pending CRM authorisation (sealed with APP_SECRET), sent with the code exchange.
ALTER TABLE settings_crm_states ADD COLUMN code_verifier text;
`,
  },
];
