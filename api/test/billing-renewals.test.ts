import { grantCredits, spendCredits } from '../src/credits/ledger';
import { grantPaidPeriod, markRenewalFailed } from '../src/credits/periodGrant';
import { renewDueSubscriptions } from '../src/credits/renewals';
import { CREDIT_EXPIRY, SUBSCRIPTION_RENEWALS } from '../src/workers/subscriptionRenewals';
import { loadConfig } from '../src/config';
import { paymentsFor, SANDBOX_CARDS, sandboxToken } from '../src/providers/payments';
import { createTestApp, DEMO, json, login, type TestContext } from './helpers';
import { caller, PACKAGE } from './whitelabel-helpers';

const DAY = 86_400_000;

interface Wallet {
  monthly: number;
  additional: number;
  rolled_over: number;
}

describe('subscriptions that renew: a paid period grants its credits once, unused monthly credits roll over', () => {
  let ctx: TestContext;
  let reseller: string;
  let call: ReturnType<typeof caller>;
  let packageId: number;
  beforeAll(async () => {
    // The clock moves months ahead: the reseller's session outlives it.
    ctx = await createTestApp({ config: { tokenTtlHours: 24 * 800 } });
    // ...and so does the reseller's licence (the seed's ends a year on; expiry: accounts-license.test.ts).
    await ctx.db.query(`UPDATE users SET license_expires_at = NULL WHERE email = $1`, [DEMO.reseller.email]);
    call = caller(ctx);
    reseller = await login(ctx.app, DEMO.reseller);
    const created = await call('POST', '/api/whitelabel/packages', reseller, {
      ...PACKAGE,
      monthly_credits: 500,
      search_limit: 40,
    });
    packageId = json<{ data: { id: number } }>(created).data.id;
  }, 120_000);
  afterAll(async () => {
    await ctx.close();
  }, 60_000);

  const wallet = async (userId: number): Promise<Wallet> =>
    (
      await ctx.db.query<Wallet>('SELECT monthly, additional, rolled_over FROM credit_wallets WHERE user_id = $1', [
        userId,
      ])
    ).rows[0]!;
  const ledgerMatches = async (userId: number) => {
    const sums = (
      await ctx.db.query<{ bucket: keyof Wallet; n: number }>(
        'SELECT bucket, sum(delta)::int AS n FROM credit_ledger WHERE user_id = $1 GROUP BY bucket',
        [userId],
      )
    ).rows;
    const w = await wallet(userId);
    for (const bucket of ['monthly', 'additional', 'rolled_over'] as const)
      expect(sums.find((s) => s.bucket === bucket)?.n ?? 0).toBe(w[bucket]);
  };
  const subscribe = async (username: string, packageOverride?: number) => {
    const res = await call('POST', '/api/whitelabel/subscriptions', reseller, {
      customer_name: `Rene ${username}`,
      email: `${username}@renewals.test`,
      username,
      package_id: packageOverride ?? packageId,
    });
    expect(res.statusCode).toBe(201);
    return json<{ data: { id: number; customer_id: number } }>(res).data;
  };
  const modulesOf = async (userId: number) =>
    (
      await ctx.db.query<{ slug: string }>(
        'SELECT m.slug FROM user_modules um JOIN modules m ON m.id = um.module_id WHERE um.user_id = $1 ORDER BY m.slug',
        [userId],
      )
    ).rows.map((r) => r.slug);

  it("the first period grants the monthly credits and sets the package's own search limit (not the credits)", async () => {
    const sub = await subscribe('first');
    expect(await wallet(sub.customer_id)).toEqual({ monthly: 500, additional: 0, rolled_over: 0 });
    const user = (
      await ctx.db.query<{ search_limit: number }>('SELECT search_limit FROM users WHERE id = $1', [sub.customer_id])
    ).rows[0]!;
    expect(user.search_limit).toBe(40);
    // The provider reporting the same first period a little later (its own timestamps) grants nothing more.
    const start = new Date(ctx.clock.now().getTime() + 5_000);
    const again = await grantPaidPeriod(ctx.db, {
      subscriptionId: sub.id,
      periodStart: start,
      periodEnd: new Date(start.getTime() + 31 * DAY),
      sourceEventId: 'in_first_invoice',
    });
    expect(again).toEqual({ granted: false, reason: 'duplicate' });
    expect((await wallet(sub.customer_id)).monthly).toBe(500);
  });

  it('moving the clock a month renews: leftover monthly credits roll over, the month is granted once however often the job runs', async () => {
    const sub = await subscribe('renewer');
    await ctx.db.transaction(async (tx) => {
      expect(await spendCredits(tx, sub.customer_id, 200, 'Test search', { now: ctx.clock.now() })).toBe(true);
    });
    ctx.clock.advance(32 * DAY);
    await ctx.app.queue.send(SUBSCRIPTION_RENEWALS, {});
    await ctx.app.queue.drain();
    expect(await wallet(sub.customer_id)).toEqual({ monthly: 500, additional: 0, rolled_over: 300 });
    // Run again, and twice at once: nothing more.
    const runs = await Promise.all([
      renewDueSubscriptions(ctx.db, ctx.clock.now()),
      renewDueSubscriptions(ctx.db, ctx.clock.now()),
    ]);
    expect(runs).toEqual([0, 0]);
    expect(await wallet(sub.customer_id)).toEqual({ monthly: 500, additional: 0, rolled_over: 300 });
    await ledgerMatches(sub.customer_id);
    const events = (
      await ctx.db.query<{ event: string }>(
        'SELECT event FROM whitelabel_usage_events WHERE subscription_id = $1 ORDER BY id',
        [sub.id],
      )
    ).rows.map((r) => r.event);
    expect(events).toEqual(['created', 'renewed']);
    const periods = (
      await ctx.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM subscription_periods WHERE subscription_id = $1',
        [sub.id],
      )
    ).rows[0]!.n;
    expect(periods).toBe(2);
    const listed = json<{ current_period_end: string; status: string }>(
      await call('GET', `/api/whitelabel/subscriptions/${sub.id}`, reseller),
    );
    expect(listed.status).toBe('active');
    expect(new Date(listed.current_period_end).getTime()).toBeGreaterThan(ctx.clock.now().getTime());
  });

  it('one provider event replayed, or delivered twice at once, grants its period once', async () => {
    const sub = await subscribe('replayed');
    const start = new Date(ctx.clock.now().getTime() + 40 * DAY);
    const period = {
      subscriptionId: sub.id,
      periodStart: start,
      periodEnd: new Date(start.getTime() + 30 * DAY),
      sourceEventId: 'evt_replayed_1',
    };
    const outcomes = await Promise.all([grantPaidPeriod(ctx.db, period), grantPaidPeriod(ctx.db, period)]);
    expect(outcomes.filter((o) => o.granted)).toHaveLength(1);
    expect(await grantPaidPeriod(ctx.db, { ...period, periodStart: new Date(start.getTime() + 1000) })).toEqual({
      granted: false,
      reason: 'duplicate',
    });
    expect(await wallet(sub.customer_id)).toEqual({ monthly: 500, additional: 0, rolled_over: 500 });
    await ledgerMatches(sub.customer_id);
  });

  it('a failed renewal makes the subscription past due and pauses access; the next paid period restores it', async () => {
    const sub = await subscribe('lapsing');
    expect(await modulesOf(sub.customer_id)).toEqual(['leads', 'wallet']);
    expect(await markRenewalFailed(ctx.db, { subscriptionId: sub.id, sourceEventId: 'evt_failed_1' })).toEqual({
      changed: true,
      paused: true,
    });
    expect(await markRenewalFailed(ctx.db, { subscriptionId: sub.id, sourceEventId: 'evt_failed_1' })).toEqual({
      changed: false,
      reason: 'not_active',
    });
    expect(await modulesOf(sub.customer_id)).toEqual([]);
    const listed = json<{ status: string }>(await call('GET', `/api/whitelabel/subscriptions/${sub.id}`, reseller));
    expect(listed.status).toBe('past_due');
    const filtered = json<{ data: { id: number }[] }>(
      await call('GET', '/api/whitelabel/subscriptions?status=past_due', reseller),
    ).data.map((s) => s.id);
    expect(filtered).toContain(sub.id);
    const start = new Date(ctx.clock.now().getTime() + 31 * DAY);
    expect(
      (
        await grantPaidPeriod(ctx.db, {
          subscriptionId: sub.id,
          periodStart: start,
          periodEnd: new Date(start.getTime() + 30 * DAY),
          sourceEventId: 'evt_paid_late',
        })
      ).granted,
    ).toBe(true);
    expect(await modulesOf(sub.customer_id)).toEqual(['leads', 'wallet']);
    expect(
      json<{ status: string }>(await call('GET', `/api/whitelabel/subscriptions/${sub.id}`, reseller)).status,
    ).toBe('active');
  });

  it("a package that keeps access while past due keeps the customer's modules", async () => {
    const kept = json<{ data: { id: number } }>(
      await call('POST', '/api/whitelabel/packages', reseller, {
        ...PACKAGE,
        name: 'Lenient',
        past_due_access: 'keep',
      }),
    ).data.id;
    const sub = await subscribe('lenient', kept);
    expect(await markRenewalFailed(ctx.db, { subscriptionId: sub.id, sourceEventId: 'evt_failed_2' })).toEqual({
      changed: true,
      paused: false,
    });
    expect(await modulesOf(sub.customer_id)).toEqual(['leads', 'wallet']);
    const bad = await call('POST', '/api/whitelabel/packages', reseller, {
      ...PACKAGE,
      past_due_access: 'sometimes',
      search_limit: -1,
    });
    expect(
      json<{ errors: { field: string }[] }>(bad)
        .errors.map((e) => e.field)
        .sort(),
    ).toEqual(['past_due_access', 'search_limit']);
  });

  it('purchased credits expire after 12 months through the scheduled job, with a ledger entry', async () => {
    const sub = await subscribe('expiring');
    await ctx.db.transaction((tx) =>
      grantCredits(tx, sub.customer_id, 70, 'additional', 'Credits purchased', { now: ctx.clock.now() }),
    );
    expect((await wallet(sub.customer_id)).additional).toBe(70);
    ctx.clock.advance(366 * DAY);
    await ctx.app.queue.send(CREDIT_EXPIRY, {});
    await ctx.app.queue.drain();
    expect((await wallet(sub.customer_id)).additional).toBe(0);
    const expired = (
      await ctx.db.query<{ delta: number }>(
        "SELECT delta FROM credit_ledger WHERE user_id = $1 AND reason = 'Additional credits expired'",
        [sub.customer_id],
      )
    ).rows;
    expect(expired).toEqual([{ delta: -70 }]);
    await ledgerMatches(sub.customer_id);
  });

  it("a package's new price in test mode: the period paid stays as paid, the next renewal charges the new amount", async () => {
    const pkg = json<{ data: { id: number; slug: string } }>(
      await call('POST', '/api/whitelabel/packages', reseller, { ...PACKAGE, name: 'Repriced in test mode' }),
    ).data;
    const form = {
      first_name: 'Re',
      last_name: 'Priced',
      email: 'repriced@renewals.test',
      password: 'secret1',
      custom_0: 'Price Co',
      billing_interval: 'month',
      card_token: sandboxToken(SANDBOX_CARDS.success),
    };
    const posted = await ctx.app.inject({
      method: 'POST',
      url: `/p/${pkg.slug}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });
    expect(posted.statusCode).toBe(201);
    const sub = (
      await ctx.db.query<{ id: number; customer_id: number }>(
        'SELECT s.id, s.customer_id FROM whitelabel_subscriptions s JOIN users u ON u.id = s.customer_id WHERE u.email = $1',
        [form.email],
      )
    ).rows[0]!;
    const payments = async () =>
      (
        await ctx.db.query<{ amount_cents: number }>(
          'SELECT amount_cents FROM whitelabel_payments WHERE subscription_id = $1 ORDER BY id',
          [sub.id],
        )
      ).rows.map((r) => r.amount_cents);
    expect(await payments()).toEqual([4900]);
    // The clock goes back afterwards: the later tests' months stay within the reseller's session.
    const before = ctx.clock.now();

    ctx.clock.advance(10 * DAY);
    expect(
      (
        await call('PUT', `/api/whitelabel/packages/${pkg.id}`, reseller, {
          ...PACKAGE,
          name: 'Repriced in test mode',
          monthly_price_cents: 5900,
        })
      ).statusCode,
    ).toBe(200);
    await ctx.app.queue.drain();
    await renewDueSubscriptions(ctx.db, ctx.clock.now());
    expect(await payments()).toEqual([4900]);

    ctx.clock.advance(25 * DAY);
    await renewDueSubscriptions(ctx.db, ctx.clock.now());
    expect(await payments()).toEqual([4900, 5900]);
    ctx.clock.set(before);
  });

  it("a sandbox subscription reactivated after it ended pays its new period at the package's amount now", async () => {
    const pkg = json<{ data: { id: number; slug: string } }>(
      await call('POST', '/api/whitelabel/packages', reseller, { ...PACKAGE, name: 'Reactivated in test mode' }),
    ).data;
    const form = {
      first_name: 'Re',
      last_name: 'Active',
      email: 'reactivated@renewals.test',
      password: 'secret1',
      custom_0: 'Back Co',
      billing_interval: 'month',
      card_token: sandboxToken(SANDBOX_CARDS.success),
    };
    const posted = await ctx.app.inject({
      method: 'POST',
      url: `/p/${pkg.slug}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });
    expect(posted.statusCode).toBe(201);
    const sub = (
      await ctx.db.query<{ id: number; customer_id: number }>(
        'SELECT s.id, s.customer_id FROM whitelabel_subscriptions s JOIN users u ON u.id = s.customer_id WHERE u.email = $1',
        [form.email],
      )
    ).rows[0]!;
    const payments = async () =>
      (
        await ctx.db.query<{ amount_cents: number }>(
          'SELECT amount_cents FROM whitelabel_payments WHERE subscription_id = $1 ORDER BY id',
          [sub.id],
        )
      ).rows.map((r) => r.amount_cents);
    expect((await call('POST', `/api/whitelabel/subscriptions/${sub.id}/cancel`, reseller)).statusCode).toBe(200);
    expect(
      (
        await call('PUT', `/api/whitelabel/packages/${pkg.id}`, reseller, {
          ...PACKAGE,
          name: 'Reactivated in test mode',
          monthly_price_cents: 5900,
        })
      ).statusCode,
    ).toBe(200);
    // The clock goes back afterwards: the later tests' months stay within the reseller's session.
    const before = ctx.clock.now();
    ctx.clock.advance(31 * DAY);
    try {
      const later = await login(ctx.app, DEMO.reseller);
      expect(json(await call('GET', `/api/whitelabel/subscriptions/${sub.id}`, later))).toMatchObject({
        status: 'canceled',
      });
      expect(json(await call('POST', `/api/whitelabel/subscriptions/${sub.id}/reactivate`, later))).toMatchObject({
        data: { status: 'active' },
      });
      expect(await payments()).toEqual([4900, 5900]);
      await ledgerMatches(sub.customer_id);
    } finally {
      ctx.clock.set(before);
    }
  });

  it('a sales-page sign-up paid yearly in test mode pays a year, gets its credits month by month, and pays the next year after twelve months', async () => {
    const slug = (
      await ctx.db.query<{ slug: string }>('SELECT slug FROM whitelabel_packages WHERE id = $1', [packageId])
    ).rows[0]!.slug;
    const form = {
      first_name: 'Yea',
      last_name: 'Rly',
      email: 'yearly@renewals.test',
      password: 'secret1',
      custom_0: 'Year Co',
      billing_interval: 'year',
      card_token: sandboxToken(SANDBOX_CARDS.success),
    };
    const posted = await ctx.app.inject({
      method: 'POST',
      url: `/p/${slug}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });
    expect(posted.statusCode).toBe(201);
    const sub = (
      await ctx.db.query<{ id: number; customer_id: number; billing_interval: string; current_period_end: Date }>(
        'SELECT s.id, s.customer_id, s.billing_interval, s.current_period_end FROM whitelabel_subscriptions s JOIN users u ON u.id = s.customer_id WHERE u.email = $1',
        [form.email],
      )
    ).rows[0]!;
    expect(sub.billing_interval).toBe('year');
    const start = ctx.clock.now();
    expect(Math.round((sub.current_period_end.getTime() - start.getTime()) / DAY)).toBeGreaterThanOrEqual(365);
    const payments = async () =>
      (
        await ctx.db.query<{ amount_cents: number }>(
          'SELECT amount_cents FROM whitelabel_payments WHERE subscription_id = $1 ORDER BY id',
          [sub.id],
        )
      ).rows.map((r) => r.amount_cents);
    const periods = async () =>
      (
        await ctx.db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM subscription_periods WHERE subscription_id = $1',
          [sub.id],
        )
      ).rows[0]!.n;
    expect(await payments()).toEqual([49000]);

    ctx.clock.set(new Date(start.getTime() + 340 * DAY));
    await renewDueSubscriptions(ctx.db, ctx.clock.now());
    expect(await periods()).toBe(12);
    expect(await payments()).toEqual([49000]);

    ctx.clock.set(new Date(start.getTime() + 370 * DAY));
    await renewDueSubscriptions(ctx.db, ctx.clock.now());
    expect(await periods()).toBe(13);
    expect(await payments()).toEqual([49000, 49000]);
    await ledgerMatches(sub.customer_id);
  });

  it('the test clock hook exists only with TEST_CLOCK, which production refuses', async () => {
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/dev/clock', payload: { advance_days: 31 } })).statusCode,
    ).toBe(404);
    expect(() =>
      loadConfig(
        {
          NODE_ENV: 'production',
          TEST_CLOCK: '1',
          APP_SECRET: 'a-production-secret-1234',
          CHAT_WIDGET_SECRET: 'chat-secret',
        },
        process.cwd(),
      ),
    ).toThrow(/TEST_CLOCK/);
  });

  it("Stripe's invoice.paid grants the invoice's period once (a replayed event too); invoice.payment_failed makes it past due", async () => {
    const sub = await subscribe('stripey');
    await ctx.db.query(
      "UPDATE whitelabel_subscriptions SET billing_provider = 'stripe', provider_subscription_ref = 'sub_123' WHERE id = $1",
      [sub.id],
    );
    const payments = paymentsFor(ctx.app.deps);
    const start = Math.floor(ctx.clock.now().getTime() / 1000) + 31 * 86_400;
    const invoice = (id: string, type: string) => ({
      id,
      type,
      created: start,
      data: {
        object: {
          id: `in_${id}`,
          parent: { subscription_details: { subscription: 'sub_123' } },
          lines: { data: [{ period: { start, end: start + 30 * 86_400 } }] },
        },
      },
    });
    expect(await payments.events.record('sandbox', invoice('evt_paid_1', 'invoice.paid'))).toBe(true);
    expect(await payments.events.record('sandbox', invoice('evt_paid_1', 'invoice.paid'))).toBe(false);
    await ctx.app.queue.drain();
    expect(await wallet(sub.customer_id)).toEqual({ monthly: 500, additional: 0, rolled_over: 500 });
    await payments.events.record('sandbox', invoice('evt_failed_9', 'invoice.payment_failed'));
    await ctx.app.queue.drain();
    expect(
      json<{ status: string }>(await call('GET', `/api/whitelabel/subscriptions/${sub.id}`, reseller)).status,
    ).toBe('past_due');
    await ledgerMatches(sub.customer_id);
  });
});
