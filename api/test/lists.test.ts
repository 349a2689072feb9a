import type { ApiResponse } from '../../shared/src/api/contract';
process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1,localhost';
process.env.CRM_RETRY_BACKOFF_MS = '0';

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bearer, createTestApp, DEMO, json, login, searchJobStatus, type TestContext } from './helpers';
import { installApolloPeople } from './support/apolloPeople';
import { creditBalance } from '../src/credits/ledger';
import { startFakeCrm, type FakeCrm } from './fakeCrm';
import { addSuppressions, emailSha256 } from '../src/modules/leadSearch/suppressions.repository';

let ctx: TestContext;
let crm: FakeCrm;
let customer: string;
let reseller: string;
let receiver: Server;
let hookUrl: string;
const deliveries: { results: { email: string | null }[] }[] = [];

const inject = (method: 'GET' | 'POST' | 'DELETE' | 'PUT', url: string, payload?: object, token = customer) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

type Row = ApiResponse<'/api/people-results/{id}/{resultId}', 'get'>;

beforeAll(async () => {
  crm = await startFakeCrm();
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      deliveries.push(JSON.parse(body) as (typeof deliveries)[number]);
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://localhost:${(receiver.address() as AddressInfo).port}/hook`;
  ctx = await createTestApp();
  customer = await login(ctx.app, DEMO.customer);
  reseller = await login(ctx.app, DEMO.reseller);
}, 60_000);

afterAll(async () => {
  await ctx.close();
  await crm.close();
  await new Promise((resolve) => receiver.close(resolve));
});

/** A people list with one manual result per email. */
async function peopleList(emails: string[]): Promise<number> {
  const id = json<{ campaign: { id: number } }>(
    await inject('POST', '/api/campaigns', { name: `DNC ${emails.length}`, list_type: 'people' }),
  ).campaign.id;
  for (const email of emails)
    expect(
      (await inject('POST', `/api/people-results/${id}/manual`, { email, name: email.split('@')[0] })).statusCode,
    ).toBe(201);
  return id;
}

const page = async (id: number) =>
  json<{ data: Row[] }>(await inject('POST', `/api/people-results/${id}`, { limit: 100 })).data.sort(
    (a, b) => a.id - b.id,
  );

