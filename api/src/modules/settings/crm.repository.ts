import type { CrmId as CrmProvider } from '@leadsmith/shared/constants';
import type { Queryable } from '../../db';

/** The account's own CRM connections. */
export async function ownConnections(
  db: Queryable,
  accountId: number,
): Promise<{ provider: CrmProvider; connected_at: string; webhook_url: string | null }[]> {
  const { rows } = await db.query<{ provider: CrmProvider; connected_at: string; webhook_url: string | null }>(
    'SELECT provider, connected_at, webhook_url FROM settings_crm_connections WHERE user_id = $1',
    [accountId],
  );
  return rows;
}

export async function crmSharingRowOf(
  db: Queryable,
  accountId: number,
): Promise<{ share_crm_connections: boolean; role: string } | undefined> {
  const { rows } = await db.query<{ share_crm_connections: boolean; role: string }>(
    'SELECT share_crm_connections, role FROM users WHERE id = $1',
    [accountId],
  );
  return rows[0];
}

/** The parent's connections to CRMs the account has no connection of its own to. */
export async function parentOnlyConnections(
  db: Queryable,
  parentId: number,
  accountId: number,
): Promise<{ provider: CrmProvider; connected_at: string }[]> {
  const { rows } = await db.query<{ provider: CrmProvider; connected_at: string }>(
    `SELECT p.provider, p.connected_at FROM settings_crm_connections p
        WHERE p.user_id = $1 AND NOT EXISTS (SELECT 1 FROM settings_crm_connections c WHERE c.user_id = $2 AND c.provider = p.provider)`,
    [parentId, accountId],
  );
  return rows;
}

export async function setShareConnections(db: Queryable, accountId: number, share: boolean, now: Date): Promise<void> {
  await db.query('UPDATE users SET share_crm_connections = $2, updated_at = $3 WHERE id = $1', [accountId, share, now]);
}

export async function deleteExpiredStates(db: Queryable, accountId: number, now: Date): Promise<void> {
  await db.query('DELETE FROM settings_crm_states WHERE user_id = $1 AND expires_at < $2', [accountId, now]);
}

export async function insertState(
  db: Queryable,
  state: { hash: string; accountId: number; provider: CrmProvider; expiresAt: Date; sealedVerifier: string | null },
): Promise<void> {
  await db.query(
    'INSERT INTO settings_crm_states (state_hash, user_id, provider, expires_at, code_verifier) VALUES ($1, $2, $3, $4, $5)',
    [state.hash, state.accountId, state.provider, state.expiresAt, state.sealedVerifier],
  );
}

/** Takes (deletes) the account's unexpired state of that hash: once only. */
export async function takeState(
  db: Queryable,
  stateHash: string,
  accountId: number,
  now: Date,
): Promise<{ provider: CrmProvider; code_verifier: string | null } | undefined> {
  const { rows } = await db.query<{ provider: CrmProvider; code_verifier: string | null }>(
    'DELETE FROM settings_crm_states WHERE state_hash = $1 AND user_id = $2 AND expires_at >= $3 RETURNING provider, code_verifier',
    [stateHash, accountId, now],
  );
  return rows[0];
}

/** An OAuth connection (a webhook URL it had is cleared); its tokens are stored beside it. */
export async function saveOAuthConnection(
  tx: Queryable,
  accountId: number,
  provider: CrmProvider,
  codeHash: string,
  now: Date,
): Promise<void> {
  await tx.query(
    `INSERT INTO settings_crm_connections (user_id, provider, auth_code_hash, connected_at) VALUES ($1, $2, $3, $4)
           ON CONFLICT (user_id, provider) DO UPDATE SET auth_code_hash = EXCLUDED.auth_code_hash, connected_at = EXCLUDED.connected_at, webhook_url = NULL`,
    [accountId, provider, codeHash, now],
  );
}

export async function saveZapierConnection(db: Queryable, accountId: number, url: string, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO settings_crm_connections (user_id, provider, webhook_url, connected_at) VALUES ($1, 'zapier', $2, $3)
         ON CONFLICT (user_id, provider) DO UPDATE SET webhook_url = EXCLUDED.webhook_url, connected_at = EXCLUDED.connected_at, updated_at = now()`,
    [accountId, url, now],
  );
}

export async function deleteConnection(tx: Queryable, accountId: number, provider: CrmProvider): Promise<void> {
  await tx.query('DELETE FROM settings_crm_connections WHERE user_id = $1 AND provider = $2', [accountId, provider]);
}

export async function deleteFieldMaps(tx: Queryable, accountId: number, provider: CrmProvider): Promise<void> {
  await tx.query('DELETE FROM settings_crm_field_maps WHERE user_id = $1 AND provider = $2', [accountId, provider]);
}

export async function fieldMapsOf(
  db: Queryable,
  accountId: number,
  provider: CrmProvider,
): Promise<{ lead_field: string; crm_field: string }[]> {
  const { rows } = await db.query<{ lead_field: string; crm_field: string }>(
    'SELECT lead_field, crm_field FROM settings_crm_field_maps WHERE user_id = $1 AND provider = $2 ORDER BY lead_field',
    [accountId, provider],
  );
  return rows;
}

export async function insertFieldMap(
  tx: Queryable,
  accountId: number,
  provider: CrmProvider,
  leadField: string,
  crmField: string,
): Promise<void> {
  await tx.query(
    'INSERT INTO settings_crm_field_maps (user_id, provider, lead_field, crm_field) VALUES ($1, $2, $3, $4)',
    [accountId, provider, leadField, crmField],
  );
}
