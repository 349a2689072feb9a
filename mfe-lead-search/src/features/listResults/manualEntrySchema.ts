import { i18n, v, yup } from '@leadsmith/shared';
import type { SearchType } from '../../api/types';

/** Fields of the manual entry per list type (spec §3). Domain and intent lists have none (§2 toolbars). */
export const MANUAL_FIELDS: Partial<Record<SearchType, readonly string[]>> = {
  local: ['website', 'name', 'first_name', 'last_name', 'email', 'phone', 'street', 'city', 'state', 'postal_code', 'country'],
  company: ['website', 'name', 'first_name', 'last_name', 'email', 'phone', 'street', 'city', 'state', 'postal_code', 'country'],
  people: ['linkedin_url', 'email', 'name', 'company', 'position'],
  group: ['linkedin_url', 'email', 'name', 'company', 'position'],
  influencer: ['urls'],
};

export type ManualValues = Record<string, string>;

const optionalEmail = () => yup.string().trim().email(v.message('email'));
const requiredWhenNoEmail = () => () => i18n.t('common:validation.requiredWhenNoEmail');

/** Spec §3/§5: local/company need a website; people need a LinkedIn URL or an email; influencer needs URLs. */
export function manualSchema(type: SearchType): yup.ObjectSchema<ManualValues> {
  const fields = MANUAL_FIELDS[type] ?? [];
  const shape: Record<string, yup.AnySchema> = Object.fromEntries(fields.map((f) => [f, yup.string().trim().default('')]));
  if (type === 'local' || type === 'company') {
    shape.website = v.required().url(v.message('url'));
    shape.email = optionalEmail();
  }
  if (type === 'people' || type === 'group') {
    shape.email = optionalEmail().test('email-or-linkedin', requiredWhenNoEmail(), function check(value) {
      return Boolean(value) || Boolean((this.parent as ManualValues).linkedin_url?.trim());
    });
    shape.linkedin_url = yup
      .string()
      .trim()
      .url(v.message('url'))
      .test('linkedin-or-email', requiredWhenNoEmail(), function check(value) {
        return Boolean(value) || Boolean((this.parent as ManualValues).email?.trim());
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
