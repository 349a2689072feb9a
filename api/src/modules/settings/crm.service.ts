import { createHash, randomBytes } from 'node:crypto';
import { CRM_IDS } from '@leadsmith/shared/constants';
import { hashToken } from '../../auth/tokens';
import type { Clock } from '../../clock';
import type { Db, Queryable } from '../../db';
import { ApiError, unprocessable, validationError } from '../../http/errors';
import {
  checkCrmUrl,
  crmEndpoints,
  crmKind,
  CrmError,
  exchangeCrmCode,
  hasOwnCrmConnection,
  offeredCrms,
  saveCrmTokens,
  sharingParentOf,
} from '../../providers/crm';
import { openToken, sealToken } from '../../providers/crm/tokenBox';
import {
  crmSharingRowOf,
  deleteConnection,
  deleteExpiredStates,
  deleteFieldMaps,
  fieldMapsOf,
  insertFieldMap,
  insertState,
  ownConnections,
  parentOnlyConnections,
  saveOAuthConnection,
  saveZapierConnection,
  setShareConnections,
  takeState,
} from './crm.repository';

/** CRM identifiers (spec §1) and their display names. */
export const CRM_PROVIDERS = CRM_IDS;
export type CrmProvider = (typeof CRM_PROVIDERS)[number];
export const CRM_NAMES: Record<CrmProvider, string> = {
  ghl: 'GoHighLevel',
  keap: 'Keap',
  zapier: 'Zapier',
  groove: 'Groove',
  sales_connector: 'Sales Connector',
};

/** Lead fields a user can map to CRM fields. */
export const LEAD_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'company',
  'job_title',
  'website',
  'city',
  'country',
  'linkedin_url',
] as const;

const STATE_TTL_MS = 15 * 60_000;

/** Spec §7: scopes of the first CRM (contacts, locations, custom fields, tags) and the second (full). */
/**
 * PKCE (RFC 7636, S256) where the CRM supports it: the generic OAuth CRMs. GoHighLevel's and Keap's
 * references document no code_challenge, so they get the plain authorization-code flow.
 */
const PKCE: ReadonlySet<CrmProvider> = new Set(['groove', 'sales_connector']);

const DEFAULT_AUTH: Partial<Record<CrmProvider, { url: string; scope: string }>> = {
  ghl: {
    url: 'https://marketplace.gohighlevel.com/oauth/chooselocation',
    scope:
      'contacts.readonly contacts.write locations.readonly locations/customFields.readonly locations/customFields.write locations/tags.readonly locations/tags.write',
  },
  keap: { url: 'https://accounts.infusionsoft.com/app/oauth/authorize', scope: 'full' },
};

interface AuthConfig {
  url: string;
  clientId: string;
  scope: string;
  pkce: boolean;
}

/**
 * Authorisation settings per CRM from the environment: CRM_<ID>_AUTH_URL, CRM_<ID>_CLIENT_ID and
 * CRM_<ID>_SCOPE (e.g. CRM_GHL_CLIENT_ID). GoHighLevel and Keap default to their public OAuth pages;
 * the others need an AUTH_URL. Without a client id a CRM cannot be connected.
 */
export function crmAuthConfig(provider: CrmProvider, env: NodeJS.ProcessEnv = process.env): AuthConfig | null {
  // A webhook-style CRM (Zapier) has no authorisation page: the user pastes a URL instead.
  if (crmKind(provider) === 'webhook') return null;
  const key = provider.toUpperCase();
  const url = env[`CRM_${key}_AUTH_URL`]?.trim() || DEFAULT_AUTH[provider]?.url;
  const clientId = env[`CRM_${key}_CLIENT_ID`]?.trim() || (env.NODE_ENV === 'production' ? '' : 'leadsmith-dev');
  if (!url || !clientId) return null;
  return {
    url,
    clientId,
    scope: env[`CRM_${key}_SCOPE`]?.trim() || DEFAULT_AUTH[provider]?.scope || '',
    pkce: PKCE.has(provider),
  };
}

type Deps = { db: Db; clock: Clock };

async function requireOffered(db: Queryable, accountId: number, provider: CrmProvider): Promise<void> {
  if (!(await offeredCrms(db, accountId)).includes(provider))
    throw unprocessable('settings.crm_not_offered', 'provider', { name: CRM_NAMES[provider] });
}

