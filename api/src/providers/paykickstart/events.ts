import { addMonths, grantPaidPeriod, markRenewalFailed } from '../../credits/periodGrant';
import type { Queryable } from '../../db';
import { sendTemplatedMail, type MailDeps } from '../../mail/templatedMail';
import { insertCustomer, logEvent } from '../../modules/whitelabel/customers.repository';
import { customerRoomRefusal, setCustomerActive, startSubscription } from '../../modules/whitelabel/customers.service';
import { packageOf } from '../../modules/whitelabel/packages.repository';
import { cancelRefunded } from '../../modules/whitelabel/subscriptions.repository';
import { lockUserRow, normaliseEmail } from '../../users/users';
import {
  insertPaykickstartPayment,
  lockPaykickstartSubscription,
  mappedPackageId,
  paykickstartPaymentSeen,
  refundPaykickstartPayment,
  setPaykickstartRef,
  userByEmail,
} from './events.repository';
import type { HandledIpnEvent } from './ipn';

/**
 * PayKickstart events onto the same subscription states as the sandbox and Stripe (credits/periodGrant.ts):
 * - `sales` / `subscription-created` for a product the reseller mapped to a package: the buyer becomes the
 *   reseller's customer with that package (once per PayKickstart subscription, `invoice_id`);
 * - `subscription-payment`: a paid period (its month's credits, once per transaction);
 * - `subscription-payment-failed`: past due (access paused unless the package keeps it);
 * - `subscription-cancelled`: cancelled, the customer inactive; `refund`: the payment refunded and the
 *   subscription cancelled at once (spec §4).
 * Runs inside the worker's transaction; returns what happened, stored with the event.
 */

export type Ipn = Record<string, string | string[]>;

interface Context {
  ownerId: number;
  now: Date;
  /** A password hash for a buyer who is new here (made outside the transaction: scrypt is slow). */
  passwordHash: string;
  /** Mails the new buyer's welcome and the customer's renewal (issue 33). */
  mail?: MailDeps;
}

const text = (ipn: Ipn, name: string): string => (typeof ipn[name] === 'string' ? (ipn[name] as string).trim() : '');
const cents = (amount: string): number => Math.max(0, Math.round(Number.parseFloat(amount || '0') * 100) || 0);
const transactionTime = (ipn: Ipn, fallback: Date): Date => {
  const seconds = Number.parseInt(text(ipn, 'transaction_time'), 10);
  return Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000) : fallback;
};

async function subscriptionFor(
  tx: Queryable,
  ownerId: number,
  invoiceId: string,
): Promise<{ id: number; customer_id: number; status: string } | undefined> {
  if (!invoiceId) return undefined;
  return lockPaykickstartSubscription(tx, ownerId, invoiceId);
}

async function recordPayment(
  tx: Queryable,
  ownerId: number,
  subscriptionId: number,
  ipn: Ipn,
  at: Date,
): Promise<void> {
  const ref = text(ipn, 'transaction_id');
  if (!ref) return;
  if (await paykickstartPaymentSeen(tx, ref)) return;
  await insertPaykickstartPayment(tx, {
    ownerId,
    subscriptionId,
    amountCents: cents(text(ipn, 'amount')),
    transactionId: ref,
    at,
  });
}

