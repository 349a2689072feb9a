import type { Queryable } from '../../db';

/** Whether a business_settings row serves this domain: the platform's (no owner), or a reseller's verified one. */
export async function hasServedDomain(q: Queryable, domain: string): Promise<boolean> {
  const { rows } = await q.query(
    'SELECT 1 FROM business_settings WHERE domain = $1 AND (owner_user_id IS NULL OR domain_verified_at IS NOT NULL)',
    [domain],
  );
  return rows.length > 0;
}

export interface DomainRow {
  id: number;
  domain: string;
  domain_token: string | null;
  domain_verified_at: Date | null;
}

/** The reseller's business_settings row's domain and its verification. */
export async function domainRowOf(q: Queryable, ownerId: number): Promise<DomainRow | null> {
  const { rows } = await q.query<DomainRow>(
    'SELECT id, domain, domain_token, domain_verified_at FROM business_settings WHERE owner_user_id = $1 ORDER BY id LIMIT 1',
    [ownerId],
  );
  return rows[0] ?? null;
}

/** Stores the token unless one is stored already (two first reads at once keep the first); answers the one kept. */
export async function keepDomainToken(q: Queryable, rowId: number, token: string): Promise<string> {
  const { rows: kept } = await q.query<{ domain_token: string }>(
    'UPDATE business_settings SET domain_token = COALESCE(domain_token, $2) WHERE id = $1 RETURNING domain_token',
    [rowId, token],
  );
  return kept[0]!.domain_token;
}

/** Marks the domain verified, only if the row still holds the domain looked up. */
export async function markDomainVerified(q: Queryable, rowId: number, domain: string, at: Date): Promise<void> {
  await q.query('UPDATE business_settings SET domain_verified_at = $3 WHERE id = $1 AND domain = $2', [
    rowId,
    domain,
    at,
  ]);
}
