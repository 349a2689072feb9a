import type { CrmHttpSettings } from './config';
import { requireCrmEndpoints } from './config';
import { crmRequest } from './http';
import { compact, mappedValues } from './mapping';
import { tokenCall } from './oauth';
import { outcomeOf, pushEach } from './rest';
import { CrmError, type CrmAdapter, type CrmContact, type FieldMapping } from './types';

/** GoHighLevel's own contact fields; a mapped field not listed here is a custom field. */
const STANDARD = new Set([
  'firstName',
  'lastName',
  'name',
  'email',
  'phone',
  'companyName',
  'website',
  'city',
  'country',
  'state',
  'postalCode',
  'address1',
  'timezone',
  'source',
]);

/** The body of `POST /contacts/upsert` (API v2, Version 2021-07-28) for one contact. */
export function ghlContact(
  contact: CrmContact,
  mappings: readonly FieldMapping[],
  locationId: string | null,
): Record<string, unknown> {
  const body: Record<string, unknown> = {
    locationId,
    firstName: contact.first_name,
    lastName: contact.last_name,
    name: [contact.first_name, contact.last_name].filter(Boolean).join(' ') || contact.company,
    email: contact.email,
    phone: contact.phone,
    companyName: contact.company,
    website: contact.website,
    city: contact.city,
    country: contact.country,
    source: 'Leadsmith',
    tags: [contact.source].filter(Boolean),
  };
  const customFields: Record<string, string>[] = [];
  for (const { field, value } of mappedValues(contact, mappings)) {
    if (STANDARD.has(field)) body[field] = value;
    // "contact.my_field" is a custom field key; anything else is a custom field id.
    else
      customFields.push(
        field.startsWith('contact.') ? { key: field, field_value: value } : { id: field, field_value: value },
      );
  }
  body.customFields = customFields;
  return compact(body);
}

/** GoHighLevel (LeadConnector API v2): OAuth with location tokens, contacts upserted one by one. */
export function ghlAdapter(settings: () => CrmHttpSettings): CrmAdapter {
  const endpoints = () => requireCrmEndpoints('ghl');
  return {
    id: 'ghl',
    kind: 'oauth',
    exchangeCode: (code, redirectUri) =>
      tokenCall(
        endpoints(),
        { grant_type: 'authorization_code', code, redirect_uri: redirectUri, user_type: 'Location' },
        settings(),
      ),
    refresh: (tokens) => {
      if (!tokens.refreshToken) return Promise.reject(new CrmError('auth_failed', 'no refresh token'));
      return tokenCall(
        endpoints(),
        { grant_type: 'refresh_token', refresh_token: tokens.refreshToken, user_type: 'Location' },
        settings(),
        { previous: tokens },
      );
    },
    push: (auth, contacts, mappings, done) => {
      const { apiUrl } = endpoints();
      const token = auth.tokens?.accessToken ?? '';
      return pushEach(contacts, done, async (contact) =>
        outcomeOf(
          await crmRequest(
            {
              method: 'POST',
              url: `${apiUrl}/contacts/upsert`,
              headers: { authorization: `Bearer ${token}`, version: '2021-07-28', 'content-type': 'application/json' },
              body: JSON.stringify(ghlContact(contact, mappings, auth.tokens?.accountRef ?? null)),
            },
            settings(),
          ),
          (b) => (b.contact as Record<string, unknown> | undefined)?.id ?? b.id,
        ),
      );
    },
  };
}
