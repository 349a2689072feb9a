process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1,localhost';

import { bearer, createTestApp, DEMO, json, login, type TestContext } from './helpers';
import { installApolloPeople } from './support/apolloPeople';
import { creditBalance } from '../src/credits/ledger';
import { checksGrader, hunterGrader, installEmailGrader } from '../src/providers/leads/emailGrades';
import { dnsResolverFromEnv } from '../src/providers/leads/domain/engine';
import { FAKE_KEYS, startFakeLeadVendors, testSourceDeps, type FakeLeadVendors } from './fakeLeadVendors';

let ctx: TestContext;
let fake: FakeLeadVendors;
let customer: string;
let reseller: string;
let uninstall: () => void;

const inject = (method: 'GET' | 'POST', url: string, payload?: object, token = customer) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

interface Row {
  id: number;
  email: string | null;
  email_status: string;
  email_grade: string | null;
  email_grade_reason: string | null;
  bounced: boolean;
  credits: number;
}

beforeAll(async () => {
  fake = await startFakeLeadVendors();
  uninstall = installEmailGrader(
    hunterGrader(testSourceDeps(), { apiKey: FAKE_KEYS.hunter, baseUrl: fake.url('hunter') }),
  );
  ctx = await createTestApp();
  customer = await login(ctx.app, DEMO.customer);
  reseller = await login(ctx.app, DEMO.reseller);
}, 60_000);

afterAll(async () => {
  uninstall();
  await ctx.close();
  await fake.close();
});

const page = async (id: number, filters: object = {}) =>
  json<{ data: Row[] }>(await inject('POST', `/api/people-results/${id}`, { limit: 100, ...filters })).data.sort(
    (a, b) => a.id - b.id,
  );

describe('email verification grades', () => {
  it("grades a list's emails through Hunter's Email Verifier in the background, with the reason, filterable", async () => {
    const id = json<{ campaign: { id: number } }>(
      await inject('POST', '/api/campaigns', { name: 'Grades', list_type: 'people' }),
    ).campaign.id;
    const emails = [
      'ana@acme.test',
      'who@catchall.test',
      'someone@gmail.com',
      'temp@mailinator.com',
      'nobody@nowhere.invalid',
      'blocked@other.org',
      'slow@acme.test',
    ];
    for (const email of emails)
      expect(
        (await inject('POST', `/api/people-results/${id}/manual`, { email, name: email.split('@')[0] })).statusCode,
      ).toBe(201);
    expect((await page(id)).every((r) => r.email_grade === null)).toBe(true);

    const queued = await inject('POST', `/api/people-results/${id}/verify-emails`);
    expect([queued.statusCode, json(queued).code, json(queued).queued]).toEqual([
      202,
      'lists.verify_queued',
      emails.length,
    ]);
    expect(json(await inject('GET', `/api/campaigns/${id}/email-grades`))).toMatchObject({
      ungraded: emails.length,
      grading: true,
    });
    // A page of the list says its grades are still to land (its screen polls it until they have), and then that they have.
    const listGrading = async () =>
      json<{ campaign: { grading?: boolean } }>(await inject('POST', `/api/people-results/${id}`, { limit: 1 }))
        .campaign.grading;
    expect(await listGrading()).toBe(true);
    await ctx.app.queue.drain();
    expect(await listGrading()).toBe(false);

    const graded = Object.fromEntries((await page(id)).map((r) => [r.email, [r.email_grade, r.email_grade_reason]]));
    expect(graded).toEqual({
      'ana@acme.test': ['valid', 'smtp_accepted'],
      'who@catchall.test': ['accept_all', 'accept_all'],
      'someone@gmail.com': ['webmail', 'webmail_domain'],
      'temp@mailinator.com': ['disposable', 'disposable_domain'],
      'nobody@nowhere.invalid': ['invalid', 'no_mx'],
      'blocked@other.org': ['unknown', 'blocked'],
      // Hunter answered 202: still checking.
      'slow@acme.test': ['unknown', 'check_pending'],
    });
    const asked = fake.of('hunter').filter((r) => r.path.endsWith('/v2/email-verifier'));
    expect(asked.map((r) => r.query.get('email')).sort()).toEqual([...emails].sort());
    expect(asked.every((r) => r.headers['x-api-key'] === FAKE_KEYS.hunter && !r.query.has('api_key'))).toBe(true);

    expect((await page(id, { email_grade: 'webmail' })).map((r) => r.email)).toEqual(['someone@gmail.com']);
    const bad = await inject('POST', `/api/people-results/${id}`, { email_grade: 'great' });
    expect([bad.statusCode, JSON.stringify(json(bad))]).toEqual([400, expect.stringContaining('email_grade')]);

    const summary = json(await inject('GET', `/api/campaigns/${id}/email-grades`));
    expect(summary).toEqual({
      counts: { valid: 1, accept_all: 1, invalid: 1, disposable: 1, webmail: 1, unknown: 2 },
      ungraded: 0,
      grading: false,
      verifier: 'hunter',
    });
    // Nothing left: nothing asked again.
    const again = await inject('POST', `/api/people-results/${id}/verify-emails`);
    expect([again.statusCode, json(again).code, json(again).queued]).toEqual([202, 'lists.verify_nothing', 0]);
    // Another account's list is not there.
    expect((await inject('GET', `/api/campaigns/${id}/email-grades`, undefined, reseller)).statusCode).toBe(404);
  });

  it('without a verifier key the keyless checks grade: syntax, mail exchangers, disposable and webmail lists', async () => {
    const mx: Record<string, string[]> = {
      'gmail.com': ['gmail-smtp-in.l.google.com'],
      'firm.example': ['mx.firm.example'],
    };
    const grader = checksGrader({
      resolve4: () => Promise.resolve([]),
      resolve6: () => Promise.resolve([]),
      resolveMx: (domain) =>
        mx[domain]
          ? Promise.resolve(mx[domain]!.map((exchange) => ({ exchange, priority: 10 })))
          : Promise.reject(Object.assign(new Error('no'), { code: 'ENOTFOUND' })),
    });
    expect(await grader.grade('a@gmail.com')).toEqual({ grade: 'webmail', reason: 'webmail_domain', source: 'checks' });
    expect(await grader.grade('a@mailinator.com')).toEqual({
      grade: 'disposable',
      reason: 'disposable_domain',
      source: 'checks',
    });
    expect(await grader.grade('a@gone.example')).toEqual({ grade: 'invalid', reason: 'no_mx', source: 'checks' });
    expect(await grader.grade('not an email')).toEqual({ grade: 'invalid', reason: 'bad_syntax', source: 'checks' });
    // The domain takes mail, the mailbox is unchecked: never "valid" without a verifier.
    expect(await grader.grade('Ceo@Firm.example')).toEqual({ grade: 'unknown', reason: 'mx_only', source: 'checks' });
  });

  it("the worker's resolver (DOMAIN_DNS_SERVERS) is the fixture DNS server in tests: real MX look-ups, answered on loopback", async () => {
    expect(process.env.DOMAIN_DNS_SERVERS).toMatch(/^127\.0\.0\.1:\d+$/);
    const grader = checksGrader(dnsResolverFromEnv());
    expect(await grader.grade('ceo@firm.example')).toEqual({ grade: 'unknown', reason: 'mx_only', source: 'checks' });
    expect(await grader.grade('ceo@no-mail.firm.test')).toEqual({
      grade: 'invalid',
      reason: 'no_mx',
      source: 'checks',
    });
    expect(await grader.grade('ceo@gone.invalid')).toEqual({ grade: 'invalid', reason: 'no_mx', source: 'checks' });
    expect(await grader.grade('ceo@real-world-company.com')).toEqual({
      grade: 'invalid',
      reason: 'no_mx',
      source: 'checks',
    });
  });
});

