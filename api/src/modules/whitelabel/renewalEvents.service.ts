import { grantPaidPeriod, markRenewalFailed } from '../../credits/periodGrant';
import type { Db } from '../../db';
import type { AppDeps } from '../../http/context';
import type { MailDeps } from '../../mail/templatedMail';
import { PaymentUnknownError, paymentsFor, platformFee, type Payments } from '../../providers/payments';
import type { PaymentEvent } from '../../providers/payments/types';
import { connectedAccountOf, recordPayment } from './billing.repository';
import {
  isActiveSubscription,
  periodGrantedFor,
  subscriptionIdByStripeRef,
  subscriptionOwnerOf,
} from './subscriptions.repository';

/**
 * Stripe Billing's renewal events onto the subscription states (ADR 022): `invoice.paid` grants the
 * invoice's period (once per invoice and per period, credits/periodGrant.ts), `invoice.payment_failed`
 * makes the subscription past due. The subscription is found by its Stripe id
 * (`provider_subscription_ref`); an invoice of a subscription we do not hold changes nothing.
 */
interface InvoiceObject {
  id?: string;
  subscription?: string | null;
  parent?: { subscription_details?: { subscription?: string | null } | null } | null;
  lines?: { data?: { period?: { start?: number; end?: number } }[] };
  period_start?: number;
  period_end?: number;
  amount_paid?: number;
  amount_due?: number;
}

/** Stripe moved the subscription id under `parent.subscription_details` (API 2025-03); both are read. */
function subscriptionIdOf(invoice: InvoiceObject): string | null {
  return invoice.parent?.subscription_details?.subscription ?? invoice.subscription ?? null;
}

/** The subscription item's period (a subscription invoice's own period_* is the previous one). */
function periodOf(invoice: InvoiceObject): { start: Date; end: Date } | null {
  const line = invoice.lines?.data?.find((l) => l.period?.start && l.period?.end)?.period;
  const start = line?.start ?? invoice.period_start;
  const end = line?.end ?? invoice.period_end;
  return start && end && end > start ? { start: new Date(start * 1000), end: new Date(end * 1000) } : null;
}

async function ourSubscription(db: Db, stripeId: string | null): Promise<number | null> {
  if (!stripeId) return null;
  return subscriptionIdByStripeRef(db, stripeId);
}

/**
 * A paid invoice grants its period once; a renewal's payment is recorded with it, so the reseller's
 * refund returns the last payment. The PaymentIntent is asked of Stripe before the transaction opens
 * (an invoice's payments are not in the event).
 */
export async function onInvoicePaid(
  db: Db,
  event: PaymentEvent,
  at: Date,
  mail?: MailDeps,
  payments?: Payments,
): Promise<void> {
  const invoice = event.data.object as InvoiceObject;
  const subscriptionId = await ourSubscription(db, subscriptionIdOf(invoice));
  const period = periodOf(invoice);
  if (subscriptionId === null || !period) return;
  const sourceEventId = `stripe:${invoice.id ?? event.id}`;
  const billing = payments?.provider.billing;
  const seen = await periodGrantedFor(db, sourceEventId);
  const paid =
    !seen && billing && invoice.id && (invoice.amount_paid ?? 0) > 0 ? await billing.invoicePayment(invoice.id) : null;
  await db.transaction(async (tx) => {
    const outcome = await grantPaidPeriod(tx, {
      subscriptionId,
      periodStart: period.start,
      periodEnd: period.end,
      sourceEventId,
      at,
      mail,
    });
    if (!outcome.granted || !paid || !payments) return;
    const ownerId = await subscriptionOwnerOf(tx, subscriptionId);
    const connected = await connectedAccountOf(tx, ownerId, 'stripe');
    await recordPayment(tx, {
      ownerId,
      subscriptionId,
      amountCents: paid.amountCents,
      kind: 'charge',
      ref: paid.paymentRef,
      at,
      provider: 'stripe',
      connectedAccount: connected,
      applicationFeeCents: connected ? platformFee(payments.config, paid.amountCents) : 0,
    });
  });
}

/**
 * A renewal Stripe could not collect: past due, and the customer is told why (the declined PaymentIntent's
 * last payment error, asked of Stripe before the transaction opens; the event carries only the invoice).
 * Only an active subscription's first report mails, so a replay asks Stripe nothing.
 */
export async function onInvoicePaymentFailed(
  db: Db,
  event: PaymentEvent,
  at: Date,
  mail?: MailDeps,
  payments?: Payments,
): Promise<void> {
  const invoice = event.data.object as InvoiceObject;
  const subscriptionId = await ourSubscription(db, subscriptionIdOf(invoice));
  if (subscriptionId === null) return;
  const billing = payments?.provider.billing;
  const active = await isActiveSubscription(db, subscriptionId);
  // A lost answer retries the event's job; an invoice Stripe will not show gives no reason, the change still happens.
  const failure =
    active && mail && billing && invoice.id ? await billing.invoiceFailure(invoice.id).catch(rethrowUnknown) : null;
  await markRenewalFailed(db, {
    subscriptionId,
    sourceEventId: `stripe:${invoice.id ?? event.id}`,
    at,
    mail,
    failure,
    amountCents: invoice.amount_due ?? null,
  });
}

function rethrowUnknown(error: unknown): null {
  if (error instanceof PaymentUnknownError) throw error;
  return null;
}

/** Stripe's invoice events applied as they arrive (registered with the area's routes). */
export function renewalEventHandlers(deps: AppDeps): void {
  const payments = paymentsFor(deps);
  payments.events.on('invoice.paid', (event) => onInvoicePaid(deps.db, event, deps.clock.now(), deps, payments));
  payments.events.on('invoice.payment_failed', (event) =>
    onInvoicePaymentFailed(deps.db, event, deps.clock.now(), deps, payments),
  );
}
