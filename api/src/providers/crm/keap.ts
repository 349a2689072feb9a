import type { CrmHttpSettings } from './config';
import { requireCrmEndpoints } from './config';
import { crmRequest } from './http';
import { compact, mappedValues } from './mapping';
import { tokenCall } from './oauth';
import { outcomeOf, pushEach } from './rest';
import { CrmError, type CrmAdapter, type CrmContact, type FieldMapping } from './types';

/** The body of `PUT /v1/contacts` (create or update, matched by email) for one contact. */
export function keapContact(contact: CrmContact, mappings: readonly FieldMapping[]): Record<string, unknown> {
  const body: Record<string, unknown> = {
    duplicate_option: 'Email',
    given_name: contact.first_name ?? (contact.last_name ? null : contact.company),
    family_name: contact.last_name,
    job_title: contact.job_title,
    website: contact.website,
    email_addresses: contact.email ? [{ email: contact.email, field: 'EMAIL1' }] : [],
    phone_numbers: contact.phone ? [{ number: contact.phone, field: 'PHONE1' }] : [],
    addresses: contact.city ? [{ field: 'BILLING', locality: contact.city }] : [],
    source_type: 'OTHER',
  };
  const customFields: { id: number; content: string }[] = [];
  for (const { field, value } of mappedValues(contact, mappings)) {
    if (/^\d+$/.test(field)) customFields.push({ id: Number(field), content: value });
    else if (field === 'email') body.email_addresses = [{ email: value, field: 'EMAIL1' }];
    else if (field === 'phone') body.phone_numbers = [{ number: value, field: 'PHONE1' }];
    // Anything else is a plain contact field (given_name, job_title, time_zone…) under Keap's own name.
    else body[field] = value;
  }
  body.custom_fields = customFields;
  return compact(body);
}

/** Keap (Infusionsoft REST v1): OAuth ("full" scope), contacts created or updated by email one by one. */
export function keapAdapter(settings: () => CrmHttpSettings): CrmAdapter {
  const endpoints = () => requireCrmEndpoints('keap');
  return {
    id: 'keap',
    kind: 'oauth',
    exchangeCode: (code, redirectUri) =>
      tokenCall(endpoints(), { grant_type: 'authorization_code', code, redirect_uri: redirectUri }, settings()),
    // Keap wants the client credentials as HTTP Basic on a refresh.
    refresh: (tokens) => {
      if (!tokens.refreshToken) return Promise.reject(new CrmError('auth_failed', 'no refresh token'));
      return tokenCall(endpoints(), { grant_type: 'refresh_token', refresh_token: tokens.refreshToken }, settings(), {
        basicAuth: true,
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
              method: 'PUT',
              url: `${apiUrl}/contacts`,
              headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
              body: JSON.stringify(keapContact(contact, mappings)),
            },
            settings(),
          ),
          (b) => b.id,
        ),
      );
    },
  };
}
