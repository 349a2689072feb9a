import { walletBalance } from '../src/credits/ledger';
import { paymentFailureReason, paymentsFor } from '../src/providers/payments';
import { paymentRefusals } from '../src/ops/metrics';
import {
  moveSubscriptionPrice,
  queueSubscriptionMoves,
  syncPackage,
} from '../src/modules/whitelabel/stripeCatalog.service';
import { createTestApp, json, login, DEMO, type TestContext } from './helpers';
import { caller, PACKAGE } from './whitelabel-helpers';
import { SIGNUP_SWEEP } from '../src/workers/signupSweep';
import { startFakeStripe, type FakeStripe } from './fakeStripe';
import { DUPLICATE_TRANSACTION, EXPIRED_CARD, INSUFFICIENT_FUNDS } from './fixtures/stripe/declines';

/**
 * Stripe Billing for packages sold on a reseller's sales page (issue 25 item 3, ADR 025), against the
 * local fake Stripe through the official SDK: the package becomes a Product with a recurring Price per
 * interval, the buyer saves a card on Checkout (setup mode), the subscription is created once (customer,
 * default payment method, idempotency key) and the account gets its first period; Stripe's signed
 * events, sent by the fake as Stripe sends them, then renew it (invoice.paid), make it past due
 * (invoice.payment_failed) and end a Checkout left unfinished (checkout.session.expired).
 */
