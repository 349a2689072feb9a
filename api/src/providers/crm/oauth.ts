import type { CrmEndpoints, CrmHttpSettings } from './config';
import { crmRequest, errorText } from './http';
import { CrmError, type CrmTokens } from './types';

interface TokenAnswer {
  access_token?: unknown;
  refresh_token?: unknown;
  expires_in?: unknown;
  locationId?: unknown;
  companyId?: unknown;
}

/**
 * The OAuth 2.0 token call (RFC 6749 §4.1.3 and §6): form-encoded, client credentials in the body
 * (and as HTTP Basic when the CRM asks for it, as Keap does on refresh). A refused grant is
 * CrmError('auth_failed') with the CRM's reason; an answer without an access token is 'bad_answer'.
 */
export async function tokenCall(
  endpoints: CrmEndpoints,
  grant: Record<string, string>,
  settings: CrmHttpSettings,
  { basicAuth = false, previous = null }: { basicAuth?: boolean; previous?: CrmTokens | null } = {},
): Promise<CrmTokens> {
  const form = new URLSearchParams({ client_id: endpoints.clientId, client_secret: endpoints.clientSecret, ...grant });
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (basicAuth)
    headers.authorization = `Basic ${Buffer.from(`${endpoints.clientId}:${endpoints.clientSecret}`).toString('base64')}`;
  const answer = await crmRequest(
    { method: 'POST', url: endpoints.tokenUrl, headers, body: form.toString() },
    settings,
  );
  if (answer.status === 400 || answer.status === 401 || answer.status === 403)
    throw new CrmError('auth_failed', errorText(answer.text) || `answered ${answer.status}`, answer.status);
  if (answer.status < 200 || answer.status >= 300)
    throw new CrmError('rejected', errorText(answer.text) || `answered ${answer.status}`, answer.status);
  let parsed: TokenAnswer;
  try {
    parsed = JSON.parse(answer.text) as TokenAnswer;
  } catch {
    throw new CrmError('bad_answer', 'the token answer is not JSON');
  }
  if (typeof parsed.access_token !== 'string' || !parsed.access_token)
    throw new CrmError('bad_answer', 'the token answer has no access_token');
  const expiresIn = Number(parsed.expires_in);
  const ref =
    typeof parsed.locationId === 'string'
      ? parsed.locationId
      : typeof parsed.companyId === 'string'
        ? parsed.companyId
        : null;
  return {
    accessToken: parsed.access_token,
    // A CRM may keep the refresh token unchanged and leave it out of a refresh answer.
    refreshToken:
      typeof parsed.refresh_token === 'string' && parsed.refresh_token
        ? parsed.refresh_token
        : (previous?.refreshToken ?? null),
    expiresAt:
      Number.isFinite(expiresIn) && expiresIn >= 0 && parsed.expires_in !== undefined
        ? new Date(Date.now() + expiresIn * 1000)
        : null,
    accountRef: ref ?? previous?.accountRef ?? null,
  };
}
