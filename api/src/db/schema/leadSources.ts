import type { Migration } from './types';

/**
 * Lead sources as the super admin sets them (Admin → Searchers): a source switched off, its key
 * (sealed with the app secret, never shown back), the order sources are tried per search type and
 * for the email waterfall, and each source's calls and last error per month. Append only.
 */
export const LEAD_SOURCE_MIGRATIONS: readonly Migration[] = [
  {
    id: 'w2-vendors-001-lead-sources',
    sql: `
CREATE TABLE lead_source_settings (
  source text PRIMARY KEY,
  enabled boolean NOT NULL DEFAULT true,
  api_key_sealed text,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE lead_source_order (
  search_type text PRIMARY KEY,
  sources jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE lead_source_usage (
  source text NOT NULL,
  month text NOT NULL,
  calls integer NOT NULL DEFAULT 0,
  failures integer NOT NULL DEFAULT 0,
  last_error text,
  last_error_at timestamptz,
  PRIMARY KEY (source, month)
);
`,
  },
  {
    // Why a search's source failed ({ source, code }): the list shows "the people-data provider refused the key".
    id: 'w2-vendors-002-search-job-source-error',
    sql: `ALTER TABLE search_jobs ADD COLUMN source_error jsonb;`,
  },
  {
    // Enrichment look-ups (get phones, get employees, influencer enrich) are claimed as external effects before the vendor is asked.
    id: 'w2-vendors-003-lead-lookup-effects',
    sql: `ALTER TABLE external_effects DROP CONSTRAINT external_effects_kind_check;
ALTER TABLE external_effects ADD CONSTRAINT external_effects_kind_check CHECK (kind IN ('crm_push', 'webhook', 'ai_call', 'email', 'charge', 'lead_lookup'));`,
  },
  {
    // 'unreachable': the search's real sources could not be reached before it found anything, so it shows demo data, free of charge.
    id: 'w3-leads23-001-search-job-demo-reason',
    sql: `ALTER TABLE search_jobs ADD COLUMN demo_reason text;`,
  },
  {
    // One row whose version moves with every change of lead_source_settings or lead_source_order: each API process
    // compares it with the version it loaded and rebuilds its lead sources when it moved (no restart).
    id: 'w3-leads23-002-lead-source-version',
    sql: `CREATE TABLE lead_source_version (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  version integer NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO lead_source_version (id) VALUES (true);`,
  },
  {
    // What one call of the source costs the platform (USD, set in Admin → Searchers): the cost this month is calls × it.
    id: 'w3-leads23b-001-lead-source-cost-per-call',
    sql: `ALTER TABLE lead_source_settings ADD COLUMN cost_per_call numeric(12, 4);`,
  },
  {
    // The vendor's own units a source used this month where its reference gives them (YouTube Data API quota units).
    id: 'w3-leads23b-002-lead-source-usage-units',
    sql: `ALTER TABLE lead_source_usage ADD COLUMN units integer NOT NULL DEFAULT 0;`,
  },
];
