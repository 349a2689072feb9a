/** CRM identifiers of spec §1 and their display names. */
import { CRM_IDS, type CrmId } from '@leadsmith/shared/constants';

export { CRM_IDS, type CrmId };
export const CRM_DISPLAY_NAMES: Readonly<Record<CrmId, string>> = {
  ghl: 'GoHighLevel',
  keap: 'Keap',
  zapier: 'Zapier',
  groove: 'Groove',
  sales_connector: 'Sales Connector',
};

/** OAuth CRMs are authorised on the CRM's own page; webhook CRMs (Zapier) take a URL the user pastes. */
export type CrmKind = 'oauth' | 'webhook';

/** The lead fields a user maps to CRM fields (Settings → Integration → CRM fields). */
export const CRM_LEAD_FIELDS = [
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
export type CrmLeadField = (typeof CRM_LEAD_FIELDS)[number];

/** One lead as it leaves for a CRM: every mappable field, null when the lead has none. */
export type CrmContact = Record<CrmLeadField, string | null> & {
  /** Where the lead came from (the list's name), for the CRM's source / tag. */
  source: string;
};

export interface FieldMapping {
  lead_field: CrmLeadField;
  crm_field: string;
}

/** What an OAuth CRM answered at its token endpoint. Stored encrypted; never sent to a browser. */
export interface CrmTokens {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date | null;
  /** The CRM's account the token works on (GoHighLevel: the location id), when it says. */
  accountRef: string | null;
}

/** A stored connection as the pushes need it. */
export interface CrmConnectionAuth {
  id: CrmId;
  tokens: CrmTokens | null;
  webhookUrl: string | null;
}

/**
 * Why a CRM call failed; each code has a translated message (API catalogue `settings.crm.<code>`,
 * and the lead-search screens' `crmError.<code>`).
 */
export type CrmErrorCode =
  | 'timeout'
  | 'rate_limited'
  | 'unavailable'
  | 'auth_failed'
  | 'rejected'
  | 'address_refused'
  | 'bad_answer'
  | 'not_configured'
  | 'not_connected'
  | 'suppressed';

export class CrmError extends Error {
  constructor(
    readonly code: CrmErrorCode,
    /** The CRM's own words (or a short technical reason), shown beside the translated message. */
    readonly detail: string | null = null,
    readonly status: number | null = null,
  ) {
    super(`crm ${code}${detail ? `: ${detail}` : ''}`);
    this.name = 'CrmError';
  }
}

/** The outcome of one contact: sent (with the CRM's id when it gave one) or not, with why. */
export type PushOutcome =
  { ok: true; externalId: string | null } | { ok: false; code: CrmErrorCode; detail: string | null };

/** Per-CRM adapter. `push` sends contacts already mapped to the CRM's own field names. */
export interface CrmAdapter {
  readonly id: CrmId;
  readonly kind: CrmKind;
  /** OAuth: the code the CRM returned to /crm/callback, exchanged for tokens. */
  /** `codeVerifier`: the PKCE verifier (RFC 7636) when the authorisation request carried a challenge. */
  exchangeCode(code: string, redirectUri: string, codeVerifier?: string): Promise<CrmTokens>;
  /** OAuth: new tokens from the refresh token (the CRM may rotate it). */
  refresh(tokens: CrmTokens): Promise<CrmTokens>;
  /**
   * Sends the contacts in order. Returns one outcome per contact. A 401 throws CrmError('auth_failed')
   * carrying how many contacts were already handled in `done` (so the caller can refresh and resume).
   */
  push(
    auth: CrmConnectionAuth,
    contacts: readonly CrmContact[],
    mappings: readonly FieldMapping[],
    done: PushOutcome[],
  ): Promise<PushOutcome[]>;
}
