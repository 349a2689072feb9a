import type { SearchType } from './catalog';

/** What a search asks the provider for: the type, its validated filters and the location. */
export interface LeadQuery {
  type: SearchType;
  location: string;
  filters: Readonly<Record<string, unknown>>;
  /** The searching user's own source keys (spec: the "Google API key" field), used before the platform's. */
  credentials?: { googleApiKey?: string | null };
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
  /** Who found the email and where (shown on the result page); absent for sources that do not say. */
  email_source?: EmailSource | null;
  phone: string | null;
  /** Influencer figures (platform, followers, engagement rate, …), else null. */
  social: Readonly<Record<string, string | number>> | null;
}

/** Where an email came from: the source (provider id), the page it was seen on, and how it was checked. */
export interface EmailSource {
  provider: string;
  url: string | null;
  /** mailto, text, obfuscated, cloudflare, schema, pattern (built from the company's email pattern), or a vendor's word. */
  via: string;
  mx: boolean | null;
  disposable: boolean;
  role: boolean;
  /** SMTP RCPT verdict (accepted, rejected, catch_all, unknown) when the check ran. */
  smtp?: string | null;
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
  /** `limit`: how many records the caller will take at most (sources that work ahead stop there). */
  search(query: LeadQuery, options: { offset: number; limit?: number }): AsyncIterable<LeadRecord>;
  /** Phone look-up for one stored lead (people "get phones", spec §9 peoplePhoneEnrich); null when none is found. */
  findPhone(lead: StoredLead): Promise<string | null>;
  /**
   * A phone look-up the vendor answers later, by a POST to the reveal's webhook (Apollo's mobile
   * numbers): `token` is the reveal's, part of the webhook URL. Present only when the source can
   * reveal that way (a public URL is configured); "get phones" then uses it instead of `findPhone`.
   */
  revealPhone?(lead: StoredLead, token: string): Promise<PhoneRevealStart>;
  /** A reveal's result asked by its request id (a webhook that never arrived): the payload, 'pending', or null when the source has none. */
  pollPhoneReveal?(requestId: string): Promise<
    | {
        people?:
          | {
              id?: string | null;
              phone_numbers?:
                | {
                    raw_number?: string | null;
                    sanitized_number?: string | null;
                    type_cd?: string | null;
                    position?: number | null;
                  }[]
                | null;
            }[]
          | null;
      }
    | 'pending'
    | null
  >;
  /** Employees of a stored company lead ("get employees", spec §9 local/domain employee enrich); [] when none. */
  findEmployees(lead: StoredLead): Promise<EmployeeRecord[]>;
  /** Influencer enrichment (spec §9 influencerEnrichPerRecord): contact and extra figures, or null when nothing is found. */
  enrichInfluencer(
    lead: StoredLead & { social: Readonly<Record<string, unknown>> | null },
  ): Promise<InfluencerEnrichment | null>;
  /**
   * The same for many creators in as few calls as the vendor takes (YouTube Data API: 50 channels a
   * `channels.list` call); answers in the order of `leads`. Absent: influencer enrich asks one at a time.
   */
  enrichInfluencers?(
    leads: readonly (StoredLead & { social: Readonly<Record<string, unknown>> | null })[],
  ): Promise<(InfluencerEnrichment | null)[]>;
  /**
   * Whether `enrichInfluencer` can ask about this creator (YouTube Data API: YouTube channels only). Influencer
   * enrich gives each row to the first source that covers it and counts the rows none covers. Absent: every row.
   */
  coversInfluencer?(lead: StoredLead & { social: Readonly<Record<string, unknown>> | null }): boolean;
  /** Intent: who was behind one recorded page view of the user's site; null when the visitor cannot be identified. */
  identifyVisitor(visit: SiteVisit): Promise<LeadRecord | null>;
}

/** What a phone reveal request started: whether the vendor will post numbers to the webhook (it matched the person), and its ids. */
export interface PhoneRevealStart {
  pending: boolean;
  /** The vendor's person id: the webhook's payload must be about this person. */
  personId: string | null;
  /** The vendor's request id (Apollo's can be polled with it). */
  requestId: string | null;
}

/** A lead as stored in a list, what the enrichment look-ups receive. */
export interface StoredLead {
  key: string | null;
  name: string;
  company: string | null;
  website: string | null;
}

export interface EmployeeRecord {
  name: string;
  job_title: string;
  department: string | null;
  seniority: string | null;
  email: string | null;
  phone: string | null;
  linkedin_url: string | null;
}

export interface InfluencerEnrichment {
  email: string | null;
  phone: string | null;
  /** Extra figures merged into the result's social data. */
  social: Readonly<Record<string, string | number>>;
}

/** One page view recorded by the tracking snippet (intent lists). */
export interface SiteVisit {
  id: number;
  url: string;
  referrer: string | null;
  ip: string;
  user_agent: string | null;
  at: Date;
}
