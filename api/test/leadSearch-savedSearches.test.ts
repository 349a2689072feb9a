import type { ApiResponse } from '../../shared/src/api/contract';
import { createMailer } from '../src/mail/mailer';
import { savedSearchTick, startDueAlerts } from '../src/modules/leadSearch/savedSearchAlerts.service';
import { demoLeadProvider, registerLeadProvider } from '../src/providers/leads';
import { demoRecord } from '../src/providers/leads/demoProvider';
import { bearer, createTestApp, DEMO, json, login, type TestContext } from './helpers';
import { installApolloPeople } from './support/apolloPeople';

type SavedSearch = ApiResponse<'/api/saved-searches/{id}', 'get'>;
type Alerts = ApiResponse<'/api/saved-search-alerts', 'get'>;

const DAY = 86_400_000;

/**
 * Issue 29 item 4: saved searches, re-run with one click, daily/weekly alerts that add only the leads
 * the account does not hold yet (never charged twice; demo data never charged, ADR 017), shown in the
 * app and mailed once per period through the branded mail path.
 */
describe('saved searches and their alerts', () => {
  let ctx: TestContext;
  let customer: string;
  let other: string;
  let userId: number;
  // People from Apollo (its local fake): charged, unlike demo data (ADR 017).
  let apollo: Awaited<ReturnType<typeof installApolloPeople>>;
  let mail: Parameters<typeof savedSearchTick>[2];

  beforeAll(async () => {
    apollo = await installApolloPeople(['people']);
    ctx = await createTestApp({ config: { tokenTtlHours: 24 * 100 } });
    customer = await login(ctx.app, DEMO.customer);
    other = await login(ctx.app, DEMO.reseller);
    userId = (await ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO.customer.email]))
      .rows[0]!.id;
    await ctx.db.query('UPDATE users SET search_limit = 100000, searches_used = 0 WHERE id = $1', [userId]);
    await ctx.db.query(
      `INSERT INTO credit_ledger (user_id, delta, bucket, reason) VALUES ($1, 5000, 'additional', 'test')`,
      [userId],
    );
    await ctx.db.query('UPDATE credit_wallets SET additional = additional + 5000 WHERE user_id = $1', [userId]);
    mail = { mailer: createMailer({ smtpUrl: null, from: 'no-reply@example.test' }), config: ctx.config };
  }, 120_000);
  afterAll(async () => {
    await apollo.close();
    await ctx.close();
  }, 60_000);

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = customer) =>
    ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  async function createList(name: string, extra: Record<string, unknown> = {}, token = customer): Promise<number> {
    const res = await call('POST', '/api/campaigns', { name, list_type: 'people', ...extra }, token);
    expect(res.statusCode).toBe(201);
    return json<{ campaign: { id: number } }>(res).campaign.id;
  }
  const search = (campaign_id: number, extra: Record<string, unknown> = {}) => ({
    name: 'Founders in Lyon',
    type: 'people',
    campaign_id,
    location: 'Lyon',
    count: 5,
    filters: { job_title: 'Founder' },
    ...extra,
  });
  async function save(campaignId: number, extra: Record<string, unknown> = {}): Promise<SavedSearch> {
    const res = await call('POST', '/api/saved-searches', search(campaignId, extra));
    expect(res.statusCode).toBe(201);
    return json<{ saved_search: SavedSearch }>(res).saved_search;
  }
  /** Runs the queued search steps, then lets the scheduler record the runs that ended. */
  async function settle() {
    await ctx.app.queue.drain();
    ctx.clock.advance(1000);
    await savedSearchTick(ctx.db, ctx.clock, mail);
  }
  const keysOf = async (campaignId: number) =>
    (
      await ctx.db.query<{ record_key: string }>(
        'SELECT record_key FROM campaign_results WHERE campaign_id = $1 ORDER BY id',
        [campaignId],
      )
    ).rows.map((r) => r.record_key);
  const charged = async (campaignId: number) =>
    (
      await ctx.db.query<{ sum: number }>(
        'SELECT COALESCE(sum(credits_charged), 0)::int AS sum FROM search_jobs WHERE campaign_id = $1',
        [campaignId],
      )
    ).rows[0]!.sum;
  const alertMails = async () =>
    (
      await ctx.db.query<{ to_email: string; body_text: string; subject: string }>(
        `SELECT to_email, body_text, subject FROM outbound_emails WHERE kind = 'saved_search_alert' AND user_id = $1 ORDER BY id`,
        [userId],
      )
    ).rows;

  it("refuses bad input naming the field, another account's list, a list of another type", async () => {
    const list = await createList('Checks');
    const missing = await call('POST', '/api/saved-searches', { ...search(list), name: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('name');
    const intent = await call('POST', '/api/saved-searches', search(list, { type: 'intent' }));
    expect(intent.statusCode).toBe(400);
    expect(intent.body).toContain('type');
    const badAlert = await call('POST', '/api/saved-searches', search(list, { alert: 'hourly' }));
    expect(badAlert.statusCode).toBe(400);
    expect(badAlert.body).toContain('alert');
    const noLocation = await call('POST', '/api/saved-searches', search(list, { location: ' ' }));
    expect(noLocation.statusCode).toBe(400);
    expect(json<{ errors: { field: string }[] }>(noLocation).errors[0]!.field).toBe('location');
    const othersList = await createList('Not yours', {}, other);
    expect((await call('POST', '/api/saved-searches', search(othersList))).statusCode).toBe(404);
    const company = await call('POST', '/api/campaigns', { name: 'Companies', list_type: 'company' });
    const mismatch = await call(
      'POST',
      '/api/saved-searches',
      search(json<{ campaign: { id: number } }>(company).campaign.id),
    );
    expect(mismatch.statusCode).toBe(422);
    expect(json<{ field: string }>(mismatch).field).toBe('campaign_id');
  });

  it('a re-run adds only the leads the account does not hold yet, in any list, and charges only those', async () => {
    // The same search run by hand into another list first: those leads are the account's already.
    const first = await createList('Held already');
    const started = await call('POST', '/api/searches', {
      type: 'people',
      campaign_id: first,
      location: 'Lyon',
      count: 5,
      filters: { job_title: 'Founder' },
    });
    expect(started.statusCode).toBe(201);
    await ctx.app.queue.drain();
    const held = await keysOf(first);
    expect(held).toHaveLength(5);

    const list = await createList('Saved search list');
    const saved = await save(list);
    expect(saved).toMatchObject({
      name: 'Founders in Lyon',
      type: 'people',
      campaign: { id: list, list_type: 'people' },
      alert: 'off',
      next_alert_at: null,
      last_run: null,
    });

    const run = await call('POST', `/api/saved-searches/${saved.id}/run`);
    expect(run.statusCode).toBe(201);
    expect(json<{ saved_search: SavedSearch }>(run).saved_search.last_run).toMatchObject({
      trigger: 'manual',
      status: 'running',
    });
    await settle();
    const added = await keysOf(list);
    expect(added).toHaveLength(5);
    expect(added.filter((k) => held.includes(k))).toEqual([]);
    const job = (
      await ctx.db.query<{ skipped: number; credits_charged: number }>(
        'SELECT skipped, credits_charged FROM search_jobs WHERE campaign_id = $1',
        [list],
      )
    ).rows[0]!;
    expect(job.skipped).toBe(5);
    // Charged for the new leads only: each row's credits are what its job charged for it.
    const rowCredits = (
      await ctx.db.query<{ sum: number }>(
        'SELECT COALESCE(sum(credits), 0)::int AS sum FROM campaign_results WHERE campaign_id = $1',
        [list],
      )
    ).rows[0]!.sum;
    expect(rowCredits).toBeGreaterThan(0);
    expect(await charged(list)).toBe(rowCredits);
    const after = json<SavedSearch>(await call('GET', `/api/saved-searches/${saved.id}`));
    expect(after.last_run).toMatchObject({
      trigger: 'manual',
      status: 'done',
      new_leads: 5,
      credits_spent: rowCredits,
    });

    // Again: the ten leads held now are skipped, five more are new; nothing is stored twice.
    expect((await call('POST', `/api/saved-searches/${saved.id}/run`)).statusCode).toBe(201);
    await settle();
    const all = [...(await keysOf(first)), ...(await keysOf(list))];
    expect(all).toHaveLength(15);
    expect(new Set(all).size).toBe(15);
    // A click is not an alert: nothing in the app's alerts, no email.
    expect(json<Alerts>(await call('GET', '/api/saved-search-alerts')).total).toBe(0);
    expect(await alertMails()).toHaveLength(0);
  });

  it('a daily alert runs once per period across schedulers, adds only new leads, shows in the app and mails once', async () => {
    const list = await createList('Alert list');
    const saved = await save(list, { name: 'Daily CTOs', filters: { job_title: 'CTO' }, count: 3, alert: 'daily' });
    expect(new Date(saved.next_alert_at!).getTime()).toBe(ctx.clock.now().getTime() + DAY);
    // Not due yet.
    expect((await savedSearchTick(ctx.db, ctx.clock, mail)).started).toEqual([]);

    ctx.clock.advance(DAY);
    // Two schedulers at the same moment (two worker processes): the period runs once.
    const [a, b] = await Promise.all([
      startDueAlerts(ctx.db, ctx.clock.now()),
      startDueAlerts(ctx.db, ctx.clock.now()),
    ]);
    expect(a.length + b.length).toBe(1);
    expect((await startDueAlerts(ctx.db, ctx.clock.now())).length).toBe(0);
    await settle();
    expect(await keysOf(list)).toHaveLength(3);

    const alerts = json<Alerts>(await call('GET', '/api/saved-search-alerts'));
    expect(alerts).toMatchObject({ total: 1, unseen: 1 });
    expect(alerts.data[0]).toMatchObject({
      saved_search_id: saved.id,
      search: 'Daily CTOs',
      campaign: { id: list, name: 'Alert list' },
      new_leads: 3,
      seen: false,
    });
    expect(json<{ unseen_alerts: number }>(await call('GET', '/api/saved-searches')).unseen_alerts).toBe(1);
    // The email goes once, to the account (through sendTemplatedMail: its brand routing is mail-branding.test.ts's).
    await savedSearchTick(ctx.db, ctx.clock, mail);
    const mails = await alertMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to_email).toBe(DEMO.customer.email);
    expect(mails[0]!.body_text).toContain('Daily CTOs');
    expect(mails[0]!.body_text).toContain('Alert list');
    expect(mails[0]!.body_text).toContain('3');

    // The next day: new leads again (three more), a second alert; the old ones are not added again.
    ctx.clock.advance(DAY);
    expect((await savedSearchTick(ctx.db, ctx.clock, mail)).started).toHaveLength(1);
    await settle();
    const keys = await keysOf(list);
    expect(keys).toHaveLength(6);
    expect(new Set(keys).size).toBe(6);
    expect(await alertMails()).toHaveLength(2);

    const seen = await call('POST', '/api/saved-search-alerts/seen');
    expect(json<{ updated: number }>(seen).updated).toBe(2);
    expect(json<Alerts>(await call('GET', '/api/saved-search-alerts')).unseen).toBe(0);

    // Turned off: no period comes any more.
    const off = await call('PUT', `/api/saved-searches/${saved.id}`, { alert: 'off' });
    expect(json<{ saved_search: SavedSearch }>(off).saved_search).toMatchObject({ alert: 'off', next_alert_at: null });
    ctx.clock.advance(7 * DAY);
    expect((await savedSearchTick(ctx.db, ctx.clock, mail)).started).toEqual([]);
  });

  it('an alert on a demo list adds demo leads and charges nothing', async () => {
    const demo = await createList('Demo alerts', { is_demo: true });
    await save(demo, { name: 'Weekly demo', alert: 'weekly' });
    ctx.clock.advance(7 * DAY);
    expect((await savedSearchTick(ctx.db, ctx.clock, mail)).started).toHaveLength(1);
    await settle();
    expect(await keysOf(demo)).toHaveLength(5);
    expect(await charged(demo)).toBe(0);
  });

  it('an alert period with nothing new adds nothing, shows nothing and mails nothing', async () => {
    // A source with three leads in all for the query.
    const undo = registerLeadProvider(
      {
        ...demoLeadProvider,
        id: 'three-leads-source',
        demo: false,
        async *search(query, { offset, limit }) {
          for (let i = offset; i < Math.min(3, offset + (limit ?? 3)); i += 1) yield demoRecord(query, i);
        },
      },
      ['local'],
    );
    try {
      const res = await call('POST', '/api/campaigns', { name: 'Dentists', list_type: 'local' });
      const list = json<{ campaign: { id: number } }>(res).campaign.id;
      const saved = await save(list, {
        name: 'Porto dentists',
        type: 'local',
        location: 'Porto',
        filters: { categories: ['Dentist'] },
        alert: 'daily',
      });
      const before = (await alertMails()).length;
      ctx.clock.advance(DAY);
      await savedSearchTick(ctx.db, ctx.clock, mail);
      await settle();
      expect(await keysOf(list)).toHaveLength(3);
      expect(await alertMails()).toHaveLength(before + 1);
      ctx.clock.advance(DAY);
      expect((await savedSearchTick(ctx.db, ctx.clock, mail)).started).toHaveLength(1);
      await settle();
      expect(await keysOf(list)).toHaveLength(3);
      const runs = (
        await ctx.db.query<{ status: string; new_leads: number; credits_spent: number }>(
          'SELECT status, new_leads, credits_spent FROM saved_search_runs WHERE saved_search_id = $1 ORDER BY id',
          [saved.id],
        )
      ).rows;
      expect(runs.map((r) => [r.status, r.new_leads])).toEqual([
        ['done', 3],
        ['done', 0],
      ]);
      expect(runs[1]!.credits_spent).toBe(0);
      expect(await alertMails()).toHaveLength(before + 1);
      expect(
        json<Alerts>(await call('GET', '/api/saved-search-alerts')).data.filter((a) => a.saved_search_id === saved.id),
      ).toHaveLength(1);
    } finally {
      undo();
    }
  });

  it('a list in the trash holds no leads for duplicates (new again, never charged twice) and starts no alert until restored', async () => {
    const nantes = { type: 'people', location: 'Nantes', count: 3, filters: { job_title: 'Buyer' } };
    const trashed = await createList('Held in the trash');
    expect((await call('POST', '/api/searches', { ...nantes, campaign_id: trashed })).statusCode).toBe(201);
    await ctx.app.queue.drain();
    const held = await keysOf(trashed);
    expect(held).toHaveLength(3);
    expect(await charged(trashed)).toBeGreaterThan(0);
    expect((await call('DELETE', `/api/campaigns/${trashed}`)).statusCode).toBe(200);

    // The leads held only in a list in the trash are new again: stored in the saved search's list, and free (paid already).
    const list = await createList('After the trash');
    const saved = await save(list, { ...nantes, name: 'Nantes buyers', alert: 'daily' });
    expect((await call('POST', `/api/saved-searches/${saved.id}/run`)).statusCode).toBe(201);
    await settle();
    expect(await keysOf(list)).toEqual(held);
    expect(await charged(list)).toBe(0);

    // Its own list in the trash: a click says so, naming the field; the alert's period waits and nothing is recorded.
    expect((await call('DELETE', `/api/campaigns/${list}`)).statusCode).toBe(200);
    const refused = await call('POST', `/api/saved-searches/${saved.id}/run`);
    expect(refused.statusCode).toBe(422);
    expect(json<{ code: string; field: string }>(refused)).toMatchObject({
      code: 'leadSearch.list_in_trash',
      field: 'campaign_id',
    });
    const runsOf = async () =>
      (
        await ctx.db.query<{ trigger: string }>(
          'SELECT trigger FROM saved_search_runs WHERE saved_search_id = $1 ORDER BY id',
          [saved.id],
        )
      ).rows.map((r) => r.trigger);
    ctx.clock.advance(DAY);
    await savedSearchTick(ctx.db, ctx.clock, mail);
    expect(await runsOf()).toEqual(['manual']);

    // Restored: the period that waited runs at the next tick.
    expect((await call('POST', `/api/campaign-trash/${list}/restore`)).statusCode).toBe(200);
    await savedSearchTick(ctx.db, ctx.clock, mail);
    expect(await runsOf()).toEqual(['manual', 'alert']);
    await settle();
  });

  it('another account can neither read, change, run nor delete a saved search', async () => {
    const list = await createList('Private');
    const saved = await save(list, { name: 'Mine' });
    expect((await call('GET', `/api/saved-searches/${saved.id}`, undefined, other)).statusCode).toBe(404);
    expect((await call('PUT', `/api/saved-searches/${saved.id}`, { name: 'Theirs' }, other)).statusCode).toBe(404);
    expect((await call('POST', `/api/saved-searches/${saved.id}/run`, undefined, other)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/saved-searches/${saved.id}`, undefined, other)).statusCode).toBe(404);
    expect(
      json<{ data: SavedSearch[] }>(await call('GET', '/api/saved-searches', undefined, other)).data.map((s) => s.id),
    ).not.toContain(saved.id);
    expect((await call('DELETE', `/api/saved-searches/${saved.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/saved-searches/${saved.id}`)).statusCode).toBe(404);
  });
});
