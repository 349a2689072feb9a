import { DOMAINS as FREE_EMAIL_DOMAINS } from 'free-email-domains-list';
import type { DnsResolver } from './domain/crawler';
import { isDisposableDomain, mxChecker, validSyntax } from './domain/verify';
import { hunterVerify, type HunterConfig, type HunterVerification } from './hunterProvider';
import type { SourceDeps } from './sourceHttp';

/** Hunter-style detail of an email, beside the spec's states (issue 29 item 8). */
export const EMAIL_GRADES = ['valid', 'accept_all', 'invalid', 'disposable', 'webmail', 'unknown'] as const;
export type EmailGrade = (typeof EMAIL_GRADES)[number];

/**
 * Why an email has its grade (the screen says it in the user's language: `lists.grade_reason_<code>`).
 * smtp_*: the mail server's answer to the mailbox check; mx_only: the domain takes mail, the mailbox was not
 * checked (no verifier configured); bounced: a CRM or webhook receiver reported a bounce.
 */
export const EMAIL_GRADE_REASONS = [
  'smtp_accepted',
  'smtp_rejected',
  'no_smtp_server',
  'accept_all',
  'no_mx',
  'bad_syntax',
  'disposable_domain',
  'webmail_domain',
  'gibberish',
  'blocked',
  'inconclusive',
  'mx_only',
  'dns_failed',
  'check_pending',
  'bounced',
] as const;
export type EmailGradeReason = (typeof EMAIL_GRADE_REASONS)[number];

export interface GradedEmail {
  grade: EmailGrade;
  reason: EmailGradeReason;
  /** hunter: Hunter's Email Verifier; checks: syntax, mail exchangers, disposable and webmail lists. */
  source: 'hunter' | 'checks';
}

/** Grades one address. May call an outside service: never call it inside a transaction. */
export interface EmailGrader {
  readonly source: GradedEmail['source'];
  grade(email: string): Promise<GradedEmail>;
}

const WEBMAIL = FREE_EMAIL_DOMAINS;
const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** The free webmail providers' list (free-email-domains-list), the domain or a parent of it. */
export function isWebmailDomain(domain: string): boolean {
  const labels = domain.toLowerCase().split('.');
  for (let i = 0; i < labels.length - 1; i++) if (WEBMAIL.has(labels.slice(i).join('.'))) return true;
  return false;
}

/**
 * The keyless grade: what can be told without asking the mailbox. A bad address or a domain without mail
 * exchangers is invalid; a disposable provider (mailchecker's list) is disposable — before webmail, because
 * the free-mail list holds many disposable domains too; a free webmail provider is webmail (without a look-up); otherwise the
 * domain takes mail and the mailbox is unchecked: unknown (mx_only), never "valid".
 */
export function checksGrader(resolver: DnsResolver): EmailGrader {
  const mx = mxChecker(resolver);
  return {
    source: 'checks',
    async grade(email) {
      const address = email.trim().toLowerCase();
      if (!validSyntax(address)) return { grade: 'invalid', reason: 'bad_syntax', source: 'checks' };
      const domain = domainOf(address);
      if (isDisposableDomain(domain)) return { grade: 'disposable', reason: 'disposable_domain', source: 'checks' };
      // A free webmail provider's domain takes mail: no look-up (which an offline machine would answer "no such domain").
      if (isWebmailDomain(domain)) return { grade: 'webmail', reason: 'webmail_domain', source: 'checks' };
      const exchangers = await mx(domain);
      if (exchangers.mx === false) return { grade: 'invalid', reason: 'no_mx', source: 'checks' };
      return { grade: 'unknown', reason: exchangers.mx === null ? 'dns_failed' : 'mx_only', source: 'checks' };
    },
  };
}

/** Hunter's verdict as a grade and its reason, read from the answer's flags. */
export function gradeFromHunter(answer: HunterVerification | 'pending'): GradedEmail {
  const of = (grade: EmailGrade, reason: EmailGradeReason): GradedEmail => ({ grade, reason, source: 'hunter' });
  if (answer === 'pending') return of('unknown', 'check_pending');
  switch (answer.status) {
    case 'valid':
      return of('valid', 'smtp_accepted');
    case 'accept_all':
      return of('accept_all', 'accept_all');
    case 'webmail':
      return of('webmail', 'webmail_domain');
    case 'disposable':
      return of('disposable', 'disposable_domain');
    case 'invalid':
      if (answer.regexp === false) return of('invalid', 'bad_syntax');
      if (answer.mx_records === false) return of('invalid', 'no_mx');
      if (answer.smtp_server === false) return of('invalid', 'no_smtp_server');
      return of('invalid', 'smtp_rejected');
    default:
      if (answer.block) return of('unknown', 'blocked');
      if (answer.gibberish) return of('unknown', 'gibberish');
      return of('unknown', 'inconclusive');
  }
}

/** Hunter's Email Verifier (one call per address; the key in a header, like every Hunter call). */
export function hunterGrader(deps: SourceDeps, config: HunterConfig): EmailGrader {
  return { source: 'hunter', grade: async (email) => gradeFromHunter(await hunterVerify(deps, config, email.trim())) };
}

let installed: EmailGrader | null = null;

/** Set by installLeadSources: Hunter's verifier when a key is configured, else the keyless checks. */
export function installEmailGrader(grader: EmailGrader | null): () => void {
  const before = installed;
  installed = grader;
  return () => {
    installed = before;
  };
}

/** The grader this process uses; `fallback` when no lead sources were installed (most tests, a bare process). */
export function emailGrader(fallback: () => EmailGrader): EmailGrader {
  return installed ?? fallback();
}

/** Who grades in this process: Hunter when its key is configured, else the keyless checks. */
export function emailGraderSource(): GradedEmail['source'] {
  return installed?.source ?? 'checks';
}
