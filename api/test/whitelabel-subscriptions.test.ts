// The fake SMTP server listens on loopback, which the outbound guard refuses unless listed.
process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1';
import type { Server } from 'node:net';
import { createTestApp, json, login, DEMO, type TestContext } from './helpers';
import { openSecret } from '../src/modules/whitelabel/smtp.service';
import { makeAccount } from './security/accounts';
import { caller, fakeSmtpServer, otherReseller, PACKAGE } from './whitelabel-helpers';

const DAY = 86_400_000;

describe('white-label subscriptions and SMTP', () => {
  let ctx: TestContext;
  let reseller: string;
  let other: string;
  let call: ReturnType<typeof caller>;
  let packageId: number;
  let smtp: { server: Server; port: number; received: string[] };
  beforeAll(async () => {
    ctx = await createTestApp({ config: { logLevel: process.env.WL_LOG ? 'error' : 'silent' } });
    call = caller(ctx);
    reseller = await login(ctx.app, DEMO.reseller);
    other = await otherReseller(ctx);
    packageId = json<{ data: { id: number } }>(await call('POST', '/api/whitelabel/packages', reseller, PACKAGE)).data
      .id;
    smtp = await fakeSmtpServer();
  }, 120_000);
  afterAll(async () => {
    smtp.server.close();
    await ctx.close();
  }, 60_000);

  const sub = {
    customer_name: 'Carl Customer',
    email: 'carl@customer.test',
    username: 'carl',
    package_id: 0,
    additional_credits: 50,
    welcome_email: false,
  };

  it("validates the form and refuses another reseller's package (child only on the parent's plans)", async () => {
    const missing = await call('POST', '/api/whitelabel/subscriptions', reseller, {});
    expect(
      json<{ errors: { field: string }[] }>(missing)
        .errors.map((e) => e.field)
        .sort(),
    ).toEqual(['customer_name', 'email', 'package_id', 'username']);
    const othersPkg = json<{ data: { id: number } }>(await call('POST', '/api/whitelabel/packages', other, PACKAGE))
      .data.id;
    const foreign = await call('POST', '/api/whitelabel/subscriptions', reseller, { ...sub, package_id: othersPkg });
    expect(foreign.statusCode).toBe(422);
    expect(json(foreign)).toMatchObject({ code: 'whitelabel.package_unknown', field: 'package_id' });
    const taken = await call('POST', '/api/whitelabel/subscriptions', reseller, {
      ...sub,
      package_id: packageId,
      email: DEMO.basic.email,
    });
    expect(json(taken)).toMatchObject({ code: 'email_taken', field: 'email' });
  });

  it('without SMTP details the welcome email cannot be sent', async () => {
    const res = await call('POST', '/api/whitelabel/subscriptions', reseller, {
      ...sub,
      package_id: packageId,
      welcome_email: true,
    });
    expect(res.statusCode).toBe(422);
    expect(json(res)).toMatchObject({
      code: 'whitelabel.smtp_required',
      field: 'welcome_email',
      message: 'Without SMTP details the welcome email cannot be sent.',
    });
  });

  it('saves SMTP settings (password never returned) and really sends a test email', async () => {
    const bad = await call('PUT', '/api/whitelabel/smtp', reseller, {
      host: 'bad host',
      port: 70000,
      encryption: 'rot13',
      from_email: 'x',
      support_email: 'y@z.test',
    });
    expect(
      json<{ errors: { field: string }[] }>(bad)
        .errors.map((e) => e.field)
        .sort(),
    ).toEqual(['encryption', 'from_email', 'host', 'port']);
    const saved = await call('PUT', '/api/whitelabel/smtp', reseller, {
      host: '127.0.0.1',
      port: smtp.port,
      username: null,
      password: 'hunter22',
      encryption: 'none',
      from_email: 'hello@acme.test',
      support_email: 'support@acme.test',
    });
    expect(saved.statusCode).toBe(200);
    expect(json(saved)).toMatchObject({ data: { host: '127.0.0.1', has_password: true } });
    expect(saved.body).not.toContain('hunter22');
    const stored = await ctx.db.query<{ password: string }>('SELECT password FROM whitelabel_smtp');
    expect(stored.rows[0]!.password).not.toContain('hunter22');
    expect(json(await call('GET', '/api/whitelabel/smtp', other))).toEqual({ data: null });
    const test = await call('POST', '/api/whitelabel/smtp/test', reseller, { to: 'me@acme.test' });
    expect(test.statusCode).toBe(200);
    expect(smtp.received.some((m) => m.includes('me@acme.test') && m.includes('SMTP test'))).toBe(true);
  });

  it('SMTP: the port is required and numeric; a service that takes only app passwords gets one of 16 characters (spec §9), stored without its spaces', async () => {
    const base = {
      host: 'smtp.gmail.com',
      port: 587,
      username: 'owner@gmail.test',
      encryption: 'tls',
      from_email: 'owner@gmail.test',
      support_email: 'owner@gmail.test',
    };
    for (const port of ['abc', undefined]) {
      const refused = await call('PUT', '/api/whitelabel/smtp', other, {
        ...base,
        port,
        password: 'abcd efgh ijkl mnop',
      });
      expect(refused.statusCode).toBe(400);
      expect(json<{ errors: { field: string }[] }>(refused).errors.map((e) => e.field)).toEqual(['port']);
    }
    const accountPassword = await call('PUT', '/api/whitelabel/smtp', other, {
      ...base,
      password: 'my-account-password',
    });
    expect(accountPassword.statusCode).toBe(422);
    expect(json(accountPassword)).toMatchObject({
      code: 'whitelabel.smtp_app_password',
      field: 'password',
      message:
        'smtp.gmail.com takes an app password of 16 characters here (spaces do not count), not your account password.',
    });
    expect(
      (await call('PUT', '/api/whitelabel/smtp', other, { ...base, password: 'abcd efgh ijkl mno' })).statusCode,
    ).toBe(422);
    // As Google shows it, in groups of four: saved without the spaces.
    const saved = await call('PUT', '/api/whitelabel/smtp', other, { ...base, password: 'abcd efgh ijkl mnop' });
    expect(saved.statusCode).toBe(200);
    const stored = (
      await ctx.db.query<{ password: string }>(
        'SELECT s.password FROM whitelabel_smtp s JOIN users u ON u.id = s.owner_id WHERE s.host = $1',
        ['smtp.gmail.com'],
      )
    ).rows[0]!;
    expect(openSecret(ctx.app.deps.config.appSecret, stored.password)).toBe('abcdefghijklmnop');
    // Another server takes any password.
    expect(
      (await call('PUT', '/api/whitelabel/smtp', other, { ...base, host: 'mail.other.test', password: 'short' }))
        .statusCode,
    ).toBe(200);
    await ctx.db.query("DELETE FROM whitelabel_smtp WHERE host = 'mail.other.test'");
  });

  it("creates a subscription: the child account becomes active with the plan's credits, and the welcome email goes through the reseller's SMTP", async () => {
    const res = await call('POST', '/api/whitelabel/subscriptions', reseller, {
      ...sub,
      package_id: packageId,
      welcome_email: true,
    });
    expect(res.statusCode).toBe(201);
    const data = json<{
      data: { id: number; customer_id: number; status: string; managed_by: string; plan_name: string };
    }>(res).data;
    expect(data).toMatchObject({ status: 'active', managed_by: 'manual', plan_name: 'Starter' });
    const user = (
      await ctx.db.query<{ subscription_status: string; parent_id: number }>(
        'SELECT subscription_status, parent_id FROM users WHERE id = $1',
        [data.customer_id],
      )
    ).rows[0]!;
    expect(user.subscription_status).toBe('active');
    const wallet = (
      await ctx.db.query<{ monthly: number; additional: number }>(
        'SELECT monthly, additional FROM credit_wallets WHERE user_id = $1',
        [data.customer_id],
      )
    ).rows[0]!;
    expect(wallet).toEqual({ monthly: 500, additional: 50 });
    // Queued with the subscription; the delivery job sends it through the reseller's server.
    await ctx.app.queue.drain();
    expect(smtp.received.some((m) => m.includes('carl@customer.test') && m.includes('Welcome to'))).toBe(true);
    const dup = await call('POST', '/api/whitelabel/subscriptions', reseller, {
      ...sub,
      email: 'carl2@customer.test',
      package_id: packageId,
    });
    expect(json(dup)).toMatchObject({ code: 'whitelabel.username_taken', field: 'username' });
  });

  it('isolation: another reseller gets 404 on every subscription id route and sees none in its list', async () => {
    const id = json<{ data: { id: number }[] }>(await call('GET', '/api/whitelabel/subscriptions', reseller)).data[0]!
      .id;
    expect(json(await call('GET', '/api/whitelabel/subscriptions', other))).toMatchObject({ total: 0 });
    expect(json(await call('GET', '/api/whitelabel/subscriptions/usage-history', other))).toMatchObject({ total: 0 });
    for (const [method, url] of [
      ['GET', `/api/whitelabel/subscriptions/${id}`],
      ['PUT', `/api/whitelabel/subscriptions/${id}`],
      ['POST', `/api/whitelabel/subscriptions/${id}/cancel`],
      ['POST', `/api/whitelabel/subscriptions/${id}/refund`],
      ['POST', `/api/whitelabel/subscriptions/${id}/restore`],
      ['POST', `/api/whitelabel/subscriptions/${id}/reactivate`],
    ] as const) {
      const body = method === 'PUT' ? { customer_name: 'X', username: 'xxx', package_id: packageId } : undefined;
      expect((await call(method, url, other, body)).statusCode).toBe(404);
    }
  });

  it('state machine: cancel keeps it active to the period end, then it ends; reactivate; restore only provider-managed; refund only with a payment', async () => {
    const id = json<{ data: { id: number; customer_id: number }[] }>(
      await call('GET', '/api/whitelabel/subscriptions', reseller),
    ).data[0]!.id;
    const customerId = json<{ customer_id: number }>(
      await call('GET', `/api/whitelabel/subscriptions/${id}`, reseller),
    ).customer_id;
    expect(json(await call('POST', `/api/whitelabel/subscriptions/${id}/restore`, reseller))).toMatchObject({
      code: 'whitelabel.not_provider_managed',
    });
    expect(json(await call('POST', `/api/whitelabel/subscriptions/${id}/refund`, reseller))).toMatchObject({
      code: 'whitelabel.nothing_to_refund',
    });
    expect(json(await call('POST', `/api/whitelabel/subscriptions/${id}/reactivate`, reseller))).toMatchObject({
      code: 'whitelabel.already_active',
    });

    const canceled = await call('POST', `/api/whitelabel/subscriptions/${id}/cancel`, reseller);
    expect(json(canceled)).toMatchObject({
      code: 'whitelabel.subscription_cancel',
      data: { status: 'active', cancel_at_period_end: true },
    });
    expect(json(await call('POST', `/api/whitelabel/subscriptions/${id}/cancel`, reseller))).toMatchObject({
      code: 'whitelabel.not_active',
    });
    ctx.clock.advance(31 * DAY);
    // Login tokens last 30 days too.
    reseller = await login(ctx.app, DEMO.reseller);
    expect(json(await call('GET', `/api/whitelabel/subscriptions/${id}`, reseller))).toMatchObject({
      status: 'canceled',
    });
    const status = async () =>
      (
        await ctx.db.query<{ subscription_status: string }>('SELECT subscription_status FROM users WHERE id = $1', [
          customerId,
        ])
      ).rows[0]!.subscription_status;
    expect(await status()).toBe('inactive');

    const back = await call('POST', `/api/whitelabel/subscriptions/${id}/reactivate`, reseller);
    expect(json(back)).toMatchObject({ data: { status: 'active', cancel_at_period_end: false } });
    expect(await status()).toBe('active');

    // A provider-managed one with a payment (as the sales page creates): restore, then refund ends it at once.
    await ctx.db.query(`UPDATE whitelabel_subscriptions SET managed_by = 'provider' WHERE id = $1`, [id]);
    await ctx.db.query(
      `INSERT INTO whitelabel_payments (owner_id, subscription_id, amount_cents, kind, status, provider, provider_ref, created_at)
       SELECT owner_id, id, 4900, 'charge', 'succeeded', 'sandbox', 'ch_test', now() FROM whitelabel_subscriptions WHERE id = $1`,
      [id],
    );
    expect(json(await call('POST', `/api/whitelabel/subscriptions/${id}/restore`, reseller))).toMatchObject({
      data: { managed_by: 'manual' },
    });
    const refunded = await call('POST', `/api/whitelabel/subscriptions/${id}/refund`, reseller);
    expect(json(refunded)).toMatchObject({
      code: 'whitelabel.subscription_refund',
      data: { status: 'canceled', refundable: false },
    });
    expect(await status()).toBe('inactive');
    const history = json<{ data: { event: string }[]; total: number }>(
      await call('GET', '/api/whitelabel/subscriptions/usage-history?pageSize=20', reseller),
    );
    expect(history.data.map((e) => e.event)).toEqual(
      expect.arrayContaining([
        'created',
        'welcome_email',
        'canceled',
        'period_ended',
        'reactivated',
        'restored',
        'refunded',
      ]),
    );
  });

  it('edits a subscription: plan from own packages only, additional credits adjust the wallet', async () => {
    const row = json<{ data: { id: number; customer_id: number }[] }>(
      await call('GET', '/api/whitelabel/subscriptions', reseller),
    ).data[0]!;
    const res = await call('PUT', `/api/whitelabel/subscriptions/${row.id}`, reseller, {
      customer_name: 'Carl C. Customer',
      username: 'carl',
      package_id: packageId,
      additional_credits: 80,
    });
    expect(json(res)).toMatchObject({ data: { customer_name: 'Carl C. Customer', additional_credits: 80 } });
    const wallet = (
      await ctx.db.query<{ additional: number }>('SELECT additional FROM credit_wallets WHERE user_id = $1', [
        row.customer_id,
      ])
    ).rows[0]!;
    expect(wallet.additional).toBe(80);
    const list = json<{ total: number }>(await call('GET', '/api/whitelabel/subscriptions?status=canceled', reseller));
    expect(list.total).toBe(1);
  });
  it("additional credits are paid from the reseller's wallet: a grant moves exactly its amount, a PUT only the difference, too much is refused and changes nothing", async () => {
    const payer = await makeAccount(ctx, {
      email: 'payer.reseller@leadsmith.test',
      userType: 'reseller',
      modules: ['whitelabel', 'leads'],
      wallet: 100,
    });
    const token = payer.headers.authorization!.slice(7);
    const pkg = json<{ data: { id: number } }>(await call('POST', '/api/whitelabel/packages', token, PACKAGE)).data.id;
    const credits = async (userId: number) =>
      (
        await ctx.db.query<{ total: number; additional: number }>(
          'SELECT (monthly + additional + rolled_over)::int AS total, additional FROM credit_wallets WHERE user_id = $1',
          [userId],
        )
      ).rows[0];
    const mismatches = async (ids: number[]) =>
      (
        await ctx.db.query(
          `SELECT w.user_id FROM credit_wallets w
             LEFT JOIN (SELECT user_id, COALESCE(sum(delta) FILTER (WHERE bucket = 'monthly'), 0)::int AS monthly, COALESCE(sum(delta) FILTER (WHERE bucket = 'additional'), 0)::int AS additional,
                               COALESCE(sum(delta) FILTER (WHERE bucket = 'rolled_over'), 0)::int AS rolled_over FROM credit_ledger GROUP BY user_id) l ON l.user_id = w.user_id
            WHERE w.user_id = ANY($1::int[])
              AND (w.monthly <> COALESCE(l.monthly, 0) OR w.additional <> COALESCE(l.additional, 0) OR w.rolled_over <> COALESCE(l.rolled_over, 0))`,
          [`{${ids.join(',')}}`],
        )
      ).rows;
    const base = {
      customer_name: 'Paid Customer',
      email: 'paid@customer.test',
      username: 'paidcustomer',
      package_id: pkg,
    };

    const mint = await call('POST', '/api/whitelabel/subscriptions', token, { ...base, additional_credits: 1_000_000 });
    expect(mint.statusCode).toBe(422);
    expect(json(mint)).toMatchObject({ code: 'whitelabel.credits_insufficient', field: 'additional_credits' });
    expect((await ctx.db.query('SELECT 1 FROM users WHERE email = $1', ['paid@customer.test'])).rows).toEqual([]);
    expect(await credits(payer.id)).toEqual({ total: 100, additional: 0 });

    const created = await call('POST', '/api/whitelabel/subscriptions', token, { ...base, additional_credits: 60 });
    expect(created.statusCode).toBe(201);
    const { id, customer_id: customerId } = json<{ data: { id: number; customer_id: number } }>(created).data;
    expect(await credits(payer.id)).toEqual({ total: 40, additional: 0 });
    expect((await credits(customerId))!.additional).toBe(60);

    const edit = (additional_credits: number) =>
      call('PUT', `/api/whitelabel/subscriptions/${id}`, token, {
        customer_name: 'Paid Customer',
        username: 'paidcustomer',
        package_id: pkg,
        additional_credits,
      });
    expect((await edit(100)).statusCode).toBe(200);
    expect(await credits(payer.id)).toEqual({ total: 0, additional: 0 });
    expect((await credits(customerId))!.additional).toBe(100);

    const refused = await edit(101);
    expect(refused.statusCode).toBe(422);
    expect(json(refused)).toMatchObject({ code: 'whitelabel.credits_insufficient', field: 'additional_credits' });
    expect(json(await call('GET', `/api/whitelabel/subscriptions/${id}`, token))).toMatchObject({
      additional_credits: 100,
    });

    // A cut returns what the customer has not spent; toggling back up is paid again.
    expect((await edit(0)).statusCode).toBe(200);
    expect(await credits(payer.id)).toEqual({ total: 100, additional: 100 });
    expect((await credits(customerId))!.additional).toBe(0);
    expect((await edit(1_000_000)).statusCode).toBe(422);
    expect((await edit(100)).statusCode).toBe(200);
    expect(await credits(payer.id)).toEqual({ total: 0, additional: 0 });
    expect(await mismatches([payer.id, customerId])).toEqual([]);
  });
  it('the sub-account limit and "allow related account creation" are enforced, also under concurrent creations', async () => {
    const limited = await makeAccount(ctx, {
      email: 'limited.reseller@leadsmith.test',
      userType: 'reseller',
      modules: ['whitelabel', 'leads'],
    });
    await ctx.db.query('UPDATE users SET sub_account_limit = 2 WHERE id = $1', [limited.id]);
    const token = limited.headers.authorization!.slice(7);
    const pkg = json<{ data: { id: number } }>(await call('POST', '/api/whitelabel/packages', token, PACKAGE)).data.id;
    const create = (i: number) =>
      call('POST', '/api/whitelabel/subscriptions', token, {
        customer_name: `Limited ${i}`,
        email: `limited${i}@customer.test`,
        username: `limited${i}`,
        package_id: pkg,
      });
    const answers = await Promise.all([1, 2, 3].map(create));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 422]);
    const refused = answers.find((a) => a.statusCode === 422)!;
    expect(json(refused)).toMatchObject({ code: 'whitelabel.sub_account_limit', field: 'sub_account_limit' });
    expect(json<{ message: string }>(refused).message).toContain('2');
    const children = async () =>
      (await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE parent_id = $1', [limited.id]))
        .rows[0]!.n;
    expect(await children()).toBe(2);

    await ctx.db.query('UPDATE users SET sub_account_limit = NULL, can_create_related_accounts = false WHERE id = $1', [
      limited.id,
    ]);
    const notAllowed = await create(4);
    expect(notAllowed.statusCode).toBe(422);
    expect(json(notAllowed)).toMatchObject({
      code: 'whitelabel.related_accounts_not_allowed',
      field: 'can_create_related_accounts',
    });
    expect(await children()).toBe(2);
  });
});
