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
];
