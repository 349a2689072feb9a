import type { ApiResponse } from '../../shared/src/api/contract';
import { enrichAndWait } from './support/enrichment';
import { bearer, createTestApp, DEMO, json, login, searchJobStatus, type TestContext } from './helpers';
import { runJobStep } from '../src/modules/leadSearch/searchJobs.service';
import { demoRecord, canonicalQuery, installLeadSources, loadLeadSourcesConfig } from '../src/providers/leads';
import { FAKE_KEYS, startFakeLeadVendors, testSourceDeps, type FakeLeadVendors } from './fakeLeadVendors';
import { spendCredits } from '../src/credits/ledger';

let ctx: TestContext;
let token: string;
let userId: number;

type Campaign = ApiResponse<'/api/campaigns/{id}', 'get'>;
type Result = ApiResponse<'/api/people-results/{id}/{resultId}', 'get'>;

// Demo data is free (ADR 017): these tests charge, so people, group and company searches (and get phones)
// go to Apollo, here its loopback fake speaking the documented protocol; the other types stay demo data.
let fake: FakeLeadVendors;
let uninstallApollo: () => void;
const installApollo = () =>
  installLeadSources(
    loadLeadSourcesConfig({
      APOLLO_API_KEY: FAKE_KEYS.apollo,
      APOLLO_URL: fake.url('apollo'),
      LEAD_KEYLESS_SOURCES: '0',
    }),
    {},
    testSourceDeps(),
  );
beforeAll(async () => {
  fake = await startFakeLeadVendors();
  uninstallApollo = installApollo();
  ctx = await createTestApp();
  token = await login(ctx.app, DEMO.customer);
  userId = (await ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO.customer.email])).rows[0]!
    .id;
}, 60_000);
afterAll(async () => {
  uninstallApollo();
  await ctx.close();
  await fake.close();
});

/** List names are unique per account: each list this file makes gets its own. */
let listSeq = 0;
async function createList(listType = 'people', auth = token, extra: Record<string, unknown> = {}): Promise<Campaign> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/campaigns',
    headers: bearer(auth),
    payload: { name: `List ${listType} ${(listSeq += 1)}`, list_type: listType, ...extra },
  });
  expect(res.statusCode).toBe(201);
  return json<{ campaign: Campaign }>(res).campaign;
}

async function setWallet(monthly: number, additional: number, rolledOver: number) {
  // Keep the ledger == wallet invariant while setting the test balance.
  await ctx.db.transaction(async (tx) => {
    await tx.query('DELETE FROM credit_ledger WHERE user_id = $1', [userId]);
    // The fake Apollo answers the same people to every search: forget which were paid for, or none is charged again (issue 29).
    await tx.query('DELETE FROM paid_contacts WHERE user_id = $1', [userId]);
    await tx.query('UPDATE credit_wallets SET monthly = $2, additional = $3, rolled_over = $4 WHERE user_id = $1', [
      userId,
      monthly,
      additional,
      rolledOver,
    ]);
    for (const [delta, bucket] of [
      [monthly, 'monthly'],
      [additional, 'additional'],
      [rolledOver, 'rolled_over'],
    ] as const) {
      if (delta)
        await tx.query('INSERT INTO credit_ledger (user_id, delta, bucket, reason) VALUES ($1, $2, $3, $4)', [
          userId,
          delta,
          bucket,
          'test',
        ]);
    }
  });
}

async function wallet() {
  return (
    await ctx.db.query<{ monthly: number; additional: number; rolled_over: number }>(
      'SELECT monthly, additional, rolled_over FROM credit_wallets WHERE user_id = $1',
      [userId],
    )
  ).rows[0]!;
}
async function ledgerMatchesWallet() {
  const w = await wallet();
  const { rows } = await ctx.db.query<{ bucket: string; total: number }>(
    'SELECT bucket, sum(delta)::int AS total FROM credit_ledger WHERE user_id = $1 GROUP BY bucket',
    [userId],
  );
  const sums = Object.fromEntries(rows.map((r) => [r.bucket, r.total]));
  expect({ monthly: sums.monthly ?? 0, additional: sums.additional ?? 0, rolled_over: sums.rolled_over ?? 0 }).toEqual(
    w,
  );
}

