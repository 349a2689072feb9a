import type { ApiResponse } from '../../shared/src/api/contract';
import { bearer, createTestApp, DEMO, json, login, searchJobStatus, type TestContext } from './helpers';
import { installApolloPeople } from './support/apolloPeople';
import { autopilotTick, FIRST_RUN_DELAY_MS, startDueRuns } from '../src/modules/leadSearch/autopilotScheduler.service';
import { failSearchJob } from '../src/modules/leadSearch/searchJobs.service';
import { LeadSourceError, registerLeadProvider, type LeadRecord } from '../src/providers/leads';
import { composeProvider } from '../src/providers/leads/leadSources';

let ctx: TestContext;
let customer: string;
let reseller: string;
let userId: number;

type Autopilot = ApiResponse<'/api/autopilots/{id}', 'get'>;
type Run = ApiResponse<'/api/autopilots/{id}/runs', 'get'>['data'][number];

const DAY = 24 * 3600 * 1000;

// Demo data is free (ADR 017): these tests charge people searches, so people come from Apollo (its local fake).
let apollo: Awaited<ReturnType<typeof installApolloPeople>>;
beforeAll(async () => {
  apollo = await installApolloPeople(['people']);
  ctx = await createTestApp();
  // Runs a year and more ahead outlive the seed's licences (expiry: accounts-license.test.ts).
  await ctx.db.query('UPDATE users SET license_expires_at = NULL WHERE email IN ($1, $2)', [
    DEMO.customer.email,
    DEMO.reseller.email,
  ]);
  customer = await login(ctx.app, DEMO.customer);
  reseller = await login(ctx.app, DEMO.reseller);
  userId = (await ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO.customer.email])).rows[0]!
    .id;
  await ctx.db.query('UPDATE users SET search_limit = 100000, searches_used = 0 WHERE id = $1', [userId]);
}, 60_000);
afterAll(async () => {
  await apollo.close();
  await ctx.close();
});

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token = customer, payload?: object) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

let listsMade = 0;
/** A list name is unique per account: each call makes its own. */
async function createList(token = customer, name = `Autopilot list ${++listsMade}`): Promise<number> {
  const res = await inject('POST', '/api/campaigns', token, { name, list_type: 'people' });
  expect(res.statusCode).toBe(201);
  return json<{ campaign: { id: number } }>(res).campaign.id;
}

const body = (campaign_id: number, extra: Record<string, unknown> = {}) => ({
  name: 'Daily founders',
  type: 'basic',
  repeat: 'daily',
  campaign_id,
  location: 'Lyon',
  filters: { job_title: 'Founder' },
  max_results: 10,
  enrichment: true,
  ai_prompts: ['summary', 'first_line'],
  crm: 'ghl',
  ...extra,
});

async function create(campaignId: number, extra: Record<string, unknown> = {}): Promise<Autopilot> {
  const res = await inject('POST', '/api/autopilots', customer, body(campaignId, extra));
  expect(res.statusCode).toBe(201);
  return json<{ autopilot: Autopilot }>(res).autopilot;
}

const get = async (id: number) => json<Autopilot>(await inject('GET', `/api/autopilots/${id}`));
const runs = async (id: number) =>
  json<{ data: Run[]; total: number }>(await inject('GET', `/api/autopilots/${id}/runs`));

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

/** Pauses every other autopilot so one test's ticks only see its own. */
async function isolate(keep: number) {
  await ctx.db.query(`UPDATE autopilots SET status = 'paused' WHERE id <> $1 AND status = 'active'`, [keep]);
}