/** A new buyer (or one of this reseller's customers already) gets the mapped package's subscription. */
async function startFromSale(tx: Queryable, ipn: Ipn, c: Context): Promise<string> {
  const invoiceId = text(ipn, 'invoice_id');
  const existing = await subscriptionFor(tx, c.ownerId, invoiceId);
  if (existing) {
    // `sales` and `subscription-created` of one purchase arrive in any order: the sale's payment counts either way.
    await recordPayment(tx, c.ownerId, existing.id, ipn, c.now);
    return 'already_started';
  }
  const product = text(ipn, 'product_id');
  const packageId = await mappedPackageId(tx, c.ownerId, product);
  const pkg = packageId !== undefined ? await packageOf(tx, c.ownerId, packageId) : null;
  if (!pkg) return 'product_not_mapped';
  const email = normaliseEmail(text(ipn, 'buyer_email'));
  if (!email.includes('@')) return 'buyer_email_missing';
  await lockUserRow(tx, c.ownerId);
  let customerId: number | null;
  const known = await userByEmail(tx, email);
  if (known) {
    if (known.parent_id !== c.ownerId) return 'email_taken';
    customerId = known.id;
  } else {
    if (await customerRoomRefusal(tx, c.ownerId)) return 'sub_account_limit';
    customerId = await insertCustomer(
      tx,
      {
        ownerId: c.ownerId,
        email,
        firstName: text(ipn, 'buyer_first_name') || email,
        lastName: text(ipn, 'buyer_last_name'),
        password: null,
      },
      c.passwordHash,
      c.now,
    );
    if (customerId === null) return 'email_taken';
  }
  const name = `${text(ipn, 'buyer_first_name')} ${text(ipn, 'buyer_last_name')}`.trim() || email;
  const username = `${
    email
      .split('@')[0]!
      .replace(/[^A-Za-z0-9_.-]/g, '')
      .slice(0, 40) || 'customer'
  }-pk${invoiceId
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(-8)
    .toLowerCase()}`;
  const subscriptionId = await startSubscription(tx, {
    ownerId: c.ownerId,
    customerId,
    pkg,
    customerName: name,
    username,
    additionalCredits: 0,
    welcomeEmail: false,
    managedBy: 'provider',
    source: 'sales_page',
    periodEnd: addMonths(c.now, 1),
    at: c.now,
  });
  await setPaykickstartRef(tx, subscriptionId, invoiceId || null);
  await recordPayment(tx, c.ownerId, subscriptionId, ipn, c.now);
  // A buyer new here is welcomed under the reseller's brand, in the transaction that applies the event
  // (so once); its button opens "Forgot password", where the buyer sets the password of the new account.
  if (!known && c.mail)
    await sendTemplatedMail(tx, c.mail, { kind: 'welcome', userId: customerId, actionPath: '/forgot-password' });
  return 'started';
}

export async function applyIpnEvent(tx: Queryable, event: HandledIpnEvent, ipn: Ipn, c: Context): Promise<string> {
  switch (event) {
    case 'sales':
    case 'subscription-created':
      return startFromSale(tx, ipn, c);
    case 'subscription-payment': {
      const sub = await subscriptionFor(tx, c.ownerId, text(ipn, 'invoice_id'));
      if (!sub) return startFromSale(tx, ipn, c);
      const start = transactionTime(ipn, c.now);
      const outcome = await grantPaidPeriod(tx, {
        subscriptionId: sub.id,
        periodStart: start,
        periodEnd: addMonths(start, 1),
        sourceEventId: `paykickstart:${text(ipn, 'transaction_id') || start.toISOString()}`,
        at: c.now,
        mail: c.mail,
      });
      if (outcome.granted || outcome.reason === 'duplicate') await recordPayment(tx, c.ownerId, sub.id, ipn, c.now);
      return outcome.granted ? 'period_granted' : `period_${outcome.reason}`;
    }
    case 'subscription-payment-failed': {
      const sub = await subscriptionFor(tx, c.ownerId, text(ipn, 'invoice_id'));
      if (!sub) return 'unknown_subscription';
      const outcome = await markRenewalFailed(tx, {
        subscriptionId: sub.id,
        sourceEventId: `paykickstart:${text(ipn, 'transaction_id')}`,
        at: c.now,
        mail: c.mail,
      });
      return outcome.changed ? (outcome.paused ? 'past_due_paused' : 'past_due_kept') : outcome.reason;
    }
    case 'subscription-cancelled':
    case 'refund': {
      const sub = await subscriptionFor(tx, c.ownerId, text(ipn, 'invoice_id'));
      if (!sub) return 'unknown_subscription';
      if (event === 'refund') {
        await refundPaykickstartPayment(tx, text(ipn, 'transaction_id'), c.now);
      }
      if (sub.status === 'canceled') return 'already_canceled';
      // The same statement as a refund's cancellation (whitelabel's subscriptions.repository.ts).
      await cancelRefunded(tx, sub.id, c.now);
      await setCustomerActive(tx, sub.customer_id, false, sub.id, null);
      await logEvent(tx, c.ownerId, sub.id, event === 'refund' ? 'refunded' : 'canceled', c.now, {
        provider: 'paykickstart',
      });
      return 'canceled';
    }
  }
}
