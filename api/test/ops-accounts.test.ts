import { strFromU8, unzipSync } from 'fflate';
import { PRIVACY_SWEEP } from '../src/workers/privacy';
import { demoLeadProvider, demoRecord, registerLeadProvider, type LeadRecord } from '../src/providers/leads';
import { bearer, createTestApp, DEMO, json, login, type TestContext } from './helpers';

/**
 * One app for the account-level operations (one embedded database start for all of them): the public
 * API's per-account rate limit, maintenance mode, and personal-data rights (export archive, retention,
 * a person's erasure, deletion after a grace period). The deletion test erases the customer: it runs last.
 */
let ctx: TestContext;
let customer: string;
let customerId: number;
let admin: string;
let reseller: string;

const DAY_MS = 86_400_000;

beforeAll(async () => {
  ctx = await createTestApp({ config: { apiRateLimitPerMinute: 3 } });
  [admin, reseller, customer] = await Promise.all([
    login(ctx.app, DEMO.admin),
    login(ctx.app, DEMO.reseller),
    login(ctx.app, DEMO.customer),
  ]);
  customerId = (await ctx.db.query<{ id: number }>("SELECT id FROM users WHERE email = 'customer@leadsmith.test'"))
    .rows[0]!.id;
});
afterAll(() => ctx.close());

async function listWithResults(
  name: string,
  results: { email: string; daysOld: number }[],
  ownerId = customerId,
): Promise<number> {
  const { rows } = await ctx.db.query<{ id: number }>(
    "INSERT INTO campaigns (user_id, list_type, name, result_count) VALUES ($1, 'people', $2, $3) RETURNING id",
    [ownerId, name, results.length],
  );
  const campaignId = rows[0]!.id;
  for (const r of results) {
    await ctx.db.query(
      "INSERT INTO campaign_results (campaign_id, user_id, name, email, email_status, created_at) VALUES ($1, $2, $3, $4, 'found', $5)",
      [campaignId, ownerId, r.email.split('@')[0]!, r.email, new Date(ctx.clock.now().getTime() - r.daysOld * DAY_MS)],
    );
  }
  return campaignId;
}

const audit = async (action: string) =>
  (
    await ctx.db.query<{ entity_id: number; actor_id: number | null }>(
      "SELECT entity_id, actor_id FROM admin_audit_log WHERE entity = 'account' AND action = $1 ORDER BY id",
      [action],
    )
  ).rows;

async function apiKey(token: string, name: string): Promise<string> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/user-api-key',
    headers: bearer(token),
    payload: { name },
  });
  expect(response.statusCode).toBe(201);
  return json<{ key: string }>(response).key;
}

describe('public API rate limit per account', () => {
  test('one budget per account across the public routes, with the draft RateLimit headers; sessions and other accounts are not counted', async () => {
    const [first, second] = [await apiKey(reseller, 'one'), await apiKey(reseller, 'two')];
    const call = (url: string, key: string) => ctx.app.inject({ url, headers: { 'x-api-key': key } });
    const answers = [
      await call('/api/business-details/data', first),
      await call('/api/business-details/training-texts', second),
      await call('/api/business-details/data', first),
    ];
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
    expect((await ctx.app.inject({ url: '/api/business-details/data', headers: bearer(reseller) })).statusCode).toBe(
      200,
    );
    // Another account has its own budget.
    const adminKey = await apiKey(admin, 'admin key');
    const other = await call('/api/business-details/data', adminKey);
    expect(other.statusCode).toBe(200);
    expect(other.headers['ratelimit-remaining']).toBe('2');
  });
});

