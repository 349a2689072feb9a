import { loadUserDto } from '../src/users/users';
import { createTestApp, DEMO, json, login, bearer, type TestContext } from './helpers';
import { PACKAGE } from './whitelabel-helpers';
import { fakeOidc, type FakeOidc } from './fakeOidc';

const CLIENT = { id: 'leadsmith-web', secret: 'fake-google-secret' };

describe('Google sign-in through OpenID Connect (PKCE, state, nonce) against a local provider; terms and the credit pop-up', () => {
  let ctx: TestContext;
  let provider: FakeOidc;
  const saved = { ...process.env };
  beforeAll(async () => {
    provider = await fakeOidc(CLIENT);
    process.env.GOOGLE_CLIENT_ID = CLIENT.id;
    process.env.GOOGLE_CLIENT_SECRET = CLIENT.secret;
    process.env.GOOGLE_OIDC_ISSUER = provider.issuer;
    process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1';
    ctx = await createTestApp();
  }, 120_000);
  afterAll(async () => {
    process.env = saved;
    await provider.close();
    await ctx.close();
  }, 60_000);

  const start = async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/auth/social/google/start', payload: {} });
    expect(res.statusCode).toBe(200);
    return json<{ url: string }>(res).url;
  };
  const finish = (payload: object) =>
    ctx.app.inject({ method: 'POST', url: '/auth/login-with-social', payload: { provider: 'google', ...payload } });

  it('lists Google as configured and starts with PKCE (S256), state and nonce, returning to /callback', async () => {
    expect(json(await ctx.app.inject({ method: 'GET', url: '/auth/social/providers' }))).toEqual({
      providers: ['google'],
    });
    const url = new URL(await start());
    expect(url.origin + url.pathname).toBe(`${provider.issuer}/authorize`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost/callback');
    expect(url.searchParams.get('scope')).toBe('openid email profile');
  });

  it('a first sign-in creates a verified account; the same state cannot be used twice', async () => {
    const { code, state } = provider.approve(await start(), { email: 'Gia@Gmail.test' });
    const res = await finish({ token: code, state });
    expect(res.statusCode).toBe(200);
    const body = json<{ token: string; user: { email: string; email_verified_at: string | null; first_name: string } }>(
      res,
    );
    expect(body.user).toMatchObject({ email: 'gia@gmail.test', first_name: 'Gia' });
    expect(body.user.email_verified_at).not.toBeNull();
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(body.token) })).statusCode).toBe(200);
    const replay = await finish({ token: code, state });
    expect(replay.statusCode).toBe(422);
    expect(json(replay)).toMatchObject({ code: 'social_state_invalid', field: 'state' });
  });

  it('an existing account signs in as itself; a code bound to another PKCE verifier, or an unverified email, is refused', async () => {
    const before = provider.tokenRequests;
    const existing = provider.approve(await start(), { email: DEMO.basic.email });
    const signedIn = json<{ user: { email: string } }>(await finish({ token: existing.code, state: existing.state }));
    expect(signedIn.user.email).toBe(DEMO.basic.email);

    const first = provider.approve(await start(), { email: 'mallory@gmail.test' });
    const secondState = new URL(await start()).searchParams.get('state')!;
    const swapped = await finish({ token: first.code, state: secondState });
    expect(swapped.statusCode).toBe(422);
    expect(json(swapped)).toMatchObject({ code: 'social_failed', field: 'token' });

    const unverified = provider.approve(await start(), { email: 'unverified@gmail.test', emailVerified: false });
    expect(json(await finish({ token: unverified.code, state: unverified.state }))).toMatchObject({
      code: 'social_email_unverified',
    });
    expect(provider.tokenRequests - before).toBe(3);
    expect(
      (await ctx.db.query("SELECT 1 FROM users WHERE email IN ('mallory@gmail.test', 'unverified@gmail.test')"))
        .rowCount,
    ).toBe(0);
  });

  it('without a state the request names the field; without Google keys the provider is not offered', async () => {
    expect(json(await finish({ token: 'x' }))).toMatchObject({ errors: [{ field: 'state' }] });
    delete process.env.GOOGLE_CLIENT_ID;
    expect(json(await ctx.app.inject({ method: 'GET', url: '/auth/social/providers' }))).toEqual({ providers: [] });
    expect(json(await finish({ token: 'x', state: 'y' }))).toMatchObject({
      code: 'provider_not_configured',
      field: 'provider',
    });
    process.env.GOOGLE_CLIENT_ID = CLIENT.id;
  });

  it('terms are asked at first sign-in and again when their version changes; the credit pop-up can be turned off', async () => {
    // A demo account has accepted the terms and seen the pop-up: this one starts as a new account does.
    await ctx.db.query(
      'UPDATE users SET terms_accepted_version = NULL, credit_popup_disabled = false WHERE email = $1',
      [DEMO.customer.email],
    );
    const token = await login(ctx.app, DEMO.customer);
    const me = async () =>
      json<{ terms_accepted_version: string | null; terms_version: string; credit_popup_disabled: boolean }>(
        await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) }),
      );
    expect(await me()).toMatchObject({
      terms_accepted_version: null,
      terms_version: '2026-11',
      credit_popup_disabled: false,
    });
    const stale = await ctx.app.inject({
      method: 'POST',
      url: '/api/accept-terms',
      headers: bearer(token),
      payload: { version: '2020-01' },
    });
    expect(json(stale)).toMatchObject({ code: 'terms_version_changed', field: 'version' });
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/accept-terms',
          headers: bearer(token),
          payload: { version: '2026-11' },
        })
      ).statusCode,
    ).toBe(200);
    expect((await me()).terms_accepted_version).toBe('2026-11');
    process.env.TERMS_VERSION = '2027-01';
    expect(await me()).toMatchObject({ terms_accepted_version: '2026-11', terms_version: '2027-01' });
    delete process.env.TERMS_VERSION;
    const off = await ctx.app.inject({
      method: 'POST',
      url: '/api/disable-credit-popup',
      headers: bearer(token),
      payload: {},
    });
    expect(json(off)).toMatchObject({ credit_popup_disabled: true });
    expect((await me()).credit_popup_disabled).toBe(true);
  });

  it("the terms step links the platform's terms document (TERMS_URL), or a reseller's customer's reseller's terms", async () => {
    const token = await login(ctx.app, DEMO.customer);
    const termsUrl = async () =>
      json<{ terms_url: string | null }>(
        await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) }),
      ).terms_url;
    delete process.env.TERMS_URL;
    expect(await termsUrl()).toBeNull();
    process.env.TERMS_URL = 'https://leadsmith.test/terms/2026-11';
    try {
      expect(await termsUrl()).toBe('https://leadsmith.test/terms/2026-11');
      // A reseller's customer: the terms URL of its package's sales page comes first.
      const reseller = await login(ctx.app, DEMO.reseller);
      const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
        ctx.app.inject({ method, url, headers: bearer(reseller), payload });
      const pkg = json<{ data: { id: number } }>(
        await call('POST', '/api/whitelabel/packages', { ...PACKAGE, name: 'Terms plan' }),
      ).data;
      const sub = json<{ data: { customer_id: number } }>(
        await call('POST', '/api/whitelabel/subscriptions', {
          customer_name: 'Terry Terms',
          email: 'terry@buyer.test',
          username: 'terry-terms',
          package_id: pkg.id,
        }),
      ).data;
      const loaded = async () =>
        (await loadUserDto(ctx.db, sub.customer_id, ctx.config.chatWidgetSecret, ctx.clock.now()))!.terms_url;
      expect(await loaded()).toBe('https://leadsmith.test/terms/2026-11');
      await ctx.db.query(
        `INSERT INTO whitelabel_sales_settings (package_id, business_name, primary_color, secondary_color, background_color, text_color, terms_url, updated_at)
         VALUES ($1, 'Acme', '#112233', '#445566', '#FFFFFF', '#000000', 'https://acme.test/terms', now())`,
        [pkg.id],
      );
      expect(await loaded()).toBe('https://acme.test/terms');
    } finally {
      delete process.env.TERMS_URL;
    }
  });
});
