import type { ApiResponse } from '../../shared/src/api/contract';
import { seed } from '../src/seed';
import { bearer, createTestApp, DEMO, fakeClock, json, login, type TestContext } from './helpers';

type Limits = ApiResponse<'/api/user-limits', 'get'>;

describe('health, site settings, campaign types, user limits, error log', () => {
  let ctx: TestContext;
  let customer = '';
  let admin = '';

  beforeAll(async () => {
    ctx = await createTestApp({
      config: { logErrorRateLimit: 5 },
      clock: fakeClock(new Date('2026-01-31T09:00:00.000Z')),
    });
    customer = await login(ctx.app, DEMO.customer);
    admin = await login(ctx.app, DEMO.admin);
  });
  afterAll(() => ctx.close());

  const settings = (domain: unknown) =>
    ctx.app.inject({ method: 'POST', url: '/api/site-settings', payload: { domain } });
  const limits = async (token: string): Promise<Limits> => {
    const response = await ctx.app.inject({ url: '/api/user-limits', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    return json<Limits>(response);
  };
  const setUsage = (email: string, used: number, limit: number) =>
    ctx.db.query('UPDATE users SET searches_used = $2, search_limit = $3 WHERE email = $1', [email, used, limit]);

  test('GET /api/health → { ok: true }', async () => {
    const response = await ctx.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ ok: true });
  });

  describe('POST /api/site-settings', () => {
    test('localhost: the default Leadsmith branding with the spec colours (public, no token)', async () => {
      const response = await settings('localhost');
      expect(response.statusCode).toBe(200);
      expect(json(response)).toEqual({
        name: 'Leadsmith',
        content: null,
        favicon: null,
        script: null,
        login_page_bg_color: null,
        sidebar_background_color: null,
        button_color: '#573BFF',
        secondary_color: '#01C0F6',
        text_color: '#202633',
        heading_color: '#202633',
        support_url: null,
        show_training_center: true,
        crms: ['ghl', 'keap', 'zapier', 'groove', 'sales_connector'],
        logo: null,
        domain: 'localhost',
        brand: null,
      });
    });

    test('the port is stripped and case is ignored', async () => {
      for (const domain of ['localhost:8080', 'LOCALHOST', 'http://LocalHost:3000/login']) {
        expect(json(await settings(domain)).domain).toBe('localhost');
      }
    });

    test("a domain's own row wins; an unknown domain falls back to localhost", async () => {
      await ctx.db.query(
        "INSERT INTO business_settings (domain, name, button_color, crms) VALUES ('brand.example.com', 'Brand Co', '#112233', '[\"keap\"]'::jsonb)",
      );
      const own = json(await settings('https://Brand.Example.com:8443/login'));
      expect(own).toMatchObject({
        domain: 'brand.example.com',
        name: 'Brand Co',
        button_color: '#112233',
        crms: ['keap'],
        show_training_center: false,
      });
      expect(json(await settings('unknown.example.org'))).toMatchObject({ domain: 'localhost', name: 'Leadsmith' });
    });

    test('without a localhost row the hard defaults answer', async () => {
      await ctx.db.query("DELETE FROM business_settings WHERE domain = 'localhost'");
      const body = json(await settings('unknown.example.org'));
      expect(body).toMatchObject({
        name: 'Leadsmith',
        domain: 'localhost',
        button_color: '#573BFF',
        crms: [],
        show_training_center: false,
      });
      await seed(ctx.db, ctx.clock); // puts the localhost row back
      expect(json(await settings('unknown.example.org')).show_training_center).toBe(true);
    });

    test('domain is required, bounded and free of spaces', async () => {
      const missing = await ctx.app.inject({ method: 'POST', url: '/api/site-settings', payload: {} });
      expect(json(missing)).toMatchObject({
        statusCode: 400,
        field: 'domain',
        message: 'domain: This field is required.',
      });
      expect(json(await settings('has space.com'))).toMatchObject({
        field: 'domain',
        message: 'domain: Please enter a valid domain or URL.',
      });
      expect(json(await settings('a'.repeat(301)))).toMatchObject({
        field: 'domain',
        message: 'domain: Must be at most 300 characters.',
      });
      expect(json(await settings({ host: 'x' }))).toMatchObject({
        field: 'domain',
        message: 'domain: This type is not valid.',
      });
    });
  });

  test('GET /api/campaign-types lists the list types with their search type (auth required)', async () => {
    expect((await ctx.app.inject({ url: '/api/campaign-types' })).statusCode).toBe(401);
    const response = await ctx.app.inject({ url: '/api/campaign-types', headers: bearer(customer) });
    expect(response.statusCode).toBe(200);
    const body = json<{ id: number; name: string; search_type: string }[]>(response);
    expect(body.map((t) => [t.name, t.search_type])).toEqual([
      ['people', 'people'],
      ['local', 'industry'],
      ['company', 'company'],
      ['influencer', 'influencer'],
      ['domain', 'single'],
      ['intent', 'intent'],
      ['group', 'group'],
    ]);
    expect(body.every((t) => Number.isInteger(t.id))).toBe(true);
  });

  describe('GET /api/user-limits', () => {
    test('usage, remaining, band, reset dates and credits', async () => {
      const body = await limits(customer);
      expect(body).toEqual({
        search_limit: 1000,
        searches_used: 620,
        remaining: 380,
        percent_used: 62,
        band: 'over_50',
        additional_query_count: 0,
        last_reset_date: '2026-01-21',
        next_reset_date: '2026-02-21',
        credits: { monthly: 800, additional: 200, rolled_over: 50, total: 1050 },
      });
    });

    test('band math: ≤ 50 % under_50, > 50 % over_50, at or over the limit full', async () => {
      const cases: [number, number, string, number, number][] = [
        [0, 1000, 'under_50', 0, 1000],
        [500, 1000, 'under_50', 50, 500],
        [501, 1000, 'over_50', 50.1, 499],
        [999, 1000, 'over_50', 99.9, 1],
        [1000, 1000, 'full', 100, 0],
        [1200, 1000, 'full', 100, 0],
        [0, 0, 'full', 100, 0],
      ];
      for (const [used, limit, band, percent, remaining] of cases) {
        await setUsage(DEMO.admin.email, used, limit);
        expect(await limits(admin)).toMatchObject({
          band,
          percent_used: percent,
          remaining,
          searches_used: used,
          search_limit: limit,
        });
      }
    });

    test('the limit resets on the same date next month (lazily, on read)', async () => {
      await setUsage(DEMO.customer.email, 620, 1000);
      ctx.clock.set(new Date('2026-02-20T23:59:00.000Z'));
      expect(await limits(customer)).toMatchObject({ searches_used: 620, last_reset_date: '2026-01-21' });
      ctx.clock.set(new Date('2026-02-21T00:01:00.000Z'));
      expect(await limits(customer)).toMatchObject({
        searches_used: 0,
        band: 'under_50',
        last_reset_date: '2026-02-21',
        next_reset_date: '2026-03-21',
      });
    });

    test('a series that starts on the 31st resets on the last day of a shorter month, then on the 31st again', async () => {
      await setUsage(DEMO.basic.email, 10, 1000);
      await ctx.db.query(
        "UPDATE users SET last_reset_date = '2026-01-31', limit_reset_anchor = NULL WHERE email = $1",
        [DEMO.basic.email],
      );
      const seen: unknown[] = [];
      const before = ctx.clock.now();
      try {
        for (const [day, used] of [
          ['2026-02-27', 10],
          ['2026-02-28', 20],
          ['2026-03-30', 30],
          ['2026-03-31', 40],
          ['2026-04-30', 0],
        ] as const) {
          ctx.clock.set(new Date(`${day}T12:00:00.000Z`));
          const now = await limits(await login(ctx.app, DEMO.basic));
          seen.push([day, now.searches_used, now.last_reset_date, now.next_reset_date]);
          await setUsage(DEMO.basic.email, used, 1000);
        }
      } finally {
        ctx.clock.set(before);
      }
      expect(seen).toEqual([
        ['2026-02-27', 10, '2026-01-31', '2026-02-28'],
        ['2026-02-28', 0, '2026-02-28', '2026-03-31'],
        ['2026-03-30', 20, '2026-02-28', '2026-03-31'],
        ['2026-03-31', 0, '2026-03-31', '2026-04-30'],
        ['2026-04-30', 0, '2026-04-30', '2026-05-31'],
      ]);
    });
  });

  describe('POST /api/log-app-error', () => {
    const logError = (payload: object, headers: Record<string, string> = {}, remoteAddress = '10.9.0.1') =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/log-app-error',
        payload,
        headers: { 'user-agent': 'jest-browser', ...headers },
        remoteAddress,
      });
    const lastError = async () =>
      (
        await ctx.db.query<{
          user_id: number | null;
          message: string;
          info: unknown;
          remote: string | null;
          user_agent: string | null;
        }>('SELECT user_id, message, info, remote, user_agent FROM app_errors ORDER BY id DESC LIMIT 1')
      ).rows[0];

    test('without a token: 204, stored without a user', async () => {
      const response = await logError({
        message: 'Boom',
        stack: 'Error: Boom\n    at x',
        info: { componentStack: 'in App' },
        remote: 'mfe_admin',
        remote_version: '1.2.0',
        url: 'http://localhost/admin',
      });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect(await lastError()).toEqual({
        user_id: null,
        message: 'Boom',
        info: { componentStack: 'in App' },
        remote: 'mfe_admin',
        user_agent: 'jest-browser',
      });
    });

    test('with a valid token the user is recorded; an invalid token is ignored, not refused', async () => {
      expect((await logError({ message: 'Signed in', info: 'as text' }, bearer(customer), '10.9.0.2')).statusCode).toBe(
        204,
      );
      const row = await lastError();
      expect(row?.user_id).toEqual(expect.any(Number));
      expect(row?.info).toBe('as text');
      expect((await logError({ message: 'Bad token' }, bearer('x'.repeat(43)), '10.9.0.2')).statusCode).toBe(204);
      expect((await lastError())?.user_id).toBeNull();
    });

    test('an oversize message is 400 naming message; other bad input names its field', async () => {
      const long = await logError({ message: 'x'.repeat(2001) }, {}, '10.9.0.3');
      expect(long.statusCode).toBe(400);
      expect(json(long)).toMatchObject({
        code: 'validation_failed',
        field: 'message',
        message: 'message: Must be at most 2000 characters.',
      });
      expect(json(await logError({}, {}, '10.9.0.3'))).toMatchObject({
        field: 'message',
        message: 'message: This field is required.',
      });
      const bigInfo = await logError({ message: 'm', info: { blob: 'y'.repeat(17_000) } }, {}, '10.9.0.3');
      expect(json(bigInfo)).toMatchObject({ field: 'info', message: 'info: Must be at most 16000 characters.' });
      expect(json(await logError({ message: 'm', stack: ['a'] }, {}, '10.9.0.4'))).toMatchObject({
        field: 'stack',
        message: 'stack: This type is not valid.',
      });
    });

    test('rate-limited per IP (429 rate_limited), other IPs unaffected', async () => {
      for (let i = 0; i < 5; i++) expect((await logError({ message: `n${i}` }, {}, '10.9.9.9')).statusCode).toBe(204);
      const limited = await logError({ message: 'one too many' }, {}, '10.9.9.9');
      expect(limited.statusCode).toBe(429);
      expect(json(limited)).toMatchObject({
        statusCode: 429,
        code: 'rate_limited',
        message: 'Too many requests. Please try again later.',
      });
      expect((await logError({ message: 'elsewhere' }, {}, '10.9.9.10')).statusCode).toBe(204);
    });
  });

  test('the dev outbox does not exist unless DEV_MAILBOX=1', async () => {
    const response = await ctx.app.inject({ url: '/api/dev/outbox?email=admin@leadsmith.test' });
    expect(response.statusCode).toBe(404);
    expect(json(response).code).toBe('not_found');
  });

  test('remote registry without a web root is empty', async () => {
    const response = await ctx.app.inject({ url: '/api/remote-registry?domain=localhost' });
    expect(json(response)).toEqual({ remotes: {} });
  });
});
