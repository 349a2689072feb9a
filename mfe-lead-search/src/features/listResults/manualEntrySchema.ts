import { i18n, v, yup } from '@leadsmith/shared';
import type { SearchType } from '../../api/types';

/** Fields of the manual entry per list type (spec §3). Domain and intent lists have none (§2 toolbars). */
export const MANUAL_FIELDS: Partial<Record<SearchType, readonly string[]>> = {
  local: [
    'website',
    'name',
    'first_name',
    'last_name',
    'email',
    'phone',
    'street',
    'city',
    'state',
    'postal_code',
    'country',
  ],
  company: [
    'website',
    'name',
    'first_name',
    'last_name',
    'email',
    'phone',
    'street',
    'city',
    'state',
    'postal_code',
    'country',
  ],
  people: ['linkedin_url', 'email', 'name', 'company', 'position'],
  group: ['linkedin_url', 'email', 'name', 'company', 'position'],
  influencer: ['urls'],
};

export type ManualValues = Record<string, string>;

const optionalEmail = () => yup.string().trim().email(v.message('email'));
const linkedinEmailOrName = () => () => i18n.t('common:validation.linkedinEmailOrName');

/** Spec §3/§5: local/company need a website; people need a LinkedIn URL, an email or a name; influencer needs URLs. */
export function manualSchema(type: SearchType): yup.ObjectSchema<ManualValues> {
  const fields = MANUAL_FIELDS[type] ?? [];
  const shape: Record<string, yup.AnySchema> = Object.fromEntries(
    fields.map((f) => [f, yup.string().trim().default('')]),
  );
  if (type === 'local' || type === 'company') {
    shape.website = v.required().url(v.message('url'));
    shape.email = optionalEmail();
  }
  if (type === 'people' || type === 'group') {
    // Spec §5: a person needs a LinkedIn URL, an email or a name. The one message sits on the first field.
    shape.email = optionalEmail();
    shape.linkedin_url = yup
      .string()
      .trim()
      .url(v.message('url'))
      .test('linkedin-email-or-name', linkedinEmailOrName(), function check(value) {
        const parent = this.parent as ManualValues;
        return Boolean(value) || Boolean(parent.email?.trim()) || Boolean(parent.name?.trim());
      });
  }
  if (type === 'influencer') {
    shape.urls = v.required().test('urls', v.message('url'), (value) =>
      (value ?? '')
        .split(/\s+/)
        .filter(Boolean)
        .every((u) => /^https?:\/\/\S+$/i.test(u)),
    );
  }
  return yup.object(shape) as unknown as yup.ObjectSchema<ManualValues>;
}

export function toManualPayload(type: SearchType, values: ManualValues): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const field of MANUAL_FIELDS[type] ?? []) {
    const value = values[field]?.trim();
    if (!value) continue;
    out[field] = field === 'urls' ? value.split(/\s+/).filter(Boolean) : value;
  }
  return out;
}