describe('autopilots', () => {
  it('validates the fields of spec §3, naming the field', async () => {
    const list = await createList();
    let res = await inject('POST', '/api/autopilots', customer, { ...body(list), name: undefined });
    expect(res.statusCode).toBe(400);
    expect(json(res).field).toBe('name');
    res = await inject('POST', '/api/autopilots', customer, body(list, { repeat: 'hourly' }));
    expect(json(res).field).toBe('repeat');
    res = await inject('POST', '/api/autopilots', customer, body(list, { max_results: 0 }));
    expect(json(res).field).toBe('max_results');
    res = await inject('POST', '/api/autopilots', customer, body(list, { location: '  ' }));
    expect(res.statusCode).toBe(400);
    expect(json(res).field).toBe('location');
    res = await inject('POST', '/api/autopilots', customer, body(list, { time_zone: 'Mars/Olympus' }));
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({
      field: 'time_zone',
      errors: [{ field: 'time_zone', message: 'Choose a time zone from the list (for example Europe/Paris).' }],
    });
    res = await inject('POST', '/api/autopilots', customer, body(list, { filters: {} }));
    expect(res.statusCode).toBe(400);
    expect(json(res).field).toBe('filters.job_title');
    res = await inject('POST', '/api/autopilots', customer, body(list, { crm: 'salesforce' }));
    expect(json(res).field).toBe('crm');
    // A webhook autopilot needs its list's webhook set up.
    res = await inject('POST', '/api/autopilots', customer, body(list, { type: 'webhook' }));
    expect(res.statusCode).toBe(422);
    expect(json(res)).toMatchObject({ code: 'leadSearch.list_has_no_webhook', field: 'campaign_id' });
    // Another account's list is not found.
    const theirs = await createList(reseller);
    expect((await inject('POST', '/api/autopilots', customer, body(theirs))).statusCode).toBe(404);
  });

  it('runs first shortly after saving, then once per period; every run is recorded and none runs twice', async () => {
    await setWallet(10_000);
    const list = await createList();
    const autopilot = await create(list);
    await isolate(autopilot.id);
    expect(autopilot).toMatchObject({ status: 'active', last_run: null, campaign: { id: list } });
    expect(new Date(autopilot.next_run_at!).getTime()).toBe(ctx.clock.now().getTime() + FIRST_RUN_DELAY_MS);

    // Not due yet.
    expect((await autopilotTick(ctx.db, ctx.clock)).started).toEqual([]);
    ctx.clock.advance(FIRST_RUN_DELAY_MS);
    const claimedAt = ctx.clock.now().getTime();
    // Two schedulers racing for the same slot: exactly one run starts.
    const [a, b] = await Promise.all([startDueRuns(ctx.db, ctx.clock.now()), startDueRuns(ctx.db, ctx.clock.now())]);
    expect([...a, ...b]).toHaveLength(1);
    expect((await autopilotTick(ctx.db, ctx.clock)).started).toEqual([]);

    let history = await runs(autopilot.id);
    expect(history.total).toBe(1);
    const run = history.data[0]!;
    expect(run).toMatchObject({ status: 'running', finished_at: null });
    expect(run.job_id).not.toBeNull();
    expect(new Date((await get(autopilot.id)).next_run_at!).getTime()).toBe(claimedAt + DAY);

    // The run's search job fills the list; the next tick records the outcome.
    await ctx.app.queue.drain();
    ctx.clock.advance(1000);
    expect((await autopilotTick(ctx.db, ctx.clock)).finished).toEqual([run.id]);
    history = await runs(autopilot.id);
    const done = history.data[0]!;
    expect(done).toMatchObject({ status: 'done', results_added: 10, error: null });
    expect(done.credits_spent).toBeGreaterThan(0);
    expect(done.finished_at).not.toBeNull();
    const results = json<{ total: number }>(await inject('POST', `/api/people-results/${list}`, customer, {}));
    expect(results.total).toBe(10);

    // A day later: the second run.
    ctx.clock.advance(DAY);
    expect((await autopilotTick(ctx.db, ctx.clock)).started).toHaveLength(1);
    expect((await runs(autopilot.id)).total).toBe(2);
  });

  it('after downtime a missed period runs once (not once per missed day) and survives a new scheduler', async () => {
    await setWallet(10_000);
    const list = await createList();
    const autopilot = await create(list);
    const firstSlot = new Date(autopilot.next_run_at!).getTime();
    await isolate(autopilot.id);
    ctx.clock.advance(3 * DAY); // the API was down for three days
    const { started } = await autopilotTick(ctx.db, ctx.clock);
    expect(started).toHaveLength(1);
    // A fresh tick (as after a restart) neither starts another run nor loses the running one.
    expect((await autopilotTick(ctx.db, ctx.clock)).started).toEqual([]);
    const history = await runs(autopilot.id);
    expect(history.total).toBe(1);
    // The next run is the next slot of the series (first slot + 3 days), not a day after the late claim.
    expect(new Date((await get(autopilot.id)).next_run_at!).getTime()).toBe(firstSlot + 3 * DAY);
    await ctx.app.queue.drain();
    // Runs of the autopilots of earlier tests finish in the same tick (the queue ran their searches too).
    expect((await autopilotTick(ctx.db, ctx.clock)).finished).toContain(history.data[0]!.id);
  });

  it('does not run into a list in the trash: the due slot waits and runs once the list is restored', async () => {
    await setWallet(10_000);
    const list = await createList();
    const autopilot = await create(list);
    await isolate(autopilot.id);
    expect((await inject('DELETE', `/api/campaigns/${list}`)).statusCode).toBe(200);
    ctx.clock.advance(2 * DAY);
    expect((await autopilotTick(ctx.db, ctx.clock)).started).toEqual([]);
    expect((await runs(autopilot.id)).total).toBe(0);
    expect((await ctx.db.query('SELECT 1 FROM search_jobs WHERE campaign_id = $1', [list])).rowCount).toBe(0);

    expect((await inject('POST', `/api/campaign-trash/${list}/restore`)).statusCode).toBe(200);
    expect((await autopilotTick(ctx.db, ctx.clock)).started).toHaveLength(1);
    await ctx.app.queue.drain();
    ctx.clock.advance(1000);
    await autopilotTick(ctx.db, ctx.clock);
    expect((await runs(autopilot.id)).data[0]).toMatchObject({ status: 'done', results_added: 10, error: null });
  });

  it('stops with a visible reason when the credits run out, and can be resumed', async () => {
    const list = await createList();
    const autopilot = await create(list, { max_results: 20 });
    await isolate(autopilot.id);
    await setWallet(7); // enough for two people records (3 each), not for twenty
    ctx.clock.advance(FIRST_RUN_DELAY_MS);
    await autopilotTick(ctx.db, ctx.clock);
    const run = (await runs(autopilot.id)).data[0]!;
    await ctx.app.queue.drain();
    expect(await searchJobStatus(ctx.db, run.job_id!)).toBe('stopped');
    await autopilotTick(ctx.db, ctx.clock);
    const stopped = await get(autopilot.id);
    expect(stopped).toMatchObject({ status: 'stopped', stop_reason: 'no_credits', next_run_at: null });
    expect(stopped.last_run).toMatchObject({ status: 'stopped', error: 'no_credits', credits_spent: 6 });
    ctx.clock.advance(2 * DAY);
    expect((await autopilotTick(ctx.db, ctx.clock)).started).toEqual([]);

    // With no credits at all, a resumed autopilot's run stops at once without a job.
    await setWallet(0);
    let res = await inject('POST', `/api/autopilots/${autopilot.id}/status`, customer, { status: 'active' });
    expect(json<{ autopilot: Autopilot }>(res).autopilot).toMatchObject({ status: 'active', stop_reason: null });
    ctx.clock.advance(FIRST_RUN_DELAY_MS);
    await autopilotTick(ctx.db, ctx.clock);
    expect(await get(autopilot.id)).toMatchObject({
      status: 'stopped',
      stop_reason: 'no_credits',
      last_run: { status: 'stopped', error: 'no_credits', job_id: null },
    });

    res = await inject('POST', `/api/autopilots/${autopilot.id}/status`, customer, { status: 'paused' });
    expect(json<{ autopilot: Autopilot }>(res).autopilot.status).toBe('paused');
  });

  it('records a run whose search failed as failed, with the reason as its error code', async () => {
    await setWallet(10_000);
    const list = await createList();
    const autopilot = await create(list, { max_results: 5 });
    await isolate(autopilot.id);
    ctx.clock.advance(FIRST_RUN_DELAY_MS);
    await autopilotTick(ctx.db, ctx.clock);
    const run = (await runs(autopilot.id)).data[0]!;
    // The queue gave up on the search before a step ran (what its dead letter's handler does).
    expect(await failSearchJob(ctx.db, run.job_id!)).toBe('stopped');
    await ctx.app.queue.drain();
    await autopilotTick(ctx.db, ctx.clock);
    expect((await get(autopilot.id)).last_run).toMatchObject({
      id: run.id,
      status: 'failed',
      error: 'search_failed',
      job_id: run.job_id,
      results_added: 0,
    });

    // A source that refuses the search fails the next run, named as the source's refusal.
    const undo = registerLeadProvider(
      composeProvider({
        id: 'apollo',
        // eslint-disable-next-line require-yield
        search: async function* (): AsyncIterable<LeadRecord> {
          throw new LeadSourceError('apollo', 'key_refused', 'HTTP 401');
        },
      }),
      ['people'],
    );
    try {
      ctx.clock.advance(DAY);
      await autopilotTick(ctx.db, ctx.clock);
      await ctx.app.queue.drain();
      await autopilotTick(ctx.db, ctx.clock);
    } finally {
      undo();
    }
    const [refused] = (await runs(autopilot.id)).data;
    expect(refused).toMatchObject({ status: 'failed', error: 'source_error' });
    expect(refused!.id).not.toBe(run.id);
    // A failed run is not a stop: the daily autopilot stays active for its next period.
    expect(await get(autopilot.id)).toMatchObject({ status: 'active', stop_reason: null });
  });

  it('a one-time autopilot completes after its run; edits keep the schedule', async () => {
    await setWallet(10_000);
    const list = await createList();
    const autopilot = await create(list, { repeat: 'one-time', max_results: 5 });
    await isolate(autopilot.id);
    const res = await inject(
      'PUT',
      `/api/autopilots/${autopilot.id}`,
      customer,
      body(list, { repeat: 'one-time', max_results: 5, name: 'Once only' }),
    );
    expect(res.statusCode).toBe(200);
    expect(json<{ autopilot: { name: string; next_run_at: string } }>(res).autopilot).toMatchObject({
      name: 'Once only',
      next_run_at: autopilot.next_run_at,
    });
    ctx.clock.advance(FIRST_RUN_DELAY_MS);
    await autopilotTick(ctx.db, ctx.clock);
    const run = (await runs(autopilot.id)).data[0]!;
    await ctx.app.queue.drain();
    expect(await searchJobStatus(ctx.db, run.job_id!)).not.toBe('running');
    await autopilotTick(ctx.db, ctx.clock);
    expect(await get(autopilot.id)).toMatchObject({
      status: 'completed',
      next_run_at: null,
      last_run: { status: 'done', results_added: 5 },
    });
    ctx.clock.advance(400 * DAY);
    expect((await autopilotTick(ctx.db, ctx.clock)).started).toEqual([]);
  });

  it("lists with pagination and keeps accounts apart (another account's autopilot is 404)", async () => {
    // The clock moved past the tokens' lifetime in the tests above.
    customer = await login(ctx.app, DEMO.customer);
    reseller = await login(ctx.app, DEMO.reseller);
    const list = await createList();
    const mine = await create(list);
    const page = json<ApiResponse<'/api/autopilots', 'get'>>(await inject('GET', '/api/autopilots?pageSize=2'));
    expect(page.pageSize).toBe(2);
    expect(page.currentPage).toBe(1);
    expect(page.data).toHaveLength(2);
    expect(page.total).toBeGreaterThanOrEqual(5);
    expect(page.data[0]!.id).toBe(mine.id);
    for (const res of [
      await inject('GET', `/api/autopilots/${mine.id}`, reseller),
      await inject('GET', `/api/autopilots/${mine.id}/runs`, reseller),
      await inject('PUT', `/api/autopilots/${mine.id}`, reseller, body(list)),
      await inject('POST', `/api/autopilots/${mine.id}/status`, reseller, { status: 'paused' }),
      await inject('DELETE', `/api/autopilots/${mine.id}`, reseller),
    ]) {
      expect(res.statusCode).toBe(404);
    }
    expect(
      json<{ data: Autopilot[] }>(await inject('GET', '/api/autopilots', reseller)).data.some((x) => x.id === mine.id),
    ).toBe(false);
    expect((await inject('DELETE', `/api/autopilots/${mine.id}`)).statusCode).toBe(200);
    expect((await inject('GET', `/api/autopilots/${mine.id}`)).statusCode).toBe(404);
  });

  it('runs on the slots of its time zone: a monthly run from Jan 31 keeps its day and its local time, late claims do not drift', async () => {
    await setWallet(10_000);
    const list = await createList();
    ctx.clock.set(new Date('2027-01-31T08:59:55.000Z')); // 09:59:55 in Paris
    const autopilot = await create(list, {
      repeat: 'monthly',
      time_zone: 'Europe/Paris',
      max_results: 2,
      enrichment: false,
      ai_prompts: [],
      crm: null,
    });
    await isolate(autopilot.id);
    expect(autopilot).toMatchObject({ next_run_at: '2027-01-31T09:00:00.000Z', time_zone: 'Europe/Paris' });

    const slots: string[] = [];
    for (const claimAt of ['2027-01-31T09:01:30.000Z', '2027-02-28T09:07:00.000Z', '2027-03-31T08:00:01.000Z']) {
      ctx.clock.set(new Date(claimAt));
      const { started } = await autopilotTick(ctx.db, ctx.clock);
      expect(started).toHaveLength(1);
      const run = (await runs(autopilot.id)).data[0]!;
      await ctx.app.queue.drain();
      expect((await autopilotTick(ctx.db, ctx.clock)).finished).toEqual([run.id]);
      slots.push((await get(autopilot.id)).next_run_at!);
    }
    // 10:00 in Paris on the 31st, or the month's last day: CET in February, CEST from the end of March.
    expect(slots).toEqual(['2027-02-28T09:00:00.000Z', '2027-03-31T08:00:00.000Z', '2027-04-30T08:00:00.000Z']);

    // The zone can be changed by an edit.
    const res = await inject(
      'PUT',
      `/api/autopilots/${autopilot.id}`,
      customer,
      body(list, { repeat: 'monthly', time_zone: 'America/New_York', max_results: 2 }),
    );
    expect(json<{ autopilot: Autopilot & { time_zone: string } }>(res).autopilot.time_zone).toBe('America/New_York');
  });
});
