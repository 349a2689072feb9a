import type { Queryable } from '../../db';
import { openToken, sealToken } from './tokenBox';
import { CRM_LEAD_FIELDS, type CrmConnectionAuth, type CrmId, type CrmTokens, type FieldMapping } from './types';

/**
 * The account's CRM connections (table settings_crm_connections of the Settings area). Tokens are
 * sealed with APP_SECRET (tokenBox.ts); they leave this module only towards the CRM.
 */
interface ConnectionRow {
  provider: CrmId;
  access_token_enc: string | null;
  refresh_token_enc: string | null;
  token_expires_at: Date | string | null;
  account_ref: string | null;
  webhook_url: string | null;
}

export async function loadCrmConnection(db: Queryable, accountId: number, id: CrmId, secret: string): Promise<CrmConnectionAuth | null> {
  const row = (
    await db.query<ConnectionRow>(
      'SELECT provider, access_token_enc, refresh_token_enc, token_expires_at, account_ref, webhook_url FROM settings_crm_connections WHERE user_id = $1 AND provider = $2',
      [accountId, id],
    )
  ).rows[0];
  if (!row) return null;
  const accessToken = openToken(secret, row.access_token_enc);
  return {
    id,
    webhookUrl: row.webhook_url,
    tokens: accessToken
      ? {
          accessToken,
          refreshToken: openToken(secret, row.refresh_token_enc),
          expiresAt: row.token_expires_at ? new Date(row.token_expires_at) : null,
          accountRef: row.account_ref,
        }
      : null,
  };
}

/** Stores new tokens (after the code exchange or a refresh). */
export async function saveCrmTokens(db: Queryable, accountId: number, id: CrmId, tokens: CrmTokens, secret: string): Promise<void> {
  await db.query(
    `UPDATE settings_crm_connections SET access_token_enc = $3, refresh_token_enc = $4, token_expires_at = $5, account_ref = $6, updated_at = now()
      WHERE user_id = $1 AND provider = $2`,
    [accountId, id, sealToken(secret, tokens.accessToken), tokens.refreshToken ? sealToken(secret, tokens.refreshToken) : null, tokens.expiresAt, tokens.accountRef],
  );
}

/** The CRMs the account has connected, in the spec's order. */
export async function connectedCrms(db: Queryable, accountId: number): Promise<CrmId[]> {
  const { rows } = await db.query<{ provider: CrmId }>('SELECT provider FROM settings_crm_connections WHERE user_id = $1', [accountId]);
  const set = new Set(rows.map((r) => r.provider));
  return (['ghl', 'keap', 'zapier', 'groove', 'sales_connector'] as const).filter((p) => set.has(p));
}

/** The user's field mapping for one CRM (Settings → Integration → CRM fields). */
export async function loadFieldMappings(db: Queryable, accountId: number, id: CrmId): Promise<FieldMapping[]> {
  const { rows } = await db.query<FieldMapping>('SELECT lead_field, crm_field FROM settings_crm_field_maps WHERE user_id = $1 AND provider = $2 ORDER BY lead_field', [
    accountId,
    id,
  ]);
  return rows.filter((r) => (CRM_LEAD_FIELDS as readonly string[]).includes(r.lead_field));
}
