import { CrmError, CRM_DISPLAY_NAMES, type CrmId, type CrmKind } from './types';

/**
 * Where each CRM lives, from the environment (CRM_<ID>_TOKEN_URL, CRM_<ID>_API_URL,
 * CRM_<ID>_CLIENT_ID, CRM_<ID>_CLIENT_SECRET; <ID> = GHL, KEAP, GROOVE, SALES_CONNECTOR).
 * GoHighLevel and Keap default to their public endpoints; Groove and Sales Connector use the
 * generic OAuth2 + REST adapter and need both URLs. Zapier is a webhook: no OAuth at all.
 */
const DEFAULT_ENDPOINTS: Partial<Record<CrmId, { tokenUrl: string; apiUrl: string }>> = {
  ghl: { tokenUrl: 'https://services.leadconnectorhq.com/oauth/token', apiUrl: 'https://services.leadconnectorhq.com' },
  keap: { tokenUrl: 'https://api.infusionsoft.com/token', apiUrl: 'https://api.infusionsoft.com/crm/rest/v1' },
};

export interface CrmEndpoints {
  tokenUrl: string;
  apiUrl: string;
  clientId: string;
  clientSecret: string;
}

export function crmKind(id: CrmId): CrmKind {
  return id === 'zapier' ? 'webhook' : 'oauth';
}

const envKey = (id: CrmId) => id.toUpperCase();

/** The OAuth client id: CRM_<ID>_CLIENT_ID, or a development id outside production. */
export function crmClientId(id: CrmId, env: NodeJS.ProcessEnv = process.env): string {
  return env[`CRM_${envKey(id)}_CLIENT_ID`]?.trim() || (env.NODE_ENV === 'production' ? '' : 'leadsmith-dev');
}

/** Token and API endpoints of an OAuth CRM, or null when this installation has none for it. */
export function crmEndpoints(id: CrmId, env: NodeJS.ProcessEnv = process.env): CrmEndpoints | null {
  if (crmKind(id) !== 'oauth') return null;
  const key = envKey(id);
  const tokenUrl = env[`CRM_${key}_TOKEN_URL`]?.trim() || DEFAULT_ENDPOINTS[id]?.tokenUrl;
  const apiUrl = env[`CRM_${key}_API_URL`]?.trim() || DEFAULT_ENDPOINTS[id]?.apiUrl;
  const clientId = crmClientId(id, env);
  if (!tokenUrl || !apiUrl || !clientId) return null;
  return {
    tokenUrl,
    apiUrl: apiUrl.replace(/\/+$/, ''),
    clientId,
    clientSecret: env[`CRM_${key}_CLIENT_SECRET`]?.trim() ?? '',
  };
}

/** crmEndpoints() for an adapter about to call the CRM: none configured is a `not_configured` CrmError. */
export function requireCrmEndpoints(id: CrmId): CrmEndpoints {
  const found = crmEndpoints(id);
  if (!found) throw new CrmError('not_configured', `${CRM_DISPLAY_NAMES[id]} endpoints`);
  return found;
}

export interface CrmHttpSettings {
  /** Whole-request deadline per attempt; a timeout is not retried (the user would wait several). */
  timeoutMs: number;
  /** Extra attempts after a 429, a 5xx or a refused connection. */
  maxRetries: number;
  /** First backoff, doubled per retry; a Retry-After header wins; both capped by maxBackoffMs. */
  backoffMs: number;
  maxBackoffMs: number;
}

function intVar(env: NodeJS.ProcessEnv, key: string, fallback: number, min: number, max: number): number {
  const raw = env[key]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`Invalid environment variable ${key}: an integer from ${min} to ${max} is expected`);
  return n;
}

/** HTTP settings of every CRM call (CRM_TIMEOUT_MS, CRM_MAX_RETRIES, CRM_RETRY_BACKOFF_MS, CRM_MAX_BACKOFF_MS; private addresses per OUTBOUND_ALLOW_HOSTS). */
export function crmHttpSettings(env: NodeJS.ProcessEnv = process.env): CrmHttpSettings {
  return {
    timeoutMs: intVar(env, 'CRM_TIMEOUT_MS', 10_000, 100, 120_000),
    maxRetries: intVar(env, 'CRM_MAX_RETRIES', 2, 0, 10),
    backoffMs: intVar(env, 'CRM_RETRY_BACKOFF_MS', 500, 0, 60_000),
    maxBackoffMs: intVar(env, 'CRM_MAX_BACKOFF_MS', 10_000, 0, 120_000),
  };
}
