import type { ApiResponse } from '../../shared/src/api/contract';
import { bearer, createTestApp, DEMO, json, login, type TestContext } from './helpers';
import { apolloEnrichedPerson, apolloOrgPersonIndex } from './fixtures/leadVendors/apollo';
import { installApolloPeople } from './support/apolloPeople';
import { enrichInfluencers, selectionWhere, stepEnrichmentJob } from '../src/modules/leadSearch/enrichmentJob.service';
import { assembleLeadSourceChains } from '../src/providers/leads/leadSources';
import { FAKE_KEYS, FAKE_TOTALS, startFakeLeadVendors, testSourceDeps } from './fakeLeadVendors';
import { enrichAndWait, enrichmentFigures } from './support/enrichment';
import {
  demoLeadProvider,
  loadLeadSourcesConfig,
  registerLeadProvider,
  type LeadProvider,
} from '../src/providers/leads';

let ctx: TestContext;
let token: string;
let other: string;
let userId: number;

type Result = Page['data'][number];
type Page = ApiResponse<'/api/people-results/{id}', 'post'>;

// Demo data is free (ADR 017): the people tests charge, so people come from Apollo (its local fake). The charges of
// local, domain, influencer and intent lists go through the real adapters and their fakes (leadSources-charges.test.ts).
let apollo: Awaited<ReturnType<typeof installApolloPeople>>;
beforeAll(async () => {
  apollo = await installApolloPeople(['people']);
  ctx = await createTestApp();
  token = await login(ctx.app, DEMO.customer);
  other = await login(ctx.app, DEMO.reseller);
  userId = (await ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO.customer.email])).rows[0]!
    .id;
}, 60_000);
afterAll(async () => {
  await apollo.close();
  await ctx.close();
});

