import type { ApiResponse } from '../../shared/src/api/contract';
import { issueToken } from '../src/auth/tokens';
import { spendCredits } from '../src/credits/ledger';
import { createSandboxPayments, parseSandboxToken, SANDBOX_CARDS, sandboxToken } from '../src/providers/payments';
import { createTestApp, bearer, json, login, DEMO, type TestContext } from './helpers';
import { untilSettled } from './support/until';

/** Polls a condition (no fixed sleep): resolves as soon as it holds, fails after 10 s. */
type Wallet = ApiResponse<'/api/wallet', 'get'>;

describe('wallet (/api/wallet…): cards, validation charge, top-ups, auto top-up', () => {
  let ctx: TestContext;
  let customer: string;
  let reseller: string;
  let basic: string;
  let customerId: number;
  beforeAll(async () => {
    ctx = await createTestApp();
    customer = await login(ctx.app, DEMO.customer);
    reseller = await login(ctx.app, DEMO.reseller);
    basic = await login(ctx.app, DEMO.basic);
    customerId = (await ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO.customer.email]))
      .rows[0]!.id;
  }, 120_000);
  afterAll(() => ctx.close(), 60_000);

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const wallet = async (token = customer) => json<Wallet>(await call('GET', '/api/wallet', token));
  /** What the browser's sandbox card form does: a SetupIntent, the card turned into a token in the page, both handed to the API. */
  async function addCard(
    token: string,
    number: string = SANDBOX_CARDS.success,
    extra: { make_default?: boolean; expYear?: number } = {},
  ) {
    const setup = json<{ setup_intent_id: string; provider: string }>(
      await call('POST', '/api/wallet/cards/setup', token, {}),
    );
    return call('POST', '/api/wallet/cards', token, {
      setup_intent_id: setup.setup_intent_id,
      token: sandboxToken(number, 12, extra.expYear ?? 2030),
      ...(extra.make_default === undefined ? {} : { make_default: extra.make_default }),
    });
  }

  it('needs the wallet module', async () => {
    expect((await call('GET', '/api/wallet', basic)).statusCode).toBe(403);
  });

  it('shows the balance by bucket', async () => {
    const w = await wallet();
    expect(w.balance).toEqual({ monthly: 800, additional: 200, rolled_over: 50, total: 1050 });
    expect(w.cards).toEqual([]);
  });

  it('a top-up or auto top-up without a default card: Please add a default credit card!', async () => {
    const topUp = await call('POST', '/api/wallet/top-ups', customer, { credits: 50 });
    expect(topUp.statusCode).toBe(422);
    expect(json(topUp)).toMatchObject({
      code: 'settings.default_card_required',
      message: 'Please add a default credit card!',
    });
    const auto = await call('PUT', '/api/wallet/auto-top-up', customer, {
      enabled: true,
      threshold: 10,
      amount: 100,
      consent: true,
    });
    expect(json(auto)).toMatchObject({ code: 'settings.default_card_required' });
  });

  it('validates the card input (a card number is refused: the API takes a token); a declined card is not kept', async () => {
    const raw = await call('POST', '/api/wallet/cards', customer, {
      number: SANDBOX_CARDS.success,
      exp_month: 12,
      exp_year: 2030,
      cvc: '123',
    });
    expect(raw.statusCode).toBe(400);
    const setup = json<{ setup_intent_id: string; provider: string; publishable_key: null }>(
      await call('POST', '/api/wallet/cards/setup', customer, {}),
    );
    expect(setup).toMatchObject({ provider: 'sandbox', publishable_key: null });
    const bad = await call('POST', '/api/wallet/cards', customer, {
      setup_intent_id: setup.setup_intent_id,
      token: 'tok_sandbox_nonsense',
    });
    expect(json(bad)).toMatchObject({ code: 'settings.card_invalid', field: 'token' });
    const expired = await addCard(customer, SANDBOX_CARDS.success, { expYear: 2020 });
    expect(json(expired)).toMatchObject({ code: 'settings.card_invalid', field: 'token' });
    const declined = await addCard(customer, SANDBOX_CARDS.decline);
    expect(declined.statusCode).toBe(422);
    expect(json(declined)).toMatchObject({ code: 'settings.card_declined' });
    expect((await wallet()).cards).toEqual([]);
  });

  it('adding a card charges 1 dollar and adds 10 additional credits valid 12 months; it becomes the default', async () => {
    const res = await addCard(customer);
    expect(res.statusCode).toBe(201);
    expect(json(res)).toMatchObject({
      message: 'Payment succeeded!',
      data: { last4: '4242', is_default: true },
      charge: { kind: 'card_validation', amount_cents: 100, credits: 10, status: 'succeeded' },
    });
    expect(json(res)).not.toHaveProperty('data.provider_ref');
    const w = await wallet();
    expect(w.balance).toMatchObject({ additional: 210, total: 1060 });
    expect(w.lots).toEqual([
      expect.objectContaining({ remaining: 10, expires_at: expect.stringMatching(/^2027-03-15/) }),
    ]);
    const second = json<{ data: { id: number; is_default: boolean } }>(await addCard(customer, '5555555555554444'));
    expect(second.data.is_default).toBe(false);
    const made = await call('PUT', `/api/wallet/cards/${second.data.id}/default`, customer);
    expect(json(made)).toMatchObject({ data: { is_default: true } });
    expect((await wallet()).cards.filter((c) => c.is_default).map((c) => c.last4)).toEqual(['4444']);
  });

  it('another account cannot touch the cards (404)', async () => {
    const id = (await wallet()).cards[0]!.id;
    expect((await call('PUT', `/api/wallet/cards/${id}/default`, reseller)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/wallet/cards/${id}`, reseller)).statusCode).toBe(404);
    expect((await call('GET', '/api/wallet/charges/1', reseller)).statusCode).toBe(404);
  });

  it('a top-up charges the default card; a processing payment settles later and is credited once', async () => {
    const before = (await wallet()).balance.total;
    const res = await call('POST', '/api/wallet/top-ups', customer, { credits: 50 });
    expect(res.statusCode).toBe(201);
    expect(json(res)).toMatchObject({
      message: 'Payment succeeded!',
      data: { amount_cents: 500, credits: 50, status: 'succeeded' },
    });
    expect((await wallet()).balance.total).toBe(before + 50);
    expect((await call('POST', '/api/wallet/top-ups', customer, { credits: 5 })).statusCode).toBe(400);

    // A processing card.
    const added = json<{ data: { id: number }; charge: { id: number; status: string }; message: string }>(
      await addCard(customer, SANDBOX_CARDS.processing, { make_default: true }),
    );
    expect(added.charge.status).toBe('processing');
    expect(added.message).toBe('Your payment is processing');
    const mid = (await wallet()).balance.total;
    expect(json(await call('GET', `/api/wallet/charges/${added.charge.id}`, customer))).toMatchObject({
      data: { status: 'processing' },
    });
    ctx.clock.advance(5000);
    expect(json(await call('GET', `/api/wallet/charges/${added.charge.id}`, customer))).toMatchObject({
      data: { status: 'succeeded' },
      message: 'Payment succeeded!',
    });
    await call('GET', `/api/wallet/charges/${added.charge.id}`, customer);
    expect((await wallet()).balance.total).toBe(mid + 10);
    const history = json<{ total: number; data: { kind: string }[] }>(
      await call('GET', '/api/wallet/charges?page=1&pageSize=2', customer),
    );
    expect(history.total).toBe(5); // the declined validation charge stays in the history
    expect(history.data).toHaveLength(2);
    // Back to the always-succeeding card for the next test.
    const cards = (await wallet()).cards;
    const back = await call('PUT', `/api/wallet/cards/${cards.find((c) => c.last4 === '4242')!.id}/default`, customer);
    expect(json(back)).toMatchObject({ data: { last4: '4242', is_default: true } });
  });

  it('auto top-up needs consent; a spend that crosses the threshold charges the default card once', async () => {
    const noConsent = await call('PUT', '/api/wallet/auto-top-up', customer, {
      enabled: true,
      threshold: 10,
      amount: 100,
    });
    expect(json(noConsent)).toMatchObject({ code: 'settings.auto_top_up_consent', field: 'consent' });
    const on = await call('PUT', '/api/wallet/auto-top-up', customer, {
      enabled: true,
      threshold: 100,
      amount: 100,
      consent: true,
    });
    expect(json(on)).toMatchObject({ data: { enabled: true, threshold: 100, amount: 100 } });

    const total = (await wallet()).balance.total;
    // Spend down to 95 (crossing 100) in two parallel spends.
    const spend = total - 95;
    await Promise.all(
      [Math.floor(spend / 2), Math.ceil(spend / 2)].map((n) =>
        ctx.db.transaction((tx) => spendCredits(tx, customerId, n, 'test spend')),
      ),
    );
    // Right after the spend commits, the signal enqueues the charge: wait for that job, then run it.
    await untilSettled(
      async () =>
        (
          await ctx.db.query("SELECT 1 FROM pgboss.job WHERE name = 'auto-top-ups' AND data->>'userId' = $1", [
            String(customerId),
          ])
        ).rowCount > 0,
    );
    await ctx.app.queue.drain();
    expect(
      (
        await ctx.db.query(
          "SELECT 1 FROM settings_payment_charges WHERE user_id = $1 AND kind = 'auto_top_up' AND status = 'succeeded'",
          [customerId],
        )
      ).rowCount,
    ).toBe(1);
    const after = await wallet();
    expect(after.balance.total).toBe(195);
    const autos = await ctx.db.query(
      "SELECT 1 FROM settings_payment_charges WHERE user_id = $1 AND kind = 'auto_top_up'",
      [customerId],
    );
    expect(autos.rowCount).toBe(1);
  });

  it('removing the last card turns auto top-up off', async () => {
    for (const c of (await wallet()).cards)
      expect((await call('DELETE', `/api/wallet/cards/${c.id}`, customer)).statusCode).toBe(200);
    expect((await wallet()).autoTopUp.enabled).toBe(false);
  });

  it('the sandbox keeps the card, charge and refund lifecycle: tokens only, idempotent charges, later declines, refunds, 3-D Secure', async () => {
    const emitted: string[] = [];
    const sandbox = createSandboxPayments(ctx.db, ctx.clock, async (event) => {
      emitted.push(event.type);
    });
    expect(parseSandboxToken(sandboxToken(SANDBOX_CARDS.declineLater, 1, 2031))).toEqual({
      behaviour: 'decline_later',
      brand: 'visa',
      last4: '0341',
      expMonth: 1,
      expYear: 2031,
    });
    const customerRef = await sandbox.createCustomer(
      { userId: customerId, email: DEMO.customer.email },
      'sandbox-test-customer',
    );
    const setup = await sandbox.startSetup(customerRef, {}, 'sandbox-test-setup');
    await expect(
      sandbox.finishSetup(setup.id, 'cus_someone_else', sandboxToken(SANDBOX_CARDS.success)),
    ).rejects.toMatchObject({ code: 'setup_incomplete' });
    const method = await sandbox.finishSetup(setup.id, customerRef, sandboxToken(SANDBOX_CARDS.declineLater, 1, 2031));
    expect(method).toMatchObject({ brand: 'visa', last4: '0341' });
    const request = {
      customerRef,
      paymentMethodRef: method.ref,
      amountCents: 100,
      currency: 'usd' as const,
      description: 'validation',
      idempotencyKey: 'sandbox-test-1',
      offSession: false,
      metadata: {},
    };
    const first = await sandbox.charge(request);
    expect(first.status).toBe('succeeded');
    // The same key is the same charge, never a second one.
    expect(await sandbox.charge(request)).toEqual(first);
    expect(await sandbox.charge({ ...request, idempotencyKey: 'sandbox-test-2' })).toMatchObject({
      status: 'failed',
      failureCode: 'insufficient_funds',
    });
    expect(await sandbox.refund(first.ref!, 'refund-1')).toMatchObject({ status: 'refunded' });
    expect(await sandbox.refund(first.ref!, 'refund-1')).toMatchObject({ status: 'refunded' });
    expect(await sandbox.getCharge(first.ref!)).toMatchObject({ status: 'refunded' });
    const secure = await sandbox.finishSetup(
      (await sandbox.startSetup(customerRef, {}, 'sandbox-test-setup-2')).id,
      customerRef,
      sandboxToken(SANDBOX_CARDS.authenticate),
    );
    const waiting = await sandbox.charge({
      ...request,
      paymentMethodRef: secure.ref,
      idempotencyKey: 'sandbox-test-3',
      offSession: true,
    });
    expect(waiting).toMatchObject({ status: 'requires_action', failureCode: 'authentication_required' });
    expect(await sandbox.authenticate(waiting.ref!)).toMatchObject({ status: 'succeeded' });
    // Each change is emitted once, in Stripe's event names; the stored method has no number hash.
    expect(emitted).toEqual([
      'payment_intent.succeeded',
      'payment_intent.payment_failed',
      'charge.refunded',
      'payment_intent.requires_action',
      'payment_intent.succeeded',
    ]);
    expect(
      (await ctx.db.query('SELECT number_hash FROM settings_sandbox_payment_methods WHERE id = $1', [method.ref])).rows,
    ).toEqual([{ number_hash: null }]);
  });

  it('test mode: the wallet says which provider, and a sandbox 3-D Secure charge is confirmed in the page', async () => {
    const w = json<{ provider: string; test_mode: boolean }>(await call('GET', '/api/wallet', customer));
    expect(w).toMatchObject({ provider: 'sandbox', test_mode: true });
    const added = json<{ charge: { id: number; status: string }; message: string }>(
      await addCard(customer, SANDBOX_CARDS.authenticate),
    );
    expect(added).toMatchObject({
      charge: { status: 'requires_action' },
      message: 'Card must be reconnected for security reasons',
    });
    const before = (await wallet()).balance.total;
    const confirmed = await call('POST', `/api/wallet/charges/${added.charge.id}/confirm`, customer, {});
    expect(json(confirmed)).toMatchObject({
      provider: 'sandbox',
      client_secret: null,
      data: { status: 'succeeded' },
      message: 'Payment succeeded!',
    });
    await ctx.app.queue.drain();
    expect((await wallet()).balance.total).toBe(before + 10);
    expect((await call('POST', `/api/wallet/charges/${added.charge.id}/confirm`, customer, {})).statusCode).toBe(422);
    for (const c of (await wallet()).cards) await call('DELETE', `/api/wallet/cards/${c.id}`, customer);
  });

  it("a reseller's customer buys credits at the credit sale price of its reseller's package, top-up and auto top-up alike", async () => {
    const pkg = await call('POST', '/api/whitelabel/packages', reseller, {
      name: 'Priced credits',
      monthly_price_cents: 1000,
      credit_price_cents: 23,
    });
    expect(pkg.statusCode).toBe(201);
    const sub = await call('POST', '/api/whitelabel/subscriptions', reseller, {
      customer_name: 'Priced Customer',
      email: 'priced@customer.test',
      username: 'pricedcustomer',
      package_id: json<{ data: { id: number } }>(pkg).data.id,
    });
    expect(sub.statusCode).toBe(201);
    const buyerId = json<{ data: { customer_id: number } }>(sub).data.customer_id;
    const buyer = (await issueToken(ctx.db, buyerId, ctx.clock.now(), 24)).token;
    expect(
      json<{ pricing: { centsPerCredit: number } }>(await call('GET', '/api/wallet', buyer)).pricing.centsPerCredit,
    ).toBe(23);
    // The card check stays the $1 validation charge; credits bought cost 23 cents each.
    const added = await addCard(buyer, SANDBOX_CARDS.success, { make_default: true });
    expect(json(added)).toMatchObject({ charge: { kind: 'card_validation', amount_cents: 100 } });
    const res = await call('POST', '/api/wallet/top-ups', buyer, { credits: 50 });
    expect(json(res)).toMatchObject({ data: { amount_cents: 1150, credits: 50, status: 'succeeded' } });
    // An automatic top-up is charged at the same price.
    expect(
      (await call('PUT', '/api/wallet/auto-top-up', buyer, { enabled: true, threshold: 20, amount: 10, consent: true }))
        .statusCode,
    ).toBe(200);
    const left = json<{ balance: { total: number } }>(await call('GET', '/api/wallet', buyer)).balance.total;
    expect(await ctx.db.transaction((tx) => spendCredits(tx, buyerId, left - 15, 'test spend'))).toBe(true);
    await untilSettled(
      async () =>
        (
          await ctx.db.query("SELECT 1 FROM pgboss.job WHERE name = 'auto-top-ups' AND data->>'userId' = $1", [
            String(buyerId),
          ])
        ).rowCount > 0,
    );
    await ctx.app.queue.drain();
    const auto = await ctx.db.query<{ amount_cents: number; credits: number }>(
      "SELECT amount_cents, credits FROM settings_payment_charges WHERE user_id = $1 AND kind = 'auto_top_up'",
      [buyerId],
    );
    expect(auto.rows).toEqual([{ amount_cents: 230, credits: 10 }]);
    // The demo customer (no subscription with its reseller) keeps the default price.
    expect(
      json<{ pricing: { centsPerCredit: number } }>(await call('GET', '/api/wallet', customer)).pricing.centsPerCredit,
    ).toBe(10);
  });
});
