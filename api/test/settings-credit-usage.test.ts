import { createTestApp, bearer, json, login, DEMO, type TestContext } from './helpers';

describe('GET /api/credit-usage-statistic', () => {
  let ctx: TestContext;
  let customer: string;
  let reseller: string;
  let customerId: number;
  beforeAll(async () => {
    ctx = await createTestApp();
    customer = await login(ctx.app, DEMO.customer);
    reseller = await login(ctx.app, DEMO.reseller);
    customerId = (await ctx.db.query<{ id: number }>("SELECT id FROM users WHERE email = 'customer@leadsmith.test'"))
      .rows[0]!.id;
    const add = (delta: number, reason: string, at: string) =>
      ctx.db.query(
        "INSERT INTO credit_ledger (user_id, delta, bucket, reason, created_at) VALUES ($1, $2, 'monthly', $3, $4)",
        [customerId, delta, reason, at],
      );
    await add(-9, 'search:people:job:1', '2026-03-10T10:00:00Z');
    await add(-3, 'search:local:job:2', '2026-03-10T23:59:00Z');
    await add(-2, 'get-phones:list:4', '2026-03-12T08:00:00Z');
    await add(-5, 'search:people:job:3', '2026-02-01T08:00:00Z');
  }, 120_000);
  afterAll(() => ctx.close(), 60_000);

  const get = (query: string, token = customer) =>
    ctx.app.inject({ method: 'GET', url: `/api/credit-usage-statistic${query}`, headers: bearer(token) });

  it('sums by day and by search type inside the range, with a paginated table', async () => {
    const res = await get('?start_date=2026-03-09&end_date=2026-03-12&pageSize=2');
    expect(res.statusCode).toBe(200);
    const body = json<{
      totals: { consumed: number };
      by_day: { date: string; consumed: number }[];
      by_type: { type: string; consumed: number }[];
      data: { reason: string; type: string }[];
      total: number;
    }>(res);
    expect(body.totals.consumed).toBe(14);
    expect(body.by_day).toEqual([
      { date: '2026-03-09', consumed: 0, added: 0 },
      { date: '2026-03-10', consumed: 12, added: 0 },
      { date: '2026-03-11', consumed: 0, added: 0 },
      { date: '2026-03-12', consumed: 2, added: 0 },
    ]);
    expect(body.by_type).toEqual([
      { type: 'people', consumed: 9 },
      { type: 'local', consumed: 3 },
      { type: 'get-phones', consumed: 2 },
    ]);
    expect(body.total).toBe(3);
    expect(body.data).toHaveLength(2);
    expect(body.data[0]).toMatchObject({ reason: 'get-phones:list:4', type: 'get-phones' });
  });

  it('defaults to the last 30 days (fake clock 2026-03-15) and includes the seed credits as added', async () => {
    const body = json<{
      start_date: string;
      end_date: string;
      by_day: unknown[];
      totals: { consumed: number; added: number };
    }>(await get(''));
    expect(body).toMatchObject({ start_date: '2026-02-14', end_date: '2026-03-15' });
    expect(body.by_day).toHaveLength(30);
    expect(body.totals.consumed).toBe(14);
    expect(body.totals.added).toBeGreaterThan(0);
  });

  it('is per account', async () => {
    const body = json<{ totals: { consumed: number } }>(
      await get('?start_date=2026-03-01&end_date=2026-03-15', reseller),
    );
    expect(body.totals.consumed).toBe(0);
  });

  it('validates the dates and the range', async () => {
    expect(json(await get('?start_date=2026-13-40'))).toMatchObject({ field: 'start_date' });
    expect(json(await get('?start_date=tomorrow'))).toMatchObject({ field: 'start_date' });
    expect(json(await get('?start_date=2026-03-12&end_date=2026-03-01'))).toMatchObject({
      field: 'start_date',
      code: 'validation_failed',
    });
    expect((await get('?start_date=2024-01-01&end_date=2026-03-01')).statusCode).toBe(400);
    expect((await get('?foo=1')).statusCode).toBe(400);
  });
});
