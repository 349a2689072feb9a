import { LeadSourceError } from './sourceHttp';
import type { EmailSource } from './types';

/** Who to find an email for: a company domain, and the person when there is one. */
export interface EmailLookup {
  domain: string;
  first_name?: string | null;
  last_name?: string | null;
  full_name?: string | null;
  company?: string | null;
}

/** An email a source found: `verified` when the source checked it deliverable (or saw it published). */
export interface FoundEmail {
  email: string;
  outcome: 'found' | 'potential';
  verified: boolean;
  /** The source id shown on the result page (`site`, `hunter`, `apollo`). */
  source: string;
  /** The page the address was seen on, when the source says. */
  source_url: string | null;
}

/** One email source. The domain engine (site crawl), Hunter and Apollo each provide one. */
export interface EmailFinder {
  readonly id: string;
  find(lookup: EmailLookup): Promise<FoundEmail | null>;
}

/**
 * Tries the finders in the super admin's order and stops at the first verified hit; when none is
 * verified the first unverified ("potential") answer is kept. A source that fails (refused key,
 * quota, down) is skipped; when every source failed and none answered, the first failure is thrown
 * so the job can show it. The caller charges once, for the returned email only.
 */
export function emailWaterfall(finders: readonly EmailFinder[]): EmailFinder {
  return {
    id: finders.map((f) => f.id).join('>') || 'none',
    async find(lookup) {
      let fallback: FoundEmail | null = null;
      let firstError: LeadSourceError | null = null;
      let answered = false;
      for (const finder of finders) {
        let found: FoundEmail | null;
        try {
          found = await finder.find(lookup);
        } catch (error) {
          if (!(error instanceof LeadSourceError)) throw error;
          firstError ??= error;
          continue;
        }
        answered = true;
        if (found?.verified) return found;
        fallback ??= found;
      }
      if (!answered && firstError) throw firstError;
      return fallback;
    },
  };
}

/** The registrable-looking host of a website address (`https://www.acme.com/x` → `acme.com`); null when unusable. */
export function domainOf(website: string | null | undefined): string | null {
  if (!website) return null;
  try {
    const url = new URL(/^https?:\/\//i.test(website) ? website : `http://${website}`);
    const host = url.hostname.toLowerCase().replace(/^www\./, '');
    return host.includes('.') ? host : null;
  } catch {
    return null;
  }
}

/** Splits "Ada Lovelace" into first and last name for the finders that want them. */
export function splitName(fullName: string): { first_name: string | null; last_name: string | null } {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  if (parts.length < 2) return { first_name: parts[0] ?? null, last_name: null };
  return { first_name: parts[0]!, last_name: parts.slice(1).join(' ') };
}

/** The result page's "found by" for an email a vendor or listing gave (no page checks of our own). */
export function vendorEmailSource(provider: string, url: string | null, via = 'vendor'): EmailSource {
  return { provider, url, via, mx: null, disposable: false, role: false };
}

let installedFinder: EmailFinder | null = null;

/** Set by installLeadSources: the configured email waterfall, or null when no source finds emails. */
export function installEmailFinder(finder: EmailFinder | null): () => void {
  const before = installedFinder;
  installedFinder = finder;
  return () => {
    installedFinder = before;
  };
}

/** The email waterfall of this process (imports' "find emails"); null when none is configured. */
export function currentEmailFinder(): EmailFinder | null {
  return installedFinder;
}
