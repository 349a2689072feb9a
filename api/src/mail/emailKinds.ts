/**
 * Every kind of email a user receives. Each is rendered from a template (the reseller's own, else the
 * built-in one in the recipient's language: emailDefaults.ts) and sent through one path
 * (sendTemplatedMail → outbound_emails → the email-delivery job).
 */
export const EMAIL_KINDS = [
  'welcome',
  'email_confirmation',
  'password_reset',
  'email_change',
  'team_invitation',
  'payment_receipt',
  'payment_failed',
  'subscription_renewal',
  'low_credits',
  'auto_top_up',
  'autopilot_alert',
  'saved_search_alert',
  'export_ready',
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

export function isEmailKind(value: unknown): value is EmailKind {
  return typeof value === 'string' && (EMAIL_KINDS as readonly string[]).includes(value);
}

/** Filled in for every email: who it is for, whose brand it carries, where its button leads. */
export const COMMON_VARIABLES = ['name', 'email', 'brand', 'app_url', 'action_url', 'support_email'] as const;

/**
 * What each kind adds to the common variables (the sender passes them in `vars`), and the page of the
 * brand's domain its button opens (`action_url`, unless the sender gives one).
 */
export const EMAIL_KIND_SPECS: Readonly<Record<EmailKind, { variables: readonly string[]; actionPath: string }>> = {
  welcome: { variables: [], actionPath: '/login' },
  email_confirmation: { variables: ['code', 'minutes'], actionPath: '/confirm-email' },
  password_reset: { variables: ['code', 'minutes'], actionPath: '/forgot-password' },
  email_change: { variables: ['code', 'minutes'], actionPath: '/settings/profile' },
  team_invitation: { variables: ['owner'], actionPath: '/forgot-password' },
  payment_receipt: { variables: ['amount', 'description', 'date'], actionPath: '/settings/wallet' },
  payment_failed: { variables: ['amount', 'reason'], actionPath: '/settings/wallet' },
  subscription_renewal: { variables: ['plan', 'amount', 'period_end', 'credits'], actionPath: '/settings/wallet' },
  low_credits: { variables: ['balance', 'threshold'], actionPath: '/settings/wallet' },
  auto_top_up: { variables: ['credits', 'amount', 'balance'], actionPath: '/settings/wallet' },
  autopilot_alert: { variables: ['autopilot', 'count', 'list'], actionPath: '/lead-search' },
  saved_search_alert: { variables: ['search', 'count', 'list'], actionPath: '/lead-search/saved-searches' },
  export_ready: { variables: ['file', 'count', 'expires'], actionPath: '/lead-search' },
};

export function variablesOf(kind: EmailKind): string[] {
  return [...COMMON_VARIABLES, ...EMAIL_KIND_SPECS[kind].variables];
}
