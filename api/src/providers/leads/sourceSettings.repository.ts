import type { Queryable } from '../../db';

/** The SQL of the super admin's lead-source settings (the `lead_source_*` tables, ADR 058). */

export interface SettingRow {
  source: string;
  enabled: boolean;
  api_key_sealed: string | null;
}

export async function settingRows(db: Queryable): Promise<SettingRow[]> {
  return (await db.query<SettingRow>('SELECT source, enabled, api_key_sealed FROM lead_source_settings')).rows;
}

export async function orderRows(db: Queryable): Promise<{ search_type: string; sources: string[] }[]> {
  return (
    await db.query<{ search_type: string; sources: string[] }>('SELECT search_type, sources FROM lead_source_order')
  ).rows;
}

/**
 * Moves the settings' version in the same statement as the change it goes with (a data-modifying
 * `WITH` runs whether or not the statement reads it): every API process sees the version move and
 * rebuilds its sources (`refreshLeadSources`).
 */
const BUMP_VERSION = 'WITH bumped AS (UPDATE lead_source_version SET version = version + 1, updated_at = now())';

export async function versionRow(db: Queryable): Promise<number | undefined> {
  return (await db.query<{ version: number }>('SELECT version FROM lead_source_version')).rows[0]?.version;
}

/**
 * Upserts a source's setting and moves the version. `sealedKey` undefined keeps the stored key, null
 * removes it; `costPerCall` undefined keeps the stored cost, null clears it.
 */
export async function upsertSetting(
  db: Queryable,
  id: string,
  change: { enabled?: boolean; sealedKey?: string | null; costPerCall?: number | null },
): Promise<void> {
  await db.query(
    `${BUMP_VERSION} INSERT INTO lead_source_settings (source, enabled, api_key_sealed, cost_per_call) VALUES ($1, COALESCE($2, true), $3, $5)
     ON CONFLICT (source) DO UPDATE SET enabled = COALESCE($2, lead_source_settings.enabled),
       api_key_sealed = CASE WHEN $4 THEN EXCLUDED.api_key_sealed ELSE lead_source_settings.api_key_sealed END,
       cost_per_call = CASE WHEN $6 THEN EXCLUDED.cost_per_call ELSE lead_source_settings.cost_per_call END, updated_at = now()`,
    [
      id,
      change.enabled ?? null,
      change.sealedKey ?? null,
      change.sealedKey !== undefined,
      change.costPerCall ?? null,
      change.costPerCall !== undefined,
    ],
  );
}

export async function costRows(db: Queryable): Promise<{ source: string; cost_per_call: string | number }[]> {
  return (
    await db.query<{ source: string; cost_per_call: string | number }>(
      'SELECT source, cost_per_call FROM lead_source_settings WHERE cost_per_call IS NOT NULL',
    )
  ).rows;
}

/** Upserts a use's order of sources and moves the version. */
export async function upsertOrder(db: Queryable, use: string, sources: readonly string[]): Promise<void> {
  await db.query(
    `${BUMP_VERSION} INSERT INTO lead_source_order (search_type, sources) VALUES ($1, $2::jsonb)
     ON CONFLICT (search_type) DO UPDATE SET sources = EXCLUDED.sources, updated_at = now()`,
    [use, JSON.stringify(sources)],
  );
}

/** Adds one call (and its failure, if any, as the last error) to a source's usage of the month. */
export async function addUsage(
  db: Queryable,
  source: string,
  month: string,
  failure: { code: string; at: Date } | null,
  units: number,
): Promise<void> {
  await db.query(
    `INSERT INTO lead_source_usage (source, month, calls, failures, last_error, last_error_at, units) VALUES ($1, $2, 1, $3, $4, $5, $6)
     ON CONFLICT (source, month) DO UPDATE SET calls = lead_source_usage.calls + 1, failures = lead_source_usage.failures + EXCLUDED.failures,
       units = lead_source_usage.units + EXCLUDED.units,
       last_error = COALESCE(EXCLUDED.last_error, lead_source_usage.last_error), last_error_at = COALESCE(EXCLUDED.last_error_at, lead_source_usage.last_error_at)`,
    [source, month, failure ? 1 : 0, failure?.code ?? null, failure?.at ?? null, units],
  );
}

export interface UsageRow {
  source: string;
  calls: number;
  failures: number;
  units: number;
  last_error: string | null;
  last_error_at: Date | null;
}

export async function usageRows(db: Queryable, month: string): Promise<UsageRow[]> {
  return (
    await db.query<UsageRow>(
      'SELECT source, calls, failures, units, last_error, last_error_at FROM lead_source_usage WHERE month = $1',
      [month],
    )
  ).rows;
}
