import type { CrmContact, CrmLeadField, FieldMapping } from './types';

/** A list result as the CRM pushes read it. */
export interface ResultForCrm {
  name: string;
  company: string | null;
  job_title: string | null;
  email: string | null;
  phone: string | null;
  website: string | null;
  city: string | null;
  data: Record<string, unknown> | null;
}

/** List types whose results are businesses (the name is the company's), not people. */
const BUSINESS_TYPES = new Set(['local', 'company', 'domain', 'intent']);

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

function splitName(full: string | null): [string | null, string | null] {
  if (!full) return [null, null];
  const parts = full.split(/\s+/);
  if (parts.length === 1) return [parts[0]!, null];
  return [parts.slice(0, -1).join(' '), parts[parts.length - 1]!];
}

/** The contact a result becomes: a person's name is split; a business keeps its name as the company. */
export function contactFromResult(row: ResultForCrm, listType: string, source: string): CrmContact {
  const data = row.data ?? {};
  const business = BUSINESS_TYPES.has(listType);
  const [first, last] = splitName(business ? text(data.contact) : text(row.name));
  return {
    first_name: text(data.first_name) ?? first,
    last_name: text(data.last_name) ?? last,
    email: text(row.email),
    phone: text(row.phone),
    company: text(row.company) ?? (business ? text(row.name) : null),
    job_title: text(row.job_title),
    website: text(row.website),
    city: text(row.city),
    country: text(data.country),
    linkedin_url: text(data.linkedin_url),
    source,
  };
}

/** The user's mapping applied: each mapped lead field that has a value, under the CRM's field name. */
export function mappedValues(
  contact: CrmContact,
  mappings: readonly FieldMapping[],
): { field: string; value: string }[] {
  const out: { field: string; value: string }[] = [];
  for (const m of mappings) {
    const value = contact[m.lead_field as CrmLeadField];
    if (value) out.push({ field: m.crm_field, value });
  }
  return out;
}

/** Drops null and undefined members (CRMs treat an explicit null as "clear this field"). */
export function compact<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, v]) => v !== null && v !== undefined && !(Array.isArray(v) && v.length === 0)),
  ) as Partial<T>;
}
