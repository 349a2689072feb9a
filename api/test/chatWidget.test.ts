import { createHmac } from 'node:crypto';
import { JSDOM } from 'jsdom';
import { createTestApp, DEMO, json, login, type TestContext } from './helpers';
import { caller, otherReseller } from './whitelabel-helpers';

/** What PHP's hash_hmac('sha256', $id, $secret) gives: Intercom's identity verification of a user id. */
const hashHmac = (secret: string, id: number) => createHmac('sha256', secret).update(String(id)).digest('hex');

interface Widget {
  provider: string;
  app_id: string;
  frame_url: string;
  user: { user_id: string; name: string; created_at: number; user_hash: string };
}

describe('support chat widget (spec §7: name, id, created_at and hash; ADR 041)', () => {
  let ctx: TestContext;
  let call: ReturnType<typeof caller>;
  let reseller: string;
  let customer: string;
  const widgetOf = async (token: string) =>
    json<{ widget: Widget | null }>(await call('GET', '/api/chat-widget', token)).widget;

  beforeAll(async () => {
    ctx = await createTestApp({ config: { chatWidgetAppId: 'opsapp01' } });
    call = caller(ctx);
    reseller = await login(ctx.app, DEMO.reseller);
    customer = await login(ctx.app, DEMO.customer);
  }, 120_000);
  afterAll(async () => ctx.close(), 60_000);

  it("a reseller's customer gets the reseller's Intercom workspace with the id verified under the reseller's secret; the secret never leaves the server", async () => {
    // No chat of its reseller yet: none (a white-label customer never sees the operator's workspace).
    expect(await widgetOf(customer)).toBeNull();

    const bad = await call('PUT', '/api/whitelabel/chat-widget', reseller, {
      provider: 'intercom',
      app_id: 'abc 1<',
      secret: 'x'.repeat(40),
    });
    expect(bad.statusCode).toBe(422);
    expect(json(bad)).toMatchObject({ field: 'app_id' });
    const noSecret = await call('PUT', '/api/whitelabel/chat-widget', reseller, {
      provider: 'intercom',
      app_id: 'abcd1234',
    });
    expect(json(noSecret)).toMatchObject({ field: 'secret' });
    expect(
      json(
        await call('PUT', '/api/whitelabel/chat-widget', reseller, {
          provider: 'intercom',
          app_id: 'abcd1234',
          secret: 'short',
        }),
      ),
    ).toMatchObject({ field: 'secret' });
    expect(
      json(
        await call('PUT', '/api/whitelabel/chat-widget', reseller, {
          provider: 'drift',
          app_id: 'abcd1234',
          secret: 'x'.repeat(40),
        }),
      ),
    ).toMatchObject({ field: 'provider' });

    const secret = 'reseller-intercom-secret-0123456789abcdef';
    const saved = await call('PUT', '/api/whitelabel/chat-widget', reseller, {
      provider: 'intercom',
      app_id: 'abcd1234',
      secret,
    });
    expect(saved.statusCode).toBe(200);
    expect(json(saved)).toMatchObject({
      message: 'Support chat saved.',
      data: { provider: 'intercom', app_id: 'abcd1234', has_secret: true },
    });
    const read = await call('GET', '/api/whitelabel/chat-widget', reseller);
    expect(json(read)).toMatchObject({ data: { app_id: 'abcd1234', has_secret: true } });
    expect(read.body + saved.body).not.toContain(secret);
    const stored = await ctx.db.query<{ secret_enc: string }>('SELECT secret_enc FROM chat_widgets');
    expect(stored.rows[0]!.secret_enc).not.toContain(secret);

    const { rows } = await ctx.db.query<{ id: number; first_name: string; last_name: string; created_at: Date }>(
      'SELECT id, first_name, last_name, created_at FROM users WHERE email = $1',
      [DEMO.customer.email],
    );
    const me = rows[0]!;
    const widget = await widgetOf(customer);
    expect(widget).toEqual({
      provider: 'intercom',
      app_id: 'abcd1234',
      frame_url: '/api/chat-widget/frame',
      user: {
        user_id: String(me.id),
        name: `${me.first_name} ${me.last_name}`,
        created_at: Math.floor(me.created_at.getTime() / 1000),
        user_hash: hashHmac(secret, me.id),
      },
    });

    // Saved again without a secret: the stored one stays; a new one takes over.
    await call('PUT', '/api/whitelabel/chat-widget', reseller, {
      provider: 'intercom',
      app_id: 'wxyz9876',
      secret: '',
    });
    expect((await widgetOf(customer))?.user.user_hash).toBe(hashHmac(secret, me.id));
    expect((await widgetOf(customer))?.app_id).toBe('wxyz9876');
    await call('PUT', '/api/whitelabel/chat-widget', reseller, {
      provider: 'intercom',
      app_id: 'wxyz9876',
      secret: 'another-secret-of-the-reseller-42',
    });
    expect((await widgetOf(customer))?.user.user_hash).toBe(hashHmac('another-secret-of-the-reseller-42', me.id));

    // Another reseller sees nothing of it; the customer of nobody gets the operator's workspace.
    const other = await otherReseller(ctx, 'chat.other.reseller@leadsmith.test');
    expect(json(await call('GET', '/api/whitelabel/chat-widget', other))).toEqual({ data: null });
    expect((await call('GET', '/api/whitelabel/chat-widget', customer)).statusCode).toBe(403);

    // Removed: the customer has no chat any more.
    expect(json(await call('DELETE', '/api/whitelabel/chat-widget', reseller))).toMatchObject({
      message: 'Support chat removed.',
    });
    expect(await widgetOf(customer)).toBeNull();
  });

  it("users no reseller serves get the operator's workspace, its hash the same as the user's hash_hmac; an impersonation gets none", async () => {
    const me = json<{ id: number; hash_hmac: string }>(await call('GET', '/api/me', reseller));
    const widget = await widgetOf(reseller);
    expect(widget).toMatchObject({
      app_id: 'opsapp01',
      user: { user_id: String(me.id), user_hash: hashHmac(ctx.config.chatWidgetSecret, me.id) },
    });
    expect(widget?.user.user_hash).toBe(me.hash_hmac);

    const admin = await login(ctx.app, DEMO.admin);
    const as = json<{ token: string }>(await call('POST', `/api/admin/users/${me.id}/impersonate`, admin));
    expect(await widgetOf(as.token)).toBeNull();
    expect((await call('GET', '/api/chat-widget', '')).statusCode).toBe(401);
  });

  it('the frame is public, sandboxed into an opaque origin (no allow-same-origin), framed only by the app, and runs only its own loader', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/chat-widget/frame' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(response.headers['content-security-policy']);
    const sandbox = csp.split('; ').find((d) => d.startsWith('sandbox '));
    expect(sandbox).toBe('sandbox allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox');
    expect(csp).toContain("frame-ancestors 'self'");
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    const scripts = [...new JSDOM(response.body).window.document.scripts];
    expect(scripts.map((s) => s.nonce || s.getAttribute('nonce'))).toEqual([nonce]);
    expect(scripts[0]!.textContent).toContain("'https://widget.intercom.io'".replace(/'/g, '"'));
    // A new nonce on every answer.
    const again = await ctx.app.inject({ method: 'GET', url: '/api/chat-widget/frame' });
    expect(/'nonce-([^']+)'/.exec(String(again.headers['content-security-policy']))?.[1]).not.toBe(nonce);
  });
});
