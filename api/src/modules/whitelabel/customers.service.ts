import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../db';
import { hashPassword } from '../../auth/passwords';
import { transferCredits } from '../../credits/ledger';
import type { MailDeps } from '../../mail/templatedMail';
import { addMonths, CUSTOMER_MODULE_SLUGS, grantPaidPeriod, resumeAccess } from '../../credits/periodGrant';
import { unprocessable, type ApiError } from '../../http/errors';
import {
  customerRoomOf,
  deactivateCustomer,
  insertSubscription,
  logEvent,
  markStripeBilled,
} from './customers.repository';
import type { Package } from './packages.schemas';

export const SUBSCRIPTION_PERIOD_DAYS = 30;
const DAY_MS = 86_400_000;

export const addDays = (at: Date, days: number): Date => new Date(at.getTime() + days * DAY_MS);

/**
 * Credits come a month at a time even when the first paid stretch is longer (a sales-page sign-up
 * may run for up to a year): the first credit period ends after a month or at the subscription's
 * end, whichever is first; the renewal job grants the months after it.
 */
export const firstCreditPeriodEnd = (at: Date, periodEnd: Date): Date =>
  new Date(Math.min(addMonths(at, 1).getTime(), periodEnd.getTime()));

/**
 * Modules a customer of a reseller gets while its subscription is active: lead search, and the wallet
 * where it buys credits at its reseller's credit sale price (spec §5).
 */
export const CUSTOMER_MODULES = CUSTOMER_MODULE_SLUGS;

/**
 * Spec §4: a child account stays inactive until a plan from the parent's packages is chosen. Active =
 * the package's modules and `subscription_status = 'active'` until the period end; inactive = neither.
 */
export async function setCustomerActive(
  q: Queryable,
  customerId: number,
  active: boolean,
  subscriptionId: number,
  periodEnd: Date | null,
): Promise<void> {
  if (active) {
    await resumeAccess(q, customerId, subscriptionId, periodEnd);
  } else {
    await deactivateCustomer(q, customerId, CUSTOMER_MODULES);
  }
}

/**
 * Spec §6: a parent creates child accounts only when allowed to create related accounts, and no more
 * than its sub-account limit (null: no limit; deleted accounts do not count). The caller holds the
 * owner's row lock (`users … FOR UPDATE`), so concurrent creations cannot pass the limit together.
 */
export async function customerRoomRefusal(q: Queryable, ownerId: number): Promise<ApiError | null> {
  const owner = await customerRoomOf(q, ownerId);
  if (!owner?.allowed) return unprocessable('whitelabel.related_accounts_not_allowed', 'can_create_related_accounts');
  if (owner.cap !== null && owner.used >= owner.cap)
    return unprocessable('whitelabel.sub_account_limit', 'sub_account_limit', { limit: owner.cap });
  return null;
}

export async function assertMayAddCustomer(q: Queryable, ownerId: number): Promise<void> {
  const refusal = await customerRoomRefusal(q, ownerId);
  if (refusal) throw refusal;
}

/** Hash outside any transaction (scrypt is slow; PGlite has one connection). */
export const passwordHashFor = (password: string | null): Promise<string> =>
  hashPassword(password ?? randomBytes(24).toString('base64url'));

/**
 * A subscription on one of the owner's packages; activates the customer and gives the package's monthly
 * credits. Additional credits are paid from the owner's wallet (a 422 naming `additional_credits` when short).
 */
export async function startSubscription(
  q: Queryable,
  s: {
    ownerId: number;
    customerId: number;
    pkg: Package;
    customerName: string;
    username: string;
    additionalCredits: number;
    welcomeEmail: boolean;
    managedBy: 'manual' | 'provider';
    source: 'reseller' | 'sales_page';
    periodEnd: Date;
    at: Date;
    customAnswers?: Record<string, string>;
    /**
     * Billed by Stripe: its subscription id and interval, and the first period as its first invoice
     * counts it (that invoice's id is the grant's source, so its `invoice.paid` event grants nothing more).
     */
    stripe?: { subscriptionRef: string; interval: 'month' | 'year'; periodStart: Date; invoiceRef: string };
    /** Mails the reseller when the additional credits it pays take its balance to the low-credits threshold. */
    mail?: MailDeps;
  },
): Promise<number> {
  const id = await insertSubscription(q, { ...s, packageId: s.pkg.id });
  if (s.stripe) await markStripeBilled(q, id, s.stripe.subscriptionRef, s.stripe.interval);
  await setCustomerActive(q, s.customerId, true, id, s.periodEnd);
  // The first paid period: one month of the package's credits (and its search limit), recorded so that
  // neither the renewal job nor a provider's report of the same period grants it again. Stripe's first
  // period is the one its invoice paid (a yearly one grants twelve months, as its renewals will).
  if (s.stripe)
    await grantPaidPeriod(q, {
      subscriptionId: id,
      periodStart: s.stripe.periodStart,
      periodEnd: s.periodEnd,
      sourceEventId: `stripe:${s.stripe.invoiceRef}`,
      at: s.at,
    });
  else
    await grantPaidPeriod(q, {
      subscriptionId: id,
      periodStart: s.at,
      periodEnd: firstCreditPeriodEnd(s.at, s.periodEnd),
      sourceEventId: `start:${id}`,
      at: s.at,
    });
  // Spec §5: the reseller pays for the credits it grants, from its own wallet; short → nothing is created.
  if (
    !(await transferCredits(q, s.ownerId, s.customerId, s.additionalCredits, 'Additional credits from the reseller', {
      now: s.at,
      mail: s.mail,
    }))
  ) {
    throw unprocessable('whitelabel.credits_insufficient', 'additional_credits', { amount: s.additionalCredits });
  }
  await logEvent(q, s.ownerId, id, 'created', s.at, {
    package: s.pkg.name,
    source: s.source,
    additional_credits: s.additionalCredits,
  });
  return id;
}