/** The account's own sharing setting and whether it may share (a related account may not). */
async function sharingOf(db: Queryable, accountId: number): Promise<{ share: boolean; canShare: boolean }> {
  const row = await crmSharingRowOf(db, accountId);
  return { share: row?.share_crm_connections ?? false, canShare: row?.role !== 'related' };
}

/** The CRMs a sharing parent lends the account and it has no connection of its own to (read-only to it). */
async function sharedOnly(
  db: Queryable,
  accountId: number,
): Promise<{ parent: { id: number; name: string } | null; providers: Map<CrmProvider, string> }> {
  const parent = await sharingParentOf(db, accountId);
  if (!parent) return { parent, providers: new Map() };
  const rows = await parentOnlyConnections(db, parent.id, accountId);
  return { parent, providers: new Map(rows.map((r) => [r.provider, r.connected_at])) };
}

/** A related account cannot change the connection its parent shares with it (403, the same for every change). */
async function refuseShared(db: Queryable, accountId: number, provider: CrmProvider): Promise<void> {
  if ((await sharedOnly(db, accountId)).providers.has(provider)) {
    throw new ApiError(403, 'settings.crm_shared_read_only', {
      field: 'provider',
      params: { name: CRM_NAMES[provider] },
    });
  }
}

/**
 * Connected by the account itself and offered (a connection to a CRM the reseller no longer offers cannot be
 * used). The field map of a connection the parent shares is the parent's: 403 like every change to it.
 */
async function requireConnected(db: Queryable, accountId: number, provider: CrmProvider): Promise<void> {
  await refuseShared(db, accountId, provider);
  if (!(await hasOwnCrmConnection(db, accountId, provider)) || !(await offeredCrms(db, accountId)).includes(provider))
    throw unprocessable('settings.crm_not_connected', 'provider', { name: CRM_NAMES[provider] });
}

/** Each CRM the account is offered, whether it is connected (or uses its parent's), and the sharing settings. */
export async function crmConnections(db: Queryable, accountId: number) {
  const rows = await ownConnections(db, accountId);
  // A reseller's customer sees only the CRMs its reseller offers (business settings `crms`).
  const offered = await offeredCrms(db, accountId);
  const own = new Map(rows.map((r) => [r.provider, r.connected_at]));
  // A related account's parent may share its connections (ADR 053): listed as shared where the account has none of its own.
  const shared = await sharedOnly(db, accountId);
  const connected = new Map([...shared.providers, ...own]);
  const { share, canShare } = await sharingOf(db, accountId);
  // A webhook CRM shows where it sends (the host only: the path of a hook URL is its secret).
  const targets = new Map(rows.map((r) => [r.provider, r.webhook_url ? new URL(r.webhook_url).host : null]));
  return {
    data: offered.map((provider) => ({
      provider,
      name: CRM_NAMES[provider],
      connected: connected.has(provider),
      connected_at: connected.get(provider) ?? null,
      kind: crmKind(provider),
      target: targets.get(provider) ?? null,
      // OAuth CRMs need their authorisation page and token/API endpoints; a webhook CRM only a URL.
      available:
        crmKind(provider) === 'webhook' || (crmAuthConfig(provider) !== null && crmEndpoints(provider) !== null),
      shared: !own.has(provider) && shared.providers.has(provider),
    })),
    sharing: { share_with_related: share, can_share: canShare, shared_by: shared.parent?.name ?? null },
  };
}

/** The parent's choice: its related accounts may send through its CRM connections (ADR 053). */
export async function setCrmSharing({ db, clock }: Deps, accountId: number, share: boolean): Promise<void> {
  if (!(await sharingOf(db, accountId)).canShare)
    throw unprocessable('settings.crm_sharing_related', 'share_with_related');
  await setShareConnections(db, accountId, share, clock.now());
}

