import { creditBalance, grantCredits, LOW_CREDITS_THRESHOLD, spendCredits } from '../src/credits/ledger';
import { grantPaidPeriod, markRenewalFailed } from '../src/credits/periodGrant';
import { createMailer } from '../src/mail/mailer';
import { savedSearchTick } from '../src/modules/leadSearch/savedSearchAlerts.service';
import { autopilotTick, FIRST_RUN_DELAY_MS } from '../src/modules/leadSearch/autopilotScheduler.service';
import { SUBSCRIPTION_RENEWALS } from '../src/workers/subscriptionRenewals';
import { SANDBOX_CARDS, sandboxToken } from '../src/providers/payments';
import { createTestApp, bearer, json, login, DEMO, searchJobStatus, type TestContext } from './helpers';
import { installApolloPeople } from './support/apolloPeople';
import { caller, PACKAGE } from './whitelabel-helpers';
import { untilSettled } from './support/until';

const DAY = 86_400_000;

/** Polls a condition (no fixed sleep): resolves as soon as it holds, fails after 10 s. */
/**
 * Issue 33: the event emails (payment receipt, failed payment, automatic top-up, renewal, low credits,
 * autopilot alert, saved-search alert, export ready) are written to the outbox in the transaction of their
 * event, once per event: the sandbox's own webhook events settle the same charges again after the
 * synchronous answer (a replay), and must not mail again. The demo customer and the subscription's customer
 * are the demo reseller's, which has a business account here: every one of these emails, triggered by its
 * real sender, carries the reseller's brand and never the platform's name or logo.
 */
