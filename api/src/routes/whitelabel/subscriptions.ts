import type { FastifyInstance, FastifyRequest } from 'fastify';
import { returnCredits, transferCredits } from '../../credits/ledger';
import type { Db, Queryable } from '../../db';
import type { AppDeps } from '../../http/context';
import { ApiError, unprocessable } from '../../http/errors';
import {
  paymentsFor,
  PaymentUnknownError,
  platformFee,
  type BillingInterval,
  type ChargeOutcome,
} from '../../providers/payments';
import { registerSubscriptionEvents } from '../../providers/payments/subscriptionEvents';
import { connectedAccountOf, recordPayment } from '../../modules/whitelabel/billing.repository';
import { refundAtProvider, settleRefundEffect, type ClaimedRefund } from '../../modules/whitelabel/billing.service';
import { MessageProperties, Nullable, Page, StringEnum, Timestamp, Type } from '../../http/contract';
import { emailSchema, objectSchema } from '../../http/schemas';
import { sendTemplatedMail } from '../../mail/templatedMail';
import { normaliseEmail } from '../../users/users';
import { say } from '../respond';
import {
  idParamsSchema,
  notFound,
  pageQuerySchema,
  resellerGuard,
  resellerIdOf,
  type PageQuery,
  type Paginated,
} from '../../modules/whitelabel/common';
import { addMonths, grantPaidPeriod } from '../../credits/periodGrant';
import { insertCustomer, logEvent } from '../../modules/whitelabel/customers.repository';
import {
  addDays,
  assertMayAddCustomer,
  firstCreditPeriodEnd,
  passwordHashFor,
  setCustomerActive,
  startSubscription,
  SUBSCRIPTION_PERIOD_DAYS,
} from '../../modules/whitelabel/customers.service';
import { packageOf } from '../../modules/whitelabel/packages.repository';
import { smtpRowOf } from '../../modules/whitelabel/smtp.repository';
import {
  changeAtStripe,
  checkStripeTransition,
  endAtStripe,
  type StripeBilled,
} from '../../modules/whitelabel/stripeSubscriptionActions.service';
import type { WebhookEvent } from '../../modules/whitelabel/webhooks.schemas';
import { dispatchEvent } from '../../modules/whitelabel/webhooks.service';

export type SubscriptionStatus = 'active' | 'past_due' | 'canceled';

/** Spec §3 Subscription, as the reseller sees it. */
export interface Subscription {
  id: number;
  customer_id: number;
  customer_name: string;
  email: string;
  username: string;
  package_id: number;
  plan_name: string;
  additional_credits: number;
  welcome_email: boolean;
  status: SubscriptionStatus;
  managed_by: 'manual' | 'provider';
  /** Who collects the renewals: the embedded sandbox, Stripe Billing or PayKickstart. */
  billing_provider: 'sandbox' | 'stripe' | 'paykickstart';
  source: 'reseller' | 'sales_page';
  cancel_at_period_end: boolean;
  current_period_end: string;
  canceled_at: string | null;
  refundable: boolean;
  created_at: string;
}

const SubscriptionSchema = Type.Object({
  id: Type.Integer(),
  customer_id: Type.Integer(),
  customer_name: Type.String(),
  email: Type.String(),
  username: Type.String(),
  package_id: Type.Integer(),
  plan_name: Type.String(),
  additional_credits: Type.Integer(),
  welcome_email: Type.Boolean(),
  status: StringEnum(['active', 'past_due', 'canceled'] as const),
  managed_by: StringEnum(['manual', 'provider'] as const),
  billing_provider: StringEnum(['sandbox', 'stripe', 'paykickstart'] as const, {
    description: 'Who collects the renewals.',
  }),
  source: StringEnum(['reseller', 'sales_page'] as const),
  cancel_at_period_end: Type.Boolean(),
  current_period_end: Timestamp(),
  canceled_at: Nullable(Timestamp()),
  refundable: Type.Boolean(),
  created_at: Timestamp(),
});
const SavedSubscription = Type.Object({ ...MessageProperties, data: SubscriptionSchema });
const UsageEvent = Type.Object({
  id: Type.Integer(),
  subscription_id: Type.Integer(),
  customer_name: Type.String(),
  username: Type.String(),
  event: Type.String(),
  detail: Type.Record(Type.String(), Type.Unknown()),
  created_at: Timestamp(),
});
/** The schemas of the subscription routes whose handlers are written on one line. */
const schemas = {
  usage: {
    summary: 'What happened to your subscriptions (paginated), newest first',
    querystring: objectSchema(pageQuerySchema),
    response: { 200: Page(UsageEvent) },
  },
  one: { summary: 'One subscription', params: idParamsSchema, response: { 200: SubscriptionSchema } },
  transition: (action: string) => ({
    summary: `${action[0]!.toUpperCase()}${action.slice(1)} a subscription`,
    params: idParamsSchema,
    response: { 200: SavedSubscription },
  }),
  refund: {
    summary: "Refund a subscription's last payment (and cancel it)",
    params: idParamsSchema,
    response: { 200: SavedSubscription },
  },
};

