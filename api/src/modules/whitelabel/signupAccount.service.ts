import { randomBytes } from 'node:crypto';
import { sendAccountCode } from '../../auth/accountCodes';
import type { Queryable } from '../../db';
import type { AppDeps } from '../../http/context';
import { sendTemplatedMail } from '../../mail/templatedMail';
import type { BillingInterval } from '../../providers/payments';
import { addMonths } from '../../credits/periodGrant';
import { recordPayment } from './billing.repository';
import { insertCustomer, logEvent } from './customers.repository';
import { addDays, customerRoomRefusal, startSubscription } from './customers.service';
import { type Package } from './packages.schemas';
import { salesSubscriptionDays } from './packages.service';
import { currentPriceRef } from './stripeCatalog.repository';
import { STRIPE_SUBSCRIPTION_PRICE, type SubscriptionPriceJob } from './stripeCatalog.service';
import { lockReseller } from './reseller.repository';
import {
  insertPaymentCustomer,
  lockSignupStatus,
  markSignupCompleted,
  markSignupRefunding,
  setYearlyInterval,
  sharePackage,
  type SignupForm,
} from './signupAccount.repository';
import { dispatchEvent } from './webhooks.service';

/**
 * A sales-page sign-up becoming an account (spec §8): the same path whether the sandbox charged the
 * card in the page, Stripe Checkout took a one-time payment, or a Stripe Billing subscription was made.
 */

export type { SignupForm } from './signupAccount.repository';

/** A sign-up sold as a Stripe Billing subscription (subscriptionSignup.service.ts). */
export interface StripeSignup {
  subscriptionRef: string;
  customerRef: string;
  interval: BillingInterval;
  periodStart: Date;
  periodEnd: Date;
  invoiceRef: string;
  /** The Price the subscription was made at. */
  priceRef: string;
}

export interface SignupPayment {
  ref: string;
  provider: string;
  amountCents: number;
  connectedAccount: string | null;
  applicationFeeCents: number;
}

/**
 * The customer's account and subscription, in one transaction under the reseller's row lock (which
 * serialises sign-ups and the reseller's own creations against its sub-account limit). Null when the
 * email is taken, 'closed' when the reseller has no room: the caller refunds a charge it made.
 */
export async function createSignupAccount(
  deps: AppDeps,
  s: {
    ownerId: number;
    pkg: Package;
    form: SignupForm;
    hash: string;
    payment: SignupPayment | null;
    now: Date;
    signupId?: number;
    /** Billed by Stripe Billing: the subscription made for this sign-up and its first period. */
    stripe?: StripeSignup;
    /** Paid in the sandbox for a year: the paid stretch is twelve months and renews yearly (credits still come monthly). */
    interval?: BillingInterval;
    /** Run first in the transaction (settles the external effect that made the payment). */
    settle?: (tx: Queryable) => Promise<void>;
  },
): Promise<number | null | 'closed' | 'done'> {
  const { db } = deps;
  const { ownerId, pkg, form, payment, now, signupId, stripe } = s;
  return db.transaction(async (tx) => {
    if (s.settle) await s.settle(tx);
    await lockReseller(tx, ownerId);
    // A pending sign-up (Stripe Checkout) moves on in this transaction: a retried event finds it done.
    if (signupId !== undefined) {
      if ((await lockSignupStatus(tx, signupId)) !== 'pending') return 'done' as const;
    }
    const refused = async (why: null | 'closed') => {
      if (signupId !== undefined) await markSignupRefunding(tx, signupId, payment?.ref ?? null, now);
      return why;
    };
    if (await customerRoomRefusal(tx, ownerId)) return refused('closed');
    // The same path as /auth/register: the buyer confirms the address with an emailed code before signing in.
    const customerId = await insertCustomer(
      tx,
      {
        ownerId,
        email: form.email,
        firstName: form.firstName,
        lastName: form.lastName,
        password: '',
        verified: false,
        referralCode: form.ref ?? null,
      },
      s.hash,
      now,
    );
    if (customerId === null) return refused(null);
    await sendAccountCode(tx, deps, { accountId: customerId, email: form.email, purpose: 'confirm_email', domain: '' });
    const username = `${
      form.email
        .split('@')[0]!
        .replace(/[^A-Za-z0-9_.-]/g, '')
        .slice(0, 40) || 'customer'
    }-${randomBytes(2).toString('hex')}`;
    const subId = await startSubscription(tx, {
      ownerId,
      customerId,
      pkg,
      customerName: `${form.firstName} ${form.lastName}`,
      username,
      additionalCredits: 0,
      welcomeEmail: false,
      managedBy: payment ? 'provider' : 'manual',
      source: 'sales_page',
      periodEnd: stripe
        ? stripe.periodEnd
        : s.interval === 'year'
          ? addMonths(now, 12)
          : addDays(now, salesSubscriptionDays(pkg.form_available_days)),
      at: now,
      customAnswers: form.answers,
      stripe: stripe
        ? {
            subscriptionRef: stripe.subscriptionRef,
            interval: stripe.interval,
            periodStart: stripe.periodStart,
            invoiceRef: stripe.invoiceRef,
          }
        : undefined,
    });
    if (!stripe && s.interval === 'year') await setYearlyInterval(tx, subId);
    // One Stripe customer per account: the one the sign-up's card was saved for.
    if (stripe) {
      await insertPaymentCustomer(tx, customerId, stripe.customerRef, now);
      // Made at a Price the package has left meanwhile (its price change moved the subscribers it saw
      // before this row existed): moved too. The package row's share lock orders this check and a price
      // change: one committed before is seen here, one committed after sees this subscription.
      await sharePackage(tx, pkg.id);
      if ((await currentPriceRef(tx, subId)) !== stripe.priceRef)
        await deps.queue.send(STRIPE_SUBSCRIPTION_PRICE, { subscriptionId: subId } satisfies SubscriptionPriceJob, {
          tx,
        });
    }
    if (payment) {
      await recordPayment(tx, {
        ownerId,
        subscriptionId: subId,
        amountCents: payment.amountCents,
        kind: 'charge',
        ref: payment.ref,
        at: now,
        provider: payment.provider,
        connectedAccount: payment.connectedAccount,
        applicationFeeCents: payment.applicationFeeCents,
      });
      await logEvent(tx, ownerId, subId, 'payment', now, { amount_cents: payment.amountCents });
    }
    await dispatchEvent(
      db,
      tx,
      ownerId,
      'subscription.created',
      { id: subId, email: form.email, package_id: pkg.id, plan_name: pkg.name, source: 'sales_page' },
      now,
    );
    // Queued with the account: the reseller's SMTP (or the platform's under its brand) sends it.
    await sendTemplatedMail(tx, deps, { kind: 'welcome', userId: customerId, lang: form.lang });
    if (signupId !== undefined) await markSignupCompleted(tx, signupId, payment?.ref ?? null, subId, now);
    return subId;
  });
}
