import type { ApiResponse } from '../../shared/src/api/contract';
import { spendCredits } from '../src/credits/ledger';
import { paymentsFor, PaymentUnknownError, SANDBOX_CARDS, sandboxToken } from '../src/providers/payments';
import { RECONCILE_AFTER_MS, createWalletService } from '../src/modules/settings/wallet.service';
import { bearer, createTestApp, json, login, DEMO, type TestContext } from './helpers';
import { otherReseller } from './whitelabel-helpers';

type Purchase = ApiResponse<'/api/whitelabel/credit-purchases', 'get'>['data'][number];

describe('refund of a wallet payment: a reseller for its customer, an administrator for any', () => {
  let ctx: TestContext;
  let customer: string;
  let reseller: string;
  let admin: string;
  let other: string;
  let customerId: number;
  beforeAll(async () => {
    ctx = await createTestApp();
    customer = await login(ctx.app, DEMO.customer);
    reseller = await login(ctx.app, DEMO.reseller);
    admin = await login(ctx.app, DEMO.admin);
    other = await otherReseller(ctx);
    customerId = (await ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO.customer.email]))
      .rows[0]!.id;
    // The reseller's payments go to its (sandbox) connected account.
    const start = json<{ url: string }>(
      await call('POST', '/api/whitelabel/stripe/connect', reseller, {
        redirect_uri: 'http://127.0.0.1:8080/whitelabel/stripe/callback',
      }),
    );
    const url = new URL(start.url);
    expect(
      (
        await call('POST', '/api/whitelabel/stripe/callback', reseller, {
          code: url.searchParams.get('code'),
          state: url.searchParams.get('state'),
        })
      ).statusCode,
    ).toBe(200);
    const setup = json<{ setup_intent_id: string }>(await call('POST', '/api/wallet/cards/setup', customer, {}));
    expect(
      (
        await call('POST', '/api/wallet/cards', customer, {
          setup_intent_id: setup.setup_intent_id,
          token: sandboxToken(SANDBOX_CARDS.success, 12, 2030),
        })
      ).statusCode,
    ).toBe(201);
  }, 120_000);
  afterAll(() => ctx.close(), 60_000);

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const additional = async () =>
    (
      await ctx.db.query<{ additional: number }>('SELECT additional FROM credit_wallets WHERE user_id = $1', [
        customerId,
      ])
    ).rows[0]!.additional;
  const topUp = async (credits: number) =>
    json<{ data: { id: number; status: string } }>(await call('POST', '/api/wallet/top-ups', customer, { credits }))
      .data;
  const refundLines = async (chargeId: number) =>
    (
      await ctx.db.query<{ delta: number }>(
        "SELECT l.delta FROM credit_ledger l WHERE l.user_id = $1 AND l.reason = 'Credit top-up refunded' AND l.created_at >= (SELECT created_at FROM settings_payment_charges WHERE id = $2)",
        [customerId, chargeId],
      )
    ).rows;

  it('a reseller refunds a top-up paid to its account once, however many requests race; the credits leave the wallet once, a replayed event changes nothing', async () => {
    const charge = await topUp(100);
    expect(charge.status).toBe('succeeded');
    const list = json<{ data: Purchase[] }>(await call('GET', '/api/whitelabel/credit-purchases', reseller));
    expect(list.data.find((p) => p.id === charge.id)).toMatchObject({
      kind: 'top_up',
      credits: 100,
      status: 'succeeded',
      paid_to_you: true,
    });
    const before = await additional();
    const answers = await Promise.all(
      [0, 1, 2].map(() => call('POST', `/api/whitelabel/credit-purchases/${charge.id}/refund`, reseller)),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.every((c) => c === 200 || c === 409 || c === 422)).toBe(true);
    const done = answers.find((a) => a.statusCode === 200)!;
    expect(json(done)).toMatchObject({
      code: 'settings.refund_done',
      message: 'Refunded. Credits taken back: 100.',
      data: { status: 'refunded', refund_taken_credits: 100, refund_shortfall_credits: 0 },
    });
    // The sandbox's charge.refunded event comes through the queue after the answer: it takes nothing more.
    await ctx.app.queue.drain();
    expect(await additional()).toBe(before - 100);
    expect(await refundLines(charge.id)).toEqual([{ delta: -100 }]);
    const sandboxRef = (
      await ctx.db.query<{ provider_ref: string }>('SELECT provider_ref FROM settings_payment_charges WHERE id = $1', [
        charge.id,
      ])
    ).rows[0]!.provider_ref;
    expect(
      (
        await ctx.db.query<{ status: string }>('SELECT status FROM settings_sandbox_charges WHERE id = $1', [
          sandboxRef,
        ])
      ).rows,
    ).toEqual([{ status: 'refunded' }]);
    const events = await ctx.db.query<{ event_id: string }>(
      "SELECT event_id FROM payment_events WHERE type = 'charge.refunded' AND payload->'data'->'object'->>'payment_intent' = $1",
      [sandboxRef],
    );
    expect(events.rows).toHaveLength(1);
    // Asked again: refused, nothing moves.
    expect(json(await call('POST', `/api/whitelabel/credit-purchases/${charge.id}/refund`, reseller))).toMatchObject({
      code: 'settings.refund_not_refundable',
    });
    expect(await refundLines(charge.id)).toEqual([{ delta: -100 }]);
  });

  it('a refund the wallet cannot cover takes back what is left and says the shortfall', async () => {
    const charge = await topUp(50);
    const now = await additional();
    // The customer spends all but 20 of its purchased credits (monthly and rolled-over credits go first).
    const wallet = (
      await ctx.db.query<{ monthly: number }>('SELECT monthly FROM credit_wallets WHERE user_id = $1', [customerId])
    ).rows[0]!;
    await ctx.db.transaction((tx) =>
      spendCredits(tx, customerId, wallet.monthly + now - 20, 'test spend', { now: ctx.clock.now() }),
    );
    expect(await additional()).toBe(20);
    const purchases = json<{ data: Purchase[] }>(await call('GET', '/api/whitelabel/credit-purchases', reseller));
    expect(purchases.data.find((p) => p.id === charge.id)).toMatchObject({ wallet_additional: 20 });
    const res = await call('POST', `/api/whitelabel/credit-purchases/${charge.id}/refund`, reseller);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({
      code: 'settings.refund_done_short',
      message: 'Refunded: 20 of 50 credits taken back; 30 had already been spent.',
      data: { refund_taken_credits: 20, refund_shortfall_credits: 30 },
    });
    await ctx.app.queue.drain();
    expect(await additional()).toBe(0);
    const listed = json<{ data: Purchase[] }>(await call('GET', '/api/whitelabel/credit-purchases', reseller));
    expect(listed.data.find((p) => p.id === charge.id)).toMatchObject({
      status: 'refunded',
      refund_taken_credits: 20,
      refund_shortfall_credits: 30,
    });
  });

  it("another reseller's customer's payment is not found; a payment to the platform is the administrator's to refund", async () => {
    const paid = await topUp(10);
    expect((await call('POST', `/api/whitelabel/credit-purchases/${paid.id}/refund`, other)).statusCode).toBe(404);
    expect(json<{ data: Purchase[] }>(await call('GET', '/api/whitelabel/credit-purchases', other)).data).toEqual([]);
    expect((await call('POST', `/api/admin/payments/${paid.id}/refund`, reseller)).statusCode).toBe(403);
    // The reseller disconnects: the next top-up is paid to the platform.
    expect((await call('DELETE', '/api/whitelabel/stripe', reseller)).statusCode).toBe(200);
    const platform = await topUp(10);
    const refused = await call('POST', `/api/whitelabel/credit-purchases/${platform.id}/refund`, reseller);
    expect(refused.statusCode).toBe(422);
    expect(json(refused)).toMatchObject({
      code: 'settings.refund_not_yours',
      message: "This payment went to the platform's account, not yours: an administrator refunds it.",
    });
    const byAdmin = await call('POST', `/api/admin/payments/${platform.id}/refund`, admin);
    expect(json(byAdmin)).toMatchObject({ code: 'settings.refund_done', data: { status: 'refunded' } });
    expect((await call('POST', '/api/admin/payments/999999/refund', admin)).statusCode).toBe(404);
    // The administrator's list: every customer's payments, whose reseller, to whose account, by email and state.
    expect((await call('GET', '/api/admin/payments', reseller)).statusCode).toBe(403);
    const listed = json<{
      data: (Purchase & { reseller_name: string | null; paid_to_reseller: boolean; email: string })[];
      total: number;
    }>(
      await call(
        'GET',
        `/api/admin/payments?search=${encodeURIComponent(DEMO.customer.email.toUpperCase())}&pageSize=50`,
        admin,
      ),
    );
    expect(listed.data.length).toBe(listed.total);
    expect(listed.data.every((p) => p.email === DEMO.customer.email && p.reseller_name !== null)).toBe(true);
    expect(listed.data.find((p) => p.id === platform.id)).toMatchObject({
      status: 'refunded',
      paid_to_reseller: false,
      refund_taken_credits: 10,
    });
    expect(listed.data.find((p) => p.id === paid.id)).toMatchObject({ status: 'succeeded', paid_to_reseller: true });
    const refunded = json<{ data: Purchase[] }>(
      await call('GET', `/api/admin/payments?state=refunded&search=${encodeURIComponent(DEMO.customer.email)}`, admin),
    ).data;
    expect(refunded.length).toBeGreaterThan(0);
    expect(refunded.every((p) => p.status === 'refunded')).toBe(true);
    expect(
      json<{ total: number }>(await call('GET', '/api/admin/payments?search=no-such-customer-%25', admin)).total,
    ).toBe(0);
    const bad = await call('GET', '/api/admin/payments?state=lost', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('state');
  });

  it('a lost answer leaves the refund asked (202); the reconciliation job sends it again, once due, with the same key and it settles once', async () => {
    const charge = await topUp(30);
    const provider = paymentsFor(ctx.app.deps).provider;
    const keys: string[] = [];
    const realRefund = provider.refund.bind(provider);
    const spy = jest.spyOn(provider, 'refund').mockImplementation(async (ref, key, destination) => {
      keys.push(key);
      // The first call's answer is lost (a network error after the SDK's retries).
      if (keys.length === 1) throw new PaymentUnknownError(new Error('socket hang up'));
      return realRefund(ref, key, destination);
    });
    try {
      const before = await additional();
      const res = await call('POST', `/api/admin/payments/${charge.id}/refund`, admin);
      expect(res.statusCode).toBe(202);
      expect(json(res)).toMatchObject({ code: 'settings.refund_requested', data: { status: 'succeeded' } });
      expect(json(await call('POST', `/api/admin/payments/${charge.id}/refund`, admin))).toMatchObject({
        code: 'settings.refund_pending',
      });
      // Not yet due, then due: the job asks again with the same idempotency key.
      const service = createWalletService(ctx.app.deps, paymentsFor(ctx.app.deps));
      await service.reconcile();
      expect(keys).toHaveLength(1);
      ctx.clock.advance(RECONCILE_AFTER_MS + 1000);
      await service.reconcile();
      expect(keys).toHaveLength(2);
      expect(keys[1]).toBe(keys[0]);
      await ctx.app.queue.drain();
      expect(
        (
          await ctx.db.query<{ status: string }>('SELECT status FROM settings_payment_charges WHERE id = $1', [
            charge.id,
          ])
        ).rows,
      ).toEqual([{ status: 'refunded' }]);
      expect(await additional()).toBe(Math.max(0, before - 30));
      await service.reconcile();
      expect(keys).toHaveLength(2);
    } finally {
      spy.mockRestore();
    }
  });
});
