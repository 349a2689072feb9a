import type { SearchType } from './catalog';

/** What a search asks the provider for: the type, its validated filters and the location. */
export interface LeadQuery {
  type: SearchType;
  location: string;
  filters: Readonly<Record<string, unknown>>;
}

/** Outcome of the email look-up for one record (spec §4: found, potential found, not found). */
export type EmailOutcome = 'found' | 'potential' | 'not_found';

/** One lead as a provider returns it; fields a type does not have are null. */
export interface LeadRecord {
  /** Stable key of the record within the provider (same query → same keys). */
  key: string;
  name: string;
  company: string | null;
  job_title: string | null;
  department: string | null;
  seniority: string | null;
  management_level: string | null;
  website: string | null;
  city: string | null;
  country: string | null;
  category: string | null;
  employee_count: number | null;
  linkedin_url: string | null;
  /** The contact the look-up returns; null when nothing was found. */
  email: string | null;
  email_outcome: EmailOutcome;
  phone: string | null;
  /** Influencer figures (platform, followers, engagement rate, …), else null. */
  social: Readonly<Record<string, string | number>> | null;
}

/**
 * A source of leads. `search` yields records in a stable order, starting at `offset`, so a job can
 * stop and resume. Adapters for real vendors implement this interface and are chosen in
 * `providerFor()` (see README.md in this folder).
 */
export interface LeadProvider {
  readonly id: string;
  /** True when the records are generated: the UI labels such lists "Demo data". */
  readonly demo: boolean;
  search(query: LeadQuery, options: { offset: number }): AsyncIterable<LeadRecord>;
  /** Phone look-up for one stored lead (people "get phones", spec §9 peoplePhoneEnrich); null when none is found. */
  findPhone(lead: { key: string | null; name: string; company: string | null; website: string | null }): Promise<string | null>;
}
