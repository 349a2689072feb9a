import type { CrmHttpSettings } from './config';
import { requireCrmEndpoints } from './config';
import { crmRequest } from './http';
import { compact, mappedValues } from './mapping';
import { tokenCall } from './oauth';
import { outcomeOf, pushEach } from './rest';
import { CrmError, type CrmAdapter, type CrmContact, type CrmId, type FieldMapping } from './types';

/** A flat JSON contact: the lead fields under their own names, then the user's mapped names. */
export function flatContact(contact: CrmContact, mappings: readonly FieldMapping[]): Record<string, unknown> {
  const body: Record<string, unknown> = { ...contact };
  for (const { field, value } of mappedValues(contact, mappings)) body[field] = value;
  return compact(body);
}

/**
 * A CRM reached by standard OAuth 2.0 (authorization code, refresh token) and a REST contacts
 * resource: `POST <CRM_<ID>_API_URL>/contacts` with a flat JSON contact. Groove and Sales
 * Connector use it; their URLs come from the environment.
 */
export function genericOAuthAdapter(id: CrmId, settings: () => CrmHttpSettings): CrmAdapter {
  const endpoints = () => requireCrmEndpoints(id);
  return {
    id,
    kind: 'oauth',
    exchangeCode: (code, redirectUri, codeVerifier) =>
      tokenCall(
        endpoints(),
        {
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          ...(codeVerifier ? { code_verifier: codeVerifier } : {}),
        },
        settings(),
      ),
    refresh: (tokens) => {
      if (!tokens.refreshToken) return Promise.reject(new CrmError('auth_failed', 'no refresh token'));
      return tokenCall(endpoints(), { grant_type: 'refresh_token', refresh_token: tokens.refreshToken }, settings(), {
        previous: tokens,
      });
    },
    push: (auth, contacts, mappings, done) => {
      const { apiUrl } = endpoints();
      const token = auth.tokens?.accessToken ?? '';
      return pushEach(contacts, done, async (contact) =>
        outcomeOf(
          await crmRequest(
            {
              method: 'POST',
              url: `${apiUrl}/contacts`,
              headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
              body: JSON.stringify(flatContact(contact, mappings)),
            },
            settings(),
          ),
          (b) => b.id ?? (b.data as Record<string, unknown> | undefined)?.id,
        ),
      );
    },
  };
}
