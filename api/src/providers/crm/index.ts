import { crmHttpSettings, crmKind } from './config';
import { genericOAuthAdapter } from './generic';
import { ghlAdapter } from './ghl';
import { keapAdapter } from './keap';
import {
  CrmError,
  type CrmErrorCode,
  type CrmAdapter,
  type CrmConnectionAuth,
  type CrmContact,
  type CrmId,
  type CrmTokens,
  type FieldMapping,
  type PushOutcome,
} from './types';
import { zapierAdapter } from './zapier';

export * from './types';
export { checkCrmUrl } from './http';
export { crmEndpoints, crmHttpSettings, crmKind, crmClientId } from './config';
export { contactFromResult, type ResultForCrm } from './mapping';
export {
  connectedCrms,
  crmConnectionOwner,
  hasOwnCrmConnection,
  parentStoppedSharing,
  sharingParentOf,
  offeredCrms,
  loadCrmConnection,
  loadFieldMappings,
  saveCrmTokens,
  serializedRefresh,
} from './connections';

/** Settings are read per call, so a changed environment (tests) applies at once. */
const settings = () => crmHttpSettings();

const ADAPTERS: Record<CrmId, CrmAdapter> = {
  ghl: ghlAdapter(settings),
  keap: keapAdapter(settings),
  zapier: zapierAdapter(settings),
  groove: genericOAuthAdapter('groove', settings),
  sales_connector: genericOAuthAdapter('sales_connector', settings),
};

let override: Partial<Record<CrmId, CrmAdapter>> = {};

export function crmAdapter(id: CrmId): CrmAdapter {
  return override[id] ?? ADAPTERS[id];
}

/** Tests swap one CRM's adapter; returns the undo. */
export function setCrmAdapter(id: CrmId, adapter: CrmAdapter): () => void {
  override = { ...override, [id]: adapter };
  return () => {
    const { [id]: _removed, ...rest } = override;
    void _removed;
    override = rest;
  };
}

/** The code the CRM returned to /crm/callback, exchanged for tokens. */
export function exchangeCrmCode(
  id: CrmId,
  code: string,
  redirectUri: string,
  codeVerifier?: string,
): Promise<CrmTokens> {
  return crmAdapter(id).exchangeCode(code, redirectUri, codeVerifier);
}

/** Refresh a little before the CRM's own expiry, so a push never starts with a token about to lapse. */
const REFRESH_MARGIN_MS = 60_000;

export interface PushOptions {
  /** Called with new tokens after a refresh, to store them before anything else happens. */
  onTokens: (tokens: CrmTokens) => Promise<void>;
  /**
   * Refreshes the connection's tokens one at a time across processes and stores them
   * (connections.ts serializedRefresh); without it the adapter refreshes and onTokens stores.
   */
  refreshTokens?: (used: CrmTokens) => Promise<CrmTokens>;
}

/**
 * Pushes contacts (already built from results; the user's field mapping is applied by the adapter)
 * to a connected CRM. OAuth tokens are refreshed when they expire within a minute, and once on a
 * 401 (then the rest of the contacts are sent with the new token). Returns one outcome per contact;
 * never throws for a CRM failure.
 */
export async function pushContacts(
  auth: CrmConnectionAuth,
  contacts: readonly CrmContact[],
  mappings: readonly FieldMapping[],
  { onTokens, refreshTokens }: PushOptions,
): Promise<PushOutcome[]> {
  const adapter = crmAdapter(auth.id);
  const failAll = (done: PushOutcome[], code: CrmErrorCode, detail: string | null) => {
    while (done.length < contacts.length) done.push({ ok: false, code, detail });
    return done;
  };
  const done: PushOutcome[] = [];
  if (!contacts.length) return done;
  let current = auth;
  let refreshed = false;
  const refresh = async (): Promise<boolean> => {
    if (refreshed || !current.tokens?.refreshToken) return false;
    refreshed = true;
    let tokens: CrmTokens;
    if (refreshTokens) tokens = await refreshTokens(current.tokens);
    else {
      tokens = await adapter.refresh(current.tokens);
      await onTokens(tokens);
    }
    current = { ...current, tokens };
    return true;
  };
  try {
    if (crmKind(auth.id) === 'oauth') {
      if (!current.tokens) return failAll(done, 'auth_failed', 'reconnect the CRM');
      const expiresAt = current.tokens.expiresAt?.getTime();
      if (expiresAt !== undefined && expiresAt - Date.now() < REFRESH_MARGIN_MS) await refresh();
    }
    for (;;) {
      try {
        return await adapter.push(current, contacts, mappings, done);
      } catch (error) {
        if (error instanceof CrmError && error.code === 'auth_failed' && (await refresh())) continue;
        throw error;
      }
    }
  } catch (error) {
    if (!(error instanceof CrmError)) throw error;
    return failAll(done, error.code, error.detail);
  }
}
