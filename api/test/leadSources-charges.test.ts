import type { ApiResponse } from '../../shared/src/api/contract';
import { installLeadSources, loadLeadSourcesConfig } from '../src/providers/leads';
import { runJobStep } from '../src/modules/leadSearch/searchJobs.service';
import {
  FAKE_KEYS,
  HUNTER_DOMAINS,
  startFakeLeadVendors,
  testSourceDeps,
  type FakeLeadVendors,
} from './fakeLeadVendors';
import { bearer, createTestApp, DEMO, json, login, searchJobStatus, type TestContext } from './helpers';
import { enrichAndWait } from './support/enrichment';

/**
 * Credits of local, domain, influencer and intent searches and their enrichments, through the real
 * adapters (OpenStreetMap, Hunter, Modash, IPinfo) against the loopback fakes speaking each vendor's
 * protocol: the spec §9 cost is charged once per record that came with a contact, and nothing when
 * the vendor fails. The keyless engines other than OpenStreetMap are off, so every email comes from Hunter.
 */
let ctx: TestContext;
let fake: FakeLeadVendors;
let token: string;
let other: string;
let userId: number;
let uninstall: () => void;

type Page = ApiResponse<'/api/people-results/{id}', 'post'>;

beforeAll(async () => {
  fake = await startFakeLeadVendors();
  const config = loadLeadSourcesConfig({
    LEAD_KEYLESS_SOURCES: 'osm',
    NOMINATIM_URL: fake.url('nominatim'),
    OVERPASS_URL: fake.url('overpass'),
    HUNTER_API_KEY: FAKE_KEYS.hunter,
    HUNTER_URL: fake.url('hunter'),
    MODASH_API_KEY: FAKE_KEYS.modash,
    MODASH_URL: fake.url('modash'),
    IPINFO_TOKEN: FAKE_KEYS.ipinfo,
    IPINFO_URL: fake.url('ipinfo'),
    LEAD_EMAIL_WATERFALL: 'hunter',
  });
  uninstall = installLeadSources(config, {}, testSourceDeps());
  ctx = await createTestApp();
  token = await login(ctx.app, DEMO.customer);
  other = await login(ctx.app, DEMO.reseller);
  userId = (await ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO.customer.email])).rows[0]!
    .id;
}, 60_000);
afterAll(async () => {
  uninstall();
  await ctx.close();
  await fake.close();
});

/** A wallet of `monthly` credits and no contact paid for yet (a contact is charged once per account: each test stands alone). */
async function setWallet(monthly: number) {
  await ctx.db.transaction(async (tx) => {
    await tx.query('DELETE FROM credit_ledger WHERE user_id = $1', [userId]);
    await tx.query('DELETE FROM paid_contacts WHERE user_id = $1', [userId]);
    await tx.query('UPDATE credit_wallets SET monthly = $2, additional = 0, rolled_over = 0 WHERE user_id = $1', [
      userId,
      monthly,
    ]);
    if (monthly)
      await tx.query('INSERT INTO credit_ledger (user_id, delta, bucket, reason) VALUES ($1, $2, $3, $4)', [
        userId,
        monthly,
        'monthly',
        'test',
      ]);
  });
}
const balance = async () =>
  (
    await ctx.db.query<{ n: number }>(
      'SELECT monthly + additional + rolled_over AS n FROM credit_wallets WHERE user_id = $1',
      [userId],
    )
  ).rows[0]!.n;
const ledgerSum = async () =>
  (
    await ctx.db.query<{ n: number }>(
      'SELECT COALESCE(sum(delta), 0)::int AS n FROM credit_ledger WHERE user_id = $1',
      [userId],
    )
  ).rows[0]!.n;

/** List names are unique per account: each list this file makes gets its own. */
let listSeq = 0;
async function createList(listType: string): Promise<number> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/campaigns',
    headers: bearer(token),
    payload: { name: `Charges ${listType} ${(listSeq += 1)}`, list_type: listType },
  });
  expect(res.statusCode).toBe(201);
  return json<{ campaign: { id: number } }>(res).campaign.id;
}

async function fill(type: string, id: number, count: number, filters: Record<string, unknown>): Promise<number> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/searches',
    headers: bearer(token),
    payload: { type, campaign_id: id, location: 'Porto', count, filters },
  });
  expect(res.statusCode).toBe(201);
  const job = json<{ job: { id: number; demo_data: boolean } }>(res).job;
  expect(job.demo_data).toBe(false);
  if (type !== 'intent') await ctx.app.queue.drain();
  return job.id;
}

