import { createHash } from 'node:crypto';
import { HOUR_MS, MINUTE_MS } from '../src/clock';
import { bearer, createTestApp, DEMO, json, login, type TestContext } from './helpers';

interface LoginBody {
  token: string;
  token_type: string;
  expires_at: string;
  user: { id: number; email: string; last_login_at: string; modules: { slug: string }[] };
}

describe('login, tokens and logout', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestApp({
      beforeReady: (app) => {
        // A route of a "later area", to exercise requireModule.
        app.get(
          '/api/test/admin-only',
          { config: { access: 'admin' }, onRequest: [app.requireAuth, app.requireModule('admin')] },
          async () => ({ ok: true }),
        );
      },
    });
  });
  afterAll(() => ctx.close());

  const post = (url: string, payload: object, headers: Record<string, string> = {}, remoteAddress?: string) =>
    ctx.app.inject({ method: 'POST', url, payload, headers, ...(remoteAddress ? { remoteAddress } : {}) });

  test('valid credentials give a bearer token, its expiry and the user; last_login_at is set', async () => {
    const response = await post('/auth/login', DEMO.admin);
    expect(response.statusCode).toBe(200);
    const body = json<LoginBody>(response);
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.token_type).toBe('Bearer');
    const now = ctx.clock.now();
    expect(body.expires_at).toBe(new Date(now.getTime() + 720 * HOUR_MS).toISOString());
    expect(body.user.email).toBe(DEMO.admin.email);
    expect(body.user.last_login_at).toBe(now.toISOString());
    expect(body.user.modules).toHaveLength(5);
    expect(body).not.toHaveProperty('message');
  });

  test('the email is matched case-insensitively', async () => {
    const response = await post('/auth/login', { email: 'ADMIN@Leadsmith.test', password: DEMO.admin.password });
    expect(response.statusCode).toBe(200);
  });

  test('a wrong password or unknown email is 401 invalid_credentials, translated', async () => {
    const wrong = await post('/auth/login', { email: DEMO.admin.email, password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(json(wrong)).toMatchObject({
      code: 'invalid_credentials',
      message: 'These credentials do not match our records.',
    });

    const unknown = await post(
      '/auth/login',
      { email: 'nobody@leadsmith.test', password: 'whatever' },
      { 'user-language': 'es' },
    );
    expect(unknown.statusCode).toBe(401);
    expect(json(unknown)).toMatchObject({
      code: 'invalid_credentials',
      message: 'Estas credenciales no coinciden con nuestros registros.',
    });
  });

  test('the database stores only the sha256 of a token, never the token itself', async () => {
    const token = await login(ctx.app, DEMO.reseller);
    const hash = createHash('sha256').update(token).digest('hex');
    const stored = await ctx.db.query<{ token_hash: string }>('SELECT token_hash FROM auth_tokens');
    expect(stored.rows.map((r) => r.token_hash)).toContain(hash);

    // Scan every table's rows as text: the raw token appears nowhere.
    const tables = await ctx.db.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'",
    );
    expect(tables.rows.length).toBeGreaterThan(10);
    for (const { table_name } of tables.rows) {
      const { rows } = await ctx.db.query<{ row: string }>(`SELECT t::text AS row FROM ${table_name} t`);
      for (const { row } of rows) expect(row).not.toContain(token);
    }
  });

  test('a token authenticates; last_used_at is recorded', async () => {
    const token = await login(ctx.app, DEMO.customer);
    const me = await ctx.app.inject({ url: '/api/me', headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    const hash = createHash('sha256').update(token).digest('hex');
    const { rows } = await ctx.db.query<{ last_used_at: Date | null }>(
      'SELECT last_used_at FROM auth_tokens WHERE token_hash = $1',
      [hash],
    );
    expect(rows[0]?.last_used_at?.toISOString()).toBe(ctx.clock.now().toISOString());
  });

  test('missing, malformed and unknown tokens are 401 unauthenticated', async () => {
    for (const headers of [
      {},
      { authorization: 'Basic abc' },
      { authorization: 'Bearer short' },
      { authorization: `Bearer ${'x'.repeat(43)}` },
    ]) {
      const response = await ctx.app.inject({ url: '/api/me', headers });
      expect(response.statusCode).toBe(401);
      expect(json(response)).toMatchObject({ code: 'unauthenticated', message: 'Please log in to continue.' });
    }
  });

  test('logout revokes the token used', async () => {
    const token = await login(ctx.app, DEMO.customer);
    const other = await login(ctx.app, DEMO.customer);
    const out = await ctx.app.inject({ method: 'POST', url: '/auth/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    expect(json(out)).toEqual({ success: true });
    expect((await ctx.app.inject({ url: '/api/me', headers: bearer(token) })).statusCode).toBe(401);
    // Other sessions of the same user stay signed in.
    expect((await ctx.app.inject({ url: '/api/me', headers: bearer(other) })).statusCode).toBe(200);
    // Logging out twice, or without a token, is 401.
    expect((await ctx.app.inject({ method: 'POST', url: '/auth/logout', headers: bearer(token) })).statusCode).toBe(
      401,
    );
    expect((await ctx.app.inject({ method: 'POST', url: '/auth/logout' })).statusCode).toBe(401);
  });

  test('an expired token is 401', async () => {
    const token = await login(ctx.app, DEMO.basic);
    ctx.clock.advance(720 * HOUR_MS - 1000);
    expect((await ctx.app.inject({ url: '/api/me', headers: bearer(token) })).statusCode).toBe(200);
    ctx.clock.advance(1000);
    const expired = await ctx.app.inject({ url: '/api/me', headers: bearer(token) });
    expect(expired.statusCode).toBe(401);
    expect(json(expired).code).toBe('unauthenticated');
  });

  test('a deleted user can neither log in nor use an existing token', async () => {
    const token = await login(ctx.app, DEMO.basic);
    await ctx.db.query('UPDATE users SET deleted_at = $2 WHERE email = $1', [DEMO.basic.email, ctx.clock.now()]);
    expect((await ctx.app.inject({ url: '/api/me', headers: bearer(token) })).statusCode).toBe(401);
    const again = await post('/auth/login', DEMO.basic);
    expect(again.statusCode).toBe(401);
    expect(json(again).code).toBe('invalid_credentials');
    await ctx.db.query('UPDATE users SET deleted_at = NULL WHERE email = $1', [DEMO.basic.email]);
  });

  test('requireModule: 403 without the module, 401 without a token', async () => {
    const admin = await login(ctx.app, DEMO.admin);
    const basic = await login(ctx.app, DEMO.basic);
    expect((await ctx.app.inject({ url: '/api/test/admin-only', headers: bearer(admin) })).statusCode).toBe(200);
    const denied = await ctx.app.inject({ url: '/api/test/admin-only', headers: bearer(basic) });
    expect(denied.statusCode).toBe(403);
    expect(json(denied)).toMatchObject({ code: 'forbidden', message: 'You do not have permission to do this.' });
    expect((await ctx.app.inject({ url: '/api/test/admin-only' })).statusCode).toBe(401);
  });

  test('5 failures per email and IP within 15 minutes lock that pair out (429, translated)', async () => {
    const ip = '10.1.1.1';
    for (let i = 0; i < 5; i++) {
      const response = await post('/auth/login', { email: DEMO.reseller.email, password: `wrong-${i}` }, {}, ip);
      expect(response.statusCode).toBe(401);
      ctx.clock.advance(MINUTE_MS);
    }
    // Even the right password is refused now.
    const locked = await post('/auth/login', DEMO.reseller, {}, ip);
    expect(locked.statusCode).toBe(429);
    // First failure was 5 minutes ago: it leaves the 15-minute window in 10.
    expect(json(locked)).toMatchObject({
      code: 'too_many_attempts',
      message: 'Too many login attempts. Try again in 10 minutes.',
      retry_after_seconds: 600,
    });
    expect(locked.headers['retry-after']).toBe('600');

    const german = await post('/auth/login', DEMO.reseller, { 'user-language': 'de' }, ip);
    expect(json(german).message).toBe('Zu viele Anmeldeversuche. Versuchen Sie es in 10 Minuten erneut.');

    // Another IP is not affected.
    expect((await post('/auth/login', DEMO.reseller, {}, '10.2.2.2')).statusCode).toBe(200);

    ctx.clock.advance(9 * MINUTE_MS + 59_000);
    const almost = await post('/auth/login', DEMO.reseller, {}, ip);
    expect(json(almost).message).toBe('Too many login attempts. Try again in 1 minute.');

    ctx.clock.advance(1000);
    expect((await post('/auth/login', DEMO.reseller, {}, ip)).statusCode).toBe(200);
  });

  test('a success clears the failure count', async () => {
    const ip = '10.3.3.3';
    for (let i = 0; i < 4; i++)
      expect(
        (await post('/auth/login', { email: DEMO.customer.email, password: 'nope-nope' }, {}, ip)).statusCode,
      ).toBe(401);
    expect((await post('/auth/login', DEMO.customer, {}, ip)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++)
      expect(
        (await post('/auth/login', { email: DEMO.customer.email, password: 'nope-nope' }, {}, ip)).statusCode,
      ).toBe(401);
    expect((await post('/auth/login', DEMO.customer, {}, ip)).statusCode).toBe(200);
  });

  test('login validates its body and names the field', async () => {
    const response = await post('/auth/login', { email: 'not-an-email', password: 'x' });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({
      code: 'validation_failed',
      field: 'email',
      message: 'email: Please enter a valid email address.',
    });
  });
});