const SELECT = `SELECT s.id, s.customer_id, s.customer_name, u.email, s.username, s.package_id, p.name AS plan_name, s.additional_credits, s.welcome_email,
    s.status, s.managed_by, s.billing_provider, s.source, s.cancel_at_period_end, s.current_period_end, s.canceled_at, s.created_at,
    EXISTS (SELECT 1 FROM whitelabel_payments pay WHERE pay.subscription_id = s.id AND pay.status = 'succeeded' AND pay.kind = 'charge') AS refundable
  FROM whitelabel_subscriptions s JOIN users u ON u.id = s.customer_id JOIN whitelabel_packages p ON p.id = s.package_id`;

/** A cancelled-at-period-end subscription whose period is over is cancelled now (lazily, on read), and its customer made inactive. */
async function settleEndedPeriods(q: Queryable, ownerId: number, now: Date): Promise<void> {
  const { rows } = await q.query<{ id: number; customer_id: number; current_period_end: Date }>(
    `UPDATE whitelabel_subscriptions SET status = 'canceled', canceled_at = current_period_end, updated_at = $2
      WHERE owner_id = $1 AND status = 'active' AND cancel_at_period_end AND current_period_end <= $2 RETURNING id, customer_id, current_period_end`,
    [ownerId, now],
  );
  for (const r of rows) {
    await setCustomerActive(q, r.customer_id, false, r.id, null);
    await logEvent(q, ownerId, r.id, 'period_ended', now);
  }
}

async function subscriptionOf(q: Queryable, ownerId: number, id: number): Promise<Subscription | null> {
  const { rows } = await q.query<Subscription>(`${SELECT} WHERE s.id = $1 AND s.owner_id = $2`, [id, ownerId]);
  return rows[0] ?? null;
}

const USERNAME = '^[A-Za-z0-9_.-]+$';
const createSchema = objectSchema(
  {
    customer_name: { type: 'string', minLength: 1, maxLength: 150, pattern: '\\S' },
    email: emailSchema,
    username: { type: 'string', minLength: 3, maxLength: 60, pattern: USERNAME },
    package_id: { type: 'integer', minimum: 1, maximum: 2147483647 },
    additional_credits: { type: 'integer', minimum: 0, maximum: 10_000_000, default: 0 },
    welcome_email: { type: 'boolean', default: false },
  },
  ['customer_name', 'email', 'username', 'package_id'],
);
const editSchema = objectSchema(
  {
    customer_name: { type: 'string', minLength: 1, maxLength: 150, pattern: '\\S' },
    username: { type: 'string', minLength: 3, maxLength: 60, pattern: USERNAME },
    package_id: { type: 'integer', minimum: 1, maximum: 2147483647 },
    additional_credits: { type: 'integer', minimum: 0, maximum: 10_000_000, default: 0 },
  },
  ['customer_name', 'username', 'package_id'],
);

interface CreateBody {
  customer_name: string;
  email: string;
  username: string;
  package_id: number;
  additional_credits: number;
  welcome_email: boolean;
}

function splitName(name: string): { first: string; last: string } {
  const parts = name.trim().split(/\s+/);
  return { first: parts[0] ?? '', last: parts.slice(1).join(' ') };
}

type Action = 'cancel' | 'refund' | 'restore' | 'reactivate';
const EVENT_OF: Record<Action, WebhookEvent> = {
  cancel: 'subscription.canceled',
  refund: 'subscription.refunded',
  restore: 'subscription.restored',
  reactivate: 'subscription.reactivated',
};