const BRAND = { name: 'Riley Events', domain: 'riley-events.test', logo: 'https://cdn.riley-events.test/logo.png' };
const PLATFORM_LOGO = 'https://cdn.platform.test/platform-logo.png';
describe('event emails: one per event, to the account, none on a replay', () => {
  let ctx: TestContext;
  let customer: string;
  let customerId: number;
  let reseller: string;
  beforeAll(async () => {
    // The clock moves a month ahead: the sessions outlive it.
    ctx = await createTestApp({ config: { tokenTtlHours: 24 * 100 } });
    customer = await login(ctx.app, DEMO.customer);
    reseller = await login(ctx.app, DEMO.reseller);
    customerId = (await ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO.customer.email]))
      .rows[0]!.id;
    await ctx.db.query(
      // Its own domain, verified (DNS TXT check): the emails' links lead there.
      `INSERT INTO business_settings (domain, name, logo, button_color, owner_user_id, support_email, domain_verified_at)
       SELECT $1, $2, $3, '#AA3300', id, 'help@riley-events.test', now() FROM users WHERE email = $4`,
      [BRAND.domain, BRAND.name, BRAND.logo, DEMO.reseller.email],
    );
    // A platform logo that would show if a reseller's email fell back to the platform's look.
    await ctx.db.query("UPDATE business_settings SET logo = $1 WHERE domain = 'localhost'", [PLATFORM_LOGO]);
  }, 120_000);
  afterAll(() => ctx.close(), 60_000);

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(customer), ...(payload ? { payload } : {}) });
  async function addCard(number: string) {
    const setup = json<{ setup_intent_id: string }>(await call('POST', '/api/wallet/cards/setup', {}));
    return call('POST', '/api/wallet/cards', {
      setup_intent_id: setup.setup_intent_id,
      token: sandboxToken(number, 12, 2030),
    });
  }
  const mails = async (kind: string, userId = customerId) =>
    (
      await ctx.db.query<{ to_email: string; subject: string; body_text: string }>(
        'SELECT to_email, subject, body_text FROM outbound_emails WHERE kind = $1 AND user_id = $2 ORDER BY id',
        [kind, userId],
      )
    ).rows;

  it('a declined card: one failed-payment email; a card saved and a top-up: one receipt each; the webhook replays add none', async () => {
    expect((await addCard(SANDBOX_CARDS.decline)).statusCode).toBe(422);
    expect((await addCard(SANDBOX_CARDS.success)).statusCode).toBe(201);
    expect((await call('POST', '/api/wallet/top-ups', { credits: 50 })).statusCode).toBe(201);
    // The sandbox's payment_intent.* events for the same charges settle them again.
    await ctx.app.queue.drain();
    expect(
      (
        await ctx.db.query(
          "SELECT 1 FROM payment_events WHERE type IN ('payment_intent.succeeded', 'payment_intent.payment_failed')",
        )
      ).rowCount,
    ).toBeGreaterThanOrEqual(3);
    const failed = await mails('payment_failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.to_email).toBe(DEMO.customer.email);
    expect(failed[0]!.body_text).toContain('$1.00');
    const receipts = await mails('payment_receipt');
    expect(receipts.map((m) => m.to_email)).toEqual([DEMO.customer.email, DEMO.customer.email]);
    expect(receipts[0]!.body_text).toContain('$1.00');
    expect(receipts[1]!.body_text).toContain('$5.00');
    // What was paid for and why a charge failed, said in words (issue 25), not as codes.
    expect(receipts[1]!.body_text).toContain('Credit top-up: 50 credits.');
    expect(failed[0]!.body_text).toContain('we could not charge $1.00: the card was declined.');
  });

  it('the receipt and the failed payment say what was paid for and why it failed in the recipient’s language', async () => {
    const kinds = ['payment_receipt', 'payment_failed'];
    await ctx.db.query("UPDATE users SET lang = 'de' WHERE id = $1", [customerId]);
    try {
      const before = (await ctx.db.query<{ n: number }>('SELECT max(id)::int AS n FROM outbound_emails')).rows[0]!.n;
      expect((await call('POST', '/api/wallet/top-ups', { credits: 1200 })).statusCode).toBe(201);
      expect((await addCard(SANDBOX_CARDS.decline)).statusCode).toBe(422);
      await ctx.app.queue.drain();
      const sent = (
        await ctx.db.query<{ kind: string; body_text: string }>(
          'SELECT kind, body_text FROM outbound_emails WHERE user_id = $1 AND id > $2 AND kind IN ($3, $4) ORDER BY id',
          [customerId, before, ...kinds],
        )
      ).rows;
      expect(sent.map((m) => m.kind)).toEqual(kinds);
      expect(sent[0]!.body_text).toContain('Credit-Aufladung: 1.200 Credits.');
      expect(sent[1]!.body_text).toContain('nicht abbuchen: die Karte wurde abgelehnt.');
      for (const mail of sent) expect(mail.body_text).not.toMatch(/top-up|card_declined|credits\b/);
    } finally {
      await ctx.db.query("UPDATE users SET lang = 'en' WHERE id = $1", [customerId]);
    }
  });

  it('an automatic top-up: one auto top-up email (no receipt besides), none on the replay', async () => {
    const on = await call('PUT', '/api/wallet/auto-top-up', {
      enabled: true,
      threshold: 100,
      amount: 100,
      consent: true,
    });
    expect(on.statusCode).toBe(200);
    const receiptsBefore = (await mails('payment_receipt')).length;
    const total = json<{ balance: { total: number } }>(await call('GET', '/api/wallet')).balance.total;
    await ctx.db.transaction((tx) => spendCredits(tx, customerId, total - 95, 'test spend'));
    await untilSettled(
      async () =>
        (
          await ctx.db.query("SELECT 1 FROM pgboss.job WHERE name = 'auto-top-ups' AND data->>'userId' = $1", [
            String(customerId),
          ])
        ).rowCount > 0,
    );
    await ctx.app.queue.drain();
    await ctx.app.queue.drain();
    const autos = await mails('auto_top_up');
    expect(autos).toHaveLength(1);
    expect(autos[0]!.to_email).toBe(DEMO.customer.email);
    expect(autos[0]!.body_text).toContain('195');
    expect(await mails('payment_receipt')).toHaveLength(receiptsBefore);
  });

  it('a subscription renewed: one renewal email to the customer; the job run again or the same period reported again mails nothing; a failed renewal: one failed-payment email', async () => {
    const call = caller(ctx);
    const pkg = json<{ data: { id: number } }>(
      await call('POST', '/api/whitelabel/packages', reseller, { ...PACKAGE, monthly_credits: 300 }),
    ).data.id;
    const created = await call('POST', '/api/whitelabel/subscriptions', reseller, {
      customer_name: 'Rene Mail',
      email: 'renewal@mail-events.test',
      username: 'renewalmail',
      package_id: pkg,
    });
    expect(created.statusCode).toBe(201);
    const sub = json<{ data: { id: number; customer_id: number } }>(created).data;
    // The first period is the subscription's start (its welcome), not a renewal.
    expect(await mails('subscription_renewal', sub.customer_id)).toHaveLength(0);
    ctx.clock.advance(32 * DAY);
    await ctx.app.queue.send(SUBSCRIPTION_RENEWALS, {});
    await ctx.app.queue.drain();
    await ctx.app.queue.send(SUBSCRIPTION_RENEWALS, {});
    await ctx.app.queue.drain();
    const renewals = await mails('subscription_renewal', sub.customer_id);
    expect(renewals).toHaveLength(1);
    expect(renewals[0]!.to_email).toBe('renewal@mail-events.test');
    expect(renewals[0]!.body_text).toContain('300');
    // The provider reporting the same period again (its own event id): a duplicate, no email.
    const period = (
      await ctx.db.query<{ period_start: Date; period_end: Date }>(
        'SELECT period_start, period_end FROM subscription_periods WHERE subscription_id = $1 ORDER BY id DESC LIMIT 1',
        [sub.id],
      )
    ).rows[0]!;
    const mail = { mailer: createMailer({ smtpUrl: null, from: 'no-reply@example.test' }), config: ctx.config };
    const again = await grantPaidPeriod(ctx.db, {
      subscriptionId: sub.id,
      periodStart: period.period_start,
      periodEnd: period.period_end,
      sourceEventId: 'in_replayed_invoice',
      mail,
    });
    expect(again).toEqual({ granted: false, reason: 'duplicate' });
    expect(await mails('subscription_renewal', sub.customer_id)).toHaveLength(1);

    // The next renewal fails (the provider's invoice.payment_failed, reported twice): one failed-payment email.
    expect(
      await markRenewalFailed(ctx.db, { subscriptionId: sub.id, sourceEventId: 'in_failed_renewal', mail }),
    ).toMatchObject({ changed: true });
    expect(
      await markRenewalFailed(ctx.db, { subscriptionId: sub.id, sourceEventId: 'in_failed_renewal', mail }),
    ).toEqual({ changed: false, reason: 'not_active' });
    const failed = await mails('payment_failed', sub.customer_id);
    expect(failed).toHaveLength(1);
    expect(failed[0]!.to_email).toBe('renewal@mail-events.test');
    expect(failed[0]!.body_text).toContain('$49.00');
    // No reason from the provider: the email says so, not the package's name.
    expect(failed[0]!.body_text).toContain('$49.00: the payment provider could not collect it.');
    expect(failed[0]!.body_text).not.toContain('Starter');
  });

  it('credits a reseller gives a customer take its own balance to the low-credits threshold: one low-credits email to the reseller', async () => {
    const resellerId = (
      await ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO.reseller.email])
    ).rows[0]!.id;
    const balance = await ctx.db.transaction((tx) => creditBalance(tx, resellerId, { now: ctx.clock.now() }));
    // The reseller holds the threshold + 30 credits; it gives 40 to a new customer.
    const target = LOW_CREDITS_THRESHOLD + 30;
    await ctx.db.transaction(async (tx) => {
      if (balance > target)
        expect(await spendCredits(tx, resellerId, balance - target, 'test spend', { now: ctx.clock.now() })).toBe(true);
      else if (balance < target)
        await grantCredits(tx, resellerId, target - balance, 'additional', 'test grant', { now: ctx.clock.now() });
    });
    const before = (await mails('low_credits', resellerId)).length;
    const call = caller(ctx);
    const pkg = json<{ data: { id: number } }>(
      await call('POST', '/api/whitelabel/packages', reseller, { ...PACKAGE, name: 'Low giver' }),
    ).data.id;
    const created = await call('POST', '/api/whitelabel/subscriptions', reseller, {
      customer_name: 'Gift Mail',
      email: 'gift@mail-events.test',
      username: 'giftmail',
      package_id: pkg,
      additional_credits: 40,
    });
    expect(created.statusCode).toBe(201);
    const low = await mails('low_credits', resellerId);
    expect(low).toHaveLength(before + 1);
    expect(low.at(-1)!.to_email).toBe(DEMO.reseller.email);
    expect(low.at(-1)!.body_text).toContain(String(LOW_CREDITS_THRESHOLD - 10));
  });

  it('an autopilot run that adds results: one alert to its owner naming the autopilot and the list; later ticks mail nothing more', async () => {
    const list = json<{ campaign: { id: number } }>(
      await call('POST', '/api/campaigns', { name: 'Porto dentists', list_type: 'people' }),
    ).campaign.id;
    const created = await call('POST', '/api/autopilots', {
      name: 'Dentists in Porto',
      type: 'basic',
      repeat: 'one-time',
      campaign_id: list,
      location: 'Porto',
      filters: { job_title: 'Dentist' },
      max_results: 5,
    });
    expect(created.statusCode).toBe(201);
    const mail = { mailer: createMailer({ smtpUrl: null, from: 'no-reply@example.test' }), config: ctx.config };
    ctx.clock.advance(FIRST_RUN_DELAY_MS);
    expect((await autopilotTick(ctx.db, ctx.clock, mail)).started).toHaveLength(1);
    await ctx.app.queue.drain();
    ctx.clock.advance(1000);
    expect((await autopilotTick(ctx.db, ctx.clock, mail)).finished).toHaveLength(1);
    await autopilotTick(ctx.db, ctx.clock, mail);
    const alerts = await mails('autopilot_alert');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.to_email).toBe(DEMO.customer.email);
    expect(alerts[0]!.body_text).toContain('Dentists in Porto');
    expect(alerts[0]!.body_text).toContain('Porto dentists');

    // A run with a step after its search (enrichment) mails when those steps end, once.
    const withSteps = await call('POST', '/api/autopilots', {
      name: 'Enriched dentists',
      type: 'basic',
      repeat: 'one-time',
      campaign_id: list,
      location: 'Porto',
      filters: { job_title: 'Dentist' },
      max_results: 3,
      enrichment: true,
    });
    expect(withSteps.statusCode).toBe(201);
    ctx.clock.advance(FIRST_RUN_DELAY_MS);
    expect((await autopilotTick(ctx.db, ctx.clock, mail)).started).toHaveLength(1);
    await ctx.app.queue.drain();
    ctx.clock.advance(1000);
    await autopilotTick(ctx.db, ctx.clock, mail);
    await autopilotTick(ctx.db, ctx.clock, mail);
    const run = (
      await ctx.db.query<{ status: string; actions_state: string | null }>(
        "SELECT r.status, r.actions_state FROM autopilot_runs r JOIN autopilots a ON a.id = r.autopilot_id WHERE a.name = 'Enriched dentists'",
      )
    ).rows[0]!;
    expect(run).toEqual({ status: 'done', actions_state: 'done' });
    const both = await mails('autopilot_alert');
    expect(both).toHaveLength(2);
    expect(both[1]!.body_text).toContain('Enriched dentists');
  });

  it('a spend that takes the balance to the low-credits threshold or below: one email per crossing, none while it stays below', async () => {
    expect(
      (await call('PUT', '/api/wallet/auto-top-up', { enabled: false, threshold: 100, amount: 100 })).statusCode,
    ).toBe(200);
    const mail = { mailer: createMailer({ smtpUrl: null, from: 'no-reply@example.test' }), config: ctx.config };
    const spend = (n: number) =>
      ctx.db.transaction(async (tx) =>
        expect(await spendCredits(tx, customerId, n, 'test spend', { now: ctx.clock.now(), mail })).toBe(true),
      );
    const balance = await ctx.db.transaction((tx) => creditBalance(tx, customerId, { now: ctx.clock.now() }));
    const before = (await mails('low_credits')).length;
    await spend(balance - (LOW_CREDITS_THRESHOLD + 10));
    expect(await mails('low_credits')).toHaveLength(before);
    await spend(20);
    await spend(5);
    const low = await mails('low_credits');
    expect(low).toHaveLength(before + 1);
    expect(low.at(-1)!.to_email).toBe(DEMO.customer.email);
    expect(low.at(-1)!.body_text).toContain(String(LOW_CREDITS_THRESHOLD - 10));
    // Back above the threshold, then below again: a new crossing, a new email.
    await ctx.db.transaction((tx) =>
      grantCredits(tx, customerId, 100, 'additional', 'test grant', { now: ctx.clock.now() }),
    );
    await spend(100);
    expect(await mails('low_credits')).toHaveLength(before + 2);
  });

  it('a daily saved-search alert that finds new leads: one alert email; a background export of that list: one export-ready email', async () => {
    const list = json<{ campaign: { id: number } }>(
      await call('POST', '/api/campaigns', { name: 'Lyon founders', list_type: 'people' }),
    ).campaign.id;
    const saved = await call('POST', '/api/saved-searches', {
      name: 'Founders in Lyon',
      type: 'people',
      campaign_id: list,
      location: 'Lyon',
      count: 3,
      filters: { job_title: 'Founder' },
      alert: 'daily',
    });
    expect(saved.statusCode).toBe(201);
    const mail = { mailer: createMailer({ smtpUrl: null, from: 'no-reply@example.test' }), config: ctx.config };
    ctx.clock.advance(DAY);
    expect((await savedSearchTick(ctx.db, ctx.clock, mail)).started).toHaveLength(1);
    await ctx.app.queue.drain();
    ctx.clock.advance(1000);
    expect((await savedSearchTick(ctx.db, ctx.clock, mail)).finished).toHaveLength(1);
    await savedSearchTick(ctx.db, ctx.clock, mail);
    const alerts = await mails('saved_search_alert');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.body_text).toContain('Founders in Lyon');
    expect(alerts[0]!.body_text).toContain('Lyon founders');

    expect((await call('POST', '/api/list-exports', { campaign_id: list })).statusCode).toBe(202);
    await ctx.app.queue.drain();
    const ready = await mails('export_ready');
    expect(ready).toHaveLength(1);
    expect(ready[0]!.body_text).toContain(`Lyon-founders-${list}.csv`);
  });

  it("a search job whose charge takes the balance below the threshold mails low credits once (the queue's search worker passes the mail deps)", async () => {
    // People from Apollo (its local fake): charged, unlike demo data (ADR 017).
    const apollo = await installApolloPeople(['people']);
    try {
      await ctx.db.query('UPDATE users SET search_limit = 100000, searches_used = 0 WHERE id = $1', [customerId]);
      const balance = await ctx.db.transaction((tx) => creditBalance(tx, customerId, { now: ctx.clock.now() }));
      await ctx.db.transaction((tx) =>
        grantCredits(tx, customerId, LOW_CREDITS_THRESHOLD + 10 - balance, 'additional', 'test grant', {
          now: ctx.clock.now(),
        }),
      );
      const before = (await mails('low_credits')).length;
      const list = json<{ campaign: { id: number } }>(
        await call('POST', '/api/campaigns', { name: 'Berlin sales', list_type: 'people' }),
      ).campaign.id;
      const started = await call('POST', '/api/searches', {
        type: 'people',
        campaign_id: list,
        location: 'Berlin, Germany',
        count: 12,
        filters: { job_title: 'Head of Sales' },
      });
      expect(started.statusCode).toBe(201);
      const jobId = json<{ job: { id: number } }>(started).job.id;
      await ctx.app.queue.drain();
      expect(await searchJobStatus(ctx.db, jobId)).not.toBe('running');
      const after = await ctx.db.transaction((tx) => creditBalance(tx, customerId, { now: ctx.clock.now() }));
      expect(after).toBeLessThanOrEqual(LOW_CREDITS_THRESHOLD);
      expect(await mails('low_credits')).toHaveLength(before + 1);
    } finally {
      await apollo.close();
    }
  });

  it("every event email to the reseller's customers, from its real sender, is in the reseller's brand: its name, logo and domain, never the platform's name or logo", async () => {
    const platform = (
      await ctx.db.query<{ name: string }>("SELECT name FROM business_settings WHERE domain = 'localhost'")
    ).rows[0]!.name;
    const sent = (
      await ctx.db.query<{
        kind: string;
        to_email: string;
        subject: string;
        body_text: string;
        body_html: string;
        from_name: string;
        reply_to: string;
      }>(
        `SELECT o.kind, o.to_email, o.subject, o.body_text, o.body_html, o.from_name, o.reply_to FROM outbound_emails o JOIN users u ON u.id = o.user_id
          WHERE u.parent_id = (SELECT id FROM users WHERE email = $1) ORDER BY o.id`,
        [DEMO.reseller.email],
      )
    ).rows;
    const events = [
      'payment_receipt',
      'payment_failed',
      'auto_top_up',
      'subscription_renewal',
      'low_credits',
      'autopilot_alert',
      'saved_search_alert',
      'export_ready',
    ];
    expect(events.filter((kind) => !sent.some((m) => m.kind === kind))).toEqual([]);
    for (const mail of sent) {
      // The demo customer's own address is on the platform's test domain: it is not the brand.
      const parts = `${mail.subject}\n${mail.body_text}\n${mail.body_html}`.split(mail.to_email).join('');
      expect({
        kind: mail.kind,
        leaks: new RegExp(platform, 'i').test(parts) || parts.includes(PLATFORM_LOGO),
      }).toEqual({ kind: mail.kind, leaks: false });
      expect(mail.from_name).toBe(BRAND.name);
      expect(mail.reply_to).toBe('help@riley-events.test');
      expect(mail.subject).toContain(BRAND.name);
      expect(mail.body_html).toContain(BRAND.logo);
      const links = [...mail.body_html.matchAll(/href="(https?:[^"]+)"/g)].map(
        (m) => new URL(m[1]!.replace(/&amp;/g, '&')).hostname,
      );
      expect(links.length).toBeGreaterThan(0);
      expect(links.filter((host) => host !== BRAND.domain)).toEqual([]);
    }
  });
});
