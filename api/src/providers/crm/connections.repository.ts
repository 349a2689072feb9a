import type { Queryable } from '../../db';
import type { CrmId } from './types';

/** The SQL of the CRM connections (settings_crm_connections) the CRM providers read and write (ADR 058). */

export interface ConnectionRow {
  provider: CrmId;
  access_token_enc: string | null;
  refresh_token_enc: string | null;
  token_expires_at: Date | string | null;
  account_ref: string | null;
  webhook_url: string | null;
}

export async function connectionRow(db: Queryable, accountId: number, id: CrmId): Promise<ConnectionRow | undefined> {
  return (
    await db.query<ConnectionRow>(
      'SELECT provider, access_token_enc, refresh_token_enc, token_expires_at, account_ref, webhook_url FROM settings_crm_connections WHERE user_id = $1 AND provider = $2',
      [accountId, id],
    )
  ).rows[0];
}

/** Stores sealed tokens (sealed by the caller). */
export async function updateSealedTokens(
  db: Queryable,
  accountId: number,
  id: CrmId,
  sealed: {
    accessTokenEnc: string;
    refreshTokenEnc: string | null;
    expiresAt: Date | null;
    accountRef: string | null;
  },
): Promise<void> {
  await db.query(
    `UPDATE settings_crm_connections SET access_token_enc = $3, refresh_token_enc = $4, token_expires_at = $5, account_ref = $6, updated_at = now()
      WHERE user_id = $1 AND provider = $2`,
    [accountId, id, sealed.accessTokenEnc, sealed.refreshTokenEnc, sealed.expiresAt, sealed.accountRef],
  );
}

/** The `crms` the account's reseller's business settings tick (unparsed JSON), if any. */
export async function resellerCrms(db: Queryable, accountId: number): Promise<unknown> {
  const { rows } = await db.query<{ crms: unknown }>(
    `SELECT b.crms FROM users u JOIN business_settings b ON b.owner_user_id = u.parent_id WHERE u.id = $1 ORDER BY b.id LIMIT 1`,
    [accountId],
  );
  return rows[0]?.crms;
}

/** The parent of a related account, with its display name, while it shares its CRM connections. */
export async function sharingParent(db: Queryable, accountId: number): Promise<{ id: number; name: string } | null> {
  const { rows } = await db.query<{ id: number; name: string }>(
    `SELECT p.id, COALESCE(NULLIF(btrim(concat_ws(' ', p.first_name, p.last_name)), ''), p.email) AS name
       FROM users u JOIN users p ON p.id = u.parent_id
      WHERE u.id = $1 AND u.role = 'related' AND p.share_crm_connections AND p.deleted_at IS NULL`,
    [accountId],
  );
  return rows[0] ?? null;
}

export async function connectionExists(db: Queryable, accountId: number, id: CrmId): Promise<boolean> {
  return (
    (await db.query('SELECT 1 FROM settings_crm_connections WHERE user_id = $1 AND provider = $2', [accountId, id]))
      .rowCount! > 0
  );
}

/** Whether the account is a related account whose parent has a connection to the CRM and does not share it. */
export async function unsharedParentConnection(db: Queryable, accountId: number, id: CrmId): Promise<boolean> {
  const { rowCount } = await db.query(
    `SELECT 1 FROM users u JOIN users p ON p.id = u.parent_id JOIN settings_crm_connections c ON c.user_id = p.id AND c.provider = $2
      WHERE u.id = $1 AND u.role = 'related' AND NOT p.share_crm_connections`,
    [accountId, id],
  );
  return rowCount === 1;
}

/** The CRMs connected by either account (the second may be null). */
export async function connectedProviders(
  db: Queryable,
  accountId: number,
  otherAccountId: number | null,
): Promise<CrmId[]> {
  const { rows } = await db.query<{ provider: CrmId }>(
    'SELECT provider FROM settings_crm_connections WHERE user_id = $1 OR user_id = $2',
    [accountId, otherAccountId],
  );
  return rows.map((r) => r.provider);
}

/** Takes the connection's refresh lease when it is free or expired; whether it was taken. */
export async function takeRefreshLease(
  db: Queryable,
  accountId: number,
  id: CrmId,
  until: Date,
  now: Date,
): Promise<boolean> {
  const taken = await db.query(
    `UPDATE settings_crm_connections SET refresh_lease_until = $3
          WHERE user_id = $1 AND provider = $2 AND (refresh_lease_until IS NULL OR refresh_lease_until < $4)`,
    [accountId, id, until, now],
  );
  return taken.rowCount === 1;
}

export async function releaseRefreshLease(db: Queryable, accountId: number, id: CrmId): Promise<void> {
  await db.query(
    'UPDATE settings_crm_connections SET refresh_lease_until = NULL WHERE user_id = $1 AND provider = $2',
    [accountId, id],
  );
}
