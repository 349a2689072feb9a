// First: the queue's settings must be in place before its modules load.
import { restoreQueueSettings } from './support/shortQueueExpiry';
import { LeadSourceError, registerLeadProvider, type LeadRecord } from '../src/providers/leads';
import { composeProvider } from '../src/providers/leads/leadSources';
import { bearer, createTestApp, DEMO, json, login, type TestContext } from './helpers';
import { until } from './support/until';

/**
 * A search job whose worker dies on its last attempt: pg-boss's supervisor finds the job expired
 * and, with no retry left, hands it to the dead letter (`search-job-failed`), which ends the search
 * failed with nothing charged and the search limit given back. The worker here never answers (its
 * source hangs): to the queue that is a dead worker. Short expiry and supervision, no retry
 * (support/shortQueueExpiry.ts), and the workers polling as in production (PROCESS_ROLE all); the
 * test waits on the job's row, not a timer.
 */
let ctx: TestContext;
let undo: () => void;
let releaseSource: () => void = () => undefined;
let asked = 0;

beforeAll(async () => {
  const hang = new Promise<void>((resolve) => (releaseSource = resolve));
  undo = registerLeadProvider(
    composeProvider({
      id: 'apollo',
      // eslint-disable-next-line require-yield
      search: async function* (): AsyncIterable<LeadRecord> {
        asked += 1;
        await hang;
        // Released at the end of the test: the step then finds its search over and stores nothing.
        throw new LeadSourceError('apollo', 'unavailable', 'released after the test');
      },
    }),
    ['people'],
  );
  ctx = await createTestApp({ config: { processRole: 'all' } });
}, 60_000);

afterAll(async () => {
  releaseSource();
  undo?.();
  await ctx?.close();
  restoreQueueSettings();
});

test('a search whose worker dies on its last attempt ends failed through the dead letter, charging nothing', async () => {
  const token = await login(ctx.app, DEMO.customer);
  const userId = (await ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO.customer.email]))
    .rows[0]!.id;
  await ctx.db.query('UPDATE users SET search_limit = 1000, searches_used = 0 WHERE id = $1', [userId]);
  const balance = async () =>
    (
      await ctx.db.query<{ n: number }>(
        'SELECT monthly + additional + rolled_over AS n FROM credit_wallets WHERE user_id = $1',
        [userId],
      )
    ).rows[0]!.n;
  const credits = await balance();

  const list = json<{ campaign: { id: number } }>(
    await ctx.app.inject({
      method: 'POST',
      url: '/api/campaigns',
      headers: bearer(token),
      payload: { name: 'Dies on its last attempt', list_type: 'people' },
    }),
  ).campaign.id;
  const start = await ctx.app.inject({
    method: 'POST',
    url: '/api/searches',
    headers: bearer(token),
    payload: { type: 'people', campaign_id: list, location: 'Porto', count: 10, filters: { job_title: 'Buyer' } },
  });
  expect([start.statusCode, start.body]).toEqual([201, expect.any(String)]);
  const jobId = json<{ job: { id: number; demo_data: boolean } }>(start).job.id;
  expect(json<{ job: { demo_data: boolean } }>(start).job.demo_data).toBe(false);
  expect(
    (await ctx.db.query<{ n: number }>('SELECT searches_used AS n FROM users WHERE id = $1', [userId])).rows[0]!.n,
  ).toBe(10);

  const job = async () =>
    (
      await ctx.db.query<{ status: string; stop_reason: string | null; credits_charged: number; produced: number }>(
        'SELECT status, stop_reason, credits_charged, produced FROM search_jobs WHERE id = $1',
        [jobId],
      )
    ).rows[0]!;
  // A worker took the job and is stuck in its source; the queue's expiry then gives up on it.
  await until('a worker to take the search', async () => asked > 0, 90_000);
  expect((await job()).status).toBe('running');
  await until('the dead letter to end the search', async () => (await job()).status !== 'running', 90_000);

  expect(await job()).toEqual({ status: 'stopped', stop_reason: 'failed', credits_charged: 0, produced: 0 });
  expect(asked).toBe(1); // no retry: it was the last attempt
  expect(await balance()).toBe(credits);
  expect(
    (await ctx.db.query<{ n: number }>('SELECT searches_used AS n FROM users WHERE id = $1', [userId])).rows[0]!.n,
  ).toBe(0);
  const shown = json<{ campaign: { status: string; job: { status: string; stop_reason: string } } }>(
    await ctx.app.inject({ method: 'POST', url: `/api/people-results/${list}`, headers: bearer(token), payload: {} }),
  ).campaign;
  expect(shown).toMatchObject({ status: 'incomplete', job: { status: 'stopped', stop_reason: 'failed' } });
}, 120_000);
