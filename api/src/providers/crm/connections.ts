import type { Queryable } from '../../db';
import { fieldMapsOf } from '../../modules/settings/crm.repository';
import {
  connectedProviders,
  connectionExists,
  connectionRow,
  releaseRefreshLease,
  resellerCrms,
  sharingParent,
  takeRefreshLease,
  unsharedParentConnection,
  updateSealedTokens,
} from './connections.repository';
import { openToken, sealToken } from './tokenBox';
import {
  CRM_LEAD_FIELDS,
  CrmError,
  type CrmConnectionAuth,
  type CrmId,
  type CrmTokens,
  type FieldMapping,
} from './types';

/**
 * The account's CRM connections (table settings_crm_connections of the Settings area; the SQL is in
 * connections.repository.ts). Tokens are sealed with APP_SECRET (tokenBox.ts); they leave this module
 * only towards the CRM.
 */

export async function loadCrmConnection(
  db: Queryable,
  accountId: number,
  id: CrmId,
  secret: string,
): Promise<CrmConnectionAuth | null> {
  const row = await connectionRow(db, accountId, id);
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
export async function saveCrmTokens(
  db: Queryable,
  accountId: number,
  id: CrmId,
  tokens: CrmTokens,
  secret: string,
): Promise<void> {
  await updateSealedTokens(db, accountId, id, {
    accessTokenEnc: sealToken(secret, tokens.accessToken),
    refreshTokenEnc: tokens.refreshToken ? sealToken(secret, tokens.refreshToken) : null,
    expiresAt: tokens.expiresAt,
    accountRef: tokens.accountRef,
  });
}

const CRM_ORDER = ['ghl', 'keap', 'zapier', 'groove', 'sales_connector'] as const satisfies readonly CrmId[];

/**
 * The CRMs an account may use (business settings `crms`, spec §3): a reseller's customer (users.parent_id)
 * gets those its reseller's business account ticks; none ticked, or no reseller, means every CRM.
 */
export async function offeredCrms(db: Queryable, accountId: number): Promise<CrmId[]> {
  const crms = await resellerCrms(db, accountId);
  const ticked: unknown[] = Array.isArray(crms) ? crms : [];
  const offered = CRM_ORDER.filter((p) => ticked.includes(p));
  return offered.length ? offered : [...CRM_ORDER];
}

/**
 * The parent whose CRM connections the account may use (ADR 053): the parent (users.parent_id) of a related
 * account (role `related`, ADR 052) while that parent shares its connections; null otherwise. Never anyone
 * else's: only the account's own parent, one level up.
 */
export async function sharingParentOf(db: Queryable, accountId: number): Promise<{ id: number; name: string } | null> {
  return sharingParent(db, accountId);
}

/** Whether the account has a connection of its own to the CRM (whether or not its reseller still offers it). */
export async function hasOwnCrmConnection(db: Queryable, accountId: number, id: CrmId): Promise<boolean> {
  return connectionExists(db, accountId, id);
}

/**
 * Whose connection to a CRM the account sends through: its own when it has one, else its parent's when the
 * parent shares it (ADR 053), else null. Read at every batch of a send, so a parent that stops sharing
 * stops its related accounts' sends.
 */
export async function crmConnectionOwner(db: Queryable, accountId: number, id: CrmId): Promise<number | null> {
  if (await hasOwnCrmConnection(db, accountId, id)) return accountId;
  const parent = await sharingParentOf(db, accountId);
  if (!parent) return null;
  if (!(await hasOwnCrmConnection(db, parent.id, id))) return null;
  // A shared connection counts only for a CRM the account is offered (its reseller's `crms`).
  return (await offeredCrms(db, accountId)).includes(id) ? parent.id : null;
}

/**
 * Whether the account's parent has a connection to the CRM that it does not share (any more): a related
 * account's send is then refused with that reason rather than a bare "not connected".
 */
export async function parentStoppedSharing(db: Queryable, accountId: number, id: CrmId): Promise<boolean> {
  return unsharedParentConnection(db, accountId, id);
}

/** The CRMs the account may send to, its own connections and those its parent shares, in the spec's order. */
export async function connectedCrms(db: Queryable, accountId: number): Promise<CrmId[]> {
  const parent = await sharingParentOf(db, accountId);
  const set = new Set(await connectedProviders(db, accountId, parent?.id ?? null));
  const offered = await offeredCrms(db, accountId);
  return offered.filter((p) => set.has(p));
}

/** The user's field mapping for one CRM (Settings → Integration → CRM fields). */
export async function loadFieldMappings(db: Queryable, accountId: number, id: CrmId): Promise<FieldMapping[]> {
  const rows = await fieldMapsOf(db, accountId, id);
  return rows.filter((r): r is FieldMapping => (CRM_LEAD_FIELDS as readonly string[]).includes(r.lead_field));
}

/** How long one refresh may hold a connection before another process may try (a crashed refresher's lease ends). */
const REFRESH_LEASE_MS = 30_000;
/** How often a process waiting for another's refresh looks again. */
const REFRESH_POLL_MS = 100;

/**
 * One token refresh at a time per connection, across processes: GoHighLevel and Keap rotate the
 * refresh token, so a second refresh with the same (now spent) token would fail and leave the
 * connection auth_failed. The refresher holds a lease on the row (no transaction across the call);
 * a caller that finds the lease taken waits for it and uses the tokens the refresher stored. A
 * caller whose refresh token is no longer the stored one takes the stored tokens without calling.
 */
export function serializedRefresh(
  db: Queryable,
  accountId: number,
  id: CrmId,
  secret: string,
  refresh: (tokens: CrmTokens) => Promise<CrmTokens>,
): (used: CrmTokens) => Promise<CrmTokens> {
  const stored = async () => (await loadCrmConnection(db, accountId, id, secret))?.tokens ?? null;
  return async (used) => {
    const deadline = Date.now() + 2 * REFRESH_LEASE_MS;
    for (;;) {
      const now = new Date();
      if (await takeRefreshLease(db, accountId, id, new Date(now.getTime() + REFRESH_LEASE_MS), now)) {
        try {
          const current = await stored();
          if (current && current.refreshToken !== used.refreshToken) return current; // refreshed meanwhile
          const tokens = await refresh(current ?? used);
          await saveCrmTokens(db, accountId, id, tokens, secret);
          return tokens;
        } finally {
          await releaseRefreshLease(db, accountId, id);
        }
      }
      const current = await stored();
      if (current && current.refreshToken !== used.refreshToken) return current;
      if (Date.now() > deadline) throw new CrmError('unavailable', 'another refresh of this connection did not finish');
      await new Promise((resolve) => setTimeout(resolve, REFRESH_POLL_MS));
    }
  };
}