async function setWallet(monthly: number) {
  await ctx.db.transaction(async (tx) => {
    await tx.query('DELETE FROM credit_ledger WHERE user_id = $1', [userId]);
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
async function createList(listType: string, auth = token): Promise<number> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/campaigns',
    headers: bearer(auth),
    payload: { name: `List ${listType} ${(listSeq += 1)}`, list_type: listType },
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
  const jobId = json<{ job: { id: number } }>(res).job.id;
  if (type !== 'intent') await ctx.app.queue.drain();
  return jobId;
}

async function page(type: string, id: number, body: Record<string, unknown> = {}, auth = token): Promise<Page> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/${type}-results/${id}`,
    headers: bearer(auth),
    payload: body,
  });
  expect(res.statusCode).toBe(200);
  return json<Page>(res);
}

describe('enrichment asks the vendor with no transaction open (ADR 015)', () => {
  it('reads, asks and writes in separate steps: another request goes through during a call, each row is asked once, charges follow what is stored', async () => {
    await setWallet(500);
    const id = await createList('people');
    await fill('people', id, 6, { job_title: 'Head of Sales', seniority: ['Director', 'Head'] });
    await ctx.db.query('UPDATE campaign_results SET phone = NULL WHERE campaign_id = $1', [id]);
    const rows = (await page('people', id)).data;
    expect(rows).toHaveLength(6);

    // Count the transactions open on the app's database while the vendor is being asked.
    let open = 0;
    const transaction = ctx.db.transaction.bind(ctx.db);
    ctx.db.transaction = async (fn) => {
      open += 1;
      try {
        return await transaction(fn);
      } finally {
        open -= 1;
      }
    };
    const asked: string[] = [];
    const openDuringCalls: number[] = [];
    let callStarted!: () => void;
    const started = new Promise<void>((resolve) => (callStarted = resolve));
    let releaseFirst!: () => void;
    const firstReleased = new Promise<void>((resolve) => (releaseFirst = resolve));
    const vendor: LeadProvider = {
      ...demoLeadProvider,
      id: 'fake-phones',
      demo: false,
      async findPhone(lead) {
        openDuringCalls.push(open);
        asked.push(lead.key ?? lead.name);
        if (asked.length === 1) {
          callStarted();
          // Held open until the test has made its other requests (only when nothing is locked, so a wrong build fails instead of hanging).
          if (open === 0) await firstReleased;
        }
        // Every other person has a phone at the vendor.
        return asked.length % 2 === 1 ? `+49 30 ${String(1000 + asked.length)}` : null;
      },
    };
    const undo = registerLeadProvider(vendor, ['people']);
    try {
      const ids = rows.map((r) => r.id);
      const call = async () => {
        const res = await ctx.app.inject({
          method: 'POST',
          url: `/api/people-results/${id}/get-phones`,
          headers: bearer(token),
          payload: { ids },
        });
        expect(res.statusCode).toBe(202);
        return json<{ job: { id: number; status: string; total: number } }>(res).job;
      };
      const before = await balance();
      const firstJob = await call();
      // Queued: nobody has been asked yet.
      expect(firstJob).toMatchObject({ status: 'running', total: 6 });
      expect(asked).toHaveLength(0);
      const worker = ctx.app.queue.drain();
      await started;
      expect(openDuringCalls).toEqual([0]);
      // While the vendor answers, the same rows can be labelled and a second request's job, stepped by a second caller, finds them taken.
      const labels = await ctx.app.inject({
        method: 'POST',
        url: `/api/people-results/${id}/labels`,
        headers: bearer(token),
        payload: { ids, add: ['Calling'] },
      });
      expect(labels.statusCode).toBe(200);
      const secondJob = await call();
      expect(await stepEnrichmentJob(ctx.db, secondJob.id)).toBe(false);
      expect(await enrichmentFigures(ctx, secondJob.id)).toMatchObject({
        status: 'done',
        checked: 0,
        found: 0,
        credits_charged: 0,
      });
      releaseFirst();
      await worker;
      const body = await enrichmentFigures(ctx, firstJob.id);
      expect(body).toMatchObject({
        status: 'done',
        checked: 6,
        found: 3,
        credits_charged: 3,
        stopped_no_credits: false,
      });
      expect(openDuringCalls).toEqual([0, 0, 0, 0, 0, 0]);
      expect(asked).toHaveLength(6);
      expect(new Set(asked).size).toBe(6);
      expect(await balance()).toBe(before - 3);
      expect(await ledgerSum()).toBe(await balance());
      const after = (await page('people', id)).data;
      expect(after.filter((r) => r.phone)).toHaveLength(3);
      expect(after.every((r) => r.labels.includes('Calling'))).toBe(true);
      expect(after.reduce((sum, r) => sum + r.credits, 0)).toBe(rows.reduce((sum, r) => sum + r.credits, 0) + 3);
      // Found look-ups are settled once; those that found nothing are given back for a later request.
      const effects = (
        await ctx.db.query<{ key: string; state: string }>(
          `SELECT key, state FROM external_effects WHERE key LIKE 'get-phones:%' AND key = ANY($1::text[])`,
          [`{${ids.map((i) => `get-phones:${i}`).join(',')}}`],
        )
      ).rows;
      expect(effects).toHaveLength(3);
      expect(effects.every((e) => e.state === 'done')).toBe(true);
    } finally {
      undo();
      ctx.db.transaction = transaction;
    }
  });
  it('when the vendor fails part-way, what it answered is stored and charged, the rest is given back and asked again next time', async () => {
    await setWallet(500);
    const id = await createList('people');
    await fill('people', id, 5, { job_title: 'Head of Sales', seniority: ['Director', 'Head'] });
    await ctx.db.query('UPDATE campaign_results SET phone = NULL WHERE campaign_id = $1', [id]);
    const ids = (await page('people', id)).data.map((r) => r.id);
    const asked: string[] = [];
    let failAt = 3;
    const undo = registerLeadProvider(
      {
        ...demoLeadProvider,
        id: 'fake-phones',
        demo: false,
        async findPhone(lead) {
          asked.push(lead.name);
          if (asked.length === failAt) throw new Error('vendor unreachable');
          return `+49 30 ${String(2000 + asked.length)}`;
        },
      },
      ['people'],
    );
    try {
      const before = await balance();
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/people-results/${id}/get-phones`,
        headers: bearer(token),
        payload: { ids },
      });
      expect(res.statusCode).toBe(202);
      const jobId = json<{ job: { id: number } }>(res).job.id;
      await expect(ctx.app.queue.drain()).rejects.toThrow('vendor unreachable');
      expect(asked).toHaveLength(3);
      expect(await enrichmentFigures(ctx, jobId)).toMatchObject({
        status: 'running',
        checked: 2,
        found: 2,
        credits_charged: 2,
      });
      expect((await page('people', id)).data.filter((r) => r.phone)).toHaveLength(2);
      expect(await balance()).toBe(before - 2);
      const sending = await ctx.db.query(
        `SELECT key FROM external_effects WHERE state = 'sending' AND key = ANY($1::text[])`,
        [`{${ids.map((i) => `get-phones:${i}`).join(',')}}`],
      );
      expect(sending.rowCount).toBe(0);
      failAt = 0;
      // The queue retries the job after its backoff (moved to now instead of waiting): it resumes with the rows not answered.
      const moved = await ctx.db.query(
        "UPDATE pgboss.job SET start_after = now() WHERE name = 'lead-enrichment' AND state = 'retry'",
      );
      expect(moved.rowCount).toBe(1);
      await ctx.app.queue.drain();
      expect(await enrichmentFigures(ctx, jobId)).toMatchObject({
        status: 'done',
        checked: 5,
        found: 5,
        credits_charged: 5,
      });
      expect(asked).toHaveLength(6);
      expect(await balance()).toBe(before - 5);
      expect(await ledgerSum()).toBe(await balance());
    } finally {
      undo();
    }
  });
});