describe('maintenance mode', () => {
  const setMaintenance = (token: string, payload: object) =>
    ctx.app.inject({ method: 'PUT', url: '/api/admin/maintenance', headers: bearer(token), payload });

  test('the super admin switches it on with a message: users get 503 with Retry-After, the super admin works on; switched off, all is back; both audited', async () => {
    expect((await setMaintenance(customer, { enabled: true, message: 'x', retry_after_seconds: 600 })).statusCode).toBe(
      403,
    );
    expect(json(await setMaintenance(admin, { enabled: true, message: 'x', retry_after_seconds: 5 }))).toMatchObject({
      field: 'retry_after_seconds',
    });

    const on = await setMaintenance(admin, {
      enabled: true,
      message: '  Database upgrade until 14:00 UTC.  ',
      retry_after_seconds: 1200,
    });
    expect(on.statusCode).toBe(200);
    expect(json(on)).toEqual({
      code: 'maintenance.saved_on',
      message: 'Maintenance mode is on: only super admins can use the app.',
    });

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
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/campaigns',
          headers: bearer(customer),
          payload: { nonsense: true },
        })
      ).statusCode,
    ).toBe(503);
    // What stays open: sign-in, health, the public state the maintenance page reads.
    expect((await ctx.app.inject({ method: 'POST', url: '/auth/login', payload: DEMO.customer })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/ready' })).statusCode).toBe(200);
    expect(json(await ctx.app.inject({ url: '/api/maintenance' }))).toEqual({
      enabled: true,
      message: 'Database upgrade until 14:00 UTC.',
      retry_after_seconds: 1200,
    });
    // The super admin is not held back.
    expect((await ctx.app.inject({ url: '/api/me', headers: bearer(admin) })).statusCode).toBe(200);
    expect(json(await ctx.app.inject({ url: '/api/admin/maintenance', headers: bearer(admin) }))).toMatchObject({
      enabled: true,
      retry_after_seconds: 1200,
    });

    expect(json(await setMaintenance(admin, { enabled: false, message: '', retry_after_seconds: 900 }))).toMatchObject({
      code: 'maintenance.saved_off',
    });
    expect((await ctx.app.inject({ url: '/api/me', headers: bearer(customer) })).statusCode).toBe(200);

    const audit = json<{
      data: { action: string; entity: string; entity_label: string; after: { enabled: boolean } }[];
    }>(await ctx.app.inject({ url: '/api/admin/audit-log?entity=maintenance', headers: bearer(admin) }));
    expect(audit.data.map((a) => [a.action, a.entity_label, a.after.enabled])).toEqual([
      ['maintenance_off', 'Maintenance mode', false],
      ['maintenance_on', 'Maintenance mode', true],
    ]);
  });
});

test('the owner exports everything as a zip built in the background: the archive opens and holds its lists, results, settings and files, never a secret', async () => {
  await listWithResults('Export me', [{ email: 'ada@export.test', daysOld: 1 }]);
  await ctx.db.query(
    "INSERT INTO settings_training_files (user_id, name, mime_type, size_bytes, content) VALUES ($1, 'notes.txt', 'text/plain', 9, decode($2, 'base64'))",
    [customerId, Buffer.from('our notes').toString('base64')],
  );

  const requested = await ctx.app.inject({ method: 'POST', url: '/api/account/exports', headers: bearer(customer) });
  expect(requested.statusCode).toBe(202);
  const exportId = json<{ data: { id: number; status: string } }>(requested).data.id;
  expect(json(requested)).toMatchObject({ code: 'privacy.export_queued', data: { status: 'queued' } });
  expect(
    (await ctx.app.inject({ method: 'POST', url: '/api/account/exports', headers: bearer(customer) })).statusCode,
  ).toBe(409);

  await ctx.app.queue.drain();
  const privacy = json<{ exports: { id: number; status: string; size_bytes: number }[] }>(
    await ctx.app.inject({ url: '/api/account/privacy', headers: bearer(customer) }),
  );
  expect(privacy.exports[0]).toMatchObject({ id: exportId, status: 'ready', size_bytes: expect.any(Number) });

  const download = await ctx.app.inject({
    url: `/api/account/exports/${exportId}/download`,
    headers: bearer(customer),
  });
  expect(download.statusCode).toBe(200);
  expect(download.headers['content-type']).toBe('application/zip');
  expect(download.headers['content-disposition']).toMatch(
    /attachment; filename="leadsmith-account-\d+-export-\d+\.zip"/,
  );
  const files = unzipSync(new Uint8Array(download.rawPayload));
  const text = (name: string) => strFromU8(files[name]!);
  expect(Object.keys(files)).toEqual(
    expect.arrayContaining([
      'account.json',
      'README.txt',
      'data/campaigns.json',
      'data/campaign_results.json',
      'data/credit_ledger.json',
    ]),
  );
  expect(JSON.parse(text('account.json'))).toMatchObject({
    account_id: customerId,
    users: [expect.objectContaining({ email: 'customer@leadsmith.test' })],
  });
  expect(JSON.parse(text('data/campaigns.json'))).toEqual(
    expect.arrayContaining([expect.objectContaining({ name: 'Export me' })]),
  );
  expect(JSON.parse(text('data/campaign_results.json'))).toEqual(
    expect.arrayContaining([expect.objectContaining({ email: 'ada@export.test' })]),
  );
  expect(
    Object.entries(files)
      .filter(([name]) => name.startsWith('files/'))
      .map(([name, bytes]) => [name.replace(/^files\/\d+-/, ''), strFromU8(bytes)]),
  ).toEqual([['notes.txt', 'our notes']]);
  const everything = Object.values(files)
    .map((f) => strFromU8(f))
    .join('\n');
  expect(everything).not.toMatch(/password_hash|token_hash|key_hash|_sealed/);

  // Another account cannot fetch it; the download is audited.
  expect(
    (await ctx.app.inject({ url: `/api/account/exports/${exportId}/download`, headers: bearer(reseller) })).statusCode,
  ).toBe(404);
  expect((await audit('export_requested')).map((a) => a.entity_id)).toEqual([customerId]);
  expect((await audit('export_downloaded')).map((a) => a.entity_id)).toEqual([customerId]);
});

