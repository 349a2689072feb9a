import { spendCredits, walletBalance } from '../src/credits/ledger';
import { PAYMENT_RECONCILE } from '../src/workers/paymentReconcile';
import { createTestApp, bearer, json, login, DEMO, type TestContext } from './helpers';
import { startFakeStripe, type FakeStripe, type TestCard } from './fakeStripe';

/**
 * Stripe through the official SDK against a local fake of Stripe's API (issue 25): cards saved by
 * SetupIntents confirmed in the browser (the API sees no card number), PaymentIntents with idempotency
 * keys, 3-D Secure (requires_action), signed webhooks processed once, and the reconciliation of a
 * charge whose answer was lost.
 */
describe('payments on Stripe (official SDK, local fake)', () => {
  let fake: FakeStripe;
  let ctx: TestContext;
  let customer: string;
  let customerId: number;
  beforeAll(async () => {
    fake = await startFakeStripe();
    process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1';
    process.env.STRIPE_SECRET_KEY = fake.secretKey;
    process.env.STRIPE_PUBLISHABLE_KEY = 'pk_test_fake_leadsmith';
    process.env.STRIPE_WEBHOOK_SECRET = fake.webhookSecret;
    process.env.STRIPE_API_BASE = fake.url;
    ctx = await createTestApp();
    customer = await login(ctx.app, DEMO.customer);
    customerId = (await ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO.customer.email]))
      .rows[0]!.id;
  }, 120_000);
  afterAll(async () => {
    await ctx.close();
    await fake.close();
  }, 60_000);

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = customer) =>
    ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const total = async () => json<{ balance: { total: number } }>(await call('GET', '/api/wallet')).balance.total;
  const webhook = (event: { payload: string; signature: string }) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/payments/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      payload: event.payload,
    });

  /** What the browser does: asks for a SetupIntent, confirms it with Stripe.js, hands the API its id. */
  async function addCard(card: TestCard, makeDefault = true) {
    const setup = json<{ setup_intent_id: string; client_secret: string; provider: string; publishable_key: string }>(
      await call('POST', '/api/wallet/cards/setup', {}),
    );
    fake.confirmSetup(setup.setup_intent_id, card);
    return call('POST', '/api/wallet/cards', { setup_intent_id: setup.setup_intent_id, make_default: makeDefault });
  }

  it('saves a card through a SetupIntent and charges the validation with an idempotency key; one Stripe customer per account', async () => {
    const setup = await call('POST', '/api/wallet/cards/setup', {});
    expect(setup.statusCode).toBe(201);
    expect(json(setup)).toMatchObject({
      provider: 'stripe',
      publishable_key: 'pk_test_fake_leadsmith',
      client_secret: expect.stringMatching(/^seti_.+_secret_/),
    });
    // Not confirmed in the browser yet: refused, naming the field.
    const early = await call('POST', '/api/wallet/cards', {
      setup_intent_id: json<{ setup_intent_id: string }>(setup).setup_intent_id,
    });
    expect(early.statusCode).toBe(422);
    expect(json(early)).toMatchObject({ code: 'settings.card_setup_incomplete', field: 'setup_intent_id' });

    const before = await total();
    const added = await addCard('visa');
    expect(added.statusCode).toBe(201);
    expect(json(added)).toMatchObject({
      data: { brand: 'visa', last4: '4242', is_default: true, needs_reconnect: false },
      charge: { kind: 'card_validation', status: 'succeeded', amount_cents: 100 },
    });
    expect(await total()).toBe(before + 10);
    const charge = json<{ charge: { id: number } }>(added).charge;
    const intents = fake.requests.filter((r) => r.path === '/v1/payment_intents' && r.method === 'POST');
    expect(intents.at(-1)!.idempotencyKey).toBe(`leadsmith-charge-${charge.id}`);
    expect(intents.at(-1)!.form.get('off_session')).toBe('false');
    expect(fake.requests.every((r) => r.idempotencyKey !== null || r.method === 'GET')).toBe(true);
    expect([...fake.objects.values()].filter((o) => o.object === 'customer')).toHaveLength(1);
    // The request bodies the API sent to Stripe hold no card field at all.
    expect(fake.requests.some((r) => [...r.form.keys()].some((k) => k.startsWith('card[')))).toBe(false);
  });

  it("check-billing-portals answers the account's own Stripe customer-portal session", async () => {
    const portal = json<{ type: string; value: string }>(await call('GET', '/api/wl/check-billing-portals'));
    expect(portal).toEqual({
      type: 'stripe',
      value: expect.stringMatching(/^https:\/\/billing\.stripe\.test\/p\/session\//),
    });
    const sent = fake.requests.filter((r) => r.path === '/v1/billing_portal/sessions').at(-1)!;
    expect(sent.form.get('customer')).toMatch(/^cus_/);
    expect(sent.form.get('return_url')).toMatch(/\/settings\/billing-portal$/);
  });

  it('a SetupIntent of another customer is refused', async () => {
    const other = await login(ctx.app, DEMO.reseller);
    const theirs = json<{ setup_intent_id: string }>(await call('POST', '/api/wallet/cards/setup', {}, other));
    fake.confirmSetup(theirs.setup_intent_id, 'visa');
    const res = await call('POST', '/api/wallet/cards', { setup_intent_id: theirs.setup_intent_id });
    expect(json(res)).toMatchObject({ code: 'settings.card_setup_incomplete' });
  });

  it('an automatic top-up is an off-session PaymentIntent', async () => {
    await ctx.db.query(
      'INSERT INTO credit_auto_topups (user_id, enabled, threshold, amount, consent_at, updated_at) VALUES ($1, true, 10, 20, now(), now()) ON CONFLICT (user_id) DO UPDATE SET enabled = true, amount = 20',
      [customerId],
    );
    await ctx.db.query(
      "INSERT INTO credit_topup_requests (user_id, status, created_at) VALUES ($1, 'pending', now())",
      [customerId],
    );
    const before = await total();
    await ctx.app.queue.send('auto-top-ups', { userId: customerId });
    await ctx.app.queue.drain();
    const sent = fake.requests.filter((r) => r.path === '/v1/payment_intents' && r.method === 'POST').at(-1)!;
    expect(sent.form.get('off_session')).toBe('true');
    expect(sent.form.get('metadata[charge_id]')).toMatch(/^\d+$/);
    expect(await total()).toBe(before + 20);
  });

  it('an automatic top-up whose charge cannot be stored stays pending (its claim rolls back too) and the next run charges it once', async () => {
    await ctx.db.query(
      'INSERT INTO credit_auto_topups (user_id, enabled, threshold, amount, consent_at, updated_at) VALUES ($1, true, 10, 20, now(), now()) ON CONFLICT (user_id) DO UPDATE SET enabled = true, amount = 20',
      [customerId],
    );
    await ctx.db.query(
      "INSERT INTO credit_topup_requests (user_id, status, created_at) VALUES ($1, 'pending', now())",
      [customerId],
    );
    const before = await total();
    const latest = async () =>
      (
        await ctx.db.query<{ status: string; charge_id: number | null }>(
          'SELECT status, charge_id FROM credit_topup_requests WHERE user_id = $1 ORDER BY id DESC LIMIT 1',
          [customerId],
        )
      ).rows[0]!;
    // The worker fails between the claim and the charge row, as a crash would.
    await ctx.db.query(
      "ALTER TABLE settings_payment_charges ADD CONSTRAINT refuse_auto_top_up CHECK (kind <> 'auto_top_up') NOT VALID",
    );
    await ctx.app.queue.send('auto-top-ups', { userId: customerId });
    await expect(ctx.app.queue.drain()).rejects.toThrow(/refuse_auto_top_up/);
    await ctx.db.query('ALTER TABLE settings_payment_charges DROP CONSTRAINT refuse_auto_top_up');
    expect(await latest()).toEqual({ status: 'pending', charge_id: null });
    await ctx.app.queue.send('auto-top-ups', { userId: customerId });
    await ctx.app.queue.drain();
    const request = await latest();
    expect(request.status).toBe('done');
    expect(
      fake
        .paymentIntents()
        .filter((pi) => (pi.metadata as Record<string, string>).charge_id === String(request.charge_id)),
    ).toHaveLength(1);
    expect(await total()).toBe(before + 20);
  });

  it('requires_action: the card holder confirms the card in the browser ("Card must be reconnected for security reasons")', async () => {
    const before = await total();
    const added = await addCard('authenticate');
    expect(added.statusCode).toBe(201);
    const body = json<{ message: string; charge: { id: number; status: string } }>(added);
    expect(body.charge.status).toBe('requires_action');
    expect(body.message).toBe('Card must be reconnected for security reasons');
    const wallet = json<{
      cards: { last4: string; needs_reconnect: boolean }[];
      charge_waiting_for_confirmation: number;
    }>(await call('GET', '/api/wallet'));
    expect(wallet.cards.find((c) => c.last4 === '3184')).toMatchObject({ needs_reconnect: true });
    expect(wallet.charge_waiting_for_confirmation).toBe(body.charge.id);
    const confirm = json<{ client_secret: string; provider: string }>(
      await call('POST', `/api/wallet/charges/${body.charge.id}/confirm`, {}),
    );
    expect(confirm).toMatchObject({ provider: 'stripe', client_secret: expect.stringMatching(/^pi_.+_secret_/) });
    // Stripe.js: stripe.confirmCardPayment(client_secret) passes 3-D Secure; the page reads the charge again.
    fake.authenticate(confirm.client_secret.split('_secret_')[0]!);
    expect(json(await call('GET', `/api/wallet/charges/${body.charge.id}`))).toMatchObject({
      data: { status: 'succeeded' },
    });
    expect(await total()).toBe(before + 10);
    expect(
      json<{ cards: { last4: string; needs_reconnect: boolean }[] }>(await call('GET', '/api/wallet')).cards.find(
        (c) => c.last4 === '3184',
      ),
    ).toMatchObject({ needs_reconnect: false });
    // Off-session, the same card is refused for authentication: the charge waits and the card is marked again.
    await call(
      'PUT',
      '/api/wallet/cards/' +
        json<{ cards: { id: number; last4: string }[] }>(await call('GET', '/api/wallet')).cards.find(
          (c) => c.last4 === '3184',
        )!.id +
        '/default',
    );
    await ctx.db.query(
      "INSERT INTO credit_topup_requests (user_id, status, created_at) VALUES ($1, 'pending', now())",
      [customerId],
    );
    await ctx.app.queue.send('auto-top-ups', { userId: customerId });
    await ctx.app.queue.drain();
    const last = (
      await ctx.db.query<{ status: string; failure_code: string }>(
        "SELECT status, failure_code FROM settings_payment_charges WHERE user_id = $1 AND kind = 'auto_top_up' ORDER BY id DESC LIMIT 1",
        [customerId],
      )
    ).rows[0];
    expect(last).toEqual({ status: 'requires_action', failure_code: 'authentication_required' });
    expect(
      json<{ cards: { last4: string; needs_reconnect: boolean }[] }>(await call('GET', '/api/wallet')).cards.find(
        (c) => c.last4 === '3184',
      ),
    ).toMatchObject({ needs_reconnect: true });
    // Back to the plain card for the next tests.
    const visa = json<{ cards: { id: number; last4: string }[] }>(await call('GET', '/api/wallet')).cards.find(
      (c) => c.last4 === '4242',
    )!;
    await call('PUT', `/api/wallet/cards/${visa.id}/default`);
  });

  it('a declined validation charge keeps no card', async () => {
    const res = await addCard('decline', false);
    expect(res.statusCode).toBe(422);
    expect(json(res)).toMatchObject({ code: 'settings.card_declined' });
    expect(
      json<{ cards: { last4: string }[] }>(await call('GET', '/api/wallet')).cards.some((c) => c.last4 === '0002'),
    ).toBe(false);
  });

  it('signed webhooks: a bad signature is refused, an event settles its charge once, a replay is ignored', async () => {
    // A charge left processing (its answer lost), then Stripe's event tells the outcome.
    fake.loseAnswers = true;
    const res = await call('POST', '/api/wallet/top-ups', { credits: 30 });
    fake.loseAnswers = false;
    expect(res.statusCode).toBe(201);
    const charge = json<{ data: { id: number; status: string }; message: string }>(res);
    expect(charge.data.status).toBe('processing');
    expect(charge.message).toBe('Your payment is processing');
    const intent = fake
      .paymentIntents()
      .find((pi) => (pi.metadata as Record<string, string>).charge_id === String(charge.data.id))!;
    // The SDK retried the lost request with the same key: Stripe made one PaymentIntent.
    expect(
      fake
        .paymentIntents()
        .filter((pi) => (pi.metadata as Record<string, string>).charge_id === String(charge.data.id)),
    ).toHaveLength(1);
    const before = await total();

    const forged = fake.signedEvent('payment_intent.succeeded', intent);
    expect(
      (
        await webhook({
          payload: forged.payload,
          signature: forged.signature.replace(/v1=[0-9a-f]+/, 'v1=' + '0'.repeat(64)),
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/payments/stripe/webhook',
          headers: { 'content-type': 'application/json' },
          payload: forged.payload,
        })
      ).json(),
    ).toMatchObject({ field: 'stripe-signature' });

    const event = fake.signedEvent('payment_intent.succeeded', intent);
    expect(json(await webhook(event))).toEqual({ received: true, duplicate: false });
    // Stripe delivers again (and again, concurrently): acknowledged, not processed twice.
    const replays = await Promise.all([webhook(event), webhook(event)]);
    expect(replays.map((r) => json(r))).toEqual([
      { received: true, duplicate: true },
      { received: true, duplicate: true },
    ]);
    await ctx.app.queue.drain();
    expect(await total()).toBe(before + 30);
    expect(json(await call('GET', `/api/wallet/charges/${charge.data.id}`))).toMatchObject({
      data: { status: 'succeeded' },
    });
    const stored = await ctx.db.query('SELECT processed_at FROM payment_events WHERE provider = $1 AND event_id = $2', [
      'stripe',
      event.id,
    ]);
    expect(stored.rows).toEqual([{ processed_at: expect.anything() }]);
  });

  it('a network error on the first attempt: the SDK sends the request again with the same idempotency key and the charge succeeds at once, once', async () => {
    const before = await total();
    fake.loseNextAnswers = { path: '/v1/payment_intents', count: 1 };
    const res = await call('POST', '/api/wallet/top-ups', { credits: 25 });
    const lost = fake.loseNextAnswers.count;
    fake.loseNextAnswers = null;
    expect(lost).toBe(0);
    const charge = json<{ data: { id: number; status: string } }>(res).data;
    expect(charge.status).toBe('succeeded');
    expect(await total()).toBe(before + 25);
    const attempts = fake.requests.filter(
      (r) =>
        r.method === 'POST' &&
        r.path === '/v1/payment_intents' &&
        r.form.get('metadata[charge_id]') === String(charge.id),
    );
    expect(attempts.map((r) => r.idempotencyKey)).toEqual([
      `leadsmith-charge-${charge.id}`,
      `leadsmith-charge-${charge.id}`,
    ]);
    expect(
      fake.paymentIntents().filter((pi) => (pi.metadata as Record<string, string>).charge_id === String(charge.id)),
    ).toHaveLength(1);
  });

  it('payment_intent.payment_failed settles a processing charge as failed with its reason, once: no credits, a replay ignored', async () => {
    fake.loseAnswers = true;
    const res = await call('POST', '/api/wallet/top-ups', { credits: 35 });
    fake.loseAnswers = false;
    const charge = json<{ data: { id: number; status: string } }>(res).data;
    expect(charge.status).toBe('processing');
    const before = await total();
    // Stripe ends the payment as failed afterwards (the bank refused it).
    const intent = fake
      .paymentIntents()
      .find((pi) => (pi.metadata as Record<string, string>).charge_id === String(charge.id))!;
    Object.assign(intent, {
      status: 'requires_payment_method',
      last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds' },
    });
    const event = fake.signedEvent('payment_intent.payment_failed', intent);
    expect(json(await webhook(event))).toEqual({ received: true, duplicate: false });
    expect(json(await webhook(event))).toEqual({ received: true, duplicate: true });
    await ctx.app.queue.drain();
    expect(json(await call('GET', `/api/wallet/charges/${charge.id}`))).toMatchObject({
      data: { status: 'failed', failure_code: 'insufficient_funds' },
    });
    expect(await total()).toBe(before);
    expect(
      (
        await ctx.db.query('SELECT processed_at FROM payment_events WHERE provider = $1 AND event_id = $2', [
          'stripe',
          event.id,
        ])
      ).rows,
    ).toEqual([{ processed_at: expect.anything() }]);
  });

  it('a refunded top-up takes its credits back once (two refund events at once); credits already spent are recorded as the shortfall', async () => {
    const wallet = () => walletBalance(ctx.db, customerId);
    const topUp = async (credits: number) => {
      const res = json<{ data: { id: number; status: string } }>(
        await call('POST', '/api/wallet/top-ups', { credits }),
      );
      expect(res.data.status).toBe('succeeded');
      const intent = fake
        .paymentIntents()
        .find((pi) => (pi.metadata as Record<string, string>).charge_id === String(res.data.id))!;
      return {
        id: res.data.id,
        refunded: () =>
          fake.signedEvent('charge.refunded', {
            id: `ch_${String(intent.id)}`,
            object: 'charge',
            payment_intent: intent.id,
            amount_refunded: intent.amount,
            refunded: true,
          }),
      };
    };
    const refunded = async (chargeId: number) =>
      (
        await ctx.db.query(
          'SELECT status, refund_taken_credits, refund_shortfall_credits FROM settings_payment_charges WHERE id = $1',
          [chargeId],
        )
      ).rows[0];

    const start = await wallet();
    const first = await topUp(50);
    expect((await wallet()).additional).toBe(start.additional + 50);
    // Stripe's event and a second one for the same refund (the dashboard's) arrive together.
    await Promise.all([webhook(first.refunded()), webhook(first.refunded())]);
    await ctx.app.queue.drain();
    expect((await wallet()).additional).toBe(start.additional);
    expect(await refunded(first.id)).toEqual({
      status: 'refunded',
      refund_taken_credits: 50,
      refund_shortfall_credits: 0,
    });

    // Spent down to 15 additional credits before the refund of 40: 15 come back, 25 are the shortfall.
    const second = await topUp(40);
    const now = await wallet();
    await ctx.db.transaction((tx) => spendCredits(tx, customerId, now.monthly + now.additional - 15, 'test spend'));
    await webhook(second.refunded());
    await ctx.app.queue.drain();
    expect(await wallet()).toMatchObject({ additional: 0, rolled_over: now.rolled_over });
    expect(await refunded(second.id)).toEqual({
      status: 'refunded',
      refund_taken_credits: 15,
      refund_shortfall_credits: 25,
    });
    // The ledger still sums to the wallet.
    const sums = (
      await ctx.db.query<{ bucket: string; n: number }>(
        'SELECT bucket, sum(delta)::int AS n FROM credit_ledger WHERE user_id = $1 GROUP BY bucket',
        [customerId],
      )
    ).rows;
    const after = await wallet();
    for (const bucket of ['monthly', 'additional', 'rolled_over'] as const)
      expect(sums.find((r) => r.bucket === bucket)?.n ?? 0).toBe(after[bucket]);
  });

  it('an administrator refunds a top-up from the app on Stripe: one refund with the idempotency key however many requests race; the charge.refunded event after it takes nothing more', async () => {
    const admin = await login(ctx.app, DEMO.admin);
    const charge = json<{ data: { id: number; status: string } }>(
      await call('POST', '/api/wallet/top-ups', { credits: 30 }),
    ).data;
    expect(charge.status).toBe('succeeded');
    const intent = fake
      .paymentIntents()
      .find((pi) => (pi.metadata as Record<string, string>).charge_id === String(charge.id))!;
    const before = await walletBalance(ctx.db, customerId);
    const answers = await Promise.all(
      [0, 1, 2].map(() => call('POST', `/api/admin/payments/${charge.id}/refund`, undefined, admin)),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.every((c) => c === 200 || c === 409 || c === 422)).toBe(true);
    expect(json(answers.find((a) => a.statusCode === 200)!)).toMatchObject({
      code: 'settings.refund_done',
      data: { status: 'refunded', refund_taken_credits: 30, refund_shortfall_credits: 0 },
    });
    // One refund at Stripe, of the platform's own charge (no transfer to reverse), under the refund's idempotency key.
    expect(fake.refunds().filter((r) => r.payment_intent === intent.id)).toEqual([
      expect.objectContaining({ amount: intent.amount, reverse_transfer: false }),
    ]);
    const sent = fake.requests.filter((r) => r.path === '/v1/refunds' && r.form.get('payment_intent') === intent.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.idempotencyKey).toMatch(new RegExp(`^leadsmith-charge-refund:${charge.id}:\\d+$`));
    // Stripe's charge.refunded event for it arrives afterwards: the credits left once.
    await webhook(
      fake.signedEvent('charge.refunded', {
        id: `ch_${String(intent.id)}`,
        object: 'charge',
        payment_intent: intent.id,
        amount_refunded: intent.amount,
        refunded: true,
      }),
    );
    await ctx.app.queue.drain();
    expect((await walletBalance(ctx.db, customerId)).additional).toBe(before.additional - 30);
    const lines = await ctx.db.query(
      "SELECT 1 FROM credit_ledger WHERE user_id = $1 AND reason = 'Credit top-up refunded' AND delta = -30",
      [customerId],
    );
    expect(lines.rowCount).toBe(1);
    // Asked again: refused, and nothing more is sent to Stripe.
    expect(json(await call('POST', `/api/admin/payments/${charge.id}/refund`, undefined, admin))).toMatchObject({
      code: 'settings.refund_not_refundable',
    });
    expect(
      fake.requests.filter((r) => r.path === '/v1/refunds' && r.form.get('payment_intent') === intent.id),
    ).toHaveLength(1);
  });

  it('deleting a card detaches its PaymentMethod at Stripe once, after the commit', async () => {
    const added = json<{ data: { id: number } }>(await addCard('visa', false));
    const ref = (
      await ctx.db.query<{ provider_ref: string }>('SELECT provider_ref FROM settings_payment_cards WHERE id = $1', [
        added.data.id,
      ])
    ).rows[0]!.provider_ref;
    expect(fake.objects.get(ref)!.customer).toMatch(/^cus_/);
    const [a, b] = await Promise.all([
      call('DELETE', `/api/wallet/cards/${added.data.id}`),
      call('DELETE', `/api/wallet/cards/${added.data.id}`),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 404]);
    await ctx.app.queue.drain();
    expect(fake.objects.get(ref)!.customer).toBeNull();
    expect(fake.requests.filter((r) => r.path === `/v1/payment_methods/${ref}/detach`)).toHaveLength(1);
    // A retried job (a crash after Stripe's answer) finds the effect done and sends nothing more.
    await ctx.app.queue.send('payment-method-detach', { provider: 'stripe', ref });
    await ctx.app.queue.drain();
    expect(fake.requests.filter((r) => r.path === `/v1/payment_methods/${ref}/detach`)).toHaveLength(1);
  });

  it('reconciliation: a charge whose answer was lost is settled by asking again with the same idempotency key', async () => {
    fake.loseAnswers = true;
    const res = await call('POST', '/api/wallet/top-ups', { credits: 40 });
    fake.loseAnswers = false;
    const charge = json<{ data: { id: number; status: string } }>(res).data;
    expect(charge.status).toBe('processing');
    expect(
      (
        await ctx.db.query<{ state: string }>('SELECT state FROM external_effects WHERE key = $1', [
          `charge:${charge.id}`,
        ])
      ).rows[0]?.state,
    ).toBe('sending');
    const before = await total();
    // Too recent: the job leaves it to the webhook.
    await ctx.app.queue.send(PAYMENT_RECONCILE, {});
    await ctx.app.queue.drain();
    expect(json(await call('GET', `/api/wallet/charges/${charge.id}`))).toMatchObject({
      data: { status: 'processing' },
    });
    ctx.clock.advance(3 * 60_000);
    await ctx.app.queue.send(PAYMENT_RECONCILE, {});
    await ctx.app.queue.drain();
    expect(json(await call('GET', `/api/wallet/charges/${charge.id}`))).toMatchObject({
      data: { status: 'succeeded' },
    });
    expect(await total()).toBe(before + 40);
    const mine = fake
      .paymentIntents()
      .filter((pi) => (pi.metadata as Record<string, string>).charge_id === String(charge.id));
    expect(mine).toHaveLength(1);
    expect(fake.requests.filter((r) => r.idempotencyKey === `leadsmith-charge-${charge.id}`).length).toBeGreaterThan(1);
    expect(
      (
        await ctx.db.query<{ state: string }>('SELECT state FROM external_effects WHERE key = $1', [
          `charge:${charge.id}`,
        ])
      ).rows[0]?.state,
    ).toBe('done');
  });

  it('a charge still unanswered after Stripe forgot its idempotency key (24 hours) is found by its metadata, not charged again', async () => {
    fake.loseAnswers = true;
    const made = json<{ data: { id: number; status: string } }>(
      await call('POST', '/api/wallet/top-ups', { credits: 45 }),
    ).data;
    fake.loseAnswers = false;
    expect(made.status).toBe('processing');
    const before = await total();
    const mine = () =>
      fake.paymentIntents().filter((pi) => (pi.metadata as Record<string, string>).charge_id === String(made.id));
    const creates = () =>
      fake.requests.filter(
        (r) =>
          r.method === 'POST' &&
          r.path === '/v1/payment_intents' &&
          r.form.get('metadata[charge_id]') === String(made.id),
      ).length;
    expect(mine()).toHaveLength(1);
    const sentBefore = creates();
    // A day goes by (Stripe unreachable meanwhile) and Stripe no longer knows the key: sent again, it would charge twice.
    ctx.clock.advance(24 * 60 * 60_000);
    fake.forgetIdempotencyKeys();
    await ctx.app.queue.send(PAYMENT_RECONCILE, {});
    await ctx.app.queue.drain();
    expect(json(await call('GET', `/api/wallet/charges/${made.id}`))).toMatchObject({ data: { status: 'succeeded' } });
    expect(mine()).toHaveLength(1);
    expect(creates()).toBe(sentBefore);
    expect(fake.requests.some((r) => r.method === 'GET' && r.path === '/v1/payment_intents/search')).toBe(true);
    expect(await total()).toBe(before + 45);
  });

  it('a card confirmed in a page that closed is saved from setup_intent.succeeded', async () => {
    const setup = json<{ setup_intent_id: string }>(await call('POST', '/api/wallet/cards/setup', {}));
    fake.confirmSetup(setup.setup_intent_id, 'visa');
    const seti = fake.objects.get(setup.setup_intent_id)!;
    const count = async () =>
      (await ctx.db.query('SELECT 1 FROM settings_payment_cards WHERE user_id = $1', [customerId])).rowCount;
    const cards = await count();
    expect(json(await webhook(fake.signedEvent('setup_intent.succeeded', seti)))).toMatchObject({ received: true });
    await ctx.app.queue.drain();
    expect(await count()).toBe(cards + 1);
  });
});