describe('Stripe Billing subscriptions per package (official SDK, local fake)', () => {
  let fake: FakeStripe;
  let ctx: TestContext;
  let reseller: string;
  let call: ReturnType<typeof caller>;
  const account = 'acct_fake_reseller_billing';

  beforeAll(async () => {
    fake = await startFakeStripe();
    process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1';
    process.env.STRIPE_SECRET_KEY = fake.secretKey;
    process.env.STRIPE_PUBLISHABLE_KEY = 'pk_test_fake_leadsmith';
    process.env.STRIPE_WEBHOOK_SECRET = fake.webhookSecret;
    process.env.STRIPE_API_BASE = fake.url;
    process.env.STRIPE_PLATFORM_FEE_PERCENT = '10';
    ctx = await createTestApp({ config: { logLevel: 'silent' } });
    call = caller(ctx);
    reseller = await login(ctx.app, DEMO.reseller);
    // The reseller's connected account (onboarding itself is payments-connect.test.ts).
    const owner = (await ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO.reseller.email]))
      .rows[0]!.id;
    await ctx.db.query(
      `INSERT INTO whitelabel_payment_accounts (owner_id, billing_type, mode, account_id, connected_at, updated_at) VALUES ($1, 'stripe', 'live', $2, now(), now())
       ON CONFLICT (owner_id) DO UPDATE SET mode = 'live', account_id = $2`,
      [owner, account],
    );
    // Stripe's deliveries reach the app's webhook endpoint, signed with the endpoint's secret.
    fake.deliverTo = ({ payload, signature }) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/payments/stripe/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });
  }, 120_000);
  afterAll(async () => {
    await ctx.close();
    await fake.close();
  }, 60_000);

  /** Until Stripe has nothing more to send and the queue nothing more to do (an event's job may make Stripe send more). */
  async function settle(): Promise<void> {
    let seen = -1;
    while (seen !== fake.events.length) {
      seen = fake.events.length;
      await fake.delivered();
      await ctx.app.queue.drain();
    }
  }

  const signUp = async (slug: string, email: string, interval: 'month' | 'year') => {
    const form = {
      first_name: 'Sub',
      last_name: 'Scriber',
      email,
      password: 'secret1',
      custom_0: 'Sub Co',
      billing_interval: interval,
    };
    const posted = await ctx.app.inject({
      method: 'POST',
      url: `/p/${slug}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });
    expect(posted.statusCode).toBe(303);
    return String(posted.headers.location).split('/').pop()!;
  };
  const subscriptionOf = async (email: string) =>
    (
      await ctx.db.query<{
        id: number;
        customer_id: number;
        status: string;
        billing_provider: string;
        provider_subscription_ref: string;
        billing_interval: string;
      }>(
        `SELECT s.id, s.customer_id, s.status, s.billing_provider, s.provider_subscription_ref, s.billing_interval FROM whitelabel_subscriptions s JOIN users u ON u.id = s.customer_id WHERE u.email = $1`,
        [email],
      )
    ).rows[0];
  /** A monthly sign-up, cancelled by the reseller, whose period then ended at Stripe (customer.subscription.deleted). */
  const endedSubscription = async (slug: string, email: string) => {
    fake.completeCheckout(await signUp(slug, email, 'month'), 'visa');
    await settle();
    const sub = (await subscriptionOf(email))!;
    const ref = sub.provider_subscription_ref;
    await call('POST', `/api/whitelabel/subscriptions/${sub.id}/cancel`, reseller);
    fake.advance(ref);
    await settle();
    expect((await subscriptionOf(email))!.status).toBe('canceled');
    return { sub, ref };
  };
  const periods = async (subId: number) =>
    (
      await ctx.db.query<{ credits: number; rolled_over: number }>(
        'SELECT credits, rolled_over FROM subscription_periods WHERE subscription_id = $1 ORDER BY period_start',
        [subId],
      )
    ).rows;

  let slug: string;
  let packageId: number;

  it('a sales-page purchase saves the card on Checkout, then creates one Subscription of the package Price; the first period is granted once', async () => {
    const pkg = json<{ data: { id: number; slug: string } }>(
      await call('POST', '/api/whitelabel/packages', reseller, {
        ...PACKAGE,
        name: 'Billed monthly',
        monthly_credits: 500,
      }),
    ).data;
    slug = pkg.slug;
    packageId = pkg.id;
    const page = await ctx.app.inject({ method: 'GET', url: `/p/${slug}?lang=de` });
    expect(page.body).toContain('name="billing_interval" value="year"');
    expect(page.body).toContain('Jährlich');
    expect(page.body).not.toContain('f-card-number');

    const email = 'monthly@buyer.test';
    const sessionId = await signUp(slug, email, 'month');
    const checkout = fake.requests.find((r) => r.path === '/v1/checkout/sessions' && r.form.get('mode') === 'setup')!;
    expect(checkout.form.get('customer')).toMatch(/^cus_/);
    expect(await subscriptionOf(email)).toBeUndefined();

    fake.completeCheckout(sessionId, 'visa');
    await settle();

    const products = [...fake.objects.values()].filter((o) => o.object === 'product');
    const prices = [...fake.objects.values()].filter((o) => o.object === 'price');
    expect(products).toEqual([
      expect.objectContaining({ name: 'Billed monthly', metadata: { package_id: String(packageId) } }),
    ]);
    expect(prices).toEqual([
      expect.objectContaining({ unit_amount: 4900, recurring: expect.objectContaining({ interval: 'month' }) }),
    ]);
    const creates = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/subscriptions');
    expect(creates).toHaveLength(1);
    const sent = creates[0]!;
    const setupIntent = [...fake.objects.values()].find(
      (o) => o.object === 'setup_intent' && o.customer === checkout.form.get('customer'),
    )!;
    expect(sent.idempotencyKey).toMatch(/^leadsmith-subscription-signup-\d+$/);
    expect(sent.form.get('customer')).toBe(checkout.form.get('customer'));
    expect(sent.form.get('default_payment_method')).toBe(setupIntent.payment_method);
    expect(sent.form.get('items[0][price]')).toBe(prices[0]!.id);
    expect(sent.form.get('payment_behavior')).toBe('error_if_incomplete');
    expect(sent.form.get('transfer_data[destination]')).toBe(account);
    expect(sent.form.get('application_fee_percent')).toBe('10');

    const sub = (await subscriptionOf(email))!;
    const stripeSub = fake.subscriptions()[0]!;
    expect(sub).toMatchObject({
      status: 'active',
      billing_provider: 'stripe',
      provider_subscription_ref: stripeSub.id,
      billing_interval: 'month',
    });
    // Its first invoice's invoice.paid was delivered too: still one period, one payment.
    expect(fake.events.map((e) => e.type)).toEqual(
      expect.arrayContaining(['checkout.session.completed', 'customer.subscription.created', 'invoice.paid']),
    );
    expect(await periods(sub.id)).toEqual([{ credits: 500, rolled_over: 0 }]);
    expect((await walletBalance(ctx.db, sub.customer_id)).monthly).toBe(500);
    const paid = await ctx.db.query(
      'SELECT provider_ref, amount_cents, connected_account, application_fee_cents FROM whitelabel_payments WHERE subscription_id = $1',
      [sub.id],
    );
    const firstIntent = fake.paymentIntents().find((p) => p.customer === stripeSub.customer)!;
    expect(paid.rows).toEqual([
      { provider_ref: firstIntent.id, amount_cents: 4900, connected_account: account, application_fee_cents: 490 },
    ]);
    expect(
      (await ctx.db.query('SELECT customer_ref FROM payment_customers WHERE user_id = $1', [sub.customer_id])).rows,
    ).toEqual([{ customer_ref: stripeSub.customer }]);
  });

  it('renewals come from Stripe: invoice.paid grants the next period with rollover, a failed one makes it past due, the next paid one restores it', async () => {
    const sub = (await subscriptionOf('monthly@buyer.test'))!;
    fake.advance(sub.provider_subscription_ref);
    await settle();
    expect(await periods(sub.id)).toEqual([
      { credits: 500, rolled_over: 0 },
      { credits: 500, rolled_over: 500 },
    ]);
    expect(await walletBalance(ctx.db, sub.customer_id)).toMatchObject({ monthly: 500, rolled_over: 500 });
    expect(
      (await ctx.db.query('SELECT 1 FROM whitelabel_payments WHERE subscription_id = $1', [sub.id])).rowCount,
    ).toBe(2);

    fake.advance(sub.provider_subscription_ref, { fail: true });
    await settle();
    expect((await subscriptionOf('monthly@buyer.test'))!.status).toBe('past_due');
    expect(
      (
        await ctx.db.query<{ subscription_status: string }>('SELECT subscription_status FROM users WHERE id = $1', [
          sub.customer_id,
        ])
      ).rows[0]!.subscription_status,
    ).toBe('past_due');
    expect(await periods(sub.id)).toHaveLength(2);

    // Stripe's retry with the card succeeds: the period is paid, the customer active again.
    fake.advance(sub.provider_subscription_ref);
    await settle();
    expect((await subscriptionOf('monthly@buyer.test'))!.status).toBe('active');
    expect(await periods(sub.id)).toHaveLength(3);
  });

  it("a failed renewal's email gives Stripe's reason (the PaymentIntent's last payment error) in the customer's language, once", async () => {
    const failedMails = async (userId: number) =>
      (
        await ctx.db.query<{ subject: string; body_text: string }>(
          "SELECT subject, body_text FROM outbound_emails WHERE kind = 'payment_failed' AND user_id = $1 ORDER BY id",
          [userId],
        )
      ).rows;
    const renewFailing = async (email: string, lang: string, error: Record<string, unknown>) => {
      fake.completeCheckout(await signUp(slug, email, 'month'), 'visa');
      await settle();
      const sub = (await subscriptionOf(email))!;
      await ctx.db.query('UPDATE users SET lang = $2 WHERE id = $1', [sub.customer_id, lang]);
      fake.advance(sub.provider_subscription_ref, { error });
      await settle();
      expect((await subscriptionOf(email))!.status).toBe('past_due');
      return sub;
    };

    // insufficient_funds, a known decline code: in words, in German; the amount is the invoice's.
    const de = await renewFailing('funds@buyer.test', 'de', INSUFFICIENT_FUNDS);
    const invoice = fake.events.filter((e) => e.type === 'invoice.payment_failed').at(-1)!.object;
    const intent = fake
      .paymentIntents()
      .find((p) => p.customer === invoice.customer && p.status === 'requires_payment_method')!;
    expect(
      fake.requests.filter((r) => r.method === 'GET' && r.path === `/v1/payment_intents/${String(intent.id)}`),
    ).toHaveLength(1);
    const [mail] = await failedMails(de.customer_id);
    expect(mail!.body_text).toContain('wir konnten $49.00 nicht abbuchen: die Karte ist nicht ausreichend gedeckt.');
    expect(mail!.body_text).not.toContain('Billed monthly');
    // The same event delivered again: still past due, no second email, Stripe not asked again.
    const replay = fake.signedEvent('invoice.payment_failed', invoice);
    await fake.deliverTo!({ ...replay, type: 'invoice.payment_failed' });
    await settle();
    expect(await failedMails(de.customer_id)).toHaveLength(1);
    expect(fake.requests.filter((r) => r.path === `/v1/payment_intents/${String(intent.id)}`)).toHaveLength(1);
    const detail = (
      await ctx.db.query<{ detail: { failure_code: string } }>(
        "SELECT detail FROM whitelabel_usage_events WHERE subscription_id = $1 AND event = 'past_due'",
        [de.id],
      )
    ).rows;
    expect(detail).toEqual([{ detail: expect.objectContaining({ failure_code: 'insufficient_funds' }) }]);

    // A decline code without words of ours reads as its error code (declined), in Spanish; an expired card in French.
    const es = await renewFailing('duplicate@buyer.test', 'es', DUPLICATE_TRANSACTION);
    expect((await failedMails(es.customer_id))[0]!.body_text).toContain(
      'no pudimos cobrar $49.00: la tarjeta fue rechazada.',
    );
    const fr = await renewFailing('expired@buyer.test', 'fr', EXPIRED_CARD);
    expect((await failedMails(fr.customer_id))[0]!.body_text).toContain(
      'nous n’avons pas pu prélever $49.00 : la carte a expiré.',
    );
    // A code Stripe may add later, with its message: the message, in an English email.
    const en = await renewFailing('novel@buyer.test', 'en', {
      type: 'card_error',
      code: 'novel_refusal',
      message: 'The bank refused this renewal.',
    });
    expect((await failedMails(en.customer_id))[0]!.body_text).toContain(
      'we could not charge $49.00: the payment was refused (The bank refused this renewal).',
    );
  });

  it('a yearly purchase uses the yearly Price of the same Product and grants twelve months of credits for its year', async () => {
    const email = 'yearly@buyer.test';
    fake.completeCheckout(await signUp(slug, email, 'year'), 'visa');
    await settle();
    const prices = [...fake.objects.values()].filter((o) => o.object === 'price');
    expect(prices.map((p) => [(p.recurring as { interval: string }).interval, p.unit_amount])).toEqual([
      ['month', 4900],
      ['year', 49000],
    ]);
    expect([...fake.objects.values()].filter((o) => o.object === 'product')).toHaveLength(1);
    const sub = (await subscriptionOf(email))!;
    expect(sub.billing_interval).toBe('year');
    expect(await periods(sub.id)).toEqual([{ credits: 6000, rolled_over: 0 }]);
  });

  it('a card refused on the first invoice makes no subscription and no account; a second event for the same Checkout creates nothing more', async () => {
    const email = 'declined@buyer.test';
    const before = fake.requests.filter((r) => r.path === '/v1/subscriptions').length;
    const session = fake.completeCheckout(await signUp(slug, email, 'month'), 'decline');
    await settle();
    // Stripe (or a second process) sends the same Checkout again under another event id.
    await fake.deliverTo!({
      ...fake.signedEvent('checkout.session.completed', session),
      type: 'checkout.session.completed',
    });
    await settle();
    expect(fake.requests.filter((r) => r.path === '/v1/subscriptions').length - before).toBe(1);
    expect((await ctx.db.query('SELECT 1 FROM users WHERE email = $1', [email])).rowCount).toBe(0);
    expect(
      (await ctx.db.query('SELECT status, failure_code FROM whitelabel_signups WHERE email = $1', [email])).rows,
    ).toEqual([{ status: 'failed', failure_code: 'generic_decline' }]);
  });

  it("a request Stripe refuses that is not the card's doing (the package's Price archived at Stripe) fails the sign-up as not collected, never as a declined card, and is counted for the operator", async () => {
    const email = 'archived-price@buyer.test';
    const { price_ref } = (
      await ctx.db.query<{ price_ref: string }>(
        "SELECT price_ref FROM payment_prices WHERE package_id = $1 AND billing_interval = 'month' ORDER BY created_at DESC LIMIT 1",
        [packageId],
      )
    ).rows[0]!;
    const setActive = (active: boolean) =>
      fetch(`${fake.url}/v1/prices/${price_ref}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${fake.secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: `active=${active}`,
      });
    const refusals = async () =>
      (await paymentRefusals.get()).values.find((v) => v.labels.type === 'invalid_request_error')?.value ?? 0;
    const counted = await refusals();
    expect((await setActive(false)).status).toBe(200);
    try {
      fake.completeCheckout(await signUp(slug, email, 'month'));
      await settle();
    } finally {
      await setActive(true);
    }
    expect(
      (await ctx.db.query('SELECT status, failure_code FROM whitelabel_signups WHERE email = $1', [email])).rows,
    ).toEqual([{ status: 'failed', failure_code: 'provider_refused' }]);
    expect((await ctx.db.query('SELECT 1 FROM users WHERE email = $1', [email])).rowCount).toBe(0);
    expect(await refusals()).toBe(counted + 1);
    expect(paymentFailureReason('en', { code: 'provider_refused' })).toBe('the payment provider could not collect it');
  });

  it('an email taken while the subscription was being made: the subscription is cancelled at Stripe and its first payment refunded, once', async () => {
    const email = 'raced@buyer.test';
    const session = fake.completeCheckout(await signUp(slug, email, 'month'), 'visa');
    const owner = (await ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO.reseller.email]))
      .rows[0]!.id;
    // The address is taken (another sign-up) while Stripe is answering the subscription's creation.
    fake.beforeAnswer = (method, path) =>
      method === 'POST' && path === '/v1/subscriptions'
        ? ctx.db
            .query(
              `INSERT INTO users (email, password_hash, first_name, last_name, parent_id) VALUES ($1, 'x', 'Other', 'Buyer', $2)`,
              [email, owner],
            )
            .then(() => undefined)
        : undefined;
    try {
      await settle();
    } finally {
      fake.beforeAnswer = null;
    }
    const made = fake.subscriptions().filter((s) => s.customer === session.customer);
    expect(made).toEqual([expect.objectContaining({ status: 'canceled' })]);
    const intent = fake.paymentIntents().find((p) => p.customer === session.customer)!;
    expect(fake.refunds().filter((r) => r.payment_intent === intent.id)).toHaveLength(1);
    expect(
      (await ctx.db.query('SELECT status, subscription_ref FROM whitelabel_signups WHERE email = $1', [email])).rows,
    ).toEqual([{ status: 'refunded', subscription_ref: made[0]!.id }]);
    expect(
      (
        await ctx.db.query(
          'SELECT 1 FROM whitelabel_subscriptions s JOIN users u ON u.id = s.customer_id WHERE u.email = $1',
          [email],
        )
      ).rowCount,
    ).toBe(0);
  });

  it('two deliveries of one Checkout at once (two workers) create one subscription', async () => {
    const email = 'twice@buyer.test';
    const session = fake.completeCheckout(await signUp(slug, email, 'month'), 'visa');
    const again = { ...fake.signedEvent('checkout.session.completed', session), type: 'checkout.session.completed' };
    await Promise.all([fake.deliverTo!(again), fake.delivered()]);
    await settle();
    const creates = fake.requests.filter(
      (r) => r.method === 'POST' && r.path === '/v1/subscriptions' && r.form.get('customer') === session.customer,
    );
    expect(creates).toHaveLength(1);
    expect(fake.subscriptions().filter((s) => s.customer === session.customer)).toHaveLength(1);
    expect((await subscriptionOf(email))!.status).toBe('active');
  });

  it("a sign-up whose subscription's answer was lost and is retried after Stripe forgot the key (24 hours) adopts the subscription found by its metadata: one Subscription, one period", async () => {
    const email = 'lost-a-day@buyer.test';
    const session = fake.completeCheckout(await signUp(slug, email, 'month'), 'visa');
    const signupId = (await ctx.db.query<{ id: number }>('SELECT id FROM whitelabel_signups WHERE email = $1', [email]))
      .rows[0]!.id;
    // Stripe makes the subscription, and every answer to it (the SDK's retries too) is lost on the way back.
    fake.loseNextAnswers = { path: '/v1/subscriptions', count: 10 };
    try {
      await expect(settle()).rejects.toThrow();
    } finally {
      fake.loseNextAnswers = null;
    }
    const made = () => fake.subscriptions().filter((s) => s.customer === session.customer);
    const creates = () =>
      fake.requests.filter(
        (r) => r.method === 'POST' && r.path === '/v1/subscriptions' && r.form.get('customer') === session.customer,
      ).length;
    expect(made()).toHaveLength(1);
    expect(made()[0]!.metadata).toEqual({ signup_id: String(signupId), package_id: String(packageId) });
    expect((await ctx.db.query('SELECT status FROM whitelabel_signups WHERE id = $1', [signupId])).rows).toEqual([
      { status: 'pending' },
    ]);
    const sentBefore = creates();
    // A day goes by with Stripe out of reach; Stripe no longer knows the key, so the same key would make a second subscription.
    ctx.clock.advance(24 * 60 * 60_000);
    fake.forgetIdempotencyKeys();
    await ctx.app.queue.send(SIGNUP_SWEEP, {});
    await settle();
    expect(made()).toHaveLength(1);
    expect(creates()).toBe(sentBefore);
    expect(fake.requests.some((r) => r.method === 'GET' && r.path === '/v1/subscriptions/search')).toBe(true);
    const sub = (await subscriptionOf(email))!;
    expect(sub).toMatchObject({ status: 'active', provider_subscription_ref: made()[0]!.id });
    expect(await periods(sub.id)).toEqual([{ credits: 500, rolled_over: 0 }]);
    expect((await walletBalance(ctx.db, sub.customer_id)).monthly).toBe(500);
    expect(
      (await ctx.db.query('SELECT status, subscription_ref FROM whitelabel_signups WHERE id = $1', [signupId])).rows,
    ).toEqual([{ status: 'completed', subscription_ref: made()[0]!.id }]);
  });

  it('checkout.session.expired ends the pending sign-up with nothing granted', async () => {
    const email = 'gone@buyer.test';
    fake.expireCheckout(await signUp(slug, email, 'month'));
    await settle();
    expect((await ctx.db.query('SELECT status FROM whitelabel_signups WHERE email = $1', [email])).rows).toEqual([
      { status: 'expired' },
    ]);
    expect((await ctx.db.query('SELECT 1 FROM users WHERE email = $1', [email])).rowCount).toBe(0);
  });

  it('cancel, restore and reactivate go to Stripe (once under concurrency) and the subscription follows its answer and events', async () => {
    const email = 'changes@buyer.test';
    fake.completeCheckout(await signUp(slug, email, 'month'), 'visa');
    await settle();
    const sub = (await subscriptionOf(email))!;
    const ref = sub.provider_subscription_ref;
    const updates = () => fake.requests.filter((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${ref}`);
    const row = async () =>
      (
        await ctx.db.query<{ status: string; cancel_at_period_end: boolean; provider_subscription_ref: string }>(
          'SELECT status, cancel_at_period_end, provider_subscription_ref FROM whitelabel_subscriptions WHERE id = $1',
          [sub.id],
        )
      ).rows[0]!;

    // Two cancels at once: one request to Stripe; the other is refused (in progress, or not active any more).
    const both = await Promise.all([
      call('POST', `/api/whitelabel/subscriptions/${sub.id}/cancel`, reseller),
      call('POST', `/api/whitelabel/subscriptions/${sub.id}/cancel`, reseller),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, expect.any(Number)]);
    expect(both.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(updates()).toHaveLength(1);
    expect(updates()[0]!.form.get('cancel_at_period_end')).toBe('true');
    expect(updates()[0]!.idempotencyKey).toMatch(/^leadsmith-stripe-subscription-\d+-cancel-\d+$/);
    expect(fake.objects.get(ref)!.cancel_at_period_end).toBe(true);
    await settle();
    expect(await row()).toMatchObject({ status: 'active', cancel_at_period_end: true });
    expect(json(await call('GET', `/api/whitelabel/subscriptions/${sub.id}`, reseller))).toMatchObject({
      billing_provider: 'stripe',
      cancel_at_period_end: true,
    });

    // Restore takes the cancellation back at Stripe.
    expect(json(await call('POST', `/api/whitelabel/subscriptions/${sub.id}/restore`, reseller))).toMatchObject({
      code: 'whitelabel.subscription_restore',
      data: { cancel_at_period_end: false },
    });
    expect(updates().at(-1)!.form.get('cancel_at_period_end')).toBe('false');
    expect(fake.objects.get(ref)!.cancel_at_period_end).toBe(false);
    expect(json(await call('POST', `/api/whitelabel/subscriptions/${sub.id}/restore`, reseller))).toMatchObject({
      code: 'whitelabel.already_active',
      field: 'status',
    });

    // Cancelled again, the period ends at Stripe: customer.subscription.deleted ends it here.
    await call('POST', `/api/whitelabel/subscriptions/${sub.id}/cancel`, reseller);
    fake.advance(ref);
    await settle();
    expect(await row()).toMatchObject({ status: 'canceled' });
    expect(
      (
        await ctx.db.query<{ subscription_status: string }>('SELECT subscription_status FROM users WHERE id = $1', [
          sub.customer_id,
        ])
      ).rows[0]!.subscription_status,
    ).toBe('inactive');

    // Reactivated: a new subscription of the same customer, price and card; its period is granted.
    const before = (await periods(sub.id)).length;
    expect(json(await call('POST', `/api/whitelabel/subscriptions/${sub.id}/reactivate`, reseller))).toMatchObject({
      code: 'whitelabel.subscription_reactivate',
      data: { status: 'active' },
    });
    const fresh = (await row()).provider_subscription_ref;
    expect(fresh).not.toBe(ref);
    expect(fake.objects.get(fresh)).toMatchObject({
      status: 'active',
      customer: fake.objects.get(ref)!.customer,
      default_payment_method: fake.objects.get(ref)!.default_payment_method,
      metadata: expect.objectContaining({ restarted_from: ref }),
    });
    await settle();
    expect(await periods(sub.id)).toHaveLength(before + 1);
    expect(
      (
        await ctx.db.query<{ subscription_status: string }>('SELECT subscription_status FROM users WHERE id = $1', [
          sub.customer_id,
        ])
      ).rows[0]!.subscription_status,
    ).toBe('active');

    // A refund returns the last payment and ends the subscription at Stripe too.
    expect(json(await call('POST', `/api/whitelabel/subscriptions/${sub.id}/refund`, reseller))).toMatchObject({
      data: { status: 'canceled' },
    });
    expect(fake.objects.get(fresh)!.status).toBe('canceled');
    await settle();
    expect(await row()).toMatchObject({ status: 'canceled' });
  });

  it("a subscription reactivated after its package's price changed starts on the package's current Price, made first (once) when the sync has not run, paid to the reseller's connected account", async () => {
    const pkg = json<{ data: { id: number; slug: string } }>(
      await call('POST', '/api/whitelabel/packages', reseller, { ...PACKAGE, name: 'Reactivated repriced' }),
    ).data;
    const email = 'reactivate-repriced@buyer.test';
    const { sub, ref } = await endedSubscription(pkg.slug, email);
    const productRef = String(
      (
        await ctx.db.query<{ product_ref: string }>('SELECT product_ref FROM payment_prices WHERE package_id = $1', [
          pkg.id,
        ])
      ).rows[0]!.product_ref,
    );
    const pricePosts = () =>
      fake.requests.filter(
        (r) => r.method === 'POST' && r.path === '/v1/prices' && r.form.get('product') === productRef,
      );
    const prices = async () =>
      (
        await ctx.db.query<{ amount_cents: number; active: boolean }>(
          'SELECT amount_cents, active FROM payment_prices WHERE package_id = $1 ORDER BY amount_cents',
          [pkg.id],
        )
      ).rows;

    // Repriced and synced (the ended subscription's Price archived), then repriced again: that sync has not run yet.
    expect(
      (
        await call('PUT', `/api/whitelabel/packages/${pkg.id}`, reseller, {
          ...PACKAGE,
          name: 'Reactivated repriced',
          monthly_price_cents: 5900,
        })
      ).statusCode,
    ).toBe(200);
    await settle();
    expect(
      fake.objects.get((fake.objects.get(ref)!.items as { data: { price: { id: string } }[] }).data[0]!.price.id)!
        .active,
    ).toBe(false);
    expect(
      (
        await call('PUT', `/api/whitelabel/packages/${pkg.id}`, reseller, {
          ...PACKAGE,
          name: 'Reactivated repriced',
          monthly_price_cents: 6900,
        })
      ).statusCode,
    ).toBe(200);

    // Reactivated: the 69.00 Price is made first, and the new subscription is on it, paid to the connected account.
    expect(json(await call('POST', `/api/whitelabel/subscriptions/${sub.id}/reactivate`, reseller))).toMatchObject({
      code: 'whitelabel.subscription_reactivate',
      data: { status: 'active' },
    });
    const restart = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/subscriptions').at(-1)!;
    const made = pricePosts().filter((r) => r.form.get('unit_amount') === '6900');
    expect(made).toHaveLength(1);
    expect(made[0]!.idempotencyKey).toBe(`leadsmith-price-${pkg.id}-month-6900`);
    const fresh = (await subscriptionOf(email))!.provider_subscription_ref;
    const freshPrice = (fake.objects.get(fresh)!.items as { data: { price: { id: string; unit_amount: number } }[] })
      .data[0]!.price;
    expect(freshPrice).toMatchObject({ unit_amount: 6900, active: true });
    expect(restart.form.get('items[0][price]')).toBe(freshPrice.id);
    expect(restart.form.get('transfer_data[destination]')).toBe(account);
    expect(restart.form.get('application_fee_percent')).toBe('10');
    expect(
      (
        await ctx.db.query(
          'SELECT amount_cents, connected_account FROM whitelabel_payments WHERE subscription_id = $1 ORDER BY id',
          [sub.id],
        )
      ).rows,
    ).toEqual([
      { amount_cents: 4900, connected_account: account },
      { amount_cents: 6900, connected_account: account },
    ]);

    // The queued sync and one more run make no second Price; the reactivated subscription is not moved (it is on the Price).
    await settle();
    await syncPackage(ctx.db, paymentsFor(ctx.app.deps).provider.billing!, pkg.id, ctx.clock.now());
    expect(pricePosts().map((r) => r.form.get('unit_amount'))).toEqual(['4900', '5900', '6900']);
    expect(await prices()).toEqual([
      { amount_cents: 4900, active: false },
      { amount_cents: 5900, active: false },
      { amount_cents: 6900, active: true },
    ]);
    expect(
      fake.requests.filter(
        (r) => r.method === 'POST' && r.path === `/v1/subscriptions/${fresh}` && r.form.has('items[0][price]'),
      ),
    ).toHaveLength(0);
  });

  it('a reactivation whose answer was lost and is tried again after Stripe forgot the key (24 hours) adopts the subscription found by its metadata: one new Subscription, one charge, one period', async () => {
    const email = 'reactivate-lost-a-day@buyer.test';
    const { sub, ref } = await endedSubscription(slug, email);
    const customer = fake.objects.get(ref)!.customer;
    const restarts = () => fake.subscriptions().filter((s) => s.customer === customer && s.id !== ref);
    const creates = () =>
      fake.requests.filter(
        (r) => r.method === 'POST' && r.path === '/v1/subscriptions' && r.form.get('customer') === customer,
      ).length;
    const periodsBefore = (await periods(sub.id)).length;

    // Stripe makes the new subscription, and every answer to it (the SDK's retries too) is lost on the way back.
    fake.loseNextAnswers = { path: '/v1/subscriptions', count: 10 };
    try {
      expect((await call('POST', `/api/whitelabel/subscriptions/${sub.id}/reactivate`, reseller)).statusCode).toBe(503);
    } finally {
      fake.loseNextAnswers = null;
    }
    await settle();
    expect(restarts()).toHaveLength(1);
    expect((await subscriptionOf(email))!).toMatchObject({ status: 'canceled', provider_subscription_ref: ref });
    const sentBefore = creates();
    const searches = () =>
      fake.requests.filter((r) => r.method === 'GET' && r.path === '/v1/subscriptions/search').length;
    const searchedBefore = searches();

    // The reseller tries again a day later; Stripe no longer knows the key, so the same key would make a second subscription.
    ctx.clock.advance(24 * 60 * 60_000);
    fake.forgetIdempotencyKeys();
    expect(json(await call('POST', `/api/whitelabel/subscriptions/${sub.id}/reactivate`, reseller))).toMatchObject({
      code: 'whitelabel.subscription_reactivate',
      data: { status: 'active' },
    });
    await settle();
    expect(restarts()).toHaveLength(1);
    expect(creates()).toBe(sentBefore);
    // It was found by the metadata naming this reactivation.
    expect(restarts()[0]!.metadata).toMatchObject({
      restarted_from: ref,
      reactivation: expect.stringMatching(/^leadsmith-stripe-subscription-\d+-reactivate-\d+$/),
    });
    expect(searches()).toBe(searchedBefore + 1);
    expect((await subscriptionOf(email))!).toMatchObject({
      status: 'active',
      provider_subscription_ref: restarts()[0]!.id,
    });
    expect(await periods(sub.id)).toHaveLength(periodsBefore + 1);
    expect(
      (
        await ctx.db.query(
          'SELECT amount_cents FROM whitelabel_payments WHERE subscription_id = $1 AND kind = $2 ORDER BY id',
          [sub.id, 'charge'],
        )
      ).rows,
    ).toEqual([{ amount_cents: 4900 }, { amount_cents: 4900 }]);
  });

  it("a package renamed or repriced updates its Product and makes a new Price (the old one archived), once; its subscribers move to the new Price from their next period, once; a deleted package's Product is archived", async () => {
    const pkg = json<{ data: { id: number; slug: string } }>(
      await call('POST', '/api/whitelabel/packages', reseller, { ...PACKAGE, name: 'Catalog A', monthly_credits: 100 }),
    ).data;
    fake.completeCheckout(await signUp(pkg.slug, 'catalog@buyer.test', 'month'), 'visa');
    await settle();
    const rows = async () =>
      (
        await ctx.db.query<{ amount_cents: number; price_ref: string; active: boolean }>(
          'SELECT amount_cents, price_ref, active FROM payment_prices WHERE package_id = $1 ORDER BY created_at, amount_cents',
          [pkg.id],
        )
      ).rows;
    const [first] = await rows();
    const productRef = String(fake.objects.get(first!.price_ref)!.product);
    const posts = (path: string) => fake.requests.filter((r) => r.method === 'POST' && r.path === path);
    const pricePosts = () =>
      fake.requests.filter(
        (r) => r.method === 'POST' && r.path === '/v1/prices' && r.form.get('product') === productRef,
      );
    expect(pricePosts()).toHaveLength(1);
    const subscriber = (await subscriptionOf('catalog@buyer.test'))!;
    const ref = subscriber.provider_subscription_ref;
    const priceOf = (subscriptionRef: string) =>
      (fake.objects.get(subscriptionRef)!.items as { data: { price: { id: string } }[] }).data[0]!.price.id;
    const moves = (subscriptionRef: string) =>
      posts(`/v1/subscriptions/${subscriptionRef}`).filter((r) => r.form.has('items[0][price]'));
    const chargesOf = (subscriptionRef: string) =>
      fake.paymentIntents().filter((p) => p.customer === fake.objects.get(subscriptionRef)!.customer).length;
    const charged = chargesOf(ref);

    // A change that touches neither the name nor an amount sends nothing.
    expect(
      (
        await call('PUT', `/api/whitelabel/packages/${pkg.id}`, reseller, {
          ...PACKAGE,
          name: 'Catalog A',
          monthly_credits: 150,
        })
      ).statusCode,
    ).toBe(200);
    await settle();
    expect(posts(`/v1/products/${productRef}`)).toHaveLength(0);
    expect(fake.requests.filter((r) => r.path === `/v1/subscriptions/${ref}`)).toHaveLength(0);

    // Renamed and repriced; the queued job and two more runs at once (other workers) make each call once.
    expect(
      (
        await call('PUT', `/api/whitelabel/packages/${pkg.id}`, reseller, {
          ...PACKAGE,
          name: 'Catalog B',
          monthly_price_cents: 5900,
        })
      ).statusCode,
    ).toBe(200);
    const billing = paymentsFor(ctx.app.deps).provider.billing!;
    await Promise.all([
      settle(),
      syncPackage(ctx.db, billing, pkg.id, ctx.clock.now()),
      syncPackage(ctx.db, billing, pkg.id, ctx.clock.now()),
    ]);
    expect(posts(`/v1/products/${productRef}`).map((r) => r.form.get('name'))).toEqual(['Catalog B']);
    expect(fake.objects.get(productRef)).toMatchObject({ name: 'Catalog B', active: true });
    expect(pricePosts().map((r) => r.form.get('unit_amount'))).toEqual(['4900', '5900']);
    const [old, fresh] = await rows();
    expect([old, fresh].map((r) => [r!.amount_cents, r!.active])).toEqual([
      [4900, false],
      [5900, true],
    ]);
    expect(posts(`/v1/prices/${old!.price_ref}`).map((r) => r.form.get('active'))).toEqual(['false']);
    expect(fake.objects.get(old!.price_ref)).toMatchObject({ active: false, unit_amount: 4900 });
    expect(fake.objects.get(fresh!.price_ref)).toMatchObject({
      active: true,
      unit_amount: 5900,
      recurring: expect.objectContaining({ interval: 'month' }),
    });
    // The subscriber moves to the new Price once, without proration: nothing is charged now, the period
    // paid stays, and its next invoice bills the new amount.
    expect(moves(ref)).toHaveLength(1);
    const [move] = moves(ref);
    expect(Object.fromEntries(move!.form)).toEqual({
      'items[0][id]': (fake.objects.get(ref)!.items as { data: { id: string }[] }).data[0]!.id,
      'items[0][price]': fresh!.price_ref,
      proration_behavior: 'none',
    });
    expect(move!.idempotencyKey).toMatch(
      new RegExp(`^leadsmith-stripe-subscription-${subscriber.id}-price-${fresh!.price_ref}-r\\d+$`),
    );
    expect(priceOf(ref)).toBe(fresh!.price_ref);
    expect(chargesOf(ref)).toBe(charged);
    expect((await subscriptionOf('catalog@buyer.test'))!.status).toBe('active');
    const invoice = fake.advance(ref);
    await settle();
    expect(invoice).toMatchObject({ amount_paid: 5900, billing_reason: 'subscription_cycle' });
    expect(
      (
        await ctx.db.query('SELECT amount_cents FROM whitelabel_payments WHERE subscription_id = $1 ORDER BY id', [
          subscriber.id,
        ])
      ).rows,
    ).toEqual([{ amount_cents: 4900 }, { amount_cents: 5900 }]);
    // A new buyer gets the new Price.
    fake.completeCheckout(await signUp(pkg.slug, 'catalog2@buyer.test', 'month'), 'visa');
    await settle();
    expect(posts('/v1/subscriptions').at(-1)!.form.get('items[0][price]')).toBe(fresh!.price_ref);
    const second = (await subscriptionOf('catalog2@buyer.test'))!.provider_subscription_ref;

    // Back to the old amount: its Price is restored, no third one is made; both subscribers move back,
    // each once though the queued job and two more copies (other workers) run at once.
    expect(
      (await call('PUT', `/api/whitelabel/packages/${pkg.id}`, reseller, { ...PACKAGE, name: 'Catalog B' })).statusCode,
    ).toBe(200);
    await syncPackage(ctx.db, billing, pkg.id, ctx.clock.now());
    await Promise.all([
      settle(),
      moveSubscriptionPrice(ctx.db, billing, subscriber.id),
      moveSubscriptionPrice(ctx.db, billing, subscriber.id),
    ]);
    await settle();
    expect(moves(ref).map((r) => r.form.get('items[0][price]'))).toEqual([fresh!.price_ref, old!.price_ref]);
    expect(moves(second).map((r) => r.form.get('items[0][price]'))).toEqual([old!.price_ref]);
    expect([priceOf(ref), priceOf(second)]).toEqual([old!.price_ref, old!.price_ref]);
    expect(pricePosts()).toHaveLength(2);
    expect((await rows()).map((r) => [r.amount_cents, r.active])).toEqual([
      [4900, true],
      [5900, false],
    ]);
    expect(fake.objects.get(old!.price_ref)!.active).toBe(true);

    expect(
      json<{ subscribers_on_old_terms: number }>(await call('GET', `/api/whitelabel/packages/${pkg.id}`, reseller))
        .subscribers_on_old_terms,
    ).toBe(0);
    // Made free: Stripe would invoice a paid → free switch at once and restart the period, so the
    // subscribers stay on their Price (the outcome is kept with the effect).
    expect(
      (
        await call('PUT', `/api/whitelabel/packages/${pkg.id}`, reseller, {
          ...PACKAGE,
          name: 'Catalog B',
          monthly_price_cents: 0,
        })
      ).statusCode,
    ).toBe(200);
    await settle();
    expect([moves(ref), moves(second)].map((m) => m.length)).toEqual([2, 1]);
    expect(priceOf(ref)).toBe(old!.price_ref);
    const outcomes = await ctx.db.query<{ outcome: { result: string } }>(
      'SELECT outcome FROM external_effects WHERE key LIKE $1 ORDER BY started_at',
      [`stripe-subscription:${subscriber.id}:price:%`],
    );
    expect(outcomes.rows.map((r) => r.outcome.result)).toEqual(['moved', 'moved', 'free_paid_switch']);
    // The package's form tells the reseller how many stay on their previous price until they change plan;
    // back at their price, none.
    const onOldTerms = async () =>
      json<{ subscribers_on_old_terms: number }>(await call('GET', `/api/whitelabel/packages/${pkg.id}`, reseller))
        .subscribers_on_old_terms;
    expect(await onOldTerms()).toBe(2);
    // A change in the same millisecond (the clock has not moved) is a version of its own: the package's revision keys its calls.
    expect(
      (await call('PUT', `/api/whitelabel/packages/${pkg.id}`, reseller, { ...PACKAGE, name: 'Catalog B' })).statusCode,
    ).toBe(200);
    await settle();
    expect(await onOldTerms()).toBe(0);
    expect([moves(ref), moves(second)].map((m) => m.length)).toEqual([2, 1]);
    // Renamed and renamed back within that millisecond: each name reaches the Product, the last one stays.
    for (const name of ['Catalog C', 'Catalog B']) {
      expect((await call('PUT', `/api/whitelabel/packages/${pkg.id}`, reseller, { ...PACKAGE, name })).statusCode).toBe(
        200,
      );
      await settle();
    }
    expect(
      posts(`/v1/products/${productRef}`)
        .map((r) => r.form.get('name'))
        .slice(-2),
    ).toEqual(['Catalog C', 'Catalog B']);
    expect(fake.objects.get(productRef)).toMatchObject({ name: 'Catalog B' });

    // A package sold through Stripe that no one subscribes to (the card was refused) is deleted: its Price and Product are archived.
    const unsold = json<{ data: { id: number; slug: string } }>(
      await call('POST', '/api/whitelabel/packages', reseller, { ...PACKAGE, name: 'Catalog gone' }),
    ).data;
    fake.completeCheckout(await signUp(unsold.slug, 'catalog-gone@buyer.test', 'month'), 'decline');
    await settle();
    const [gone] = (
      await ctx.db.query<{ product_ref: string; price_ref: string }>(
        'SELECT product_ref, price_ref FROM payment_prices WHERE package_id = $1',
        [unsold.id],
      )
    ).rows;
    expect((await call('DELETE', `/api/whitelabel/packages/${unsold.id}`, reseller)).statusCode).toBe(200);
    await settle();
    expect(fake.objects.get(gone!.product_ref)).toMatchObject({ active: false });
    expect(fake.objects.get(gone!.price_ref)).toMatchObject({ active: false });
    expect(posts(`/v1/products/${gone!.product_ref}`)).toHaveLength(1);
  });

  it('a subscription made at the old Price while a price change was being sent is moved to the new one too', async () => {
    const pkg = json<{ data: { id: number; slug: string } }>(
      await call('POST', '/api/whitelabel/packages', reseller, { ...PACKAGE, name: 'Catalog race' }),
    ).data;
    // A first buyer makes the package's Product and Price.
    fake.completeCheckout(await signUp(pkg.slug, 'race-first@buyer.test', 'month'), 'visa');
    await settle();
    const billing = paymentsFor(ctx.app.deps).provider.billing!;
    fake.completeCheckout(await signUp(pkg.slug, 'race@buyer.test', 'month'), 'visa');
    // Stripe has made the second subscription at the old Price; before its answer arrives, the price
    // changes and its sync and the subscribers' fan-out run (they cannot see the subscription yet).
    fake.beforeAnswer = (method, path) =>
      method === 'POST' && path === '/v1/subscriptions'
        ? (async () => {
            await ctx.db.query(
              'UPDATE whitelabel_packages SET monthly_price_cents = 6900, updated_at = $2 WHERE id = $1',
              [pkg.id, new Date(ctx.clock.now().getTime() + 1000)],
            );
            await syncPackage(ctx.db, billing, pkg.id, ctx.clock.now());
            await queueSubscriptionMoves(ctx.db, ctx.app.queue, pkg.id);
          })()
        : undefined;
    try {
      await settle();
    } finally {
      fake.beforeAnswer = null;
    }
    const [fresh] = (
      await ctx.db.query<{ price_ref: string }>(
        'SELECT price_ref FROM payment_prices WHERE package_id = $1 AND amount_cents = 6900',
        [pkg.id],
      )
    ).rows;
    for (const email of ['race-first@buyer.test', 'race@buyer.test']) {
      const ref = (await subscriptionOf(email))!.provider_subscription_ref;
      const moves = fake.requests.filter(
        (r) => r.method === 'POST' && r.path === `/v1/subscriptions/${ref}` && r.form.has('items[0][price]'),
      );
      expect(moves.map((r) => [r.form.get('items[0][price]'), r.form.get('proration_behavior')])).toEqual([
        [fresh!.price_ref, 'none'],
      ]);
      expect((fake.objects.get(ref)!.items as { data: { price: { id: string } }[] }).data[0]!.price.id).toBe(
        fresh!.price_ref,
      );
    }
  });

  it('an older customer.subscription.updated delivered after a newer one changes nothing', async () => {
    const sub = (await subscriptionOf('yearly@buyer.test'))!;
    const object = { ...fake.objects.get(sub.provider_subscription_ref)! };
    const at = Math.floor(Date.now() / 1000) + 400 * 86_400;
    const send = (cancel: boolean, created: number) =>
      fake.deliverTo!({
        ...fake.signedEvent(
          'customer.subscription.updated',
          { ...object, cancel_at_period_end: cancel },
          undefined,
          created,
        ),
        type: 'customer.subscription.updated',
      });
    await send(true, at + 60);
    await send(false, at);
    await settle();
    expect(
      (await ctx.db.query('SELECT cancel_at_period_end FROM whitelabel_subscriptions WHERE id = $1', [sub.id])).rows,
    ).toEqual([{ cancel_at_period_end: true }]);
  });

  it('a package with a trial is subscribed at Stripe with its trial days and the trial fee as the first invoice; the first full-price invoice grants the next period', async () => {
    const pkg = json<{ data: { id: number; slug: string } }>(
      await call('POST', '/api/whitelabel/packages', reseller, {
        ...PACKAGE,
        name: 'With a trial',
        monthly_credits: 300,
        trial_days: 7,
        trial_amount_cents: 100,
      }),
    ).data;
    const email = 'trial@buyer.test';
    fake.completeCheckout(await signUp(pkg.slug, email, 'month'), 'visa');
    await settle();
    const sent = fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/subscriptions').at(-1)!;
    expect(sent.form.get('trial_period_days')).toBe('7');
    expect(sent.form.get('add_invoice_items[0][price_data][unit_amount]')).toBe('100');
    const sub = (await subscriptionOf(email))!;
    const stripeSub = fake.objects.get(sub.provider_subscription_ref)!;
    expect(stripeSub.status).toBe('trialing');
    const paid = async () =>
      (
        await ctx.db.query<{ amount_cents: number }>(
          'SELECT amount_cents FROM whitelabel_payments WHERE subscription_id = $1 ORDER BY id',
          [sub.id],
        )
      ).rows.map((r) => r.amount_cents);
    expect(await paid()).toEqual([100]);
    expect(await periods(sub.id)).toEqual([{ credits: 300, rolled_over: 0 }]);

    fake.advance(sub.provider_subscription_ref);
    await settle();
    expect(await paid()).toEqual([100, 4900]);
    expect(await periods(sub.id)).toEqual([
      { credits: 300, rolled_over: 0 },
      { credits: 300, rolled_over: 300 },
    ]);
    expect((await subscriptionOf(email))!.status).toBe('active');
  });
});
