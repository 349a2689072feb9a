import type { AddressInfo } from 'node:net';
import { createTestApp, DEMO, json, login, type TestContext } from './helpers';
import { caller, PACKAGE } from './whitelabel-helpers';
import { signedIpnBody, type IpnInput } from './fakePaykickstart';

const SECRET = 'pk-campaign-secret-42';
const MONTH_S = 31 * 86_400;

describe('PayKickstart: verified IPNs mapped onto subscription states, each applied once', () => {
  let ctx: TestContext;
  let reseller: string;
  let call: ReturnType<typeof caller>;
  let packageId: number;
  let ipnUrl: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    call = caller(ctx);
    reseller = await login(ctx.app, DEMO.reseller);
    packageId = json<{ data: { id: number } }>(
      await call('POST', '/api/whitelabel/packages', reseller, { ...PACKAGE, monthly_credits: 300 }),
    ).data.id;
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  }, 120_000);
  afterAll(async () => {
    await ctx.close();
  }, 60_000);

  /** The fake sender: PayKickstart's form POST over HTTP to the reseller's IPN URL. */
  const send = async (input: IpnInput, secret = SECRET, url = ipnUrl) => {
    const { port } = ctx.app.server.address() as AddressInfo;
    const target = new URL(url);
    const response = await fetch(`http://127.0.0.1:${port}${target.pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: signedIpnBody(input, secret),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const sub = async (invoiceId: string) =>
    (
      await ctx.db.query<{ id: number; customer_id: number; status: string; billing_provider: string }>(
        'SELECT id, customer_id, status, billing_provider FROM whitelabel_subscriptions WHERE provider_subscription_ref = $1',
        [invoiceId],
      )
    ).rows[0];
  const wallet = async (userId: number) =>
    (
      await ctx.db.query<{ monthly: number; rolled_over: number }>(
        'SELECT monthly, rolled_over FROM credit_wallets WHERE user_id = $1',
        [userId],
      )
    ).rows[0]!;
  const base = { invoiceId: 'PK-PZ1WK636WR', productId: '2354', buyerEmail: 'paula@buyer.test' };

  it('the reseller connects with its IPN secret key and maps products to its own packages only', async () => {
    const noKey = await call('PUT', '/api/whitelabel/paykickstart', reseller, { products: [] });
    expect(noKey.statusCode).toBe(422);
    expect(json(noKey)).toMatchObject({ field: 'secret_key' });
    const foreign = await call('PUT', '/api/whitelabel/paykickstart', reseller, {
      secret_key: SECRET,
      products: [{ product_id: '2354', package_id: 999_999 }],
    });
    expect(json(foreign)).toMatchObject({ code: 'whitelabel.package_unknown', field: 'products.0.package_id' });
    const saved = await call('PUT', '/api/whitelabel/paykickstart', reseller, {
      secret_key: SECRET,
      campaign_id: '215',
      products: [{ product_id: '2354', package_id: packageId }],
    });
    expect(saved.statusCode).toBe(200);
    const data = json<{ data: { connected: boolean; ipn_url: string; products: unknown[] } }>(saved).data;
    expect(data).toMatchObject({ connected: true, products: [{ product_id: '2354', package_id: packageId }] });
    expect(data.ipn_url).toMatch(/\/api\/paykickstart\/ipn\/[A-Za-z0-9_-]{32}$/);
    ipnUrl = data.ipn_url;
    expect(JSON.stringify(json(await call('GET', '/api/whitelabel/paykickstart', reseller)))).not.toContain(SECRET);
  });

  it('refuses a notification signed with another key or sent to an unknown URL, storing nothing', async () => {
    const forged = await send({ ...base, event: 'sales', transactionId: 'PK-FORGED' }, 'not-the-secret');
    expect(forged.status).toBe(401);
    expect(forged.body).toMatchObject({ code: 'billing.ipn_unverified', field: 'verification_code' });
    const unknown = await send(
      { ...base, event: 'sales', transactionId: 'PK-X' },
      SECRET,
      `${ipnUrl.slice(0, -4)}AAAA`,
    );
    expect(unknown.status).toBe(404);
    expect((await ctx.db.query("SELECT 1 FROM payment_events WHERE provider = 'paykickstart'")).rowCount).toBe(0);
  });

  it('a sale creates the customer on the mapped package; the same event replayed, or its subscription-created twin, changes nothing', async () => {
    const sale = { ...base, event: 'sales', transactionId: 'PK-TN0LNO7XWR' };
    expect(await send(sale)).toEqual({ status: 200, body: { received: true, duplicate: false } });
    expect(await send(sale)).toEqual({ status: 200, body: { received: true, duplicate: true } });
    expect((await send({ ...base, event: 'subscription-created', transactionId: '' })).status).toBe(200);
    await ctx.app.queue.drain();
    const s = (await sub(base.invoiceId))!;
    expect(s).toMatchObject({ status: 'active', billing_provider: 'paykickstart' });
    expect(await wallet(s.customer_id)).toEqual({ monthly: 300, rolled_over: 0 });
    // Whichever of the two the queue ran first started it; the other found it started.
    const outcomes = (
      await ctx.db.query<{ outcome: string }>(
        "SELECT outcome FROM payment_events WHERE provider = 'paykickstart' ORDER BY outcome",
      )
    ).rows.map((r) => r.outcome);
    expect(outcomes).toEqual(['already_started', 'started']);
    const payments = (
      await ctx.db.query<{ amount_cents: number }>(
        "SELECT amount_cents FROM whitelabel_payments WHERE provider = 'paykickstart'",
      )
    ).rows;
    expect(payments).toEqual([{ amount_cents: 4900 }]);
    // The new buyer is welcomed once, its button opening "Forgot password" (its password is not its own yet).
    const welcome = (
      await ctx.db.query<{ html: string }>(
        "SELECT body_text AS html FROM outbound_emails WHERE kind = 'welcome' AND user_id = $1",
        [s.customer_id],
      )
    ).rows;
    expect(welcome).toHaveLength(1);
    expect(welcome[0]!.html).toContain('/forgot-password');
  });

  it('a rebill grants the next month once (unused credits roll over), even when delivered twice at once', async () => {
    const rebill = {
      ...base,
      event: 'subscription-payment',
      transactionId: 'PK-REBILL-1',
      isRebill: true,
      transactionTime: Math.floor(ctx.clock.now().getTime() / 1000) + MONTH_S,
    };
    const answers = await Promise.all([send(rebill), send(rebill)]);
    expect(answers.map((a) => a.body.duplicate).sort()).toEqual([false, true]);
    await ctx.app.queue.drain();
    const s = (await sub(base.invoiceId))!;
    expect(await wallet(s.customer_id)).toEqual({ monthly: 300, rolled_over: 300 });
  });

  it('a failed payment makes it past due with access paused; a later payment restores it; a refund cancels it', async () => {
    const s = (await sub(base.invoiceId))!;
    await send({ ...base, event: 'subscription-payment-failed', transactionId: 'PK-FAILED-1' });
    await ctx.app.queue.drain();
    expect((await sub(base.invoiceId))!.status).toBe('past_due');
    const modules = async () =>
      (await ctx.db.query('SELECT 1 FROM user_modules WHERE user_id = $1', [s.customer_id])).rowCount;
    expect(await modules()).toBe(0);
    await send({
      ...base,
      event: 'subscription-payment',
      transactionId: 'PK-REBILL-2',
      isRebill: true,
      transactionTime: Math.floor(ctx.clock.now().getTime() / 1000) + 2 * MONTH_S,
    });
    await ctx.app.queue.drain();
    expect((await sub(base.invoiceId))!.status).toBe('active');
    expect(await modules()).toBe(2);
    await send({ ...base, event: 'refund', transactionId: 'PK-REBILL-2' });
    await ctx.app.queue.drain();
    expect((await sub(base.invoiceId))!.status).toBe('canceled');
    expect(await modules()).toBe(0);
    const refunded = (
      await ctx.db.query<{ provider_ref: string }>(
        "SELECT provider_ref FROM whitelabel_payments WHERE provider = 'paykickstart' AND status = 'refunded'",
      )
    ).rows;
    expect(refunded).toEqual([{ provider_ref: 'PK-REBILL-2' }]);
  });
});
