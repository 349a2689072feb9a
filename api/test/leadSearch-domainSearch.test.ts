import type { ApiResponse } from '../../shared/src/api/contract';
process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1';

import { bearer, createTestApp, DEMO, json, login, searchJobStatus, type TestContext } from './helpers';
import { installLeadSources, loadLeadSourcesConfig, providerFor } from '../src/providers/leads';
import type { Agent } from 'undici';
import { outboundDispatcher } from '../src/net/outbound';
import { createDomainEngine, dnsResolver, DOMAIN_PROVIDER_ID, siteSources } from '../src/providers/leads/domain';
import { resolverLookup } from '../src/providers/leads/domain/crawler';
import { SITE_DOMAIN, SITE_EMAILS, startFakeSite, type FakeSite } from './fakeDomainSite';

let ctx: TestContext;
let site: FakeSite;
let token: string;
let userId: number;
let unregister: () => void;
let dispatcher: Agent | undefined;

/** A result as the API answers it; `data` is the result's open JSON, here with the email's source the domain engine writes. */
type Result = ApiResponse<'/api/domain-results/{id}/{resultId}', 'get'> & {
  data: { email_source?: { provider: string; url: string | null; via: string; mx: boolean | null; role: boolean } };
};

beforeAll(async () => {
  site = await startFakeSite();
  ctx = await createTestApp();
  token = await login(ctx.app, DEMO.customer);
  userId = (await ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO.customer.email])).rows[0]!
    .id;
}, 60_000);
afterAll(async () => {
  unregister?.();
  await dispatcher?.destroy();
  await ctx.close();
  await site.close();
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

/** List names are unique per account: each list this file makes gets its own. */
let listSeq = 0;
async function search(domain: string): Promise<{
  listId: number;
  job: { stop_reason: string | null; credits_charged: number; found: number; produced: number };
}> {
  const list = await ctx.app.inject({
    method: 'POST',
    url: '/api/campaigns',
    headers: bearer(token),
    payload: { name: `Domain ${domain} ${(listSeq += 1)}`, list_type: 'domain' },
  });
  const listId = json<{ campaign: { id: number } }>(list).campaign.id;
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/searches',
    headers: bearer(token),
    payload: { type: 'domain', campaign_id: listId, location: 'Madrid', count: 20, filters: { domain } },
  });
  expect(res.statusCode).toBe(201);
  const jobId = json<{ job: { id: number } }>(res).job.id;
  await ctx.app.queue.drain();
  expect(await searchJobStatus(ctx.db, jobId)).toBe('done');
  const job = json<{ stop_reason: string | null; credits_charged: number; found: number; produced: number }>(
    await ctx.app.inject({ method: 'GET', url: `/api/searches/${jobId}`, headers: bearer(token) }),
  );
  return { listId, job };
}

async function results(listId: number): Promise<Result[]> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/domain-results/${listId}`,
    headers: bearer(token),
    payload: { limit: 100 },
  });
  expect(res.statusCode).toBe(200);
  return json<{ data: Result[] }>(res).data;
}

describe('domain search served by the domain engine', () => {
  it('is the default source of domain searches (no key, not demo data); demo data only with the keyless sources off', async () => {
    const providers = async () =>
      json<{ providers: Record<string, { id: string; demo: boolean; demo_reason: string | null }> }>(
        await ctx.app.inject({ method: 'GET', url: '/api/search-options', headers: bearer(token) }),
      ).providers;
    // What the server installs at start-up.
    let uninstall = installLeadSources(loadLeadSourcesConfig({}));
    expect(providerFor('domain')).toMatchObject({ id: DOMAIN_PROVIDER_ID, demo: false });
    expect((await providers()).domain).toEqual({ id: DOMAIN_PROVIDER_ID, demo: false, demo_reason: null });
    uninstall();
    // Only the site crawl among the keyless engines (an offline set-up that crawls a local site).
    uninstall = installLeadSources(loadLeadSourcesConfig({ LEAD_KEYLESS_SOURCES: 'site' }));
    expect((await providers()).domain).toMatchObject({ id: DOMAIN_PROVIDER_ID, demo: false });
    expect((await providers()).local).toMatchObject({ id: 'demo', demo: true });
    uninstall();
    expect(() => loadLeadSourcesConfig({ LEAD_KEYLESS_SOURCES: 'site,maps' })).toThrow('LEAD_KEYLESS_SOURCES');
    uninstall = installLeadSources(loadLeadSourcesConfig({ LEAD_KEYLESS_SOURCES: '0' }));
    expect((await providers()).domain).toEqual({ id: 'demo', demo: true, demo_reason: 'no_source' });
    uninstall();
  });

  it('lists exactly the site emails with their states and source pages, charging 1 credit per email once', async () => {
    // The same engine, pointed at the local site and DNS server.
    const resolver = dnsResolver([`127.0.0.1:${site.dnsPort}`], 1_000);
    const engine = createDomainEngine({
      limits: { maxDepth: 2, maxPages: 20, maxBytes: 256_000, timeoutMs: 10_000, concurrency: 2 },
      network: {
        dispatcher: (dispatcher = outboundDispatcher({ lookupHost: resolverLookup(resolver) })),
        ports: { http: site.port, https: 1 },
      },
      resolver,
    });
    unregister = installLeadSources(loadLeadSourcesConfig({}), siteSources(engine));
    await setWallet(100);
    site.requests.length = 0;

    const { listId, job } = await search(SITE_DOMAIN);
    const rows = await results(listId);
    const emails = Object.fromEntries(
      rows
        .filter((r) => r.email)
        .map((r) => [r.email, { state: r.email_status, page: new URL(r.data.email_source!.url!).pathname }]),
    );
    expect(emails).toEqual(SITE_EMAILS);
    expect(rows).toHaveLength(Object.keys(SITE_EMAILS).length);
    expect(rows.every((r) => r.data.email_source?.provider === 'site' && r.data.email_source.mx === true)).toBe(true);
    expect(rows.find((r) => r.email === `john.smith@${SITE_DOMAIN}`)).toMatchObject({
      name: 'John Smith',
      job_title: 'CTO',
      email_status: 'potential',
      data: { email_source: { via: 'pattern' } },
    });
    expect(rows.find((r) => r.email === `support@${SITE_DOMAIN}`)).toMatchObject({
      email_status: 'found',
      data: { email_source: { via: 'obfuscated', role: true } },
    });

    // One credit (spec §9 domainPerEmail) per email, charged once; the job ends when the site has no more.
    const emailCount = Object.keys(SITE_EMAILS).length;
    expect(rows.every((r) => r.credits === 1)).toBe(true);
    expect(job).toMatchObject({
      credits_charged: emailCount,
      found: emailCount,
      produced: emailCount,
      stop_reason: 'provider_exhausted',
    });
    expect(await balance()).toBe(100 - emailCount);
    // The job's steps share one crawl: robots.txt read once, the disallowed page never.
    expect(site.requests.filter((r) => r.path === '/robots.txt')).toHaveLength(1);
    expect(site.requests.map((r) => r.path)).not.toContain('/private/board');
  });

  it('shows an unreachable domain as one "not found" result, free of charge', async () => {
    await setWallet(10);
    const { listId, job } = await search('nowhere.test');
    const rows = await results(listId);
    expect(rows.map((r) => [r.name, r.email, r.email_status, r.credits])).toEqual([
      ['nowhere.test', null, 'not_found', 0],
    ]);
    expect(job.credits_charged).toBe(0);
    expect(await balance()).toBe(10);
  });
});
