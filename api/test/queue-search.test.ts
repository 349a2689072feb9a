import {
  demoLeadProvider,
  demoRecord,
  registerLeadProvider,
  type LeadProvider,
  type LeadRecord,
} from '../src/providers/leads';
import { QUEUE_SCHEMA } from '../src/queue/jobQueue';
import { JOB_STORE_AFTER_MS, runJobStep, SearchCursors } from '../src/modules/leadSearch/searchJobs.service';
import { bearer, createTestApp, DEMO, json, login, searchJobStatus, type TestContext } from './helpers';

let ctx: TestContext;
let token: string;
let userId: number;

beforeAll(async () => {
  ctx = await createTestApp();
  token = await login(ctx.app, DEMO.customer);
  userId = (await ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO.customer.email])).rows[0]!
    .id;
  await ctx.db.query('UPDATE credit_wallets SET monthly = 100000 WHERE user_id = $1', [userId]);
  await ctx.db.query('UPDATE users SET search_limit = 100000, searches_used = 0 WHERE id = $1', [userId]);
});

afterAll(async () => {
  await ctx.close();
});

/** List names are unique per account: each list this file makes gets its own. */
let listSeq = 0;
async function startSearch(count: number): Promise<number> {
  const list = json<{ campaign: { id: number } }>(
    await ctx.app.inject({
      method: 'POST',
      url: '/api/campaigns',
      headers: bearer(token),
      payload: { name: `Queue ${count} ${(listSeq += 1)}`, list_type: 'people' },
    }),
  ).campaign.id;
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/searches',
    headers: bearer(token),
    payload: {
      type: 'people',
      campaign_id: list,
      location: 'Austin, TX',
      count,
      filters: { job_title: 'Marketing Manager' },
    },
  });
  expect(res.statusCode).toBe(201);
  return json<{ job: { id: number } }>(res).job.id;
}

const queuedSearchJobs = async (jobId: number) =>
  (
    await ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ${QUEUE_SCHEMA}.job WHERE name = 'search-job' AND data->>'jobId' = $1 AND state = 'created'`,
      [String(jobId)],
    )
  ).rows[0]!.n;

describe('search jobs on the queue', () => {
  it('enqueues the job with the search, once per search job, and drain() runs it to the end', async () => {
    const jobId = await startSearch(30);
    expect(await queuedSearchJobs(jobId)).toBe(1);
    expect(await searchJobStatus(ctx.db, jobId)).toBe('running');
    await ctx.app.queue.drain();
    expect(await searchJobStatus(ctx.db, jobId)).toBe('done');
    expect(await queuedSearchJobs(jobId)).toBe(0);
  });

  it('stores a 1,000-lead demo search in under 5 s, charging exactly the results stored', async () => {
    const before = (
      await ctx.db.query<{ monthly: number }>('SELECT monthly FROM credit_wallets WHERE user_id = $1', [userId])
    ).rows[0]!.monthly;
    const started = performance.now();
    const jobId = await startSearch(1000);
    await ctx.app.queue.drain();
    const seconds = (performance.now() - started) / 1000;
    const job = json<{ status: string; produced: number; credits_charged: number }>(
      await ctx.app.inject({ method: 'GET', url: `/api/searches/${jobId}`, headers: bearer(token) }),
    );
    expect(job).toMatchObject({ status: 'done', produced: 1000 });
    console.info(
      `search job throughput: 1000 results in ${seconds.toFixed(2)} s = ${(1000 / seconds).toFixed(0)} results/s (${ctx.db.kind}, drain())`,
    );
    expect(seconds).toBeLessThan(5);
    const stored = (
      await ctx.db.query<{ n: number; credits: number }>(
        'SELECT count(*)::int AS n, COALESCE(sum(credits), 0)::int AS credits FROM campaign_results WHERE job_id = $1',
        [jobId],
      )
    ).rows[0]!;
    expect(stored.n).toBe(1000);
    expect(stored.credits).toBe(job.credits_charged);
    const after = (
      await ctx.db.query<{ monthly: number }>('SELECT monthly FROM credit_wallets WHERE user_id = $1', [userId])
    ).rows[0]!.monthly;
    expect(before - after).toBe(job.credits_charged);
  });

  it('a step that finds the job changed under it stores nothing (two workers, one search)', async () => {
    // Both steps have read the job before either asks the provider (a gate both must reach), so they
    // overlap on either database; only one of them may store its batch.
    let arrived = 0;
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const gated: LeadProvider = {
      ...demoLeadProvider,
      id: 'demo-gated',
      async *search(query, options) {
        arrived += 1;
        if (arrived === 2) open();
        await gate;
        yield* demoLeadProvider.search(query, options);
      },
    };
    const undo = registerLeadProvider(gated, ['people']);
    try {
      const jobId = await startSearch(200);
      await Promise.all([runJobStep(ctx.db, jobId), runJobStep(ctx.db, jobId)]);
      const produced = (
        await ctx.db.query<{ produced: number; n: number }>(
          'SELECT produced, (SELECT count(*)::int FROM campaign_results WHERE job_id = $1) AS n FROM search_jobs WHERE id = $1',
          [jobId],
        )
      ).rows[0]!;
      expect(produced.n).toBe(produced.produced);
      expect(produced.produced).toBe(100);
      await ctx.app.queue.drain();
      const keys = (
        await ctx.db.query<{ n: number; distinct_keys: number }>(
          'SELECT count(*)::int AS n, count(DISTINCT record_key)::int AS distinct_keys FROM campaign_results WHERE job_id = $1',
          [jobId],
        )
      ).rows[0]!;
      expect(keys).toEqual({ n: 200, distinct_keys: 200 });
    } finally {
      undo();
    }
  });

  it("stores a slow source's records as they come, and the next step reads on from the same answer without asking again", async () => {
    // A source whose records arrive when the test lets them: `release(n)` hands over n more, `end()` says there are no more.
    const waiting: (() => void)[] = [];
    let allowed = 0;
    let ended = false;
    let searches = 0;
    const release = (n: number) => {
      allowed += n;
      waiting.splice(0).forEach((wake) => wake());
    };
    const slow: LeadProvider = {
      ...demoLeadProvider,
      id: 'slow',
      demo: false,
      search: async function* (query, { offset }): AsyncIterable<LeadRecord> {
        searches += 1;
        for (let i = offset; ; i++) {
          while (i >= allowed && !ended) await new Promise<void>((wake) => waiting.push(wake));
          if (i >= allowed) return;
          yield demoRecord(query, i);
        }
      },
    };
    const undo = registerLeadProvider(slow, ['people']);
    const cursors = new SearchCursors();
    try {
      const jobId = await startSearch(10);
      const stored = async () =>
        (
          await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM campaign_results WHERE job_id = $1', [
            jobId,
          ])
        ).rows[0]!.n;
      release(3);
      // The step holds 3 records and the source is silent: it stores them once JOB_STORE_AFTER_MS has passed.
      const started = performance.now();
      expect(await runJobStep(ctx.db, jobId, cursors)).toBe('running');
      expect(performance.now() - started).toBeGreaterThanOrEqual(JOB_STORE_AFTER_MS - 50);
      expect(await stored()).toBe(3);
      // The next step waits on the same answer (the look-up in flight), not a new search.
      const next = runJobStep(ctx.db, jobId, cursors);
      release(7);
      expect(await next).toBe('running');
      expect(await stored()).toBe(10);
      expect(await runJobStep(ctx.db, jobId, cursors)).toBe('done');
      expect(searches).toBe(1);
    } finally {
      ended = true;
      release(0);
      cursors.closeAll();
      undo();
    }
  });
});