test("retention: the hourly sweep removes results older than the account's N months, keeps the rest, and fixes the list count", async () => {
  const campaignId = await listWithResults('Old and new', [
    { email: 'old@retention.test', daysOld: 200 },
    { email: 'new@retention.test', daysOld: 10 },
  ]);
  expect(
    json(
      await ctx.app.inject({
        method: 'PUT',
        url: '/api/account/retention',
        headers: bearer(customer),
        payload: { retention_months: 0 },
      }),
    ),
  ).toMatchObject({ field: 'retention_months' });
  expect(
    (
      await ctx.app.inject({
        method: 'PUT',
        url: '/api/account/retention',
        headers: bearer(customer),
        payload: { retention_months: 6 },
      })
    ).statusCode,
  ).toBe(200);
  await ctx.app.queue.send(PRIVACY_SWEEP, {});
  await ctx.app.queue.drain();
  const left = (
    await ctx.db.query<{ email: string }>('SELECT email FROM campaign_results WHERE campaign_id = $1', [campaignId])
  ).rows.map((r) => r.email);
  expect(left).toEqual(['new@retention.test']);
  expect(
    (await ctx.db.query<{ result_count: number }>('SELECT result_count FROM campaigns WHERE id = $1', [campaignId]))
      .rows[0]!.result_count,
  ).toBe(1);
  expect((await audit('retention_applied')).map((a) => a.entity_id)).toEqual([customerId]);
  expect(
    (
      await ctx.app.inject({
        method: 'PUT',
        url: '/api/account/retention',
        headers: bearer(customer),
        payload: { retention_months: null },
      })
    ).statusCode,
  ).toBe(200);
});

test('the super admin erases a person by email from every tenant; a later search does not bring them back, and the audit keeps no address', async () => {
  const resellerId = (
    await ctx.db.query<{ id: number }>("SELECT id FROM users WHERE email = 'reseller@leadsmith.test'")
  ).rows[0]!.id;
  const inCustomer = await listWithResults('Tenant A', [
    { email: 'Ada.Erase@Example.test', daysOld: 3 },
    { email: 'bob@example.test', daysOld: 3 },
  ]);
  const inReseller = await listWithResults('Tenant B', [{ email: 'ada.erase@example.test', daysOld: 5 }], resellerId);

  expect(
    (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/privacy/erase-person',
        headers: bearer(customer),
        payload: { email: 'ada.erase@example.test' },
      })
    ).statusCode,
  ).toBe(403);
  expect(
    json(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/privacy/erase-person',
        headers: bearer(admin),
        payload: { email: 'not an email' },
      }),
    ),
  ).toMatchObject({ field: 'email' });
  const erased = await ctx.app.inject({
    method: 'POST',
    url: '/api/admin/privacy/erase-person',
    headers: bearer(admin),
    payload: { email: 'ADA.erase@example.test' },
  });
  expect(erased.statusCode).toBe(200);
  expect(json(erased)).toMatchObject({ code: 'privacy.person_erased', results_removed: 2, accounts: 2 });
  const emails = async (campaignId: number) =>
    (
      await ctx.db.query<{ email: string }>('SELECT email FROM campaign_results WHERE campaign_id = $1', [campaignId])
    ).rows.map((r) => r.email);
  expect(await emails(inCustomer)).toEqual(['bob@example.test']);
  expect(await emails(inReseller)).toEqual([]);
  expect(
    (await ctx.db.query<{ result_count: number }>('SELECT result_count FROM campaigns WHERE id = $1', [inReseller]))
      .rows[0]!.result_count,
  ).toBe(0);
  // The platform-wide entry holds the hash, never the address.
  const entry = (
    await ctx.db.query<{ kind: string; value: string; account_id: number | null }>(
      "SELECT kind, value, account_id FROM suppressions WHERE source = 'erasure'",
    )
  ).rows;
  expect(entry).toEqual([{ kind: 'email_sha256', value: expect.stringMatching(/^[0-9a-f]{64}$/), account_id: null }]);
  const history = (
    await ctx.db.query<{ after: Record<string, unknown> }>(
      "SELECT after FROM admin_audit_log WHERE entity = 'person' AND action = 'person_erased'",
    )
  ).rows;
  expect(history).toHaveLength(1);
  expect(JSON.stringify(history)).not.toContain('ada');

  // A source that answers the erased person again: the search stores (and charges) only the others.
  const base = demoRecord({ type: 'people', location: 'Berlin', filters: {} }, 0);
  const records: LeadRecord[] = [
    { ...base, key: 'erase-1', name: 'Ada Erase', email: 'ada.erase@example.test', email_outcome: 'found' },
    { ...base, key: 'erase-2', name: 'Carl Kept', email: 'carl@example.test', email_outcome: 'found' },
  ];
  const undo = registerLeadProvider(
    {
      ...demoLeadProvider,
      id: 'erasure-test-source',
      demo: false,
      async *search() {
        yield* records;
      },
    },
    ['people'],
  );
  try {
    const list = await ctx.app.inject({
      method: 'POST',
      url: '/api/campaigns',
      headers: bearer(reseller),
      payload: { name: 'After erasure', list_type: 'people' },
    });
    const campaignId = json<{ campaign: { id: number } }>(list).campaign.id;
    const search = await ctx.app.inject({
      method: 'POST',
      url: '/api/searches',
      headers: bearer(reseller),
      payload: {
        type: 'people',
        campaign_id: campaignId,
        location: 'Berlin, Germany',
        count: 2,
        filters: { job_title: 'CEO' },
      },
    });
    expect(search.statusCode).toBe(201);
    await ctx.app.queue.drain();
    expect(await emails(campaignId)).toEqual(['carl@example.test']);
    expect(
      (await ctx.db.query<{ result_count: number }>('SELECT result_count FROM campaigns WHERE id = $1', [campaignId]))
        .rows[0]!.result_count,
    ).toBe(1);
  } finally {
    undo();
  }
});

