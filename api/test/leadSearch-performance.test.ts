import { bearer, createTestApp, DEMO, json, login, type TestContext } from './helpers';

/**
 * A list with 100,000 results (seeded with one INSERT … SELECT generate_series): the first page, a
 * filtered page and bulk actions over every matching row answer correctly. Timings are measured by
 * `npm run bench`, not asserted here.
 */
const ROWS = 100_000;
let ctx: TestContext;
let token: string;
let listId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  token = await login(ctx.app, DEMO.customer);
  const userId = (await ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO.customer.email]))
    .rows[0]!.id;
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/campaigns',
    headers: bearer(token),
    payload: { name: 'Big list', list_type: 'company' },
  });
  listId = json<{ campaign: { id: number } }>(res).campaign.id;
  // Every 4th row has no email; the rest are found (2 of 3) or potential (1 of 3).
  await ctx.db.query(
    `INSERT INTO campaign_results (campaign_id, user_id, name, company, email, email_status, data, created_at)
     SELECT $1, $2, 'Lead ' || g, 'Company ' || (g % 500),
            CASE WHEN g % 4 = 0 THEN NULL ELSE 'lead' || g || '@example.com' END,
            CASE WHEN g % 4 = 0 THEN 'not_found' WHEN g % 3 = 0 THEN 'potential' ELSE 'found' END,
            jsonb_build_object('employee_count', g % 1000),
            now() - make_interval(secs => $3 - g)
       FROM generate_series(1, $3) AS g`,
    [listId, userId, ROWS],
  );
  await ctx.db.query('UPDATE campaigns SET result_count = $2 WHERE id = $1', [listId, ROWS]);
  await ctx.db.query('ANALYZE campaign_results');
}, 120_000);
afterAll(() => ctx.close());

const list = (body: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: `/api/company-results/${listId}`, headers: bearer(token), payload: body });

it('answers the first page from the cached total, in id order', async () => {
  const res = await list({});
  expect(res.statusCode).toBe(200);
  const body = json<{ data: { name: string }[]; total: number; total_capped: boolean }>(res);
  expect(body.total).toBe(ROWS);
  expect(body.total_capped).toBe(false);
  expect(body.data.map((r) => r.name)).toEqual(Array.from({ length: 20 }, (_, i) => `Lead ${i + 1}`));
  const last = json<{ data: { name: string }[] }>(await list({ page: ROWS / 20 }));
  expect(last.data.at(-1)!.name).toBe(`Lead ${ROWS}`);
});

it('bounds the count of a filtered page instead of counting every row', async () => {
  const body = json<{ data: { email: string | null }[]; total: number; total_capped: boolean }>(
    await list({ withEmail: 0 }),
  );
  expect(body.data).toHaveLength(20);
  expect(body.data.every((r) => r.email === null)).toBe(true);
  expect(body.total_capped).toBe(true);
  expect(body.total).toBe(10_000);
  const narrow = json<{ total: number; total_capped: boolean }>(
    await list({ search: 'Lead 9999', search_type: 'start' }),
  );
  // Lead 9999 and Lead 99990 … 99999.
  expect(narrow).toMatchObject({ total: 11, total_capped: false });
});

it('uses the list index for the first page', async () => {
  const plan = (
    await ctx.db.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN SELECT id FROM campaign_results r WHERE r.campaign_id = $1 ORDER BY r.id LIMIT 20`,
      [listId],
    )
  ).rows
    .map((r) => r['QUERY PLAN'])
    .join('\n');
  expect(plan).toMatch(/Index (Only )?Scan/);
  expect(plan).not.toMatch(/Seq Scan/);
});

it('labels every matching row across pages in one bulk action, then deletes them', async () => {
  const labelled = await ctx.app.inject({
    method: 'POST',
    url: `/api/company-results/${listId}/labels`,
    headers: bearer(token),
    payload: { all_matching: true, filters: { withEmail: 0 }, add: ['no email'] },
  });
  expect(labelled.statusCode).toBe(200);
  expect(json<{ updated: number }>(labelled).updated).toBe(ROWS / 4);
  const check = json<{ data: { labels: string[] }[] }>(await list({ withEmail: 0, page: 1000 }));
  expect(check.data.every((r) => r.labels.includes('no email'))).toBe(true);

  const deleted = await ctx.app.inject({
    method: 'POST',
    url: `/api/company-results/${listId}/delete`,
    headers: bearer(token),
    payload: { all_matching: true, filters: { withEmail: 0 } },
  });
  expect(json<{ deleted: number }>(deleted).deleted).toBe(ROWS / 4);
  const after = json<{ total: number; data: { email: string | null }[] }>(await list({}));
  expect(after.total).toBe(ROWS - ROWS / 4);
  expect(after.data.every((r) => r.email !== null)).toBe(true);
});