describe('do-not-contact list', () => {
  it('adds emails and domains one by one, refuses bad and repeated values naming the field, and removes them', async () => {
    let res = await inject('POST', '/api/suppressions', { value: '  Boss@Acme.COM ', reason: 'asked us' });
    expect(res.statusCode).toBe(201);
    expect(json(res)).toMatchObject({
      code: 'lists.suppression_added',
      suppression: { kind: 'email', value: 'boss@acme.com', reason: 'asked us', source: 'manual' },
    });
    res = await inject('POST', '/api/suppressions', { value: 'https://www.Rival.io/about' });
    expect(json(res)).toMatchObject({ suppression: { kind: 'domain', value: 'rival.io' } });
    res = await inject('POST', '/api/suppressions', { value: 'boss@acme.com' });
    expect([res.statusCode, json(res).code, json(res).field]).toEqual([422, 'lists.suppression_exists', 'value']);
    for (const value of ['not a value', 'a@b', 'localhost']) {
      res = await inject('POST', '/api/suppressions', { value });
      expect([value, res.statusCode, json<{ errors: { field: string }[] }>(res).errors[0]!.field]).toEqual([
        value,
        400,
        'value',
      ]);
    }
    const listed = json<{ data: { id: number; value: string }[]; total: number }>(
      await inject('GET', '/api/suppressions?search=rival'),
    );
    expect(listed).toMatchObject({ total: 1, data: [{ value: 'rival.io' }] });
    // Another account neither sees nor removes it.
    expect(json<{ total: number }>(await inject('GET', '/api/suppressions', undefined, reseller)).total).toBe(0);
    expect((await inject('DELETE', `/api/suppressions/${listed.data[0]!.id}`, undefined, reseller)).statusCode).toBe(
      404,
    );
    expect((await inject('DELETE', `/api/suppressions/${listed.data[0]!.id}`)).statusCode).toBe(200);
    expect(json<{ total: number }>(await inject('GET', '/api/suppressions?search=rival')).total).toBe(0);
    await inject(
      'DELETE',
      `/api/suppressions/${json<{ data: { id: number }[] }>(await inject('GET', '/api/suppressions?search=boss')).data[0]!.id}`,
    );
  });

  it('takes a CSV file: finds the email column by its header, skips what is already listed, reports unreadable lines', async () => {
    await inject('POST', '/api/suppressions', { value: 'kept@old.com' });
    const csv =
      '\uFEFFName,E-mail\r\nAnn,ann@csv.test\r\nBob,"bob@csv.test"\r\nNobody,not-an-email\r\nOld,kept@old.com\r\nAnn again,ANN@csv.test\r\n';
    const res = await inject('POST', '/api/suppressions/import', { csv, reason: 'list from sales' });
    expect(json(res)).toMatchObject({
      added: 2,
      already_listed: 1,
      invalid_count: 1,
      invalid: [{ line: 4, value: 'not-an-email' }],
    });
    // Without a header: the first cell of each line that reads as an email or a domain.
    expect(
      json(await inject('POST', '/api/suppressions/import', { csv: 'spam-domain.net\nx,carl@csv.test\n' })),
    ).toMatchObject({ added: 2, invalid_count: 0 });
    const broken = await inject('POST', '/api/suppressions/import', { csv: 'a,"b\nc' });
    expect([broken.statusCode, json(broken).field, json(broken).code]).toEqual([400, 'csv', 'lists.csv_unreadable']);
    const all = json<{ data: { value: string; source: string; reason: string | null }[] }>(
      await inject('GET', '/api/suppressions?search=csv.test'),
    ).data;
    expect(all.map((e) => [e.value, e.source]).sort()).toEqual([
      ['ann@csv.test', 'csv'],
      ['bob@csv.test', 'csv'],
      ['carl@csv.test', 'csv'],
    ]);
  });

  it('marks results, keeps them out of CSV exports unless asked, and honours platform-wide entries (plain or hashed)', async () => {
    const id = await peopleList([
      'ann@csv.test',
      'eve@spam-domain.net',
      'free@ok.org',
      'gone@erased.org',
      'hashed@erased.org',
    ]);
    await addSuppressions(ctx.db, null, [{ kind: 'email', value: 'gone@erased.org' }], {
      source: 'erasure',
      createdBy: null,
    });
    await addSuppressions(ctx.db, null, [{ kind: 'email_sha256', value: emailSha256('Hashed@Erased.org') }], {
      source: 'erasure',
      createdBy: null,
    });
    expect((await page(id)).map((r) => [r.email, r.suppressed])).toEqual([
      ['ann@csv.test', 'email'],
      ['eve@spam-domain.net', 'domain'],
      ['free@ok.org', null],
      ['gone@erased.org', 'email'],
      ['hashed@erased.org', 'email'],
    ]);
    // Platform-wide entries are honoured but listed to nobody.
    expect(json<{ data: { value: string }[] }>(await inject('GET', '/api/suppressions?search=erased')).data).toEqual(
      [],
    );
    const one = (await page(id))[0]!;
    expect(json<Row>(await inject('GET', `/api/people-results/${id}/${one.id}`)).suppressed).toBe('email');

    const csv = (await inject('POST', `/api/people-results/${id}/csv`, {})).body;
    expect(csv).toContain('free@ok.org');
    expect(csv).not.toMatch(/ann@csv\.test|spam-domain|erased\.org/);
    const everything = (await inject('POST', `/api/people-results/${id}/csv`, { include_suppressed: true })).body;
    expect(everything.match(/@/g)).toHaveLength(5);
  });

  it('refuses suppressed rows of webhook and CRM sends, each with the reason', async () => {
    const id = await peopleList(['ann@csv.test', 'free@ok.org', 'eve@spam-domain.net']);
    expect((await inject('POST', `/api/campaign-webhook-setup/${id}`, { url: hookUrl })).statusCode).toBe(200);
    const ids = (await page(id)).map((r) => r.id);
    const sent = json(await inject('POST', `/api/people-results/${id}/send-webhook`, { ids }));
    expect(sent).toMatchObject({ sent: 1, unsent: 2 });
    expect(deliveries.at(-1)!.results.map((r) => r.email)).toEqual(['free@ok.org']);
    expect((await page(id)).map((r) => [r.crm_status, r.crm_error, r.crm_error_detail])).toEqual([
      ['unsent', 'suppressed', 'email on the do-not-contact list'],
      ['sent', null, null],
      ['unsent', 'suppressed', 'domain on the do-not-contact list'],
    ]);

    expect(
      (await inject('PUT', '/api/crm/connections/zapier/webhook', { url: `${crm.base}/hooks/dnc` })).statusCode,
    ).toBe(200);
    // An entry added after the send was queued still counts: the worker checks each batch as it goes.
    const queued = await inject('POST', `/api/people-results/${id}/send-crm`, { provider: 'zapier', ids });
    expect(queued.statusCode).toBe(202);
    await inject('POST', '/api/suppressions', { value: 'ok.org' });
    await ctx.app.queue.drain();
    expect(crm.requests.filter((r) => r.path === '/hooks/dnc')).toHaveLength(0);
    expect((await page(id)).map((r) => [r.crm_status, r.crm_error])).toEqual([
      ['unsent', 'suppressed'],
      ['unsent', 'suppressed'],
      ['unsent', 'suppressed'],
    ]);
  });
});

