import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../../http/context';
import {
  PaymentUnknownError,
  platformFee,
  type ChargeOutcome,
  type CheckoutState,
  type Payments,
} from '../../providers/payments';
import { defineSignupSweepWorker } from '../../workers/signupSweep';
import { connectedAccountOf } from './billing.repository';
import { packageById } from './packages.repository';
import type { Package } from './packages.schemas';
import {
  insertPendingSignup,
  markSignupRefunded,
  setSignupCheckout,
  signupById,
  stuckSignups,
  type SignupForm,
} from './signupAccount.repository';
import { createSignupAccount, type SignupPayment } from './signupAccount.service';
import { completeSubscriptionSignup, expireSignup } from './subscriptionSignup.service';

/*
 * A sales page's sign-up paid for at once (issue 25, ADR 039): in the page with the sandbox's test card, or on Stripe
 * Checkout, whose events (and the sweep of sign-ups whose event never came) make the account. Each payment is sent
 * with an idempotency key and no transaction open; a sign-up's status says what is left to do, so every path is
 * safe to run twice.
 */

/**
 * Stripe Checkout for a one-time or first payment: the sign-up is kept pending, the Checkout Session made (keyed by
 * the sign-up), and its URL answered; the account is made by checkout.session.completed.
 */
export async function startCheckoutSignup(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  payments: Payments,
  s: {
    ownerId: number;
    pkg: Package;
    form: SignupForm;
    hash: string;
    amount: number;
    successUrl: string;
    cancelUrl: string;
    connected: string | null;
    fee: number;
  },
): Promise<string> {
  const { db, clock } = deps;
  const now = clock.now();
  const signupId = await insertPendingSignup(
    db,
    { ownerId: s.ownerId, packageId: s.pkg.id, email: s.form.email, form: s.form, hash: s.hash, amountCents: s.amount },
    now,
  );
  const session = await payments.provider.createCheckout!({
    amountCents: s.amount,
    productName: s.pkg.name,
    customerEmail: s.form.email,
    successUrl: s.successUrl,
    cancelUrl: s.cancelUrl,
    idempotencyKey: `leadsmith-signup-${signupId}`,
    metadata: { signup_id: String(signupId) },
    destinationAccount: s.connected,
    applicationFeeCents: s.fee,
  });
  await setSignupCheckout(db, signupId, session.id);
  return session.url;
}

/**
 * Test mode: the page's script turned the card into a token; the sandbox saves it on a new customer and charges it
 * (keys of one attempt). A refused card throws PaymentMethodError.
 */
export async function chargeCardOnPage(
  provider: Payments['provider'],
  c: { pkg: Package; email: string; token: string; amount: number; connected: string | null; fee: number },
): Promise<ChargeOutcome> {
  const key = randomUUID();
  const customer = await provider.createCustomer({ userId: 0, email: c.email }, `leadsmith-salespage-customer-${key}`);
  const setup = await provider.startSetup(
    customer,
    { package_id: String(c.pkg.id) },
    `leadsmith-salespage-setup-${key}`,
  );
  const method = await provider.finishSetup(setup.id, customer, c.token);
  return provider.charge({
    customerRef: customer,
    paymentMethodRef: method.ref,
    amountCents: c.amount,
    currency: 'usd',
    description: c.pkg.name,
    idempotencyKey: `leadsmith-salespage-${key}`,
    offSession: false,
    metadata: { package_id: String(c.pkg.id) },
    destinationAccount: c.connected,
    applicationFeeCents: c.fee,
  });
}

/**
 * Stripe Checkout finished for a pending sign-up: the account is made with the payment recorded, or,
 * when the email was taken or the reseller has no room meanwhile, the payment is refunded. Once: the
 * sign-up's status moves from pending in the same statement that claims it.
 */
async function completeSignup(
  deps: AppDeps,
  payments: Payments,
  signupId: number,
  paymentIntent: string,
): Promise<void> {
  const { db, clock } = deps;
  const signup = await signupById(db, signupId);
  if (!signup || signup.status === 'completed' || signup.status === 'refunded') return;
  const connected = await connectedAccountOf(db, signup.owner_id, payments.provider.name);
  if (signup.status === 'pending') {
    const pkg = (await packageById(db, signup.package_id))!;
    const payment: SignupPayment = {
      ref: paymentIntent,
      provider: payments.provider.name,
      amountCents: signup.amount_cents,
      connectedAccount: connected,
      applicationFeeCents: connected ? platformFee(payments.config, signup.amount_cents) : 0,
    };
    const created = await createSignupAccount(deps, {
      ownerId: signup.owner_id,
      pkg,
      form: signup.form,
      hash: signup.password_hash,
      payment,
      now: clock.now(),
      signupId,
    });
    if (typeof created === 'number' || created === 'done') return;
  }
  // Refused (email taken, no room) after the customer paid: the payment goes back. A lost answer throws,
  // and the retried job refunds again with the same key (the provider makes one refund).
  const outcome = await payments.provider.refund(
    paymentIntent,
    `leadsmith-salespage-refund-${paymentIntent}`,
    connected !== null,
  );
  if (outcome.status === 'refunded') await markSignupRefunded(db, signupId, clock.now());
}