async function page(type: string, id: number, auth = token): Promise<Page> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/${type}-results/${id}`,
    headers: bearer(auth),
    payload: {},
  });
  expect(res.statusCode).toBe(200);
  return json<Page>(res);
}

/** What the fake received from `vendor` since `from` (an index into its requests), as method and path. */
/** A vendor's requests since `from`, Hunter's Email Verifier left out: the grading that follows a search is free (ADR 049). */
const received = (vendor: Parameters<FakeLeadVendors['of']>[0], from: number) =>
  fake
    .of(vendor)
    .slice(from)
    .filter((r) => !r.path.endsWith('/v2/email-verifier'))
    .map((r) => `${r.method} ${r.path}${r.query.size ? `?${r.query.get('domain') ?? ''}` : ''}`);

describe('local: OpenStreetMap places, emails and employees from Hunter', () => {
  it('charges 1 credit per place with a contact, then 2 per employee with a contact, once; a refused key charges nothing', async () => {
    await setWallet(500);
    const id = await createList('local');
    const hunterBefore = fake.of('hunter').length;
    await fill('local', id, 6, { categories: ['Dentist'] });
    // The fixtures hold two dentists in Porto: Clínica Dentária Boavista (website dentes-boavista.test, no valid phone) and
    // Sorriso Oriental (neither website nor phone). Hunter has one address at dentes-boavista.test.
    const places = (await page('local', id)).data;
    expect(places.map((r) => [r.name, r.email, r.credits])).toEqual([
      ['Clínica Dentária Boavista', expect.stringMatching(/@dentes-boavista\.test$/), 1],
      ['Sorriso Oriental', null, 0],
    ]);
    expect(await balance()).toBe(499);
    // The email waterfall asked Hunter once, for the place with a website.
    expect(received('hunter', hunterBefore)).toEqual(['GET /hunter/v2/domain-search?dentes-boavista.test']);

    const before = fake.of('hunter').length;
    const body = await enrichAndWait(ctx, `/api/local-results/${id}/get-employees`, token, {
      ids: places.map((r) => r.id),
    });
    expect(received('hunter', before)).toEqual(['GET /hunter/v2/domain-search?dentes-boavista.test']);
    expect(body).toMatchObject({
      status: 'done',
      checked: 2,
      found: HUNTER_DOMAINS['dentes-boavista.test'],
      credits_charged: 2,
    });
    expect(await balance()).toBe(497);
    expect(await ledgerSum()).toBe(await balance());

    // Already enriched rows are skipped: nothing asked, nothing charged again.
    const again = await enrichAndWait(ctx, `/api/local-results/${id}/get-employees`, token, {
      all_matching: true,
      filters: {},
    });
    expect(again).toMatchObject({ checked: 0, credits_charged: 0, status: 'done' });
    expect(fake.of('hunter').length).toBe(before + 1);

    // Not a toolbar action of people lists (spec §2); another account's list is not found; the selection is required.
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/people-results/${id}/get-employees`,
          headers: bearer(token),
          payload: { ids: [1] },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/local-results/${id}/get-employees`,
          headers: bearer(other),
          payload: { ids: [1] },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/local-results/${id}/get-employees`,
          headers: bearer(token),
          payload: {},
        })
      ).statusCode,
    ).toBe(400);

    // The key was revoked at Hunter since: the request ends at once, nothing is charged.
    const second = await createList('local');
    await fill('local', second, 3, { categories: ['Restaurant'] });
    const wallet = await balance();
    const calls = fake.of('hunter').length;
    fake.queue('hunter', {
      status: 401,
      body: { errors: [{ id: 'authentication_failed', code: 401, details: 'No user found for the API key supplied' }] },
    });
    const refused = await enrichAndWait(ctx, `/api/local-results/${second}/get-employees`, token, {
      all_matching: true,
    });
    // One call, not retried.
    expect(received('hunter', calls)).toEqual(['GET /hunter/v2/domain-search?tasca-do-rio.test']);
    expect(refused).toMatchObject({ status: 'failed', checked: 0, found: 0, credits_charged: 0 });
    expect(await balance()).toBe(wallet);
    expect(await ledgerSum()).toBe(wallet);
  });
});