async function results(listType: string, id: number, filters: Record<string, unknown> = {}) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/${listType}-results/${id}`,
    headers: bearer(token),
    payload: filters,
  });
  expect(res.statusCode).toBe(200);
  return json<{ data: Result[]; total: number; page: number; limit: number; campaign: Campaign }>(res);
}

const peopleSearch = (campaignId: number, count = 12) => ({
  type: 'people',
  campaign_id: campaignId,
  location: 'Berlin, Germany',
  count,
  filters: { job_title: 'Head of Sales', seniority: ['Director', 'Head'] },
});

describe('demo provider', () => {
  it('gives the same leads for the same search, different for another', () => {
    const q = { type: 'people' as const, location: 'Berlin', filters: { seniority: ['Director'], job_title: 'CTO' } };
    const same = {
      type: 'people' as const,
      location: 'Berlin',
      filters: { job_title: 'CTO', seniority: ['Director'] },
    };
    expect(canonicalQuery(q)).toBe(canonicalQuery(same));
    expect(demoRecord(q, 3)).toEqual(demoRecord(same, 3));
    expect(demoRecord(q, 3)).not.toEqual(demoRecord({ ...q, location: 'Paris' }, 3));
    const r = demoRecord(q, 0);
    expect(r.seniority).toBe('Director');
    expect(r.job_title).toBe('CTO');
  });

  it('produces every email outcome and plausible records for every type', () => {
    const outcomes = new Set(
      Array.from(
        { length: 60 },
        (_, i) => demoRecord({ type: 'people', location: 'Lyon', filters: {} }, i).email_outcome,
      ),
    );
    expect(outcomes).toEqual(new Set(['found', 'potential', 'not_found']));
    for (const type of ['local', 'company', 'domain', 'influencer', 'intent', 'group'] as const) {
      const rec = demoRecord({ type, location: 'Madrid', filters: type === 'domain' ? { domain: 'acme.com' } : {} }, 1);
      expect(rec.name.length).toBeGreaterThan(2);
      if (rec.email_outcome === 'not_found') expect(rec.email).toBeNull();
    }
    expect(
      demoRecord({ type: 'domain', location: 'x', filters: { domain: 'https://acme.com/about' } }, 0).company,
    ).toBe('acme.com');
  });
});

describe('POST /api/searches validation', () => {
  it('asks for location and list before continuing, naming both fields', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/searches',
      headers: bearer(token),
      payload: { type: 'people', count: 5, filters: { job_title: 'CEO' } },
    });
    expect(res.statusCode).toBe(400);
    const body = json<{ errors: { field: string; message: string }[] }>(res);
    expect(body.errors.map((e) => e.field).sort()).toEqual(['campaign_id', 'location']);
    expect(body.errors[0]!.message).toBe('Select location and list before continuing.');
  });

  it('applies the influencer rules of spec §5', async () => {
    const list = await createList('influencer');
    const send = (filters: Record<string, unknown>) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/searches',
        headers: bearer(token),
        payload: { type: 'influencer', campaign_id: list.id, location: 'Rome', count: 5, filters },
      });
    let res = await send({ platforms: ['instagram'], lastposted: 29 });
    expect(res.statusCode).toBe(400);
    expect(json(res).field).toBe('filters.lastposted');
    res = await send({ platforms: ['instagram'], audience_credibility: 1.5 });
    expect(json(res).field).toBe('filters.audience_credibility');
    res = await send({ platforms: ['instagram'], engagementRate: { operator: 'gte', value: 2 } });
    expect(json(res).field).toBe('filters.engagementRate.value');
    res = await send({ platforms: ['instagram'], followersGrowthRate: { interval: 'i1month' } });
    expect(res.statusCode).toBe(400);
    expect(json<{ errors: { field: string }[] }>(res).errors.map((e) => e.field)).toEqual([
      'filters.followersGrowthRate.operator',
      'filters.followersGrowthRate.value',
    ]);
    res = await send({ followers_min: 10 });
    expect(json(res).field).toBe('filters.platforms');
    res = await send({ platforms: ['tiktok'], job_title: 'CEO' });
    expect(json(res).field).toBe('filters.job_title');
    res = await send({
      platforms: ['tiktok'],
      lastposted: 30,
      engagementRate: { operator: 'gte', value: 0.05 },
      likesGrowthRate: { interval: 'i3months', operator: 'gt', value: 0.1 },
    });
    expect(res.statusCode).toBe(201);
  });

  it('refuses a list of another type and a search over the limit', async () => {
    const list = await createList('local');
    let res = await ctx.app.inject({
      method: 'POST',
      url: '/api/searches',
      headers: bearer(token),
      payload: peopleSearch(list.id),
    });
    expect(res.statusCode).toBe(422);
    expect(json(res).code).toBe('leadSearch.list_type_mismatch');
    const people = await createList('people');
    await ctx.db.query('UPDATE users SET searches_used = search_limit - 3 WHERE id = $1', [userId]);
    res = await ctx.app.inject({
      method: 'POST',
      url: '/api/searches',
      headers: bearer(token),
      payload: peopleSearch(people.id, 4),
    });
    expect(res.statusCode).toBe(422);
    expect(json(res)).toMatchObject({ code: 'leadSearch.limit_exceeded', field: 'count' });
    // Demo lists do not count toward the limit.
    const demo = await createList('people', token, { is_demo: true });
    res = await ctx.app.inject({
      method: 'POST',
      url: '/api/searches',
      headers: bearer(token),
      payload: peopleSearch(demo.id, 4),
    });
    expect(res.statusCode).toBe(201);
    expect(
      (await ctx.db.query<{ n: number }>('SELECT search_limit - searches_used AS n FROM users WHERE id = $1', [userId]))
        .rows[0]!.n,
    ).toBe(3);
    await ctx.db.query('UPDATE users SET searches_used = 0 WHERE id = $1', [userId]);
  });
});

describe('search job', () => {
  it('charges demo data nothing and takes none of the search limit: no real source for the type, or a demo list', async () => {
    await ctx.app.queue.drain();
    await setWallet(0, 0, 0);
    await ctx.db.query('UPDATE users SET searches_used = search_limit - 1 WHERE id = $1', [userId]);
    const searchesLeft = async () =>
      (await ctx.db.query<{ n: number }>('SELECT search_limit - searches_used AS n FROM users WHERE id = $1', [userId]))
        .rows[0]!.n;
    const runFree = async (list: Campaign) => {
      const start = await ctx.app.inject({
        method: 'POST',
        url: '/api/searches',
        headers: bearer(token),
        payload: peopleSearch(list.id, 12),
      });
      expect(start.statusCode).toBe(201);
      const job = json<{ job: { id: number; demo_data: boolean } }>(start).job;
      expect(job.demo_data).toBe(true);
      await ctx.app.queue.drain();
      expect(await searchJobStatus(ctx.db, job.id)).toBe('done');
      const page = await results('people', list.id);
      expect(page.total).toBe(12);
      expect(page.data.filter((r) => r.email || r.phone).length).toBeGreaterThan(0);
      expect(page.data.every((r) => r.credits === 0)).toBe(true);
      expect(page.campaign.job!.credits_charged).toBe(0);
    };
    uninstallApollo();
    try {
      // No real people source: the demo generator answers, with no credits and 1 search left.
      await runFree(await createList('people'));
    } finally {
      uninstallApollo = installApollo();
    }
    // A demo list, while a real source is configured.
    await runFree(await createList('people', token, { is_demo: true }));
    expect(await wallet()).toEqual({ monthly: 0, additional: 0, rolled_over: 0 });
    await ledgerMatchesWallet();
    expect(await searchesLeft()).toBe(1);
    // The same search on the real source is refused: no credits.
    const real = await ctx.app.inject({
      method: 'POST',
      url: '/api/searches',
      headers: bearer(token),
      payload: peopleSearch((await createList('people')).id, 1),
    });
    expect(json(real).code).toBe('leadSearch.no_credits');
    await ctx.db.query('UPDATE users SET searches_used = 0 WHERE id = $1', [userId]);
  });

  it('shows results looking first, then reveals them and charges only records with a contact', async () => {
    // Searches the tests above started run first: the wallet below is this search's alone.
    await ctx.app.queue.drain();
    await setWallet(20, 10, 100);
    const list = await createList('people');
    const start = await ctx.app.inject({
      method: 'POST',
      url: '/api/searches',
      headers: bearer(token),
      payload: peopleSearch(list.id, 12),
    });
    expect(start.statusCode).toBe(201);
    const jobId = json<{ job: { id: number; demo_data: boolean } }>(start).job.id;
    expect(json<{ job: { demo_data: boolean } }>(start).job.demo_data).toBe(false);

    expect(await runJobStep(ctx.db, jobId)).toBe('running');
    let page = await results('people', list.id);
    // The first step stores what Apollo gave it (all 12 unless the machine is slow), looking, nothing charged yet.
    expect(page.data.length).toBeGreaterThan(0);
    expect(page.data.every((r) => r.email_status === 'looking' && r.email === null)).toBe(true);
    expect(await wallet()).toEqual({ monthly: 20, additional: 10, rolled_over: 100 });

    await ctx.app.queue.drain();
    expect(await searchJobStatus(ctx.db, jobId)).toBe('done');
    page = await results('people', list.id);
    expect(page.total).toBe(12);
    expect(page.campaign.status).toBe('active');
    const withContact = page.data.filter((r) => r.email || r.phone);
    const without = page.data.filter((r) => !r.email && !r.phone);
    expect(without.every((r) => r.credits === 0 && r.email_status === 'not_found')).toBe(true);
    // A contact is charged once (issue 29): the fake's people repeat every fifth record (same name, email and
    // LinkedIn URL), and a repeat comes in free.
    const paidFor = withContact.filter((r) => r.credits === 3);
    expect(withContact.every((r) => r.credits === 3 || paidFor.some((p) => p.email === r.email && p.id < r.id))).toBe(
      true,
    );
    expect(new Set(paidFor.map((r) => r.email)).size).toBe(paidFor.length);
    expect(new Set(page.data.map((r) => r.email_status)).has('looking')).toBe(false);
    const charged = paidFor.length * 3;
    expect(page.campaign.job!.credits_charged).toBe(charged);
    // Spend order: monthly, then additional, then rolled over.
    const w = await wallet();
    const fromMonthly = Math.min(20, charged);
    const fromAdditional = Math.min(10, charged - fromMonthly);
    expect(w).toEqual({
      monthly: 20 - fromMonthly,
      additional: 10 - fromAdditional,
      rolled_over: 100 - (charged - fromMonthly - fromAdditional),
    });
    await ledgerMatchesWallet();

    // withEmail filters (spec §3) and a same search gives the same leads.
    const found = await results('people', list.id, { withEmail: 1 });
    expect(found.data.every((r) => r.email_status === 'found')).toBe(true);
    const again = await createList('people');
    const job2 = json<{ job: { id: number } }>(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/searches',
        headers: bearer(token),
        payload: peopleSearch(again.id, 12),
      }),
    ).job.id;
    await ctx.app.queue.drain();
    expect(await searchJobStatus(ctx.db, job2)).not.toBe('running');
    const second = await results('people', again.id);
    expect(second.data.map((r) => r.email)).toEqual(page.data.map((r) => r.email));
  });

  it('stops with a clear reason when credits run out, never going negative', async () => {
    await setWallet(4, 0, 3);
    const list = await createList('people');
    const jobId = json<{ job: { id: number } }>(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/searches',
        headers: bearer(token),
        payload: peopleSearch(list.id, 20),
      }),
    ).job.id;
    await ctx.app.queue.drain();
    expect(await searchJobStatus(ctx.db, jobId)).toBe('stopped');
    const job = json<{ status: string; stop_reason: string; credits_charged: number }>(
      await ctx.app.inject({ method: 'GET', url: `/api/searches/${jobId}`, headers: bearer(token) }),
    );
    expect(job).toMatchObject({ status: 'stopped', stop_reason: 'no_credits', credits_charged: 6 });
    expect(await wallet()).toEqual({ monthly: 0, additional: 0, rolled_over: 1 });
    await ledgerMatchesWallet();
    const page = await results('people', list.id);
    expect(page.campaign.status).toBe('incomplete');
    expect(page.data.some((r) => r.email_status === 'looking')).toBe(false);
    expect(page.data.reduce((s, r) => s + r.credits, 0)).toBe(6);
    // With less than one record's cost left, a new search is refused up front.
    const again = await createList('people');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/searches',
      headers: bearer(token),
      payload: peopleSearch(again.id, 5),
    });
    expect(res.statusCode).toBe(422);
    expect(json(res).code).toBe('leadSearch.no_credits');
  });

  it('never overspends with 20 concurrent charges', async () => {
    await setWallet(10, 5, 5);
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () => ctx.db.transaction((tx) => spendCredits(tx, userId, 3, 'concurrency test'))),
    );
    expect(outcomes.filter(Boolean)).toHaveLength(6);
    expect(await wallet()).toEqual({ monthly: 0, additional: 0, rolled_over: 2 });
    await ledgerMatchesWallet();
  });

  it('never overspends with parallel searches, and charges a contact they all find once', async () => {
    // The three searches find the same companies (the fake answers every search alike): each contact is paid once
    // (issue 29), so the wallet holds less than the contacts they share.
    await setWallet(3, 0, 0);
    const lists = await Promise.all([createList('company'), createList('company'), createList('company')]);
    const jobs = await Promise.all(
      lists.map(async (l) => {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/searches',
          headers: bearer(token),
          payload: {
            type: 'company',
            campaign_id: l.id,
            location: 'Oslo',
            count: 10,
            filters: { industry: 'Software' },
          },
        });
        expect(res.statusCode).toBe(201);
        return json<{ job: { id: number } }>(res).job.id;
      }),
    );
    await ctx.app.queue.drain();
    expect(await wallet()).toEqual({ monthly: 0, additional: 0, rolled_over: 0 });
    await ledgerMatchesWallet();
    const charged = (
      await ctx.db.query<{ n: number }>(
        'SELECT sum(credits_charged)::int AS n FROM search_jobs WHERE id = ANY($1::int[])',
        [`{${jobs.join(',')}}`],
      )
    ).rows[0]!.n;
    expect(charged).toBe(3);
    const paid = (
      await ctx.db.query<{ rows: number; contacts: number }>(
        `SELECT count(*)::int AS rows, count(DISTINCT result_contact_key(email, data->>'linkedin_url', name, website))::int AS contacts FROM campaign_results WHERE campaign_id = ANY($1::int[]) AND credits > 0`,
        [`{${lists.map((l) => l.id).join(',')}}`],
      )
    ).rows[0]!;
    expect(paid).toEqual({ rows: 3, contacts: 3 });
  });
});

describe('get phones (people enrichment)', () => {
  it('charges 1 credit per phone found only, stops without going negative', async () => {
    await setWallet(100, 0, 0);
    const list = await createList('people');
    const jobId = json<{ job: { id: number } }>(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/searches',
        headers: bearer(token),
        payload: peopleSearch(list.id, 20),
      }),
    ).job.id;
    await ctx.app.queue.drain();
    expect(await searchJobStatus(ctx.db, jobId)).not.toBe('running');
    const spentBySearch = 100 - (await wallet()).monthly;
    const noPhone = (await results('people', list.id)).data.filter((r) => !r.phone).map((r) => r.id);
    expect(noPhone.length).toBeGreaterThan(1);

    const call = () => enrichAndWait(ctx, `/api/people-results/${list.id}/get-phones`, token, { ids: noPhone });
    const first = await call();
    expect(first.checked).toBe(noPhone.length);
    // Apollo's fixture: the employer's switchboard for every fourth person from the second, none for the others.
    expect(first.found).toBe(noPhone.filter((_, k) => k % 2 === 0).length);
    expect(first.credits_charged).toBe(first.found);
    expect((await wallet()).monthly).toBe(100 - spentBySearch - first.found);
    const after = (await results('people', list.id)).data.filter((r) => noPhone.includes(r.id));
    expect(after.filter((r) => r.phone).length).toBe(first.found);
    // The same look-up again finds nothing new and charges nothing.
    const second = await call();
    expect(second).toMatchObject({ found: 0, credits_charged: 0 });
    await ledgerMatchesWallet();

    const other = await createList('people');
    await setWallet(60, 0, 0);
    const job2 = json<{ job: { id: number } }>(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/searches',
        headers: bearer(token),
        payload: { ...peopleSearch(other.id, 20), location: 'Vienna' },
      }),
    ).job.id;
    await ctx.app.queue.drain();
    expect(await searchJobStatus(ctx.db, job2)).not.toBe('running');
    await setWallet(0, 0, 0);
    const body = await enrichAndWait(ctx, `/api/people-results/${other.id}/get-phones`, token, {
      all_matching: true,
      filters: {},
    });
    expect(body.found).toBe(0);
    expect(body.stopped_no_credits).toBe(true);
    expect(await wallet()).toEqual({ monthly: 0, additional: 0, rolled_over: 0 });
    await ledgerMatchesWallet();
    // Not for other types, nor other accounts.
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/local-results/${list.id}/get-phones`,
          headers: bearer(token),
          payload: { ids: [1] },
        })
      ).statusCode,
    ).toBe(404);
    const reseller = await login(ctx.app, DEMO.reseller);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/people-results/${list.id}/get-phones`,
          headers: bearer(reseller),
          payload: { ids: noPhone },
        })
      ).statusCode,
    ).toBe(404);
  });
});
