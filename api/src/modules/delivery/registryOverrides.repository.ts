/** The SQL of the per-domain registry overrides (delivery_registry_overrides). */
import type { RemoteName } from '@leadsmith/shared/constants';
import type { Queryable } from '../../db';
import { DEFAULT_DOMAIN_KEY, type RegistryOverride } from '../../web/remotes';

interface OverrideRow extends RegistryOverride {
  /** The column is text, but only the routes write it, and they take a remote's name (REMOTES) only. */
  remote: RemoteName;
  updated_at: Date;
  updated_by: number | null;
}

const toDto = (row: OverrideRow) => ({
  domain: row.domain,
  remote: row.remote,
  version: row.version,
  canary:
    row.canary_version !== null && row.canary_percent !== null
      ? { version: row.canary_version, percent: row.canary_percent }
      : null,
  updated_at: row.updated_at,
  updated_by: row.updated_by,
});
export type OverrideDto = ReturnType<typeof toDto>;

/** One page of overrides (`_default` first, then by domain and remote), of one domain or all, and how many match. */
export async function listOverrides(
  db: Queryable,
  { limit, offset, domain }: { limit: number; offset: number; domain: string | null },
): Promise<{ rows: OverrideDto[]; total: number | string }> {
  const where = domain ? 'WHERE domain = $3' : '';
  const params: (string | number)[] = [limit, offset, ...(domain ? [domain] : [])];
  const { rows } = await db.query<OverrideRow & { total: string }>(
    `SELECT domain, remote, version, canary_version, canary_percent, updated_at, updated_by, count(*) OVER () AS total
           FROM delivery_registry_overrides ${where}
          ORDER BY (domain = '${DEFAULT_DOMAIN_KEY}') DESC, domain, remote LIMIT $1 OFFSET $2`,
    params,
  );
  return { rows: rows.map(toDto), total: rows[0]?.total ?? 0 };
}

/** Sets the pin and canary of a remote on a domain (inserted or replaced); answers the override as stored. */
export async function upsertOverride(
  db: Queryable,
  o: {
    domain: string;
    remote: RemoteName;
    version: string | null;
    canary: { version: string; percent: number } | null;
    updatedBy: number;
    at: Date;
  },
): Promise<OverrideDto> {
  const { rows } = await db.query<OverrideRow>(
    `INSERT INTO delivery_registry_overrides (domain, remote, version, canary_version, canary_percent, updated_by, updated_at)
              VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (domain, remote) DO UPDATE
              SET version = EXCLUDED.version, canary_version = EXCLUDED.canary_version, canary_percent = EXCLUDED.canary_percent,
                  updated_by = EXCLUDED.updated_by, updated_at = EXCLUDED.updated_at
         RETURNING domain, remote, version, canary_version, canary_percent, updated_at, updated_by`,
    [o.domain, o.remote, o.version, o.canary?.version ?? null, o.canary?.percent ?? null, o.updatedBy, o.at],
  );
  return toDto(rows[0]!);
}

/** Removes a domain's override of a remote; false when there was none. */
export async function deleteOverride(db: Queryable, domain: string, remote: string): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM delivery_registry_overrides WHERE domain = $1 AND remote = $2', [
    domain,
    remote,
  ]);
  return rowCount > 0;
}

/** The overrides of a domain and of the default key (`_default`): what the remote registry builds its answer from. */
export async function overridesForDomain(
  q: Queryable,
  domainKey: string,
  defaultKey: string,
): Promise<RegistryOverride[]> {
  const { rows } = await q.query<RegistryOverride>(
    'SELECT domain, remote, version, canary_version, canary_percent FROM delivery_registry_overrides WHERE domain = $1 OR domain = $2',
    [domainKey, defaultKey],
  );
  return rows;
}
