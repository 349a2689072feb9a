process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1,localhost';
// The row limit is 100,000; a small one here keeps the refusal quick to test (the same code path).
process.env.LIST_IMPORT_MAX_ROWS = '50';

import { bearer, createTestApp, DEMO, json, login, type TestContext } from './helpers';
import { creditBalance } from '../src/credits/ledger';
import { installEmailFinder } from '../src/providers/leads/emailFinder';
import { hunterEmailFinder } from '../src/providers/leads/hunterProvider';
import type { ImportDto } from '../src/modules/leadSearch/listImports.schemas';
import { FAKE_KEYS, startFakeLeadVendors, testSourceDeps, type FakeLeadVendors } from './fakeLeadVendors';

let ctx: TestContext;
let fake: FakeLeadVendors;
let customer: string;
let reseller: string;
let uninstall: () => void;

const inject = (method: 'GET' | 'POST', url: string, payload?: object, token = customer) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const upload = (listId: number, csv: string, token = customer) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/campaigns/${listId}/imports?file_name=leads.csv`,
    headers: { ...bearer(token), 'content-type': 'text/csv' },
    payload: csv,
  });

beforeAll(async () => {
  fake = await startFakeLeadVendors();
  uninstall = installEmailFinder(
    hunterEmailFinder(testSourceDeps(), { apiKey: FAKE_KEYS.hunter, baseUrl: fake.url('hunter') }),
  );
  ctx = await createTestApp();
  customer = await login(ctx.app, DEMO.customer);
  reseller = await login(ctx.app, DEMO.reseller);
}, 120_000);

afterAll(async () => {
  uninstall();
  await ctx.close();
  await fake.close();
});

/** An import as the API answers it. */
type ImportOut = ImportDto;

describe('CSV import into a list', () => {
  it('uploads, previews, maps (saved by name), imports in the background with dedupe, do-not-contact, email finding charged on success, and reports the rows left out', async () => {
    const listId = json<{ campaign: { id: number } }>(
      await inject('POST', '/api/campaigns', { name: 'Imported', list_type: 'people' }),
    ).campaign.id;
    expect(
      (
        await inject('POST', `/api/people-results/${listId}/manual`, {
          email: 'already@acme.test',
          name: 'Already There',
        })
      ).statusCode,
    ).toBe(201);
    expect((await inject('POST', '/api/suppressions', { value: 'blocked.test' })).statusCode).toBe(201);
    const csv = [
      'Full Name,E-mail,Company,Title,Web site',
      'Ana Silva,ana@acme.test,Acme,CEO,acme.test',
      'Already There,already@acme.test,Acme,,',
      'Ana Again,ANA@acme.test,Acme,,',
      'Bad Mail,not-an-email,Acme,,',
      'Nobody,no@blocked.test,Blocked,,',
      ',,,,',
      'Ada Lovelace,,Acme,CTO,https://acme.test',
      '"Quote, Inc",,"Quote, Inc",,',
    ].join('\r\n');
    const uploaded = await upload(listId, `\uFEFF${csv}\r\n`);
    expect(uploaded.statusCode).toBe(201);
    const body = json<{ import: ImportOut; preview: string[][]; suggested_mapping: Record<string, string> }>(uploaded);
    expect(body.import).toMatchObject({
      status: 'uploaded',
      total: 8,
      columns: ['Full Name', 'E-mail', 'Company', 'Title', 'Web site'],
    });
    expect(body.preview[0]).toEqual(['Ana Silva', 'ana@acme.test', 'Acme', 'CEO', 'acme.test']);
    expect(body.preview).toHaveLength(5);
    expect(body.suggested_mapping).toEqual({
      name: 'Full Name',
      email: 'E-mail',
      company: 'Company',
      job_title: 'Title',
      website: 'Web site',
    });

    // A column the file does not have names the field.
    const wrong = await inject('POST', `/api/campaigns/${listId}/imports/${body.import.id}/start`, {
      mapping: { email: 'Mail' },
    });
    expect([wrong.statusCode, JSON.stringify(json(wrong))]).toEqual([400, expect.stringContaining('mapping.email')]);

    const user = (await ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO.customer.email]))
      .rows[0]!.id;
    const before = await creditBalance(ctx.db, user);
    const started = await inject('POST', `/api/campaigns/${listId}/imports/${body.import.id}/start`, {
      mapping: body.suggested_mapping,
      save_mapping_as: 'My CRM export',
      find_emails: true,
    });
    expect([started.statusCode, json(started).code]).toEqual([202, 'lists.import_started']);
    expect(
      (
        await inject('POST', `/api/campaigns/${listId}/imports/${body.import.id}/start`, {
          mapping: body.suggested_mapping,
        })
      ).statusCode,
    ).toBe(422);
    await ctx.app.queue.drain();

    const done = json<{ import: ImportOut }>(
      await inject('GET', `/api/campaigns/${listId}/imports/${body.import.id}`),
    ).import;
    expect(done).toMatchObject({
      status: 'done',
      total: 8,
      processed: 8,
      imported: 3,
      duplicates: 2,
      suppressed: 1,
      failed: 2,
      emails_found: 1,
      credits_charged: 3,
    });
    expect(await creditBalance(ctx.db, user)).toBe(before - 3);
    const rows = json<{
      data: { name: string; email: string | null; email_status: string; credits: number; job_title: string | null }[];
    }>(await inject('POST', `/api/people-results/${listId}`, { limit: 100 })).data;
    expect(rows.map((r) => [r.name, r.email, r.email_status, r.credits]).sort()).toEqual(
      [
        ['Ada Lovelace', 'ada.lovelace@acme.test', 'found', 3],
        ['Already There', 'already@acme.test', 'found', 0],
        ['Ana Silva', 'ana@acme.test', 'found', 0],
        ['Quote, Inc', null, 'not_found', 0],
      ].sort(),
    );
    // Hunter was asked once, for the row with a name and a website but no email.
    expect(
      fake
        .of('hunter')
        .filter((r) => r.path.endsWith('/v2/email-finder'))
        .map((r) => r.query.get('first_name')),
    ).toEqual(['Ada']);

    const report = await inject('GET', `/api/campaigns/${listId}/imports/${body.import.id}/errors`);
    expect(report.headers['content-type']).toContain('text/csv');
    expect(
      report.body
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .filter(Boolean),
    ).toEqual([
      'Line,Field,Value,Reason',
      '3,,already@acme.test,Already in the list (skipped).',
      '4,,ana@acme.test,Already in the list (skipped).',
      '5,email,not-an-email,Not a valid email address.',
      '6,email,no@blocked.test,On the do-not-contact list (skipped).',
      '7,,,"No name, email, website or LinkedIn URL."',
    ]);
    const history = json<{ data: { kind: string; details: Record<string, unknown>; credits: number }[] }>(
      await inject('POST', `/api/campaign/${listId}/history`, { kinds: ['import'] }),
    ).data;
    expect(history[0]).toMatchObject({ kind: 'import', credits: 3, details: { imported: 3, duplicates: 2 } });
    expect(
      json<{ data: { name: string; mapping: Record<string, string> }[] }>(
        await inject('GET', '/api/import-mappings?list_type=people'),
      ).data,
    ).toEqual([expect.objectContaining({ name: 'My CRM export', mapping: body.suggested_mapping })]);
    // Another account sees none of it.
    expect(
      (await inject('GET', `/api/campaigns/${listId}/imports/${body.import.id}`, undefined, reseller)).statusCode,
    ).toBe(404);
    expect(
      json<{ data: unknown[] }>(await inject('GET', '/api/import-mappings?list_type=people', undefined, reseller)).data,
    ).toEqual([]);
  });

  it('skips the contacts held in another list, not those held only in a list in the trash (ADR 034)', async () => {
    const newList = async (name: string, email: string) => {
      const id = json<{ campaign: { id: number } }>(
        await inject('POST', '/api/campaigns', { name, list_type: 'people' }),
      ).campaign.id;
      expect(
        (await inject('POST', `/api/people-results/${id}/manual`, { email, name: email.split('@')[0] })).statusCode,
      ).toBe(201);
      return id;
    };
    await newList('Import live holder', 'held@live.test');
    const trashed = await newList('Import trashed holder', 'held@trash.test');
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/campaigns/${trashed}`, headers: bearer(customer) }))
        .statusCode,
    ).toBe(200);
    const listId = json<{ campaign: { id: number } }>(
      await inject('POST', '/api/campaigns', { name: 'Import after trash', list_type: 'people' }),
    ).campaign.id;
    const importId = json<{ import: ImportOut }>(
      await upload(listId, 'Name,Email\r\nLive,held@live.test\r\nTrashed,held@trash.test\r\n'),
    ).import.id;
    expect(
      (
        await inject('POST', `/api/campaigns/${listId}/imports/${importId}/start`, {
          mapping: { name: 'Name', email: 'Email' },
          duplicates: 'skip',
        })
      ).statusCode,
    ).toBe(202);
    await ctx.app.queue.drain();
    expect(
      json<{ import: ImportOut }>(await inject('GET', `/api/campaigns/${listId}/imports/${importId}`)).import,
    ).toMatchObject({ status: 'done', imported: 1, duplicates: 1 });
    const rows = json<{ data: { email: string }[] }>(
      await inject('POST', `/api/people-results/${listId}`, { limit: 10 }),
    ).data;
    expect(rows.map((r) => r.email)).toEqual(['held@trash.test']);
  });

  it('refuses a file without rows, one over the row limit, and a file that is not CSV, naming the file', async () => {
    const listId = json<{ campaign: { id: number } }>(
      await inject('POST', '/api/campaigns', { name: 'Refused', list_type: 'people' }),
    ).campaign.id;
    let res = await upload(listId, 'Name,Email\r\n');
    expect([res.statusCode, JSON.stringify(json(res))]).toEqual([400, expect.stringContaining('"file"')]);
    res = await upload(listId, `Email\n${'a@b.test\n'.repeat(51)}`);
    expect([res.statusCode, JSON.stringify(json(res))]).toEqual([400, expect.stringContaining('"file"')]);
    expect(json<{ message: string }>(res).message).toContain('50');
    res = await upload(listId, 'Name,Email\n"unclosed,a@b.test\n');
    expect([res.statusCode, json(res).code]).toEqual([400, 'lists.csv_unreadable']);
    // Nothing of a refused file is kept.
    expect(
      (
        await ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM list_imports WHERE campaign_id = $1', [
          listId,
        ])
      ).rows[0]!.n,
    ).toBe(0);
  });
  it('answers an upload sent over a real connection (the request stream is the body: no hook may walk it)', async () => {
    const listId = json<{ campaign: { id: number } }>(
      await inject('POST', '/api/campaigns', { name: 'Over HTTP', list_type: 'people' }),
    ).campaign.id;
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${address}/api/campaigns/${listId}/imports?file_name=over-http.csv`, {
      method: 'POST',
      headers: { ...bearer(customer), 'content-type': 'text/csv' },
      body: 'Name,Email\r\nGrace Hopper,grace@navy.test\r\n',
    });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { import: ImportOut }).import).toMatchObject({ status: 'uploaded', total: 1 });
  });
});
