import { issueToken } from '../src/auth/tokens';
import { paymentsFor } from '../src/providers/payments';
import {
  CHECKOUT_LIFETIME_MS,
  SIGNUP_SWEEP_AFTER_MS,
  sweepPendingSignups,
} from '../src/modules/whitelabel/salesPage.service';
import { createTestApp, json, login, DEMO, type TestContext } from './helpers';
import { caller, PACKAGE } from './whitelabel-helpers';
import { startFakeStripe, type FakeStripe } from './fakeStripe';

/**
 * Resellers paid on their own Stripe accounts (issue 25, Stripe Connect): onboarding through an
 * Account Link, a sales-page sign-up paid on Stripe Checkout as a destination charge to the reseller's
 * account with the platform's fee, the account made from the signed checkout.session.completed event
 * (once, however often it comes), refunds made once under concurrency and reversing the transfer.
 */
describe('Stripe Connect for resellers (official SDK, local fake)', () => {
  let fake: FakeStripe;
  let ctx: TestContext;
  let reseller: string;
  let call: ReturnType<typeof caller>;
  let accountId: string;
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
  }, 120_000);
  afterAll(async () => {
    await ctx.close();
    await fake.close();
  }, 60_000);

  const webhook = (event: { payload: string; signature: string }) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      payload: event.payload,
    });
  /** A buyer's sales-page form as the page posts it (Checkout follows for a paid package). */
  const postSalesPage = (slug: string, form: Record<string, string>) =>
    ctx.app.inject({
      method: 'POST',
      url: `/p/${slug}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });

  it('connects the reseller through Stripe onboarding (Account Link); the callback needs the issued state and a finished onboarding', async () => {
    expect(json(await call('GET', '/api/whitelabel/stripe', reseller))).toMatchObject({
      stripe_configured: true,
      data: { connected: false },
    });
    const start = json<{ url: string; mode: string }>(
      await call('POST', '/api/whitelabel/stripe/connect', reseller, {
        redirect_uri: 'http://127.0.0.1:8080/whitelabel/stripe/callback',
      }),
    );
    expect(start.mode).toBe('live');
    expect(start.url).toMatch(/^https:\/\/connect\.stripe\.test\/setup\/acct_/);
    const link = fake.requests.filter((r) => r.path === '/v1/account_links').at(-1)!;
    const back = new URL(link.form.get('return_url')!);
    const code = back.searchParams.get('code')!;
    const state = back.searchParams.get('state')!;
    accountId = code;
    expect(json(await call('POST', '/api/whitelabel/stripe/callback', reseller, { code, state }))).toMatchObject({
      code: 'whitelabel.stripe_incomplete',
      field: 'code',
    });
    expect(
      json(await call('POST', '/api/whitelabel/stripe/callback', reseller, { code: 'acct_someone_else', state })),
    ).toMatchObject({ code: 'whitelabel.stripe_failed' });
    // The reseller finishes onboarding at Stripe, and is sent back.
    fake.objects.get(code)!.details_submitted = true;
    const ok = await call('POST', '/api/whitelabel/stripe/callback', reseller, { code, state });
    expect(json(ok)).toMatchObject({
      code: 'whitelabel.stripe_connected',
      data: { connected: true, mode: 'live', account_id: code },
    });
    // Connecting again reuses the reseller's one Express account.
    await call('POST', '/api/whitelabel/stripe/connect', reseller, {
      redirect_uri: 'http://127.0.0.1:8080/whitelabel/stripe/callback',
    });
    expect([...fake.objects.values()].filter((o) => o.object === 'account')).toHaveLength(1);
  });

  it("a sales-page sign-up pays on Stripe Checkout into the reseller's account; the account is made once from the event; a refund is made once under concurrency", async () => {
    const pkg = json<{ data: { id: number; slug: string } }>(
      await call('POST', '/api/whitelabel/packages', reseller, {
        ...PACKAGE,
        name: 'Connect plan',
        one_time_price_cents: 4900,
      }),
    ).data;
    const page = await ctx.app.inject({ method: 'GET', url: `/p/${pkg.slug}` });
    expect(page.body).not.toContain('f-card-number');
    const form = {
      first_name: 'Con',
      last_name: 'Nect',
      email: 'con.nect@buyer.test',
      password: 'secret1',
      custom_0: 'Con Co',
    };
    const posted = await postSalesPage(pkg.slug, form);
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_/);
    // No account before the payment.
    expect((await ctx.db.query('SELECT 1 FROM users WHERE email = $1', [form.email])).rowCount).toBe(0);
    const sent = fake.requests.find((r) => r.path === '/v1/checkout/sessions')!;
    expect(sent.form.get('payment_intent_data[transfer_data][destination]')).toBe(accountId);
    expect(sent.form.get('payment_intent_data[application_fee_amount]')).toBe('490');
    expect(sent.form.get('line_items[0][price_data][unit_amount]')).toBe('4900');

    const session = fake.completeCheckout(String(posted.headers.location).split('/').pop()!);
    const event = fake.signedEvent('checkout.session.completed', session);
    const deliveries = await Promise.all([webhook(event), webhook(event)]);
    expect(deliveries.map((d) => d.statusCode)).toEqual([200, 200]);
    await ctx.app.queue.drain();
    const customer = await ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [form.email]);
    expect(customer.rowCount).toBe(1);
    const paid = await ctx.db.query<{
      status: string;
      provider: string;
      provider_ref: string;
      connected_account: string;
      application_fee_cents: number;
      subscription_id: number;
    }>(
      'SELECT p.status, p.provider, p.provider_ref, p.connected_account, p.application_fee_cents, p.subscription_id FROM whitelabel_payments p JOIN whitelabel_subscriptions s ON s.id = p.subscription_id WHERE s.customer_id = $1',
      [customer.rows[0]!.id],
    );
    expect(paid.rows).toEqual([
      expect.objectContaining({
        status: 'succeeded',
        provider: 'stripe',
        provider_ref: session.payment_intent,
        connected_account: accountId,
        application_fee_cents: 490,
      }),
    ]);
    const subId = paid.rows[0]!.subscription_id;

    // Two refunds at once: one refund at Stripe, reversing the transfer; the other is refused.
    const [a, b] = await Promise.all([
      call('POST', `/api/whitelabel/subscriptions/${subId}/refund`, reseller),
      call('POST', `/api/whitelabel/subscriptions/${subId}/refund`, reseller),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 422]);
    expect(json([a, b].find((r) => r.statusCode === 200)!)).toMatchObject({
      code: 'whitelabel.subscription_refund',
      data: { status: 'canceled' },
    });
    expect(fake.refunds()).toEqual([
      expect.objectContaining({ payment_intent: session.payment_intent, reverse_transfer: true }),
    ]);
    // Stripe's charge.refunded event for it changes nothing more.
    await webhook(
      fake.signedEvent('charge.refunded', {
        id: 'ch_fake',
        object: 'charge',
        payment_intent: session.payment_intent,
        refunded: true,
      }),
    );
    await ctx.app.queue.drain();
    expect(
      (
        await ctx.db.query("SELECT 1 FROM whitelabel_usage_events WHERE subscription_id = $1 AND event = 'refunded'", [
          subId,
        ])
      ).rowCount,
    ).toBe(1);
    expect(json(await call('POST', `/api/whitelabel/subscriptions/${subId}/refund`, reseller))).toMatchObject({
      code: 'whitelabel.nothing_to_refund',
    });
  });

  it('a checkout paid after its email was taken is refunded, not kept', async () => {
    const pkg = json<{ data: { slug: string } }>(
      await call('POST', '/api/whitelabel/packages', reseller, {
        ...PACKAGE,
        name: 'Connect race',
        one_time_price_cents: 4900,
      }),
    ).data;
    const form = {
      first_name: 'Ra',
      last_name: 'Ce',
      email: 'race@buyer.test',
      password: 'secret1',
      custom_0: 'Race Co',
    };
    const post = () => postSalesPage(pkg.slug, form);
    const first = await post();
    const second = await post();
    const [one, two] = [first, second].map((r) => fake.completeCheckout(String(r.headers.location).split('/').pop()!));
    await webhook(fake.signedEvent('checkout.session.completed', one!));
    await webhook(fake.signedEvent('checkout.session.completed', two!));
    await ctx.app.queue.drain();
    // Whichever event is processed first makes the account; the other payment goes back, once.
    const signups = (
      await ctx.db.query<{ status: string; payment_ref: string }>(
        'SELECT status, payment_ref FROM whitelabel_signups WHERE email = $1 ORDER BY status',
        [form.email],
      )
    ).rows;
    expect(signups.map((r) => r.status)).toEqual(['completed', 'refunded']);
    expect((await ctx.db.query('SELECT 1 FROM users WHERE email = $1', [form.email])).rowCount).toBe(1);
    const refunded = signups[1]!.payment_ref;
    expect([one!.payment_intent, two!.payment_intent]).toContain(refunded);
    expect(
      fake
        .refunds()
        .filter((r) => r.payment_intent === one!.payment_intent || r.payment_intent === two!.payment_intent),
    ).toEqual([expect.objectContaining({ payment_intent: refunded })]);
  });

  it('a reseller at its sub-account limit takes no Stripe Checkout sign-up: refused on the page before any Checkout, and a Checkout paid after the last place went is refunded with no account made', async () => {
    const pkg = json<{ data: { slug: string } }>(
      await call('POST', '/api/whitelabel/packages', reseller, {
        ...PACKAGE,
        name: 'Connect full',
        one_time_price_cents: 4900,
      }),
    ).data;
    const owner = (await ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO.reseller.email]))
      .rows[0]!.id;
    const limitBefore = (
      await ctx.db.query<{ sub_account_limit: number | null }>('SELECT sub_account_limit FROM users WHERE id = $1', [
        owner,
      ])
    ).rows[0]!.sub_account_limit;
    /** The reseller's limit set to its customers so far plus `room`. */
    const limitTo = (room: number) =>
      ctx.db.query(
        `UPDATE users u SET sub_account_limit = (SELECT count(*) FROM users c WHERE c.parent_id = u.id AND c.user_type = 'customer' AND c.deleted_at IS NULL) + $2 WHERE id = $1`,
        [owner, room],
      );
    const post = (email: string) =>
      postSalesPage(pkg.slug, { first_name: 'Ful', last_name: 'L', email, password: 'secret1', custom_0: 'Full Co' });
    const checkouts = (email: string) =>
      fake.requests.filter((r) => r.path === '/v1/checkout/sessions' && r.form.get('customer_email') === email);
    const accounts = async (email: string) =>
      (await ctx.db.query('SELECT 1 FROM users WHERE email = $1', [email])).rowCount;
    try {
      // No room left: the page says so and nothing is asked of Stripe.
      await limitTo(0);
      const refused = await post('full.page@buyer.test');
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain('This offer is not taking new sign-ups right now.');
      expect(checkouts('full.page@buyer.test')).toHaveLength(0);
      expect(
        (await ctx.db.query('SELECT 1 FROM whitelabel_signups WHERE email = $1', ['full.page@buyer.test'])).rowCount,
      ).toBe(0);
      expect(await accounts('full.page@buyer.test')).toBe(0);

      // One place left when the buyer goes to Checkout; it is gone when the payment's event comes: refunded, once, no account.
      await limitTo(1);
      const posted = await post('full.later@buyer.test');
      expect(posted.statusCode).toBe(303);
      expect(checkouts('full.later@buyer.test')).toHaveLength(1);
      await limitTo(0);
      const session = fake.completeCheckout(String(posted.headers.location).split('/').pop()!);
      const event = fake.signedEvent('checkout.session.completed', session);
      await webhook(event);
      await webhook(event);
      await ctx.app.queue.drain();
      expect(
        (
          await ctx.db.query<{ status: string; payment_ref: string }>(
            'SELECT status, payment_ref FROM whitelabel_signups WHERE email = $1',
            ['full.later@buyer.test'],
          )
        ).rows,
      ).toEqual([{ status: 'refunded', payment_ref: session.payment_intent }]);
      expect(await accounts('full.later@buyer.test')).toBe(0);
      expect(fake.refunds().filter((r) => r.payment_intent === session.payment_intent)).toHaveLength(1);
    } finally {
      await ctx.db.query('UPDATE users SET sub_account_limit = $2 WHERE id = $1', [owner, limitBefore]);
    }
  });

  it('Stripe Billing events map onto the subscription: a paid invoice grants its period once, a failed one makes it past due, deletion ends it', async () => {
    const pkg = json<{ data: { id: number } }>(
      await call('POST', '/api/whitelabel/packages', reseller, {
        ...PACKAGE,
        name: 'Billed at Stripe',
        monthly_credits: 300,
      }),
    ).data;
    const created = json<{ data: { id: number; customer_id: number } }>(
      await call('POST', '/api/whitelabel/subscriptions', reseller, {
        customer_name: 'Bill Ing',
        email: 'bill.ing@buyer.test',
        username: 'billing-at-stripe',
        package_id: pkg.id,
      }),
    ).data;
    await ctx.db.query(
      `UPDATE whitelabel_subscriptions SET billing_provider = 'stripe', provider_subscription_ref = 'sub_fake_billing' WHERE id = $1`,
      [created.id],
    );
    const periods = async () =>
      (await ctx.db.query('SELECT 1 FROM subscription_periods WHERE subscription_id = $1', [created.id])).rowCount;
    const before = await periods();
    const start = Math.floor(ctx.clock.now().getTime() / 1000) + 31 * 86_400;
    const invoice = {
      id: 'in_fake_1',
      object: 'invoice',
      status: 'paid',
      parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_fake_billing' } },
      lines: { object: 'list', data: [{ period: { start, end: start + 30 * 86_400 } }] },
    };
    const paid = fake.signedEvent('invoice.paid', invoice);
    await webhook(paid);
    await webhook(paid);
    await webhook(fake.signedEvent('invoice.paid', invoice));
    await ctx.app.queue.drain();
    expect(await periods()).toBe(before + 1);

    await webhook(fake.signedEvent('invoice.payment_failed', { ...invoice, id: 'in_fake_2', status: 'open' }));
    await ctx.app.queue.drain();
    const status = async () =>
      (
        await ctx.db.query<{ status: string; cancel_at_period_end: boolean }>(
          'SELECT status, cancel_at_period_end FROM whitelabel_subscriptions WHERE id = $1',
          [created.id],
        )
      ).rows[0];
    expect(await status()).toMatchObject({ status: 'past_due' });
    await webhook(
      fake.signedEvent('customer.subscription.updated', {
        id: 'sub_fake_billing',
        object: 'subscription',
        status: 'past_due',
        cancel_at_period_end: true,
      }),
    );
    await ctx.app.queue.drain();
    expect(await status()).toMatchObject({ cancel_at_period_end: true });
    await webhook(
      fake.signedEvent('customer.subscription.deleted', {
        id: 'sub_fake_billing',
        object: 'subscription',
        status: 'canceled',
      }),
    );
    await ctx.app.queue.drain();
    expect(await status()).toMatchObject({ status: 'canceled' });
    expect(
      (
        await ctx.db.query<{ subscription_status: string }>('SELECT subscription_status FROM users WHERE id = $1', [
          created.customer_id,
        ])
      ).rows[0],
    ).toEqual({ subscription_status: 'inactive' });
  });

  it('sign-ups whose Checkout event never came: the sweep makes the paid one, ends the one whose session was never made, and expires an abandoned session at Stripe before ending its sign-up', async () => {
    // The fake dates its objects by the real time: the app's clock starts there.
    ctx.clock.set(new Date());
    reseller = await login(ctx.app, DEMO.reseller);
    const sweep = () => sweepPendingSignups(ctx.app.deps, paymentsFor(ctx.app.deps));
    const pkg = json<{ data: { id: number; slug: string } }>(
      await call('POST', '/api/whitelabel/packages', reseller, {
        ...PACKAGE,
        name: 'Connect sweep',
        one_time_price_cents: 2900,
      }),
    ).data;
    const post = (email: string) =>
      postSalesPage(pkg.slug, { first_name: 'Swe', last_name: 'Ep', email, password: 'secret1', custom_0: 'Sweep Co' });
    const sessionId = (r: { headers: Record<string, unknown> }) => String(r.headers.location).split('/').pop()!;
    const paid = sessionId(await post('sweep.paid@buyer.test'));
    const abandoned = sessionId(await post('sweep.gone@buyer.test'));
    fake.completeCheckout(paid); // its event is never delivered
    const owner = (await ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO.reseller.email]))
      .rows[0]!.id;
    // The process died between the sign-up's row and its Checkout Session.
    await ctx.db.query(
      `INSERT INTO whitelabel_signups (owner_id, package_id, email, form, password_hash, amount_cents, status, created_at, updated_at)
       VALUES ($1, $2, 'sweep.lost@buyer.test', '{}'::jsonb, 'x', 2900, 'pending', $3, $3)`,
      [owner, pkg.id, ctx.clock.now()],
    );
    const statusOf = async (email: string) =>
      (await ctx.db.query<{ status: string }>('SELECT status FROM whitelabel_signups WHERE email = $1', [email]))
        .rows[0]?.status;

    // Not late yet: the events may still come.
    expect(await sweep()).toBe(0);
    ctx.clock.advance(SIGNUP_SWEEP_AFTER_MS + 60_000);
    expect(await sweep()).toBe(2);
    await ctx.app.queue.drain();
    expect(await statusOf('sweep.paid@buyer.test')).toBe('completed');
    expect((await ctx.db.query('SELECT 1 FROM users WHERE email = $1', ['sweep.paid@buyer.test'])).rowCount).toBe(1);
    expect(await statusOf('sweep.lost@buyer.test')).toBe('expired');
    // The abandoned session is still open at Stripe within its lifetime: its sign-up waits.
    expect(await statusOf('sweep.gone@buyer.test')).toBe('pending');
    expect(fake.requests.some((r) => r.path === `/v1/checkout/sessions/${abandoned}/expire`)).toBe(false);

    ctx.clock.advance(CHECKOUT_LIFETIME_MS);
    expect(await sweep()).toBe(1);
    expect(fake.objects.get(abandoned)).toMatchObject({ status: 'expired' });
    expect(await statusOf('sweep.gone@buyer.test')).toBe('expired');
    expect((await ctx.db.query('SELECT 1 FROM users WHERE email = $1', ['sweep.gone@buyer.test'])).rowCount).toBe(0);
    // Its checkout.session.expired event arriving late changes nothing; the next sweep finds nothing.
    await webhook(fake.signedEvent('checkout.session.expired', fake.objects.get(abandoned)!));
    await ctx.app.queue.drain();
    expect(await sweep()).toBe(0);
  });

  it("a reseller's customer buys credits at the reseller's credit sale price, paid to the reseller's connected account less the platform fee", async () => {
    reseller = await login(ctx.app, DEMO.reseller);
    const pkg = json<{ data: { id: number } }>(
      await call('POST', '/api/whitelabel/packages', reseller, {
        ...PACKAGE,
        name: 'Connect credits',
        credit_price_cents: 23,
      }),
    ).data;
    const created = await call('POST', '/api/whitelabel/subscriptions', reseller, {
      customer_name: 'Connect Buyer',
      email: 'connect.credits@buyer.test',
      username: 'connectcredits',
      package_id: pkg.id,
    });
    expect(created.statusCode).toBe(201);
    const buyer = (
      await issueToken(ctx.db, json<{ data: { customer_id: number } }>(created).data.customer_id, ctx.clock.now(), 24)
    ).token;
    const setup = json<{ setup_intent_id: string }>(await call('POST', '/api/wallet/cards/setup', buyer, {}));
    fake.confirmSetup(setup.setup_intent_id, 'visa');
    expect(
      (await call('POST', '/api/wallet/cards', buyer, { setup_intent_id: setup.setup_intent_id, make_default: true }))
        .statusCode,
    ).toBe(201);
    const charge = json<{ data: { id: number; status: string; amount_cents: number } }>(
      await call('POST', '/api/wallet/top-ups', buyer, { credits: 50 }),
    ).data;
    expect(charge).toMatchObject({ status: 'succeeded', amount_cents: 1150 });
    const sent = fake.requests.filter(
      (r) =>
        r.method === 'POST' &&
        r.path === '/v1/payment_intents' &&
        r.form.get('metadata[charge_id]') === String(charge.id),
    );
    expect(
      sent.map((r) => [
        r.form.get('amount'),
        r.form.get('transfer_data[destination]'),
        r.form.get('application_fee_amount'),
      ]),
    ).toEqual([['1150', accountId, '115']]);
    // The reseller sees it among its customers' credit purchases, paid to its account.
    const purchases = json<{ data: { id: number; paid_to_you: boolean }[] }>(
      await call('GET', '/api/whitelabel/credit-purchases', reseller),
    ).data;
    expect(purchases.find((p) => p.id === charge.id)).toMatchObject({ paid_to_you: true });
  });
});
