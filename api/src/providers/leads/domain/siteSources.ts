import type { EmailFinder, EmailLookup, FoundEmail } from '../emailFinder';
import type { LeadSourceExtras } from '../leadSources';
import { createDomainLeadProvider, type DomainEngine } from './domainProvider';
import type { EmailFinding } from './engine';

/** Mailboxes a business reads first, in the order a company-level look-up prefers them. */
const GENERAL_BOXES = [
  'info',
  'contact',
  'hello',
  'office',
  'sales',
  'mail',
  'enquiries',
  'inquiries',
  'kontakt',
  'contacto',
  'hola',
  'bonjour',
];

function generalRank(email: EmailFinding): number {
  const local = email.address.split('@')[0] ?? '';
  const index = GENERAL_BOXES.indexOf(local);
  return index === -1 ? GENERAL_BOXES.length : index;
}

function toFound(email: EmailFinding): FoundEmail {
  // Seen published on the company's own site counts as verified for the waterfall; a pattern guess does not.
  return {
    email: email.address,
    outcome: email.state,
    verified: email.state === 'found' && email.verification.mx !== false && email.verification.smtp !== 'rejected',
    source: 'site',
    source_url: email.sourceUrl,
  };
}

/**
 * The domain engine as an email source (`site` in the waterfall): for a person, the address the
 * site shows for them or the one its pattern gives; for a company, its general mailbox (info@,
 * contact@, …) or else the first address on its domain.
 */
export function siteEmailFinder(engine: DomainEngine): EmailFinder {
  return {
    id: 'site',
    async find(lookup: EmailLookup) {
      const name = lookup.full_name?.trim() || [lookup.first_name, lookup.last_name].filter(Boolean).join(' ').trim();
      if (name) {
        const findings = await engine.findEmailsForDomain(lookup.domain, { people: [{ name }] });
        const person = findings.people.find((p) => p.name.toLowerCase() === name.toLowerCase());
        const email = person?.email ? findings.emails.find((e) => e.address === person.email) : undefined;
        return email ? toFound(email) : null;
      }
      const findings = await engine.findEmailsForDomain(lookup.domain);
      const onDomain = findings.emails.filter(
        (e) => e.state === 'found' && e.address.endsWith(`@${findings.emailDomain}`) && !e.verification.disposable,
      );
      const pool = onDomain.length
        ? onDomain
        : findings.emails.filter((e) => e.state === 'found' && !e.verification.disposable);
      const best = [...pool].sort((a, b) => generalRank(a) - generalRank(b))[0];
      return best ? toFound(best) : null;
    },
  };
}

/** What the domain engine hands the lead sources: the domain search, the `site` email source and "get employees". */
export function siteSources(
  engine: DomainEngine,
): Required<Pick<LeadSourceExtras, 'siteEmailFinder' | 'siteEmployees' | 'siteDomainSearch'>> {
  const provider = createDomainLeadProvider(engine);
  return {
    siteEmailFinder: siteEmailFinder(engine),
    siteEmployees: (lead) => provider.findEmployees(lead),
    siteDomainSearch: provider,
  };
}