describe('grading after a search', () => {
  const gradingJobs = async (id: number) =>
    (
      await ctx.db.query("SELECT 1 FROM pgboss.job WHERE name = 'email-verify' AND data->>'campaignId' = $1", [
        String(id),
      ])
    ).rowCount;

  it("grades a search's emails in the background without a click (the keyless checks through the fixture DNS), once per list; demo data is left ungraded", async () => {
    const keyless = installEmailGrader(null);
    // People from Apollo (its local fake): charged, unlike demo data (ADR 017).
    const apollo = await installApolloPeople(['people']);
    try {
      const id = json<{ campaign: { id: number } }>(
        await inject('POST', '/api/campaigns', { name: 'Graded search', list_type: 'people' }),
      ).campaign.id;
      // The search runs in queued steps; only its end queues the grading.
      expect(
        (
          await inject('POST', '/api/searches', {
            type: 'people',
            campaign_id: id,
            location: 'Lisbon',
            count: 6,
            filters: { job_title: 'Founder' },
          })
        ).statusCode,
      ).toBe(201);
      // The list's screen polls the counts while the search runs: its end queues the grading.
      expect(json(await inject('GET', `/api/campaigns/${id}/email-grades`))).toMatchObject({ grading: true });
      await ctx.app.queue.drain();
      const rows = await page(id);
      const emailed = rows.filter((r) => r.email);
      expect(emailed.length).toBeGreaterThan(1);
      // Apollo's people are at acme.test: the fixture DNS gives it mail exchangers.
      expect(emailed.map((r) => [r.email_grade, r.email_grade_reason])).toEqual(
        emailed.map(() => ['unknown', 'mx_only']),
      );
      expect(rows.filter((r) => !r.email).every((r) => r.email_grade === null)).toBe(true);
      expect(await gradingJobs(id)).toBe(1);
      expect(json(await inject('GET', `/api/campaigns/${id}/email-grades`))).toMatchObject({
        counts: { unknown: emailed.length, valid: 0, invalid: 0 },
        ungraded: 0,
        grading: false,
        verifier: 'checks',
      });
      expect((await page(id, { email_grade: 'unknown' })).map((r) => r.id)).toEqual(emailed.map((r) => r.id));
    } finally {
      await apollo.close();
      keyless();
    }

    // Demo data (no real source for the type): sample leads, not graded.
    const demo = json<{ campaign: { id: number } }>(
      await inject('POST', '/api/campaigns', { name: 'Demo search', list_type: 'people' }),
    ).campaign.id;
    expect(
      (
        await inject('POST', '/api/searches', {
          type: 'people',
          campaign_id: demo,
          location: 'Lisbon',
          count: 3,
          filters: { job_title: 'Founder' },
        })
      ).statusCode,
    ).toBe(201);
    expect(json(await inject('GET', `/api/campaigns/${demo}/email-grades`))).toMatchObject({ grading: false });
    await ctx.app.queue.drain();
    const demoRows = await page(demo);
    expect(demoRows.some((r) => r.email)).toBe(true);
    expect(demoRows.every((r) => r.email_grade === null)).toBe(true);
    expect(await gradingJobs(demo)).toBe(0);
  });
});