describe('duplicates across lists', () => {
  it('marks a contact another list of the owner holds (by email, else LinkedIn URL, else name and website) with a link to it', async () => {
    const first = json<{ campaign: { id: number } }>(
      await inject('POST', '/api/campaigns', { name: 'First home', list_type: 'people' }),
    ).campaign.id;
    const second = json<{ campaign: { id: number } }>(
      await inject('POST', '/api/campaigns', { name: 'Second', list_type: 'people' }),
    ).campaign.id;
    const add = async (id: number, body: object) =>
      json<{ result: { id: number } }>(await inject('POST', `/api/people-results/${id}/manual`, body)).result.id;
    const home = await add(first, { email: 'Dup@Twice.test', name: 'Dup' });
    const homeLinkedIn = await add(first, { linkedin_url: 'https://www.linkedin.com/in/only-here/', name: 'Lin' });
    await add(second, { email: 'dup@twice.test', name: 'Dup again' });
    await add(second, { linkedin_url: 'http://linkedin.com/in/only-here', name: 'Lin again' });
    await add(second, { email: 'single@once.test', name: 'Single' });
    const rows = json<{
      data: {
        name: string;
        duplicate_of: { campaign_id: number; result_id: number; list_name: string; list_type: string } | null;
      }[];
    }>(await inject('POST', `/api/people-results/${second}`, { limit: 100 })).data;
    expect(rows.map((r) => [r.name, r.duplicate_of])).toEqual([
      ['Dup again', { campaign_id: first, result_id: home, list_name: 'First home', list_type: 'people' }],
      ['Lin again', { campaign_id: first, result_id: homeLinkedIn, list_name: 'First home', list_type: 'people' }],
      ['Single', null],
    ]);
    // Another account holding the same email is not this account's duplicate.
    const theirs = json<{ campaign: { id: number } }>(
      await inject('POST', '/api/campaigns', { name: 'Theirs', list_type: 'people' }, reseller),
    ).campaign.id;
    await inject('POST', `/api/people-results/${theirs}/manual`, { email: 'single@once.test' }, reseller);
    const own = json<{ data: { duplicate_of: unknown }[] }>(
      await inject('POST', `/api/people-results/${theirs}`, {}, reseller),
    ).data;
    expect(own.map((r) => r.duplicate_of)).toEqual([null]);
  });
});

describe('searching again for contacts the owner holds', () => {
  // People from Apollo (its local fake): charged, unlike demo data (ADR 017).
  let apollo: Awaited<ReturnType<typeof installApolloPeople>>;
  beforeAll(async () => {
    apollo = await installApolloPeople(['people']);
  });
  afterAll(() => apollo.close());

  const customerId = async () =>
    (await ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO.customer.email])).rows[0]!.id;
  const search = async (name: string, duplicates?: 'keep' | 'skip') => {
    const id = json<{ campaign: { id: number } }>(await inject('POST', '/api/campaigns', { name, list_type: 'people' }))
      .campaign.id;
    const started = await inject('POST', '/api/searches', {
      type: 'people',
      campaign_id: id,
      location: 'Lisbon',
      count: 6,
      filters: { job_title: 'Owner' },
      ...(duplicates ? { duplicates } : {}),
    });
    expect(started.statusCode).toBe(201);
    await ctx.app.queue.drain();
    expect(await searchJobStatus(ctx.db, json<{ job: { id: number } }>(started).job.id)).not.toBe('running');
    const rows = json<{
      data: { email: string | null; credits: number; duplicate_of: { campaign_id: number } | null }[];
    }>(await inject('POST', `/api/people-results/${id}`, { limit: 100 })).data;
    return { id, rows };
  };

  it('keeps duplicates marked and free, or skips them, per search; a contact paid for is not charged again after its list is deleted', async () => {
    const user = await customerId();
    let balance = await creditBalance(ctx.db, user);
    const first = await search('Paid once');
    const paid = first.rows.filter((r) => r.credits > 0);
    expect(paid.length).toBeGreaterThan(0);
    expect(first.rows.every((r) => r.duplicate_of === null)).toBe(true);
    expect(await creditBalance(ctx.db, user)).toBe(balance - paid.reduce((sum, r) => sum + r.credits, 0));

    // Keep (the default): the same contacts come in marked, linking to the first list, and cost nothing.
    balance = await creditBalance(ctx.db, user);
    const again = await search('Kept');
    expect(again.rows).toHaveLength(first.rows.length);
    expect(
      again.rows.filter((r) => r.email).every((r) => r.duplicate_of?.campaign_id === first.id && r.credits === 0),
    ).toBe(true);
    expect(await creditBalance(ctx.db, user)).toBe(balance);

    // Skip: none of the contacts already held is stored.
    const skipped = await search('Skipped', 'skip');
    const heldEmails = new Set(first.rows.map((r) => r.email).filter(Boolean));
    expect(skipped.rows.length).toBeGreaterThan(0);
    expect(skipped.rows.filter((r) => r.email && heldEmails.has(r.email))).toEqual([]);

    // Deleting both lists forgets where the contacts lived, not that they were paid for.
    for (const id of [first.id, again.id])
      expect((await inject('DELETE', `/api/campaigns/${id}`)).statusCode).toBe(200);
    balance = await creditBalance(ctx.db, user);
    const afterDelete = await search('After delete');
    const known = afterDelete.rows.filter((r) => r.email && heldEmails.has(r.email));
    expect(known.length).toBeGreaterThan(0);
    expect(known.every((r) => r.credits === 0)).toBe(true);
    expect(await creditBalance(ctx.db, user)).toBe(balance - afterDelete.rows.reduce((sum, r) => sum + r.credits, 0));
  });
});
