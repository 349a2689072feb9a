import { bearer, createTestApp, DEMO, json, login, type TestContext } from './helpers';

/** Per-account limits on the public API (RateLimit headers) and maintenance mode. */
let ctx: TestContext;
let admin: string;
let reseller: string;
let customer: string;

beforeAll(async () => {
  ctx = await createTestApp({ config: { apiRateLimitPerMinute: 3 } });
  [admin, reseller, customer] = await Promise.all([login(ctx.app, DEMO.admin), login(ctx.app, DEMO.reseller), login(ctx.app, DEMO.customer)]);
});
afterAll(() => ctx.close());

async function apiKey(token: string, name: string): Promise<string> {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/user-api-key', headers: bearer(token), payload: { name } });
  expect(response.statusCode).toBe(201);
  return json<{ key: string }>(response).key;
}

describe('public API rate limit per account', () => {
  test('one budget per account across the public routes, with the draft RateLimit headers; sessions and other accounts are not counted', async () => {
    const [first, second] = [await apiKey(reseller, 'one'), await apiKey(reseller, 'two')];
    const call = (url: string, key: string) => ctx.app.inject({ url, headers: { 'x-api-key': key } });
    const answers = [await call('/api/business-details/data', first), await call('/api/business-details/training-texts', second), await call('/api/business-details/data', first)];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.headers['ratelimit-remaining'])).toEqual(['2', '1', '0']);
    expect(answers[0]!.headers['ratelimit-limit']).toBe('3');
    expect(Number(answers[0]!.headers['ratelimit-reset'])).toBeGreaterThan(0);

    // The account's two keys share the budget; the fourth call of the minute is refused.
    const refused = await call('/api/business-details/training-qa', second);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(json(refused)).toMatchObject({ code: 'rate_limited', retry_after_seconds: expect.any(Number) });

    // The app's own screens (a session) are not counted here.
    expect((await ctx.app.inject({ url: '/api/business-details/data', headers: bearer(reseller) })).statusCode).toBe(200);
    // Another account has its own budget.
    const adminKey = await apiKey(admin, 'admin key');
    const other = await call('/api/business-details/data', adminKey);
    expect(other.statusCode).toBe(200);
    expect(other.headers['ratelimit-remaining']).toBe('2');
  });
});

describe('maintenance mode', () => {
  const setMaintenance = (token: string, payload: object) => ctx.app.inject({ method: 'PUT', url: '/api/admin/maintenance', headers: bearer(token), payload });

  test('the super admin switches it on with a message: users get 503 with Retry-After, the super admin works on; switched off, all is back; both audited', async () => {
    expect((await setMaintenance(customer, { enabled: true, message: 'x', retry_after_seconds: 600 })).statusCode).toBe(403);
    expect(json(await setMaintenance(admin, { enabled: true, message: 'x', retry_after_seconds: 5 }))).toMatchObject({ field: 'retry_after_seconds' });

    const on = await setMaintenance(admin, { enabled: true, message: '  Database upgrade until 14:00 UTC.  ', retry_after_seconds: 1200 });
    expect(on.statusCode).toBe(200);
    expect(json(on)).toEqual({ code: 'maintenance.saved_on', message: 'Maintenance mode is on: only super admins can use the app.' });

    const held = await ctx.app.inject({ url: '/api/me', headers: { ...bearer(customer), 'user-language': 'de' } });
    expect(held.statusCode).toBe(503);
    expect(held.headers['retry-after']).toBe('1200');
    expect(json(held)).toMatchObject({
      code: 'maintenance',
      message: 'Der Dienst wird gerade gewartet. Bitte versuchen Sie es später erneut.',
      maintenance_message: 'Database upgrade until 14:00 UTC.',
      retry_after_seconds: 1200,
    });
    // Before any body is read or validated.
    expect((await ctx.app.inject({ method: 'POST', url: '/api/campaigns', headers: bearer(customer), payload: { nonsense: true } })).statusCode).toBe(503);
    // What stays open: sign-in, health, the public state the maintenance page reads.
    expect((await ctx.app.inject({ method: 'POST', url: '/auth/login', payload: DEMO.customer })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/ready' })).statusCode).toBe(200);
    expect(json(await ctx.app.inject({ url: '/api/maintenance' }))).toEqual({ enabled: true, message: 'Database upgrade until 14:00 UTC.', retry_after_seconds: 1200 });
    // The super admin is not held back.
    expect((await ctx.app.inject({ url: '/api/me', headers: bearer(admin) })).statusCode).toBe(200);
    expect(json(await ctx.app.inject({ url: '/api/admin/maintenance', headers: bearer(admin) }))).toMatchObject({ enabled: true, retry_after_seconds: 1200 });

    expect(json(await setMaintenance(admin, { enabled: false, message: '', retry_after_seconds: 900 }))).toMatchObject({ code: 'maintenance.saved_off' });
    expect((await ctx.app.inject({ url: '/api/me', headers: bearer(customer) })).statusCode).toBe(200);

    const audit = json<{ data: { action: string; entity: string; entity_label: string; after: { enabled: boolean } }[] }>(
      await ctx.app.inject({ url: '/api/admin/audit-log?entity=maintenance', headers: bearer(admin) }),
    );
    expect(audit.data.map((a) => [a.action, a.entity_label, a.after.enabled])).toEqual([
      ['maintenance_off', 'Maintenance mode', false],
      ['maintenance_on', 'Maintenance mode', true],
    ]);
  });
});
