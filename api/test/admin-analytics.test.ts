import type { ApiResponse } from '../../shared/src/api/contract';
import { seedAdminDemo } from '../src/modules/admin/demoData.service';
import { bearer, createTestApp, DEMO, json, login, type TestContext } from './helpers';

type Dashboard = ApiResponse<'/api/admin/dashboard', 'get'>;

describe('admin dashboard and analytics', () => {
  let ctx: TestContext;
  let admin = '';
  const get = (url: string) => ctx.app.inject({ url, headers: bearer(admin) });

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await login(ctx.app, DEMO.admin);
  }, 120_000);
  afterAll(() => ctx.close(), 60_000);

  test('without demo activity: the four accounts, 12 months of zeros except the seed grants', async () => {
    const body = json<Dashboard>(await get('/api/admin/dashboard'));
    expect(body.users).toMatchObject({ active: 4, deleted: 0 });
    expect(body.signups_by_month).toHaveLength(12);
    expect(body.signups_by_month.at(-1)).toEqual({ month: '2026-03', count: 4 });
    expect(body.activity_by_month.at(-1)).toMatchObject({ month: '2026-03', searches: 0 });
  });

  test('demo activity is seeded once (idempotent) and fills every chart', async () => {
    await seedAdminDemo(ctx.db, ctx.clock);
    await seedAdminDemo(ctx.db, ctx.clock);
    const body = json<Dashboard>(await get('/api/admin/dashboard'));
    expect(body.users.active + body.users.deleted).toBe(44);
    expect(body.users.deleted).toBeGreaterThan(0);
    expect(body.activity_by_month.filter((m) => m.searches > 0).length).toBeGreaterThanOrEqual(10);
    expect(body.signups_by_month.filter((m) => m.count > 0).length).toBeGreaterThanOrEqual(10);
    expect(body.plans.map((p) => p.plan).sort()).toEqual(['Agency', 'Partner Growth', 'Starter']);
    expect(body.subscriptions.find((s) => s.status === 'active')?.count).toBeGreaterThan(0);

    // The wallet equals the ledger for every demo account.
    const mismatches = await ctx.db.query(
      `SELECT w.user_id FROM credit_wallets w JOIN users u ON u.id = w.user_id
        WHERE u.email LIKE '%@demo.leadsmith.test' AND w.monthly <> (SELECT sum(delta) FROM credit_ledger l WHERE l.user_id = w.user_id AND l.bucket = 'monthly')`,
    );
    expect(mismatches.rowCount).toBe(0);
    // Demo accounts cannot sign in.
    const attempt = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'demo-01@demo.leadsmith.test', password: 'anything' },
    });
    expect(attempt.statusCode).toBe(401);
  });

  test('credit usage per day matches the ledger', async () => {
    const body = json<{
      days: { date: string; credits_used: number; searches: number }[];
      by_type: { type: string; credits_used: number }[];
      top_users: { credits_used: number }[];
    }>(await get('/api/admin/analytics/credit-usage?days=30'));
    expect(body.days).toHaveLength(30);
    expect(body.days.at(-1)!.date).toBe('2026-03-15');
    const since = new Date(ctx.clock.now().getTime() - 29 * 24 * 3600_000);
    since.setUTCHours(0, 0, 0, 0);
    const expected = await ctx.db.query<{ n: number }>(
      'SELECT COALESCE(sum(-delta), 0)::int AS n FROM credit_ledger WHERE delta < 0 AND created_at >= $1 AND created_at <= $2',
      [since, ctx.clock.now()],
    );
    expect(body.days.reduce((s, d) => s + d.credits_used, 0)).toBe(expected.rows[0]!.n);
    // Grouped by what was bought (the demo's 'Search: people' reasons), never by raw ledger reason.
    expect(body.by_type.length).toBeGreaterThan(1);
    for (const { type } of body.by_type)
      expect(['company', 'domain', 'influencer', 'intent', 'local', 'people']).toContain(type);
    expect(body.by_type.reduce((s, r) => s + r.credits_used, 0)).toBe(
      body.days.reduce((s, d) => s + d.credits_used, 0),
    );
    expect(body.top_users.length).toBeGreaterThan(0);
    expect(body.top_users[0]!.credits_used).toBeGreaterThanOrEqual(body.top_users.at(-1)!.credits_used);
    expect((await get('/api/admin/analytics/credit-usage?days=45')).statusCode).toBe(400);
  });

  test('login activity and last-login buckets', async () => {
    const body = json<{ days: { logins: number }[]; last_login_buckets: { bucket: string; count: number }[] }>(
      await get('/api/admin/analytics/login-activity?days=90'),
    );
    expect(body.days).toHaveLength(90);
    expect(body.days.reduce((s, d) => s + d.logins, 0)).toBeGreaterThan(50);
    expect(body.last_login_buckets.map((b) => b.bucket)).toEqual(['7', '30', '90', 'over_90', 'never']);
    const active = json<Dashboard>(await get('/api/admin/dashboard')).users.active;
    expect(body.last_login_buckets.reduce((s, b) => s + b.count, 0)).toBe(active);
  });

  test('monthly credit usage by wallet bucket', async () => {
    const body = json<{ months: { month: string; monthly: number; total: number }[] }>(
      await get('/api/admin/analytics/monthly-credit-usage?months=6'),
    );
    expect(body.months.map((m) => m.month)).toEqual(['2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03']);
    expect(body.months.every((m) => m.total === m.monthly)).toBe(true);
    expect(body.months.some((m) => m.total > 0)).toBe(true);
  });
});