export function subscriptionRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, clock } = deps;
  const payments = paymentsFor(deps);
  registerSubscriptionEvents(payments, db, () => clock.now());
  const guard = resellerGuard(app);

  app.get<{ Querystring: PageQuery & { status?: SubscriptionStatus } }>(
    '/api/whitelabel/subscriptions',
    {
      onRequest: guard,
      schema: {
        summary: 'Your subscriptions (paginated), newest first',
        querystring: objectSchema({
          ...pageQuerySchema,
          status: { type: 'string', enum: ['active', 'past_due', 'canceled'] },
        }),
        response: { 200: Page(SubscriptionSchema) },
      },
    },
    async (request) => {
      const owner = await resellerIdOf(db, request);
      const { page, pageSize, status } = request.query;
      await db.transaction((tx) => settleEndedPeriods(tx, owner, clock.now()));
      const { rows } = await db.query<Subscription>(
        `${SELECT} WHERE s.owner_id = $1 AND ($2::text IS NULL OR s.status = $2) ORDER BY s.id DESC LIMIT $3 OFFSET $4`,
        [owner, status ?? null, pageSize, (page - 1) * pageSize],
      );
      const count = await db.query<{ total: number }>(
        'SELECT count(*)::int AS total FROM whitelabel_subscriptions WHERE owner_id = $1 AND ($2::text IS NULL OR status = $2)',
        [owner, status ?? null],
      );
      const result: Paginated<Subscription> = {
        data: rows,
        currentPage: page,
        pageSize,
        total: count.rows[0]?.total ?? 0,
      };
      return result;
    },
  );

  app.get<{ Querystring: PageQuery }>(
    '/api/whitelabel/subscriptions/usage-history',
    { onRequest: guard, schema: schemas.usage },
    async (request) => {
      const owner = await resellerIdOf(db, request);
      const { page, pageSize } = request.query;
      const { rows } = await db.query(
        `SELECT e.id::int AS id, e.subscription_id, s.customer_name, s.username, e.event, e.detail, e.created_at
         FROM whitelabel_usage_events e JOIN whitelabel_subscriptions s ON s.id = e.subscription_id
        WHERE e.owner_id = $1 ORDER BY e.id DESC LIMIT $2 OFFSET $3`,
        [owner, pageSize, (page - 1) * pageSize],
      );
      const count = await db.query<{ total: number }>(
        'SELECT count(*)::int AS total FROM whitelabel_usage_events WHERE owner_id = $1',
        [owner],
      );
      return { data: rows, currentPage: page, pageSize, total: count.rows[0]?.total ?? 0 };
    },
  );

  app.get<{ Params: { id: number } }>(
    '/api/whitelabel/subscriptions/:id',
    { onRequest: guard, schema: schemas.one },
    async (request) => {
      const owner = await resellerIdOf(db, request);
      await db.transaction((tx) => settleEndedPeriods(tx, owner, clock.now()));
      const sub = await subscriptionOf(db, owner, request.params.id);
      if (!sub) throw notFound();
      return sub;
    },
  );

  app.post<{ Body: CreateBody }>(
    '/api/whitelabel/subscriptions',
    {
      onRequest: guard,
      schema: {
        summary: 'Add a subscription (and its customer account)',
        body: createSchema,
        response: { 201: SavedSubscription },
      },
    },
    async (request, reply) => {
      const owner = await resellerIdOf(db, request);
      const b = request.body;
      const email = normaliseEmail(b.email);
      const smtp = b.welcome_email ? await smtpRowOf(db, owner) : null;
      // Spec §8: "without SMTP details the welcome email cannot be sent".
      if (b.welcome_email && !smtp) throw unprocessable('whitelabel.smtp_required', 'welcome_email');
      const hash = await passwordHashFor(null);
      const now = clock.now();
      const id = await db.transaction(async (tx) => {
        await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [owner]);
        await assertMayAddCustomer(tx, owner);
        // Spec §4: the child account is only activated with a plan from the parent's own packages.
        const pkg = await packageOf(tx, owner, b.package_id);
        if (!pkg) throw unprocessable('whitelabel.package_unknown', 'package_id');
        const taken = await tx.query(
          'SELECT 1 FROM whitelabel_subscriptions WHERE owner_id = $1 AND lower(username) = lower($2)',
          [owner, b.username],
        );
        if (taken.rows[0]) throw unprocessable('whitelabel.username_taken', 'username');
        const { first, last } = splitName(b.customer_name);
        const customerId = await insertCustomer(
          tx,
          { ownerId: owner, email, firstName: first, lastName: last, password: null },
          hash,
          now,
        );
        if (customerId === null) throw unprocessable('email_taken', 'email');
        const subId = await startSubscription(tx, {
          ownerId: owner,
          customerId,
          pkg,
          customerName: b.customer_name.trim(),
          username: b.username,
          additionalCredits: b.additional_credits,
          welcomeEmail: b.welcome_email,
          managedBy: 'manual',
          source: 'reseller',
          periodEnd: addDays(now, SUBSCRIPTION_PERIOD_DAYS),
          at: now,
          mail: deps,
        });
        if (b.welcome_email) {
          // Queued with the subscription; the reseller's SMTP sends it (a slow or down server never loses the subscription).
          await sendTemplatedMail(tx, deps, { kind: 'welcome', userId: customerId, lang: request.lang });
          await logEvent(tx, owner, subId, 'welcome_email', now, { to: email });
        }
        await dispatchEvent(db, tx, owner, 'subscription.created', await subscriptionOf(tx, owner, subId), now);
        return subId;
      });
      const data = await subscriptionOf(db, owner, id);
      reply.code(201);
      return { ...say(request, 'whitelabel.subscription_created'), data };
    },
  );

  app.put<{ Params: { id: number }; Body: Omit<CreateBody, 'email' | 'welcome_email'> }>(
    '/api/whitelabel/subscriptions/:id',
    {
      onRequest: guard,
      schema: {
        summary: "Change a subscription's package or additional credits",
        params: idParamsSchema,
        body: editSchema,
        response: { 200: SavedSubscription },
      },
    },
    async (request) => {
      const owner = await resellerIdOf(db, request);
      const b = request.body;
      const now = clock.now();
      await db.transaction(async (tx) => {
        const cur = await tx.query<{ customer_id: number; additional_credits: number; package_id: number }>(
          'SELECT customer_id, additional_credits, package_id FROM whitelabel_subscriptions WHERE id = $1 AND owner_id = $2 FOR UPDATE',
          [request.params.id, owner],
        );
        const row = cur.rows[0];
        if (!row) throw notFound();
        const pkg = await packageOf(tx, owner, b.package_id);
        if (!pkg) throw unprocessable('whitelabel.package_unknown', 'package_id');
        const taken = await tx.query(
          'SELECT 1 FROM whitelabel_subscriptions WHERE owner_id = $1 AND lower(username) = lower($2) AND id <> $3',
          [owner, b.username, request.params.id],
        );
        if (taken.rows[0]) throw unprocessable('whitelabel.username_taken', 'username');
        await tx.query(
          'UPDATE whitelabel_subscriptions SET customer_name = $2, username = $3, package_id = $4, additional_credits = $5, updated_at = $6 WHERE id = $1',
          [request.params.id, b.customer_name.trim(), b.username, pkg.id, b.additional_credits, now],
        );
        const { first, last } = splitName(b.customer_name);
        await tx.query('UPDATE users SET first_name = $2, last_name = $3 WHERE id = $1', [
          row.customer_id,
          first,
          last,
        ]);
        // Only the difference moves: a raise is paid from the reseller's wallet, a cut returns what the customer has left of it.
        const change = b.additional_credits - row.additional_credits;
        if (
          change > 0 &&
          !(await transferCredits(tx, owner, row.customer_id, change, 'Additional credits changed by the reseller', {
            now,
            mail: deps,
          }))
        ) {
          throw unprocessable('whitelabel.credits_insufficient', 'additional_credits', { amount: change });
        }
        if (change < 0)
          await returnCredits(tx, owner, row.customer_id, -change, 'Additional credits changed by the reseller', {
            now,
          });
        if (pkg.id !== row.package_id)
          await logEvent(tx, owner, request.params.id, 'plan_changed', now, { package: pkg.name });
        if (b.additional_credits !== row.additional_credits)
          await logEvent(tx, owner, request.params.id, 'credits_changed', now, {
            from: row.additional_credits,
            to: b.additional_credits,
          });
        await dispatchEvent(
          db,
          tx,
          owner,
          'subscription.updated',
          await subscriptionOf(tx, owner, request.params.id),
          now,
        );
      });
      const data = await subscriptionOf(db, owner, request.params.id);
      return { ...say(request, 'whitelabel.subscription_updated'), data };
    },
  );

  /** Spec §4 subscription transitions. A transition that does not apply in the current state is a 422 naming the state. */
  const transition =
    (action: Exclude<Action, 'refund'>) => async (request: FastifyRequest<{ Params: { id: number } }>) => {
      const owner = await resellerIdOf(db, request);
      const now = clock.now();
      const record = async (tx: Queryable) => {
        await logEvent(
          tx,
          owner,
          request.params.id,
          action === 'cancel' ? 'canceled' : action === 'restore' ? 'restored' : 'reactivated',
          now,
        );
        await dispatchEvent(db, tx, owner, EVENT_OF[action], await subscriptionOf(tx, owner, request.params.id), now);
      };
      const atStripe = await db.transaction(async (tx) => {
        await settleEndedPeriods(tx, owner, now);
        const cur = await tx.query<
          StripeBilled & {
            managed_by: string;
            current_period_end: Date;
            billing_provider: string;
            package_id: number;
            billing_interval: BillingInterval;
          }
        >(
          `SELECT id, owner_id, customer_id, status, managed_by, cancel_at_period_end, current_period_end, billing_provider, provider_subscription_ref, package_id, billing_interval,
                (SELECT count(*)::int FROM whitelabel_usage_events e WHERE e.subscription_id = s.id) AS version
           FROM whitelabel_subscriptions s WHERE id = $1 AND owner_id = $2 FOR UPDATE`,
          [request.params.id, owner],
        );
        const s = cur.rows[0];
        if (!s) throw notFound();
        // Billed by Stripe: the change is made there, after this transaction (modules/whitelabel/stripeSubscriptionActions.service.ts).
        if (s.billing_provider === 'stripe' && s.provider_subscription_ref && payments.provider.billing) {
          checkStripeTransition(s, action);
          return s;
        }
        const id = request.params.id;
        switch (action) {
          case 'cancel':
            // Active to the end of the period, no more invoices.
            if (s.status === 'canceled' || s.cancel_at_period_end)
              throw unprocessable('whitelabel.not_active', 'status');
            await tx.query(
              'UPDATE whitelabel_subscriptions SET cancel_at_period_end = true, updated_at = $2 WHERE id = $1',
              [id, now],
            );
            break;
          case 'restore':
            // One managed by the payment provider is managed manually from now on.
            if (s.managed_by !== 'provider') throw unprocessable('whitelabel.not_provider_managed', 'status');
            await tx.query(`UPDATE whitelabel_subscriptions SET managed_by = 'manual', updated_at = $2 WHERE id = $1`, [
              id,
              now,
            ]);
            break;
          case 'reactivate': {
            if (s.status === 'active' && !s.cancel_at_period_end)
              throw unprocessable('whitelabel.already_active', 'status');
            // Billed by the sandbox (test mode), a cancelled one comes back as Stripe's does: its period is
            // paid at the package's amount now for its interval (monthly when the package no longer sells yearly).
            const billed =
              s.status === 'canceled' && s.managed_by === 'provider' && s.billing_provider === 'sandbox'
                ? await sandboxRestart(tx, s, now)
                : null;
            const periodEnd =
              billed?.periodEnd ??
              (s.status === 'canceled' ? addDays(now, SUBSCRIPTION_PERIOD_DAYS) : s.current_period_end);
            await tx.query(
              `UPDATE whitelabel_subscriptions SET status = 'active', cancel_at_period_end = false, canceled_at = NULL, current_period_end = $3, updated_at = $2, billing_interval = COALESCE($4, billing_interval) WHERE id = $1`,
              [id, now, periodEnd, billed?.interval ?? null],
            );
            await setCustomerActive(tx, s.customer_id, true, id, periodEnd);
            // A cancelled subscription coming back starts a new paid period with its month of credits.
            if (s.status === 'canceled')
              await grantPaidPeriod(tx, {
                subscriptionId: id,
                periodStart: now,
                periodEnd: firstCreditPeriodEnd(now, periodEnd),
                sourceEventId: `reactivate:${id}:${now.toISOString()}`,
                at: now,
                mail: deps,
              });
            break;
          }
        }
        await record(tx);
        return null;
      });
      if (atStripe) await changeAtStripe(db, payments, atStripe, action, now, record);
      const data = await subscriptionOf(db, owner, request.params.id);
      return { ...say(request, `whitelabel.subscription_${action}`), data };
    };

  /**
   * Spec §4 refund: the last payment goes back and the subscription ends at once — once, however many
   * requests race: the payment is claimed (`refunding`) under the subscription's row lock, the
   * provider refunds it with no transaction open (effect key and idempotency key), and the outcome is
   * recorded after. A lost answer leaves it refunding (503); Stripe's charge.refunded event finishes it.
   */
  async function refundSubscription(request: FastifyRequest<{ Params: { id: number } }>) {
    const owner = await resellerIdOf(db, request);
    const id = request.params.id;
    const now = clock.now();
    const claimed = await db.transaction(async (tx) => {
      await settleEndedPeriods(tx, owner, now);
      const s = (
        await tx.query<{ status: SubscriptionStatus }>(
          'SELECT status FROM whitelabel_subscriptions WHERE id = $1 AND owner_id = $2 FOR UPDATE',
          [id, owner],
        )
      ).rows[0];
      if (!s) throw notFound();
      // A cancelled subscription has had its refund (a second call must not return an older payment too).
      if (s.status === 'canceled') throw unprocessable('whitelabel.nothing_to_refund', 'status');
      const last = (
        await tx.query<ClaimedRefund & { status: string }>(
          `SELECT id, amount_cents, provider, provider_ref, connected_account, status FROM whitelabel_payments
            WHERE subscription_id = $1 AND status IN ('succeeded', 'refunding') AND kind = 'charge' ORDER BY id DESC LIMIT 1 FOR UPDATE`,
          [id],
        )
      ).rows[0];
      if (!last) throw unprocessable('whitelabel.nothing_to_refund', 'status');
      if (last.status === 'refunding') throw unprocessable('whitelabel.refund_pending', 'status');
      await tx.query(`UPDATE whitelabel_payments SET status = 'refunding' WHERE id = $1`, [last.id]);
      return last;
    });
    let outcome;
    try {
      outcome = await refundAtProvider(db, payments, claimed);
    } catch (error) {
      if (error instanceof PaymentUnknownError) throw new ApiError(503, 'whitelabel.refund_pending');
      throw error;
    }
    if (outcome.status !== 'refunded') {
      await db.transaction(async (tx) => {
        await tx.query(`UPDATE whitelabel_payments SET status = 'succeeded' WHERE id = $1 AND status = 'refunding'`, [
          claimed.id,
        ]);
        await settleRefundEffect(tx, claimed.id, outcome);
      });
      throw unprocessable('whitelabel.refund_failed', 'status', { reason: outcome.failureCode ?? 'refund_failed' });
    }
    await finishRefund(db, claimed.id, outcome, now);
    await endAtStripe(db, payments, id);
    return { ...say(request, 'whitelabel.subscription_refund'), data: await subscriptionOf(db, owner, id) };
  }

  /**
   * The payment of a sandbox-billed subscription reactivated after it ended: the package's amount now
   * (the sandbox's renewals charge the same, credits/renewals.ts), to the reseller's connected test
   * account when it has one. Nothing is charged for a free package.
   */
  async function sandboxRestart(
    tx: Queryable,
    s: { id: number; owner_id: number; package_id: number; billing_interval: BillingInterval },
    now: Date,
  ): Promise<{ periodEnd: Date; interval: BillingInterval }> {
    const pkg = (
      await tx.query<{ monthly_price_cents: number; yearly_price_cents: number | null }>(
        'SELECT monthly_price_cents, yearly_price_cents FROM whitelabel_packages WHERE id = $1',
        [s.package_id],
      )
    ).rows[0]!;
    const interval: BillingInterval =
      s.billing_interval === 'year' && pkg.yearly_price_cents !== null ? 'year' : 'month';
    const amount = interval === 'year' ? pkg.yearly_price_cents! : pkg.monthly_price_cents;
    if (amount > 0) {
      const connected = await connectedAccountOf(tx, s.owner_id, 'sandbox');
      const ref = `ch_sandbox_reactivate_${s.id}_${now.getTime()}`;
      await recordPayment(tx, {
        ownerId: s.owner_id,
        subscriptionId: s.id,
        amountCents: amount,
        kind: 'charge',
        ref,
        at: now,
        provider: 'sandbox',
        connectedAccount: connected,
        applicationFeeCents: connected ? platformFee(payments.config, amount) : 0,
      });
      await logEvent(tx, s.owner_id, s.id, 'payment', now, { amount_cents: amount });
    }
    return { periodEnd: interval === 'year' ? addMonths(now, 12) : addDays(now, SUBSCRIPTION_PERIOD_DAYS), interval };
  }

  app.post<{ Params: { id: number } }>(
    '/api/whitelabel/subscriptions/:id/cancel',
    { onRequest: guard, schema: schemas.transition('cancel') },
    transition('cancel'),
  );
  app.post<{ Params: { id: number } }>(
    '/api/whitelabel/subscriptions/:id/restore',
    { onRequest: guard, schema: schemas.transition('restore') },
    transition('restore'),
  );
  app.post<{ Params: { id: number } }>(
    '/api/whitelabel/subscriptions/:id/reactivate',
    { onRequest: guard, schema: schemas.transition('reactivate') },
    transition('reactivate'),
  );
  app.post<{ Params: { id: number } }>(
    '/api/whitelabel/subscriptions/:id/refund',
    { onRequest: guard, schema: schemas.refund },
    refundSubscription,
  );
  // Stripe's (or the sandbox's) refund event: a refund whose answer was lost, or one made in Stripe's dashboard.
  payments.events.on('charge.refunded', async (event) => {
    const intent = (event.data.object as { payment_intent?: string | null }).payment_intent;
    if (!intent) return;
    const paid = (
      await db.query<{ id: number; subscription_id: number }>(
        `SELECT id, subscription_id FROM whitelabel_payments WHERE provider = $1 AND provider_ref = $2 AND status IN ('succeeded', 'refunding')`,
        [payments.provider.name, intent],
      )
    ).rows[0];
    if (!paid) return;
    await finishRefund(db, paid.id, { ref: intent, status: 'refunded' }, clock.now());
    await endAtStripe(db, payments, paid.subscription_id);
  });
}