describe('custom labels on results', () => {
  it('adds and removes labels on the selection or every matching row, and filters by them', async () => {
    await setWallet(500);
    const id = await createList('company');
    await fill('company', id, 12, { industry: 'Retail' });
    const rows = (await page('company', id)).data;
    const label = (payload: Record<string, unknown>, auth = token) =>
      ctx.app.inject({ method: 'POST', url: `/api/company-results/${id}/labels`, headers: bearer(auth), payload });

    let res = await label({ ids: [rows[0]!.id, rows[1]!.id], add: ['hot', 'call back'] });
    expect(json<{ updated: number }>(res).updated).toBe(2);
    res = await label({ all_matching: true, filters: { withEmail: -1 }, add: ['q3'] });
    expect(json<{ updated: number }>(res).updated).toBe(12);
    expect((await label({ ids: [rows[0]!.id], remove: ['call back'] })).statusCode).toBe(200);
    const after = (await page('company', id)).data;
    expect(after.find((r) => r.id === rows[0]!.id)!.labels).toEqual(['hot', 'q3']);
    expect(after.find((r) => r.id === rows[1]!.id)!.labels).toEqual(['hot', 'call back', 'q3']);
    expect(after.find((r) => r.id === rows[2]!.id)!.labels).toEqual(['q3']);

    // Quotes and backslashes are data, not syntax.
    const odd = 'say "hi" \\ {x}';
    expect(json<{ updated: number }>(await label({ ids: [rows[2]!.id], add: [odd] })).updated).toBe(1);
    expect((await page('company', id)).data.find((r) => r.id === rows[2]!.id)!.labels).toEqual(['q3', odd]);
    expect(json<{ updated: number }>(await label({ ids: [rows[2]!.id], remove: [odd] })).updated).toBe(1);

    const hot = await page('company', id, {
      advanced_custom_search: [{ field: 'labels', operator: 'like', value: 'hot' }],
    });
    expect(hot.total).toBe(2);

    expect((await label({ ids: [rows[0]!.id] })).statusCode).toBe(400);
    expect(json(await label({ ids: [rows[0]!.id], add: [' '] })).field).toBe('add.0');
    expect((await label({ ids: [rows[0]!.id], add: ['x'] }, other)).statusCode).toBe(404);
  });

  it('caps a result at ten labels, keeps their order, finds results without labels, and drops labels with their results', async () => {
    await setWallet(500);
    const id = await createList('company');
    await fill('company', id, 6, { industry: 'Retail' });
    const rows = (await page('company', id)).data;
    const [a, b, c] = rows.map((r) => r.id);
    const label = (payload: Record<string, unknown>) =>
      ctx.app.inject({ method: 'POST', url: `/api/company-results/${id}/labels`, headers: bearer(token), payload });
    const labelsOf = async (resultId: number) =>
      (await page('company', id)).data.find((r) => r.id === resultId)!.labels;
    const nine = Array.from({ length: 9 }, (_, i) => `l${i + 1}`);

    expect(json<{ updated: number }>(await label({ ids: [a], add: nine })).updated).toBe(1);
    // Only one more fits; the first of the new ones, in the order given.
    expect(json<{ updated: number }>(await label({ ids: [a, b], add: ['x', 'y', 'z'] })).updated).toBe(2);
    expect(await labelsOf(a!)).toEqual([...nine, 'x']);
    expect(await labelsOf(b!)).toEqual(['x', 'y', 'z']);
    expect(json<{ updated: number }>(await label({ ids: [a], add: ['w'] })).updated).toBe(0);
    // A label removed in the same call makes room; a label both added and removed is kept.
    expect(json<{ updated: number }>(await label({ ids: [a], add: ['w', 'x'], remove: ['l2', 'x'] })).updated).toBe(1);
    expect(await labelsOf(a!)).toEqual(['l1', ...nine.slice(2), 'x', 'w']);

    const unlabelled = await page('company', id, {
      limit: 100,
      advanced_custom_search: [{ field: 'labels', operator: 'empty' }],
    });
    expect(unlabelled.data.map((r) => r.id).sort()).toEqual(
      rows
        .filter((r) => r.id !== a && r.id !== b)
        .map((r) => r.id)
        .sort(),
    );
    const labelled = await page('company', id, {
      limit: 100,
      advanced_custom_search: [{ field: 'labels', operator: 'not empty' }],
    });
    expect(labelled.total).toBe(2);

    const held = async () =>
      (
        await ctx.db.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM result_labels WHERE result_id = ANY($1::bigint[])',
          [`{${[a, b, c].join(',')}}`],
        )
      ).rows[0]!.n;
    expect(await held()).toBe(13);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/company-results/${id}/delete`,
          headers: bearer(token),
          payload: { ids: [b] },
        })
      ).statusCode,
    ).toBe(200);
    expect(await held()).toBe(10);
    // A deleted list sits in the trash with its labels; deleted for good, they go with it.
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/campaigns/${id}`, headers: bearer(token) })).statusCode,
    ).toBe(200);
    expect(await held()).toBe(10);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/campaign-trash/${id}`, headers: bearer(token) })).statusCode,
    ).toBe(200);
    expect(await held()).toBe(0);
  });
});

describe('advanced custom search: every operator of spec §3', () => {
  it('answers each operator correctly', async () => {
    await setWallet(500);
    const id = await createList('company');
    await fill('company', id, 20, { industry: 'Software', employees_min: 10, employees_max: 100 });
    const all = (await page('company', id, { limit: 100 })).data;
    const emp = (r: Result) => Number(r.data.employee_count);
    const q = async (operator: string, field: string, value?: string | number) =>
      (
        await page('company', id, {
          limit: 100,
          advanced_custom_search: [{ field, operator, ...(value === undefined ? {} : { value }) }],
        })
      ).data
        .map((r) => r.id)
        .sort();
    const ids = (rows: Result[]) => rows.map((r) => r.id).sort();
    const pivot = emp(all[5]!);
    expect(await q('greater', 'employee_count', pivot)).toEqual(ids(all.filter((r) => emp(r) > pivot)));
    expect(await q('greater than', 'employee_count', pivot)).toEqual(ids(all.filter((r) => emp(r) > pivot)));
    expect(await q('greater or equal', 'employee_count', pivot)).toEqual(ids(all.filter((r) => emp(r) >= pivot)));
    expect(await q('lower', 'employee_count', pivot)).toEqual(ids(all.filter((r) => emp(r) < pivot)));
    expect(await q('less than', 'employee_count', pivot)).toEqual(ids(all.filter((r) => emp(r) < pivot)));
    expect(await q('less or equal', 'employee_count', pivot)).toEqual(ids(all.filter((r) => emp(r) <= pivot)));
    const word = all[0]!.name.split(' ')[0]!;
    expect(await q('like', 'name', word.toLowerCase())).toEqual(
      ids(all.filter((r) => r.name.toLowerCase().includes(word.toLowerCase()))),
    );
    expect(await q('not like', 'name', word)).toEqual(
      ids(all.filter((r) => !r.name.toLowerCase().includes(word.toLowerCase()))),
    );
    expect(await q('empty', 'email')).toEqual(ids(all.filter((r) => !r.email)));
    expect(await q('not empty', 'email')).toEqual(ids(all.filter((r) => r.email)));
    expect(await q('is_verified', 'email')).toEqual(ids(all.filter((r) => r.email_status === 'found')));
    const bad = await ctx.app.inject({
      method: 'POST',
      url: `/api/company-results/${id}`,
      headers: bearer(token),
      payload: { advanced_custom_search: [{ field: 'employee_count', operator: 'greater', value: 'many' }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).field).toBe('advanced_custom_search.0.value');
    const badOp = await ctx.app.inject({
      method: 'POST',
      url: `/api/company-results/${id}`,
      headers: bearer(token),
      payload: { advanced_custom_search: [{ field: 'name', operator: 'drop' }] },
    });
    expect(badOp.statusCode).toBe(400);
  });
});

describe('people "find similar" (spec §9 peopleFindSimilar)', () => {
  // People, group and company search through the real Apollo adapter against its fake: the seed works at Acme, the
  // similar companies come from Organization Search and their people from People API Search (three at each).
  let similarApollo: Awaited<ReturnType<typeof installApolloPeople>>;
  beforeAll(async () => {
    similarApollo = await installApolloPeople(['people', 'group', 'company']);
  });
  afterAll(() => similarApollo.close());

  it("asks Apollo for companies like the seed's, then for people in its role there; charges 2 per person found with a contact, once", async () => {
    await setWallet(500);
    const id = await createList('people');
    await fill('people', id, 3, { job_title: 'Head of Sales', seniority: ['Director'] });
    const seed = (await page('people', id)).data[0]!;
    expect(seed).toMatchObject({
      company: 'Acme Lda',
      data: { country: 'Portugal', category: 'computer software', employee_count: 120 },
    });
    const before = await balance();
    const from = similarApollo.fake.of('apollo').length;
    const body = await enrichAndWait(ctx, `/api/people-results/${id}/find-similar`, token, { ids: [seed.id] });
    expect(body).toMatchObject({ status: 'done', checked: 1, found: 5 });

    // What Apollo was asked: Organization Search with the seed's industry, size (half to twice its 120 people) and country,
    // each company found (not the seed's) resolved to its domain, then People API Search for the seed's title there.
    const sent = similarApollo.fake
      .of('apollo')
      .slice(from)
      .map((r) => ({ path: r.path.replace(/^\/apollo/, ''), body: JSON.parse(r.body) as Record<string, unknown> }));
    const companies = Array.from({ length: 10 }, (_, n) => `Company ${n}`);
    expect(sent.filter((r) => r.path === '/api/v1/mixed_companies/search').map((r) => r.body)).toEqual([
      {
        organization_locations: ['Portugal'],
        q_organization_keyword_tags: ['computer software'],
        organization_num_employees_ranges: ['60,240'],
        page: 1,
        per_page: 25,
      },
      ...companies.map((name) => ({ q_organization_name: name, page: 1, per_page: 1 })),
    ]);
    expect(sent.filter((r) => r.path === '/api/v1/mixed_people/api_search').map((r) => r.body)).toEqual([
      {
        person_titles: [seed.job_title],
        include_similar_titles: true,
        person_locations: ['Portugal'],
        q_organization_domains_list: companies.map((_, n) => `company${n}.test`),
        page: 1,
        per_page: 25,
      },
    ]);
    // Each of the five people kept was enriched (People Enrichment by id) for the contact, and nobody else.
    const people = [0, 1, 2, 3, 4].map((n) => apolloOrgPersonIndex(n, 0));
    expect(sent.filter((r) => r.path === '/api/v1/people/match').map((r) => r.body)).toEqual(
      people.map((i) => ({ id: `67${String(i).padStart(22, '0')}`, reveal_personal_emails: false })),
    );

    const stored = (await page('people', id)).data.find((r) => r.id === seed.id)!;
    const similar = stored.data.similar as {
      name: string;
      company: string;
      email: string | null;
      phone: string | null;
    }[];
    const expected = people.map((i) => apolloEnrichedPerson(i).person);
    expect(similar.map((p) => [p.name, p.company, p.email, p.phone])).toEqual(
      expected.map((p) => [p.name, p.organization.name, p.email, p.phone_numbers[0]?.sanitized_number ?? null]),
    );
    // Company 3's person has neither an email nor a phone (Apollo: email unavailable): found, not charged.
    const billable = similar.filter((p) => p.email || p.phone).length;
    expect(billable).toBe(4);
    expect(body.credits_charged).toBe(billable * 2);
    expect(await balance()).toBe(before - billable * 2);
    expect(await ledgerSum()).toBe(await balance());

    // Asked again: nothing to do, nothing asked of Apollo, nothing charged; a local list has no such action; another account's list is not found.
    const asked = similarApollo.fake.of('apollo').length;
    expect(await enrichAndWait(ctx, `/api/people-results/${id}/find-similar`, token, { ids: [seed.id] })).toMatchObject(
      { checked: 0, credits_charged: 0 },
    );
    expect(similarApollo.fake.of('apollo')).toHaveLength(asked);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/local-results/${id}/find-similar`,
          headers: bearer(token),
          payload: { ids: [seed.id] },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/people-results/${id}/find-similar`,
          headers: bearer(other),
          payload: { ids: [seed.id] },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('with demo data as the people source nothing is charged (ADR 017)', async () => {
    await setWallet(500);
    const id = await createList('people');
    await fill('people', id, 2, { job_title: 'Office Manager' });
    const before = await balance();
    const undo = registerLeadProvider(demoLeadProvider, ['people', 'group', 'company']);
    try {
      const rows = (await page('people', id)).data;
      const body = await enrichAndWait(ctx, `/api/people-results/${id}/find-similar`, token, {
        ids: rows.map((r) => r.id),
      });
      expect(body.found).toBeGreaterThan(0);
      expect(body.credits_charged).toBe(0);
      expect(await balance()).toBe(before);
    } finally {
      undo();
    }
  });
});

describe("influencer enrich from a source asked one creator at a time (Modash's reports)", () => {
  it("starts no look-up after the step's deadline, whatever the chunk's size: one look-up past it at most, the rest left to the next step", async () => {
    const fake = await startFakeLeadVendors();
    const allowed = process.env.OUTBOUND_ALLOW_HOSTS;
    process.env.OUTBOUND_ALLOW_HOSTS = [...new Set([...(allowed ?? '').split(',').filter(Boolean), '127.0.0.1'])].join(
      ',',
    );
    const modash = assembleLeadSourceChains(
      loadLeadSourcesConfig({
        MODASH_API_KEY: FAKE_KEYS.modash,
        MODASH_URL: fake.url('modash'),
        LEAD_KEYLESS_SOURCES: '0',
      }),
      testSourceDeps(),
    ).influencer![0]!;
    const undo = registerLeadProvider(modash, ['influencer']);
    try {
      await setWallet(500);
      const id = await createList('influencer');
      await fill('influencer', id, FAKE_TOTALS.modash.instagram!, { platforms: ['instagram'] });
      // Modash answers about 2 reports a second: the step's clock moves 500 ms with each report the fake answers.
      const reports = () => fake.of('modash').filter((r) => r.path.endsWith('/report'));
      const start = Date.now();
      const clock = () => start + 500 * reports().length;
      const where = selectionWhere(id, { all_matching: true });
      const first = await enrichInfluencers(ctx.db, [modash], userId, 'enrich:test', where, undefined, {
        deadline: start + 5_000,
        clock,
      });
      // Reports 1–11 start at 0 … 5 s (the deadline); the 12th would start after it. The chunk (50 rows) had 20.
      expect(reports()).toHaveLength(11);
      expect(clock() - (start + 5_000)).toBeLessThanOrEqual(500);
      expect(first).toMatchObject({ more: true, checked: 11, found: 11, credits: 55, cursor: { seen: 11 } });
      const enriched = async () =>
        (
          await ctx.db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM campaign_results WHERE campaign_id = $1 AND data ? 'enriched'`,
            [id],
          )
        ).rows[0]!.n;
      expect(await enriched()).toBe(11);
      // No claim is left behind for the rows not asked: the next step (a fresh deadline) asks exactly those.
      const second = await enrichInfluencers(ctx.db, [modash], userId, 'enrich:test', where, undefined, {
        from: first.cursor,
        deadline: clock() + 60_000,
        clock,
      });
      expect(second).toMatchObject({ more: false, checked: 9, found: 9, credits: 45 });
      expect(reports()).toHaveLength(20);
      expect(new Set(reports().map((r) => r.path)).size).toBe(20);
      expect(await enriched()).toBe(20);
      expect(await balance()).toBe(500 - 100);
    } finally {
      undo();
      process.env.OUTBOUND_ALLOW_HOSTS = allowed;
      await fake.close();
    }
  });
});