/** Starts a connection: the CRM's authorisation URL with a one-time state (and a PKCE challenge where supported). */
export async function authorizationUrl(
  { db, clock, appSecret }: Deps & { appSecret: string },
  accountId: number,
  provider: CrmProvider,
  callbackUrl: string,
): Promise<string> {
  const config = crmAuthConfig(provider);
  await requireOffered(db, accountId, provider);
  if (!config) throw unprocessable('settings.crm_not_configured', 'provider', { name: CRM_NAMES[provider] });
  const state = randomBytes(24).toString('base64url');
  const now = clock.now();
  await deleteExpiredStates(db, accountId, now);
  // The PKCE verifier stays on the server (sealed), the challenge goes to the CRM.
  const verifier = config.pkce ? randomBytes(32).toString('base64url') : null;
  await insertState(db, {
    hash: hashToken(state),
    accountId,
    provider,
    expiresAt: new Date(now.getTime() + STATE_TTL_MS),
    sealedVerifier: verifier ? sealToken(appSecret, verifier) : null,
  });
  const url = new URL(config.url);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', config.clientId);
  url.searchParams.set('redirect_uri', callbackUrl);
  if (config.scope) url.searchParams.set('scope', config.scope);
  url.searchParams.set('state', state);
  if (verifier) {
    url.searchParams.set('code_challenge', createHash('sha256').update(verifier).digest('base64url'));
    url.searchParams.set('code_challenge_method', 'S256');
  }
  return url.toString();
}

/**
 * The return from /crm/callback: checks the state (once), exchanges the code for the CRM's tokens
 * (no transaction is held during the call) and stores the connection with the tokens sealed.
 */
export async function finishConnection(
  { db, clock, appSecret }: Deps & { appSecret: string },
  accountId: number,
  callback: { code: string; state: string },
  callbackUrl: string,
): Promise<CrmProvider> {
  const now = clock.now();
  const state = await takeState(db, hashToken(callback.state), accountId, now);
  const provider = state?.provider;
  if (!provider) throw unprocessable('settings.crm_state_invalid', 'state');
  await requireOffered(db, accountId, provider);
  let tokens;
  try {
    const verifier = state?.code_verifier ? openToken(appSecret, state.code_verifier) : null;
    tokens = await exchangeCrmCode(provider, callback.code, callbackUrl, verifier ?? undefined);
  } catch (error) {
    if (!(error instanceof CrmError)) throw error;
    throw new ApiError(422, `settings.crm.${error.code}`, {
      field: 'code',
      params: { name: CRM_NAMES[provider] },
      extra: { detail: error.detail ?? '' },
    });
  }
  await db.transaction(async (tx) => {
    await saveOAuthConnection(tx, accountId, provider, hashToken(callback.code), now);
    await saveCrmTokens(tx, accountId, provider, tokens, appSecret);
  });
  return provider;
}

/** Zapier (a webhook-style CRM): the URL of the user's "Catch Hook" trigger, checked like every outbound URL. */
export async function connectZapier({ db, clock }: Deps, accountId: number, rawUrl: string): Promise<void> {
  await requireOffered(db, accountId, 'zapier');
  const verdict = await checkCrmUrl(rawUrl.trim());
  if (!verdict.ok) {
    if (verdict.reason === 'invalid_url') throw validationError({ field: 'url', code: 'validation.url' });
    throw unprocessable(
      verdict.reason === 'private_address' ? 'settings.address_refused' : 'settings.crm.url_unresolvable',
      'url',
    );
  }
  await saveZapierConnection(db, accountId, verdict.url.toString(), clock.now());
}

/** Disconnects a CRM of the account's own; its field map goes too. */
export async function disconnectCrm(db: Db, accountId: number, provider: CrmProvider): Promise<void> {
  await refuseShared(db, accountId, provider);
  await db.transaction(async (tx) => {
    await deleteConnection(tx, accountId, provider);
    await deleteFieldMaps(tx, accountId, provider);
  });
}

export async function crmFieldMaps(
  db: Queryable,
  accountId: number,
  provider: CrmProvider,
): Promise<{ lead_field: string; crm_field: string }[]> {
  await requireConnected(db, accountId, provider);
  return fieldMapsOf(db, accountId, provider);
}

/** Replaces a connected CRM's field map: blank CRM fields are skipped, a lead field mapped once (its first). */
export async function saveCrmFieldMaps(
  db: Db,
  accountId: number,
  provider: CrmProvider,
  mappings: readonly { lead_field: string; crm_field: string }[],
): Promise<void> {
  await requireConnected(db, accountId, provider);
  await db.transaction(async (tx) => {
    await deleteFieldMaps(tx, accountId, provider);
    const seen = new Set<string>();
    for (const m of mappings) {
      const crmField = m.crm_field.trim();
      if (!crmField || seen.has(m.lead_field)) continue;
      seen.add(m.lead_field);
      await insertFieldMap(tx, accountId, provider, m.lead_field, crmField);
    }
  });
}