test('deletion: password required, cancellable during the grace period, then erased everywhere by the sweep (team included), audit kept', async () => {
  const memberEmail = 'member.of.customer@example.test';
  await ctx.db.query(
    "INSERT INTO users (email, password_hash, first_name, last_name, user_type, team_owner_id) SELECT $1, password_hash, 'Team', 'Member', 'team_member', id FROM users WHERE id = $2",
    [memberEmail, customerId],
  );

  const wrong = await ctx.app.inject({
    method: 'POST',
    url: '/api/account/deletion',
    headers: bearer(customer),
    payload: { password: 'not-it' },
  });
  expect(wrong.statusCode).toBe(422);
  expect(json(wrong)).toMatchObject({ field: 'password' });

  const asked = await ctx.app.inject({
    method: 'POST',
    url: '/api/account/deletion',
    headers: bearer(customer),
    payload: { password: DEMO.customer.password },
  });
  expect(asked.statusCode).toBe(200);
  const due = new Date(json<{ deletion_due_at: string }>(asked).deletion_due_at);
  expect(due.getTime() - ctx.clock.now().getTime()).toBe(14 * DAY_MS);
  expect(
    (await ctx.app.inject({ method: 'DELETE', url: '/api/account/deletion', headers: bearer(customer) })).statusCode,
  ).toBe(200);
  expect(json(await ctx.app.inject({ url: '/api/account/privacy', headers: bearer(customer) }))).toMatchObject({
    deletion_due_at: null,
  });

  expect(
    (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/account/deletion',
        headers: bearer(customer),
        payload: { password: DEMO.customer.password },
      })
    ).statusCode,
  ).toBe(200);
  // Within the grace period the sweep leaves it.
  ctx.clock.advance(13 * DAY_MS);
  await ctx.app.queue.send(PRIVACY_SWEEP, {});
  await ctx.app.queue.drain();
  expect((await ctx.db.query('SELECT 1 FROM users WHERE id = $1', [customerId])).rowCount).toBe(1);

  ctx.clock.advance(2 * DAY_MS);
  await ctx.app.queue.send(PRIVACY_SWEEP, {});
  await ctx.app.queue.drain();
  const left = await ctx.db.query<{ n: number }>(
    `SELECT (SELECT count(*) FROM users WHERE id = $1 OR email = $2)::int
          + (SELECT count(*) FROM campaigns WHERE user_id = $1)::int
          + (SELECT count(*) FROM campaign_results WHERE user_id = $1)::int
          + (SELECT count(*) FROM credit_ledger WHERE user_id = $1)::int
          + (SELECT count(*) FROM account_exports WHERE user_id = $1)::int
          + (SELECT count(*) FROM outbound_emails WHERE to_email = 'customer@leadsmith.test')::int AS n`,
    [customerId, memberEmail],
  );
  expect(left.rows[0]!.n).toBe(0);
  expect((await ctx.app.inject({ method: 'POST', url: '/auth/login', payload: DEMO.customer })).statusCode).toBe(401);
  expect((await audit('deletion_requested')).length).toBe(2);
  expect(await audit('account_erased')).toEqual([{ entity_id: customerId, actor_id: null }]);
});