describe('domain: Hunter Domain Search', () => {
  it('charges 1 credit per address, once; a used-up quota stops the search and keeps only what was found charged', async () => {
    await setWallet(200);
    const id = await createList('domain');
    const before = fake.of('hunter').length;
    const jobId = await fill('domain', id, 10, { domain: 'acme.test' });
    expect(await searchJobStatus(ctx.db, jobId)).toBe('done');
    // One page of Domain Search (Hunter holds 23 addresses at acme.test).
    expect(received('hunter', before)).toEqual(['GET /hunter/v2/domain-search?acme.test']);
    const rows = (await page('domain', id)).data;
    expect(rows).toHaveLength(10);
    expect(rows.every((r) => r.email?.endsWith('@acme.test') && r.credits === 1)).toBe(true);
    // The search's end graded each address through Hunter's Email Verifier, once.
    const verified = fake
      .of('hunter')
      .slice(before)
      .filter((r) => r.path.endsWith('/v2/email-verifier'));
    expect(verified.map((r) => r.query.get('email')).sort()).toEqual(rows.map((r) => r.email).sort());
    expect(await balance()).toBe(190);

    // Get employees with no credits left: stops, nothing asked, the wallet never below 0.
    await setWallet(0);
    const calls = fake.of('hunter').length;
    const body = await enrichAndWait(ctx, `/api/domain-results/${id}/get-employees`, token, { all_matching: true });
    expect(body.stopped_no_credits).toBe(true);
    expect(fake.of('hunter').length).toBe(calls);
    expect(await balance()).toBe(0);

    // Hunter says the month's quota is used: the job stops naming the source, nothing charged for a page never received.
    await setWallet(50);
    const quota = await createList('domain');
    fake.queue('hunter', {
      status: 429,
      body: { errors: [{ id: 'too_many_requests', code: 429, details: 'You have reached your monthly usage limit.' }] },
    });
    const asked = fake.of('hunter').length;
    const stopped = await fill('domain', quota, 5, { domain: 'quota-used.test' });
    expect(received('hunter', asked)).toEqual(['GET /hunter/v2/domain-search?quota-used.test']);
    expect(await searchJobStatus(ctx.db, stopped)).toBe('stopped');
    const list = json<{ job: { stop_reason: string; source_error: unknown } }>(
      await ctx.app.inject({ method: 'GET', url: `/api/campaigns/${quota}`, headers: bearer(token) }),
    );
    expect(list.job).toMatchObject({
      stop_reason: 'source_error',
      source_error: { source: 'hunter', code: 'quota_exhausted' },
    });
    expect((await page('domain', quota)).total).toBe(0);
    expect(await balance()).toBe(50);
    expect(await ledgerSum()).toBe(50);
  });
});

