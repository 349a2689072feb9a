import { addMonths, grantPaidPeriod, markRenewalFailed } from '../../credits/periodGrant';
import type { Queryable } from '../../db';
import { sendTemplatedMail, type MailDeps } from '../../mail/templatedMail';
import { insertCustomer, logEvent } from '../../modules/whitelabel/customers.repository';
import { customerRoomRefusal, setCustomerActive, startSubscription } from '../../modules/whitelabel/customers.service';
import { packageOf } from '../../modules/whitelabel/packages.repository';
import { normaliseEmail } from '../../users/users';
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
  const { rows } = await tx.query<{ id: number; customer_id: number; status: string }>(
    `SELECT id, customer_id, status FROM whitelabel_subscriptions WHERE owner_id = $1 AND billing_provider = 'paykickstart' AND provider_subscription_ref = $2 FOR UPDATE`,
    [ownerId, invoiceId],
  );
  return rows[0];
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
  const seen = await tx.query(
    `SELECT 1 FROM whitelabel_payments WHERE provider = 'paykickstart' AND provider_ref = $1`,
    [ref],
  );
  if (seen.rows[0]) return;
  await tx.query(
    `INSERT INTO whitelabel_payments (owner_id, subscription_id, amount_cents, kind, status, provider, provider_ref, created_at)
     VALUES ($1, $2, $3, 'charge', 'succeeded', 'paykickstart', $4, $5)`,
    [ownerId, subscriptionId, cents(text(ipn, 'amount')), ref, at],
  );
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
  const mapped = await tx.query<{ package_id: number }>(
    'SELECT package_id FROM whitelabel_paykickstart_products WHERE owner_id = $1 AND product_id = $2',
    [c.ownerId, product],
  );
  const pkg = mapped.rows[0] ? await packageOf(tx, c.ownerId, mapped.rows[0].package_id) : null;
  if (!pkg) return 'product_not_mapped';
  const email = normaliseEmail(text(ipn, 'buyer_email'));
  if (!email.includes('@')) return 'buyer_email_missing';
  await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [c.ownerId]);
  let customerId: number | null;
  const known = await tx.query<{ id: number; parent_id: number | null }>(
    'SELECT id, parent_id FROM users WHERE email = $1',
    [email],
  );
  if (known.rows[0]) {
    if (known.rows[0].parent_id !== c.ownerId) return 'email_taken';
    customerId = known.rows[0].id;
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
  await tx.query(
    `UPDATE whitelabel_subscriptions SET billing_provider = 'paykickstart', provider_subscription_ref = $2 WHERE id = $1`,
    [subscriptionId, invoiceId || null],
  );
  await recordPayment(tx, c.ownerId, subscriptionId, ipn, c.now);
  // A buyer new here is welcomed under the reseller's brand, in the transaction that applies the event
  // (so once); its button opens "Forgot password", where the buyer sets the password of the new account.
  if (!known.rows[0] && c.mail)
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
        await tx.query(
          `UPDATE whitelabel_payments SET status = 'refunded', refunded_at = $2 WHERE provider = 'paykickstart' AND provider_ref = $1 AND status = 'succeeded'`,
          [text(ipn, 'transaction_id'), c.now],
        );
      }
      if (sub.status === 'canceled') return 'already_canceled';
      await tx.query(
        `UPDATE whitelabel_subscriptions SET status = 'canceled', canceled_at = $2, cancel_at_period_end = false, updated_at = $2 WHERE id = $1`,
        [sub.id, c.now],
      );
      await setCustomerActive(tx, sub.customer_id, false, sub.id, null);
      await logEvent(tx, c.ownerId, sub.id, event === 'refund' ? 'refunded' : 'canceled', c.now, {
        provider: 'paykickstart',
      });
      return 'canceled';
    }
  }
}