describe('bounce reports', () => {
  it('refund a verified email that bounced once, mark it, and put it on the do-not-contact list; the token is the credential', async () => {
    // People from Apollo (its local fake): charged, unlike demo data (ADR 017).
    const apollo = await installApolloPeople(['people']);
    // The keyless checks grade the search's emails: unknown / mx_only, which does not say a found email was not verified.
    const keyless = installEmailGrader(null);
    try {
      const id = json<{ campaign: { id: number } }>(
        await inject('POST', '/api/campaigns', { name: 'Bounces', list_type: 'people' }),
      ).campaign.id;
      const started = await inject('POST', '/api/searches', {
        type: 'people',
        campaign_id: id,
        location: 'Porto',
        count: 4,
        filters: { job_title: 'Founder' },
      });
      expect(started.statusCode).toBe(201);
      await ctx.app.queue.drain();
      const rows = await page(id);
      const paid = rows.filter((r) => r.credits > 0 && r.email_status === 'found' && r.email);
      expect(paid.length).toBeGreaterThan(1);
      const [verified, acceptAll] = paid as [Row, Row];
      expect([verified.email_grade, verified.email_grade_reason]).toEqual(['unknown', 'mx_only']);
      // A grade saying the email was not verified: its bounce refunds nothing.
      await ctx.db.query(
        "UPDATE campaign_results SET email_grade = 'accept_all', email_grade_reason = 'accept_all' WHERE id = $1",
        [acceptAll.id],
      );

      const endpoint = json<{ url: string; recent: unknown[] }>(await inject('GET', '/api/bounce-reports'));
      expect(endpoint.url).toMatch(/\/api\/email-bounces\/[A-Za-z0-9_-]{32}$/);
      const path = new URL(endpoint.url).pathname;
      const user = (await ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO.customer.email]))
        .rows[0]!.id;
      const before = await creditBalance(ctx.db, user);

      const report = (body: object, url = path) => ctx.app.inject({ method: 'POST', url, payload: body });
      let res = await report({ email: verified.email!.toUpperCase(), reason: '550 5.1.1 user unknown' });
      expect([res.statusCode, json(res).code, json(res).results, json(res).refunded]).toEqual([
        200,
        'lists.bounce_recorded',
        1,
        verified.credits,
      ]);
      expect(await creditBalance(ctx.db, user)).toBe(before + verified.credits);
      // Reported again (a retry of the receiver): nothing more.
      res = await report({ email: verified.email! });
      expect([json(res).results, json(res).refunded]).toEqual([0, 0]);
      expect(await creditBalance(ctx.db, user)).toBe(before + verified.credits);

      res = await report({ email: acceptAll.email! });
      expect([json(res).results, json(res).refunded]).toEqual([1, 0]);
      expect(await creditBalance(ctx.db, user)).toBe(before + verified.credits);

      const after = Object.fromEntries((await page(id)).map((r) => [r.id, r]));
      expect(after[verified.id]).toMatchObject({
        bounced: true,
        email_grade: 'invalid',
        email_grade_reason: 'bounced',
      });
      const listed = json<{ data: { value: string; source: string }[] }>(
        await inject('GET', `/api/suppressions?search=${encodeURIComponent(verified.email!)}`),
      ).data;
      expect(listed).toEqual([expect.objectContaining({ value: verified.email!.toLowerCase(), source: 'bounce' })]);
      expect(
        json<{ recent: { email: string; refunded: number }[] }>(await inject('GET', '/api/bounce-reports')).recent[0],
      ).toMatchObject({ email: acceptAll.email!.toLowerCase(), refunded: 0 });

      // A bad address names the field; an unknown or replaced token is refused.
      res = await report({ email: 'not-an-email' });
      expect([res.statusCode, JSON.stringify(json(res))]).toEqual([400, expect.stringContaining('email')]);
      expect(
        (await report({ email: verified.email! }, '/api/email-bounces/no-such-bounce-token-0000')).statusCode,
      ).toBe(404);
      const renewed = json<{ url: string }>(await inject('POST', '/api/bounce-reports/regenerate'));
      expect(renewed.url).not.toBe(endpoint.url);
      expect((await report({ email: verified.email! })).statusCode).toBe(404);
    } finally {
      keyless();
      await apollo.close();
    }
  });
});
