import { createTestApp, json, login, DEMO, type TestContext } from './helpers';
import { caller, otherReseller } from './whitelabel-helpers';

describe('white-label payment account (/api/whitelabel/stripe)', () => {
  let ctx: TestContext;
  let reseller: string;
  let other: string;
  let customer: string;
  let call: ReturnType<typeof caller>;
  beforeAll(async () => {
    delete process.env.STRIPE_CLIENT_ID;
    delete process.env.STRIPE_SECRET_KEY;
    ctx = await createTestApp({ config: { logLevel: process.env.WL_LOG ? 'error' : 'silent' } });
    call = caller(ctx);
    reseller = await login(ctx.app, DEMO.reseller);
    customer = await login(ctx.app, DEMO.customer);
    other = await otherReseller(ctx);
  }, 120_000);
  afterAll(() => ctx.close(), 60_000);

  it('starts unconnected on stripe billing; only whitelabel accounts reach it', async () => {
    expect(json(await call('GET', '/api/whitelabel/stripe', reseller))).toEqual({
      data: { billing_type: 'stripe', connected: false, mode: null, account_id: null, connected_at: null },
      stripe_configured: false,
    });
    expect((await call('GET', '/api/whitelabel/stripe', customer)).statusCode).toBe(403);
  });

  it('connects through the sandbox flow: state must match and is single-use; another reseller stays unconnected', async () => {
    const start = json<{ url: string; mode: string }>(
      await call('POST', '/api/whitelabel/stripe/connect', reseller, {
        redirect_uri: 'http://127.0.0.1:8080/whitelabel/stripe/callback',
      }),
    );
    expect(start.mode).toBe('sandbox');
    const url = new URL(start.url);
    expect(url.pathname).toBe('/whitelabel/stripe/callback');
    const code = url.searchParams.get('code')!;
    const state = url.searchParams.get('state')!;
    const wrong = await call('POST', '/api/whitelabel/stripe/callback', reseller, { code, state: 'f'.repeat(32) });
    expect(json(wrong)).toMatchObject({ code: 'whitelabel.stripe_state', field: 'state' });
    // Another reseller cannot complete this reseller's connection with the same state.
    expect(json(await call('POST', '/api/whitelabel/stripe/callback', other, { code, state }))).toMatchObject({
      code: 'whitelabel.stripe_state',
    });
    const ok = await call('POST', '/api/whitelabel/stripe/callback', reseller, { code, state });
    expect(ok.statusCode).toBe(200);
    expect(json(ok)).toMatchObject({ code: 'whitelabel.stripe_connected', data: { connected: true, mode: 'sandbox' } });
    expect(json(await call('POST', '/api/whitelabel/stripe/callback', reseller, { code, state }))).toMatchObject({
      code: 'whitelabel.stripe_state',
    });
    expect(json(await call('GET', '/api/whitelabel/stripe', other))).toMatchObject({ data: { connected: false } });
    // check-billing-portals answers the reseller's customers from what is connected: in test mode, the wallet.
    expect(json(await call('GET', '/api/wl/check-billing-portals', customer))).toEqual({
      type: 'stripe',
      value: '/settings/wallet',
    });
  });

  it('sets the billing type (stripe or paykickstart) and disconnects', async () => {
    const bad = await call('PUT', '/api/whitelabel/stripe', reseller, { billing_type: 'paypal' });
    expect(json(bad)).toMatchObject({ field: 'billing_type' });
    expect(json(await call('PUT', '/api/whitelabel/stripe', reseller, { billing_type: 'paykickstart' }))).toMatchObject(
      { data: { billing_type: 'paykickstart', connected: true } },
    );
    expect(json(await call('GET', '/api/wl/check-billing-portals', customer))).toEqual({
      type: 'paykickstart',
      value: expect.stringMatching(/^https:\/\//),
    });
    expect(json(await call('DELETE', '/api/whitelabel/stripe', reseller))).toMatchObject({
      data: { connected: false, billing_type: 'paykickstart' },
    });
    // Back to Stripe, not connected yet: the customer's portal names Stripe, never the operator's PayKickstart default.
    expect(json(await call('PUT', '/api/whitelabel/stripe', reseller, { billing_type: 'stripe' }))).toMatchObject({
      data: { billing_type: 'stripe', connected: false },
    });
    expect(json(await call('GET', '/api/wl/check-billing-portals', customer))).toEqual({
      type: 'stripe',
      value: expect.stringMatching(/^https:\/\/billing\.stripe\.com\//),
    });
  });
});
