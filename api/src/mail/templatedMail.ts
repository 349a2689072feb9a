import type { Queryable } from '../db';
import type { Language } from '../i18n/messages';
import { isLanguage } from '../i18n/messages';
import { defaultTemplate } from './emailDefaults';
import { EMAIL_KIND_SPECS, type EmailKind } from './emailKinds';
import { brandedLink, mailBrandFor, type MailBrand } from './mailBrand';
import type { Mailer } from './mailer';
import { escapeHtml, renderEmail, type EmailTemplateParts, type MailVars, type RenderedEmail } from './renderEmail';

/** One email to send: its kind, its recipient (a user, or an address) and the kind's variables. */
export interface TemplatedMail {
  kind: EmailKind;
  /** The recipient account: its address, name, language and reseller (brand) are read from it. */
  userId?: number | null;
  /** Another address than the account's (an email change goes to the new address). */
  to?: string;
  /** Overrides the account's language (e.g. a sign-up before the account has one). */
  lang?: Language;
  /** The domain the request came from: decides the brand when the account belongs to no reseller. */
  domain?: string | null;
  /**
   * The kind's variables (emailKinds.ts); `action_url` replaces the button's default page. A function is
   * given the recipient's language, for variables that are texts (a receipt's description).
   */
  vars?: MailVars | ((lang: Language) => MailVars);
  /** The page of the brand's domain the button opens, instead of the kind's default (e.g. the exported list). */
  actionPath?: string;
}

export interface MailDeps {
  mailer: Mailer;
  config: { port: number };
}

/** The reseller's own version of a kind, or null for the built-in one. */
export async function customTemplate(
  q: Queryable,
  ownerId: number,
  kind: EmailKind,
): Promise<EmailTemplateParts | null> {
  const { rows } = await q.query<{ subject: string; html: string | null; body: string }>(
    'SELECT subject, html, body FROM whitelabel_email_templates WHERE owner_id = $1 AND kind = $2',
    [ownerId, kind],
  );
  const row = rows[0];
  if (!row) return null;
  // Templates saved before HTML bodies existed: their text, one paragraph per blank line.
  const html =
    row.html ??
    row.body
      .split(/\n{2,}/)
      .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
      .join('\n');
  return { subject: row.subject, html, text: row.body };
}

/** The template a brand's email of this kind uses in this language, and its button's label. */
export async function templateFor(
  q: Queryable,
  brand: MailBrand,
  kind: EmailKind,
  lang: Language,
): Promise<{ template: EmailTemplateParts; action: string }> {
  const builtIn = defaultTemplate(kind, lang);
  const custom = brand.ownerId === null ? null : await customTemplate(q, brand.ownerId, kind);
  return { template: custom ?? builtIn, action: builtIn.action };
}

/** The variables every email has, from the brand and the recipient. */
export function commonVars(
  brand: MailBrand,
  kind: EmailKind,
  recipient: { name: string; email: string },
  lang: Language,
  actionPath = EMAIL_KIND_SPECS[kind].actionPath,
): Record<string, string> {
  const action = new URL(actionPath, brand.baseUrl);
  if (kind === 'email_confirmation' || kind === 'password_reset') action.searchParams.set('email', recipient.email);
  // A reseller without a verified domain of its own: the page on the platform's domain shows its brand.
  const actionUrl = brandedLink(brand, action.toString());
  return {
    name: recipient.name,
    email: recipient.email,
    brand: brand.name,
    app_url: brand.baseUrl,
    action_url: actionUrl,
    // The one link of the first (welcome-only) templates, kept for templates saved then.
    url: actionUrl,
    support_email: brand.supportEmail ?? '',
    lang,
  };
}

/**
 * The one way an email is sent: rendered from the brand's template for the kind in the recipient's
 * language, recorded in `outbound_emails` in the caller's transaction and delivered by the
 * `email-delivery` job (the reseller's SMTP when it has one, else the platform's with the brand's
 * name as sender and its support address as reply-to). Call it inside the transaction of the change
 * the email reports; it makes no network call. Returns the outbox id.
 */
export async function sendTemplatedMail(q: Queryable, deps: MailDeps, mail: TemplatedMail): Promise<number> {
  const user = mail.userId
    ? (
        await q.query<{ email: string; first_name: string; lang: string }>(
          'SELECT email, first_name, lang FROM users WHERE id = $1',
          [mail.userId],
        )
      ).rows[0]
    : undefined;
  if (mail.userId && !user) throw new Error(`sendTemplatedMail: user ${mail.userId} not found`);
  const to = mail.to ?? user?.email;
  if (!to) throw new Error('sendTemplatedMail: neither userId nor to given');
  const lang = mail.lang ?? (isLanguage(user?.lang) ? user.lang : 'en');
  const brand = await mailBrandFor(q, { userId: mail.userId, domain: mail.domain }, deps.config.port);
  const { template, action } = await templateFor(q, brand, mail.kind, lang);
  const own = typeof mail.vars === 'function' ? mail.vars(lang) : mail.vars;
  const vars = {
    ...commonVars(brand, mail.kind, { name: user?.first_name || to, email: to }, lang, mail.actionPath),
    ...own,
  };
  const rendered = await renderEmail(brand, template, vars, action);
  return deps.mailer.record(q, {
    to,
    ...rendered,
    kind: mail.kind,
    userId: mail.userId ?? null,
    ownerId: brand.ownerId,
    fromName: brand.name,
    replyTo: brand.supportEmail,
  });
}

/** Cents as the amount an email shows (charges and packages are in US dollars). */
export function formatCents(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/** Sample values of the kinds' own variables, for a preview (the recipient is Alex). */
export const SAMPLE_VARS: Readonly<Record<string, string>> = {
  code: '482913',
  minutes: '30',
  owner: 'Sam Carter',
  amount: '$49.00',
  description: 'Pro plan',
  date: '2026-01-15',
  reason: 'card declined',
  plan: 'Pro',
  period_end: '2026-02-15',
  credits: '500',
  balance: '42',
  threshold: '50',
  autopilot: 'Dentists in Porto',
  search: 'SaaS founders',
  count: '25',
  list: 'Prospects',
  file: 'prospects.csv',
  expires: '2026-01-22',
};

/** A reseller's template rendered with its brand and sample values, as the editor's live preview. */
export async function previewTemplate(
  q: Queryable,
  brand: MailBrand,
  kind: EmailKind,
  lang: Language,
  template: EmailTemplateParts,
): Promise<RenderedEmail> {
  const vars = { ...SAMPLE_VARS, ...commonVars(brand, kind, { name: 'Alex', email: 'alex@example.com' }, lang) };
  return renderEmail(brand, template, vars, defaultTemplate(kind, lang).action);
}