describe('influencer: Modash search and report', () => {
  it('charges 5 credits per creator whose report gives a contact, once; a refused token charges nothing', async () => {
    await setWallet(500);
    const id = await createList('influencer');
    const searches = fake.of('modash').length;
    await fill('influencer', id, 8, { platforms: ['instagram'] });
    expect(received('modash', searches)).toEqual(['POST /modash/v1/instagram/search']);
    const rows = (await page('influencer', id)).data;
    expect(rows).toHaveLength(8);
    // Modash's search gives no contacts: the creators cost nothing until enriched.
    expect(rows.every((r) => !r.email && !r.phone && r.credits === 0)).toBe(true);
    const searched = await balance();
    expect(searched).toBe(500);

    const before = fake.of('modash').length;
    const body = await enrichAndWait(ctx, `/api/influencer-results/${id}/enrich`, token, {
      all_matching: true,
      filters: {},
    });
    // One profile report per creator.
    expect(received('modash', before)).toEqual(
      rows.map(
        (r) =>
          `GET /modash/v1/instagram/profile/${String((r.data.social as Record<string, unknown>).user_id ?? '')}/report`,
      ),
    );
    // Every report in the fixtures lists an email and a phone.
    expect(body).toMatchObject({ status: 'done', checked: 8, found: 8, credits_charged: 40 });
    expect(await balance()).toBe(searched - 40);
    const enriched = (await page('influencer', id)).data;
    // The report's contacts and averages are stored on each creator, charged once.
    expect(
      enriched.map((r) => [
        r.email,
        r.phone,
        r.credits,
        r.data.enriched,
        (r.data.social as Record<string, unknown>).avg_likes,
      ]),
    ).toEqual(
      rows.map((r) => [
        `${String((r.data.social as Record<string, unknown>).user_id)}@creators.test`,
        '+351912000111',
        5,
        true,
        11800,
      ]),
    );
    expect(
      (await enrichAndWait(ctx, `/api/influencer-results/${id}/enrich`, token, { all_matching: true })).checked,
    ).toBe(0);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/people-results/${id}/enrich`,
          headers: bearer(token),
          payload: { ids: [1] },
        })
      ).statusCode,
    ).toBe(404);

    const second = await createList('influencer');
    await fill('influencer', second, 3, { platforms: ['instagram'] });
    const wallet = await balance();
    const calls = fake.of('modash').length;
    fake.queue('modash', {
      status: 401,
      body: { error: true, code: 'invalid_token', message: 'Invalid access token' },
    });
    const refused = await enrichAndWait(ctx, `/api/influencer-results/${second}/enrich`, token, { all_matching: true });
    expect(fake.of('modash')).toHaveLength(calls + 1);
    expect(refused).toMatchObject({ status: 'failed', checked: 0, credits_charged: 0 });
    expect(await balance()).toBe(wallet);
  });
});

describe('intent: visits identified by IPinfo, emails from Hunter', () => {
  it('records visits from the snippet and turns them into results charged 1 credit each with a contact', async () => {
    await setWallet(100);
    const id = await createList('intent');
    const trackingRes = await ctx.app.inject({
      method: 'GET',
      url: `/api/intent-tracking/${id}`,
      headers: { ...bearer(token), host: 'app.leadsmith.test' },
    });
    expect(trackingRes.statusCode).toBe(200);
    const tracking = json<{ key: string; snippet: string; visits: { total: number } }>(trackingRes);
    expect(tracking.key).toMatch(/^[a-f0-9]{32}$/);
    expect(tracking.snippet).toContain(`http://app.leadsmith.test/api/intent/collect?k=${tracking.key}`);
    expect(tracking.visits.total).toBe(0);
    expect(
      json<{ key: string }>(
        await ctx.app.inject({ method: 'GET', url: `/api/intent-tracking/${id}`, headers: bearer(token) }),
      ).key,
    ).toBe(tracking.key);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/intent-tracking/${id}`, headers: bearer(other) })).statusCode,
    ).toBe(404);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/intent-tracking/${await createList('people')}`,
          headers: bearer(token),
        })
      ).statusCode,
    ).toBe(404);

    // The public collection endpoint: no token, answers a pixel. Acme's office (8.8.4.4) views three pages, twice one of them; an ISP's customer (9.9.9.9) one.
    const visit = (url: string, remoteAddress: string) =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/intent/collect?k=${tracking.key}&u=${encodeURIComponent(url)}&r=`,
        remoteAddress,
      });
    for (const [url, ip] of [
      ['https://shop.example/', '8.8.4.4'],
      ['https://shop.example/pricing', '8.8.4.4'],
      ['https://shop.example/pricing', '8.8.4.4'],
      ['https://shop.example/contact', '9.9.9.9'],
    ] as const) {
      const res = await visit(url, ip);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/gif');
    }
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/intent/collect?k=${'0'.repeat(32)}&u=https%3A%2F%2Fx.example%2F`,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      json(
        await ctx.app.inject({ method: 'GET', url: `/api/intent/collect?k=${tracking.key}&u=javascript%3Aalert(1)` }),
      ).field,
    ).toBe('u');
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/intent/collect?k=nope&u=https%3A%2F%2Fx.example%2F` }))
        .statusCode,
    ).toBe(400);

    const ipinfoBefore = fake.of('ipinfo').length;
    const hunterBefore = fake.of('hunter').length;
    const jobId = await fill('intent', id, 50, { website: 'shop.example' });
    expect(await runJobStep(ctx.db, jobId)).toBe('running');
    expect(await runJobStep(ctx.db, jobId)).toBe('running');
    // One look-up per address; the ISP's customer stays anonymous (reverse DNS, its fallback, is off here).
    expect(
      fake
        .of('ipinfo')
        .slice(ipinfoBefore)
        .map((r) => r.path),
    ).toEqual(['/ipinfo/8.8.4.4', '/ipinfo/9.9.9.9']);
    const result = await page('intent', id);
    // Acme's address comes from Hunter (asked now, or answered from the domain search it gave earlier in this process).
    expect(
      fake
        .of('hunter')
        .slice(hunterBefore)
        .every((r) => r.query.get('domain') === 'acme.test'),
    ).toBe(true);
    expect(
      result.data.map((r) => [
        r.name,
        r.email,
        r.credits,
        (r.data as { email_source?: { provider: string } }).email_source?.provider,
      ]),
    ).toEqual([['Acme Lda', 'ana.silva0@acme.test', 1, 'hunter']]);
    expect(await balance()).toBe(99);
    expect(result.campaign.job!.status).toBe('running');
    const stop = await ctx.app.inject({ method: 'POST', url: `/api/searches/${jobId}/stop`, headers: bearer(token) });
    expect(json<{ job: { status: string; stop_reason: string } }>(stop).job).toMatchObject({
      status: 'stopped',
      stop_reason: 'user',
    });
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/api/searches/${jobId}/stop`, headers: bearer(other) })).statusCode,
    ).toBe(404);
  });
});