/**
 * A sign-up's Checkout Session as it ended, from its event or read by the sweep: completed makes the
 * account (or the subscription, then the account), expired ends the sign-up. Both paths are idempotent.
 */
async function settleCheckout(
  deps: AppDeps,
  payments: Payments,
  signupId: number,
  session: Pick<CheckoutState, 'status' | 'mode' | 'paid' | 'paymentIntent' | 'setupIntent'>,
): Promise<void> {
  if (session.status === 'expired') return expireSignup(deps.db, signupId, deps.clock.now());
  if (session.status !== 'complete') return;
  // A package sold as a subscription: the card is saved (setup mode), the subscription is made next.
  if (session.mode === 'setup') {
    if (session.setupIntent) await completeSubscriptionSignup(deps, payments, signupId, session.setupIntent);
    return;
  }
  if (session.paid && session.paymentIntent) await completeSignup(deps, payments, signupId, session.paymentIntent);
}

/** A pending sign-up is asked about once its Checkout's event is this late. */
export const SIGNUP_SWEEP_AFTER_MS = 30 * 60_000;
/** Stripe ends an unfinished Checkout Session after 24 hours; one still open later is ended by the sweep. */
export const CHECKOUT_LIFETIME_MS = 24 * 60 * 60_000;

/**
 * The sweep of sign-ups stuck pending (issue 25): their Checkout's event never came (lost, or the
 * endpoint was down longer than Stripe retries). Each is settled from the session as Stripe has it now;
 * a session still open after its lifetime is expired at Stripe first (so nothing can be paid on it
 * after the sign-up ended); a sign-up whose session was never made (a crash before it) ends after the
 * same delay. Returns how many were settled.
 */
export async function sweepPendingSignups(deps: AppDeps, payments: Payments): Promise<number> {
  const { db, clock } = deps;
  const provider = payments.provider;
  const now = clock.now();
  const rows = await stuckSignups(db, new Date(now.getTime() - SIGNUP_SWEEP_AFTER_MS));
  let settled = 0;
  for (const signup of rows) {
    if (!signup.checkout_ref) {
      await expireSignup(db, signup.id, now);
      settled += 1;
      continue;
    }
    if (!provider.getCheckout || !provider.expireCheckout) continue;
    try {
      let session = await provider.getCheckout(signup.checkout_ref);
      if (session.status === 'open' && now.getTime() - session.createdAt.getTime() > CHECKOUT_LIFETIME_MS)
        session = await provider.expireCheckout(signup.checkout_ref);
      if (session.status === 'open') continue;
      await settleCheckout(deps, payments, signup.id, session);
      settled += 1;
    } catch (error) {
      // Stripe unreachable: the next run asks again.
      if (!(error instanceof PaymentUnknownError)) throw error;
    }
  }
  return settled;
}

/** Checkout's events settle their sign-ups; the sweep settles those whose event never came. */
export function registerCheckoutEvents(deps: AppDeps, payments: Payments): void {
  const sessionOf = (object: Record<string, unknown>) => {
    const session = object as {
      mode?: string;
      status?: string;
      payment_status?: string;
      payment_intent?: string | null;
      setup_intent?: string | null;
    };
    return {
      status:
        session.status === 'complete'
          ? ('complete' as const)
          : session.status === 'expired'
            ? ('expired' as const)
            : ('open' as const),
      mode: session.mode === 'setup' ? ('setup' as const) : ('payment' as const),
      paid: session.payment_status === 'paid',
      paymentIntent: session.payment_intent ?? null,
      setupIntent: session.setup_intent ?? null,
    };
  };
  for (const type of ['checkout.session.completed', 'checkout.session.expired'] as const) {
    payments.events.on(type, async (event) => {
      const signupId = Number(event.data.object.metadata?.signup_id);
      if (!Number.isInteger(signupId)) return;
      // The event's own type says how it ended (an expired event is never a completion, and the reverse).
      const session = sessionOf(event.data.object);
      await settleCheckout(deps, payments, signupId, {
        ...session,
        status: type === 'checkout.session.expired' ? 'expired' : session.status,
      });
    });
  }
  defineSignupSweepWorker(deps.queue, () => sweepPendingSignups(deps, payments));
}