/**
 * Records a refund the provider made: the payment refunded, the subscription cancelled, the customer
 * inactive, the event logged and dispatched — once (the payment's status is the guard).
 */
export async function finishRefund(db: Db, paymentId: number, outcome: ChargeOutcome, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    // The subscription is locked before its payment, in the order refundSubscription takes them:
    // the other way round deadlocks with a concurrent refund request holding the subscription.
    await tx.query(
      'SELECT 1 FROM whitelabel_subscriptions WHERE id = (SELECT subscription_id FROM whitelabel_payments WHERE id = $1) FOR UPDATE',
      [paymentId],
    );
    await settleRefundEffect(tx, paymentId, outcome);
    const paid = (
      await tx.query<{ owner_id: number; subscription_id: number; amount_cents: number }>(
        `UPDATE whitelabel_payments SET status = 'refunded', refunded_at = $2 WHERE id = $1 AND status IN ('succeeded', 'refunding') RETURNING owner_id, subscription_id, amount_cents`,
        [paymentId, now],
      )
    ).rows[0];
    if (!paid) return;
    const sub = (
      await tx.query<{ customer_id: number; status: string }>(
        'SELECT customer_id, status FROM whitelabel_subscriptions WHERE id = $1 FOR UPDATE',
        [paid.subscription_id],
      )
    ).rows[0];
    if (!sub) return;
    if (sub.status !== 'canceled') {
      await tx.query(
        `UPDATE whitelabel_subscriptions SET status = 'canceled', canceled_at = $2, cancel_at_period_end = false, updated_at = $2 WHERE id = $1`,
        [paid.subscription_id, now],
      );
      await setCustomerActive(tx, sub.customer_id, false, paid.subscription_id, null);
    }
    await logEvent(tx, paid.owner_id, paid.subscription_id, 'refunded', now, { amount_cents: paid.amount_cents });
    await dispatchEvent(
      db,
      tx,
      paid.owner_id,
      'subscription.refunded',
      await subscriptionOf(tx, paid.owner_id, paid.subscription_id),
      now,
    );
  });
}
