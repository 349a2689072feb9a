import { bearer, createTestApp, DEMO, json, login, searchJobStatus, type TestContext } from './helpers';
import { installApolloPeople } from './support/apolloPeople';
import Value from 'typebox/value';
import type { ApiResponse } from '../../shared/src/api/contract';
import { undeclaredFields } from '../src/http/responseFieldCheck';
import { csvCell } from '../src/modules/leadSearch/csv';
import { ResultsPage } from '../src/modules/leadSearch/results.routes';

let ctx: TestContext;
let customer: string;
let reseller: string;

type Campaign = ApiResponse<'/api/campaigns/{id}', 'get'>;

// Demo data is free (ADR 017): the results filters below look for charged rows, so people come from Apollo (its local fake).
let apollo: Awaited<ReturnType<typeof installApolloPeople>>;
beforeAll(async () => {
  apollo = await installApolloPeople(['people']);
  ctx = await createTestApp();
  customer = await login(ctx.app, DEMO.customer);
  reseller = await login(ctx.app, DEMO.reseller);
}, 60_000);
afterAll(async () => {
  await apollo.close();
  await ctx.close();
});

async function create(token: string, name: string, list_type = 'people'): Promise<Campaign> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/campaigns',
    headers: bearer(token),
    payload: { name, list_type },
  });
  expect(res.statusCode).toBe(201);
  return json<{ campaign: Campaign }>(res).campaign;
}

describe('campaigns', () => {
  it('validates the body naming the field', async () => {
    let res = await ctx.app.inject({
      method: 'POST',
      url: '/api/campaigns',
      headers: bearer(customer),
      payload: { list_type: 'people' },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).field).toBe('name');
    res = await ctx.app.inject({
      method: 'POST',
      url: '/api/campaigns',
      headers: bearer(customer),
      payload: { name: 'x', list_type: 'robots' },
    });
    expect(json(res).field).toBe('list_type');
    res = await ctx.app.inject({ method: 'GET', url: '/api/campaigns?pageSize=500', headers: bearer(customer) });
    expect(json(res).field).toBe('pageSize');
  });

  it('refuses a second list of the same name for the account (409 on name), by creating or renaming; another account may use it', async () => {
    const first = await create(customer, 'Porto dentists');
    let res = await ctx.app.inject({
      method: 'POST',
      url: '/api/campaigns',
      headers: bearer(customer),
      payload: { name: '  porto DENTISTS ', list_type: 'local' },
    });
    expect(res.statusCode).toBe(409);
    expect(json(res)).toMatchObject({
      code: 'leadSearch.list_name_taken',
      field: 'name',
      message: 'You already have a list with this name: choose another name',
    });
    const second = await create(customer, 'Porto dentists 2');
    res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/campaigns/${second.id}`,
      headers: { ...bearer(customer), 'user-language': 'de' },
      payload: { name: 'Porto Dentists' },
    });
    expect(res.statusCode).toBe(409);
    expect(json(res)).toMatchObject({
      field: 'name',
      message: 'Sie haben bereits eine Liste mit diesem Namen: Wählen Sie einen anderen Namen',
    });
    const page = json<ApiResponse<'/api/campaigns', 'get'>>(
      await ctx.app.inject({ method: 'GET', url: '/api/campaigns?search=porto', headers: bearer(customer) }),
    );
    expect(page.data.map((l) => l.name).sort()).toEqual(['Porto dentists', 'Porto dentists 2']);
    // Renaming a list to its own name, and another account's list of that name, are fine.
    expect(
      (
        await ctx.app.inject({
          method: 'PUT',
          url: `/api/campaigns/${first.id}`,
          headers: bearer(customer),
          payload: { name: 'Porto dentists' },
        })
      ).statusCode,
    ).toBe(200);
    await create(reseller, 'Porto dentists');
    // A deleted list waits in the trash under its name: the answer says where it is.
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/campaigns/${second.id}`, headers: bearer(customer) }))
        .statusCode,
    ).toBe(200);
    res = await ctx.app.inject({
      method: 'POST',
      url: '/api/campaigns',
      headers: bearer(customer),
      payload: { name: 'Porto dentists 2', list_type: 'people' },
    });
    expect(res.statusCode).toBe(409);
    expect(json(res)).toMatchObject({ code: 'leadSearch.list_name_in_trash', field: 'name' });
  });

  it('needs the leads module', async () => {
    const basic = await login(ctx.app, DEMO.basic);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/campaigns', headers: bearer(basic) });
    expect(res.statusCode).toBe(403);
  });

  it('lists, filters, archives and deletes with pagination', async () => {
    const a = await create(customer, 'Alpha dentists', 'local');
    const b = await create(customer, 'Beta founders');
    const c = await create(customer, 'Gamma CTOs');
    let page = json<ApiResponse<'/api/campaigns', 'get'>>(
      await ctx.app.inject({ method: 'GET', url: '/api/campaigns?pageSize=2&page=1', headers: bearer(customer) }),
    );
    expect(page).toMatchObject({ currentPage: 1, pageSize: 2 });
    expect(page.total).toBeGreaterThanOrEqual(3);
    expect(page.data.map((x) => x.id)).toEqual([c.id, b.id]);
    page = json(await ctx.app.inject({ method: 'GET', url: '/api/campaigns?search=alpha', headers: bearer(customer) }));
    expect(page.data.map((x) => x.id)).toEqual([a.id]);

    let res = await ctx.app.inject({
      method: 'POST',
      url: '/api/campaigns/bulk-archive',
      headers: bearer(customer),
      payload: { resultIds: [a.id, b.id], is_archived: true },
    });
    expect(json(res)).toMatchObject({ updated: 2, message: '2 lists archived.' });
    page = json(
      await ctx.app.inject({ method: 'GET', url: '/api/campaigns?filter=archived', headers: bearer(customer) }),
    );
    expect(page.data.map((x) => x.id).sort()).toEqual([a.id, b.id].sort());
    res = await ctx.app.inject({
      method: 'POST',
      url: `/api/campaigns/archive/${a.id}`,
      headers: bearer(customer),
      payload: { is_archived: false },
    });
    expect(json<{ campaign: Campaign }>(res).campaign.archived).toBe(false);

    res = await ctx.app.inject({
      method: 'POST',
      url: '/api/campaigns/details',
      headers: bearer(customer),
      payload: { campaign_id: a.id, tags: ['vip', 'q3'], source: 'Trade fair' },
    });
    expect(json<{ campaign: Campaign }>(res).campaign).toMatchObject({ tags: ['vip', 'q3'], source: 'Trade fair' });
    res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/campaigns/${a.id}`,
      headers: bearer(customer),
      payload: { name: 'Alpha renamed' },
    });
    expect(json<{ campaign: Campaign }>(res).campaign).toMatchObject({ name: 'Alpha renamed', tags: ['vip', 'q3'] });

    res = await ctx.app.inject({
      method: 'POST',
      url: '/api/campaigns/bulk-delete',
      headers: bearer(customer),
      payload: { resultIds: [b.id, c.id] },
    });
    expect(json(res)).toMatchObject({ deleted: 2 });
    res = await ctx.app.inject({ method: 'DELETE', url: `/api/campaigns/${a.id}`, headers: bearer(customer) });
    expect(res.statusCode).toBe(200);
    res = await ctx.app.inject({ method: 'GET', url: `/api/campaigns/${a.id}`, headers: bearer(customer) });
    expect(res.statusCode).toBe(404);
  });

  it("keeps other accounts' lists out of reach (404, bulk ignores them)", async () => {
    const mine = await create(customer, 'Private list');
    const other = reseller;
    for (const [method, url, payload] of [
      ['GET', `/api/campaigns/${mine.id}`, undefined],
      ['PUT', `/api/campaigns/${mine.id}`, { name: 'stolen' }],
      ['DELETE', `/api/campaigns/${mine.id}`, undefined],
      ['POST', `/api/campaigns/archive/${mine.id}`, {}],
      ['POST', '/api/campaigns/details', { campaign_id: mine.id, tags: ['x'] }],
      ['POST', `/api/people-results/${mine.id}`, {}],
      ['POST', `/api/people-results/${mine.id}/csv`, {}],
      ['POST', `/api/people-results/${mine.id}/manual`, { email: 'a@b.co' }],
      [
        'POST',
        '/api/searches',
        { type: 'people', campaign_id: mine.id, location: 'Paris', count: 1, filters: { job_title: 'CEO' } },
      ],
    ] as const) {
      const res = await ctx.app.inject({ method, url, headers: bearer(other), payload });
      expect([method, url, res.statusCode]).toEqual([method, url, 404]);
    }
    let res = await ctx.app.inject({
      method: 'POST',
      url: '/api/campaigns/bulk-delete',
      headers: bearer(other),
      payload: { resultIds: [mine.id] },
    });
    expect(json(res)).toMatchObject({ deleted: 0 });
    res = await ctx.app.inject({
      method: 'POST',
      url: '/api/campaigns/bulk-archive',
      headers: bearer(other),
      payload: { resultIds: [mine.id], is_archived: true },
    });
    expect(json(res)).toMatchObject({ updated: 0 });
    const list = json<{ data: Campaign[] }>(
      await ctx.app.inject({ method: 'GET', url: '/api/campaigns', headers: bearer(other) }),
    );
    expect(list.data.some((c) => c.id === mine.id)).toBe(false);
    // The wrong type in the URL is not this list either.
    res = await ctx.app.inject({
      method: 'POST',
      url: `/api/local-results/${mine.id}`,
      headers: bearer(customer),
      payload: {},
    });
    expect(res.statusCode).toBe(404);
    res = await ctx.app.inject({ method: 'GET', url: `/api/campaigns/${mine.id}`, headers: bearer(customer) });
    expect(json<Campaign>(res).name).toBe('Private list');
  });
});

describe('results: filters, manual entry, csv', () => {
  it('filters with the spec operators, adds manual entries and exports neutralised CSV', async () => {
    const list = await create(customer, 'Export me');
    const start = await ctx.app.inject({
      method: 'POST',
      url: '/api/searches',
      headers: bearer(customer),
      payload: {
        type: 'people',
        campaign_id: list.id,
        location: 'Lisbon',
        count: 8,
        filters: { departments: ['Sales'] },
      },
    });
    await ctx.app.queue.drain();
    expect(await searchJobStatus(ctx.db, json<{ job: { id: number } }>(start).job.id)).not.toBe('running');

    let res = await ctx.app.inject({
      method: 'POST',
      url: `/api/people-results/${list.id}/manual`,
      headers: bearer(customer),
      payload: { company: 'Acme' },
    });
    expect(res.statusCode).toBe(400);
    // Spec §5: a LinkedIn URL, an email or a name; one message, on the first field.
    expect(json<{ errors: { field: string; message: string }[] }>(res).errors).toEqual([
      expect.objectContaining({ field: 'linkedin_url', message: 'Provide a LinkedIn URL, email or name.' }),
    ]);
    res = await ctx.app.inject({
      method: 'POST',
      url: `/api/people-results/${list.id}/manual`,
      headers: bearer(customer),
      payload: { name: '=HYPERLINK("http://evil")', email: 'eve@acme.test', company: '+Acme', position: '@boss' },
    });
    expect(res.statusCode).toBe(201);
    res = await ctx.app.inject({
      method: 'POST',
      url: `/api/local-results/${list.id}/manual`,
      headers: bearer(customer),
      payload: {},
    });
    expect(res.statusCode).toBe(404);

    const filter = async (body: Record<string, unknown>) =>
      json<{ data: { name: string; email: string | null; email_status: string }[]; total: number }>(
        await ctx.app.inject({
          method: 'POST',
          url: `/api/people-results/${list.id}`,
          headers: bearer(customer),
          payload: body,
        }),
      );
    // The page leaves as JSON text the database wrote, not through the serialiser: it must still be what the schema says.
    const whole = await filter({});
    expect(undeclaredFields(whole, ResultsPage)).toEqual([]);
    expect([...Value.Errors(ResultsPage, whole)]).toEqual([]);
    expect(whole.total).toBe(9);
    expect((await filter({ search: 'eve@acme', search_type: 'contain' })).data).toHaveLength(1);
    expect((await filter({ search: 'eve@acme', search_type: 'start' })).data).toHaveLength(1);
    expect((await filter({ search: 'eve@acme', search_type: 'exact' })).data).toHaveLength(0);
    expect((await filter({ search: 'EVE@acme.test', search_type: 'exact' })).data).toHaveLength(1);
    const empty = await filter({ advanced_custom_search: [{ field: 'email', operator: 'empty' }] });
    expect(empty.data.every((r) => r.email === null)).toBe(true);
    const notEmpty = await filter({ advanced_custom_search: [{ field: 'email', operator: 'not empty' }] });
    expect(empty.total + notEmpty.total).toBe(9);
    const limited = await filter({ limit: 3, page: 2 });
    expect(limited.data).toHaveLength(3);
    res = await ctx.app.inject({
      method: 'POST',
      url: `/api/people-results/${list.id}`,
      headers: bearer(customer),
      payload: { advanced_custom_search: [{ field: 'credits', operator: 'greater' }] },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).field).toBe('advanced_custom_search.0.value');
    const paid = json<{ data: { credits: number }[]; total: number }>(
      await ctx.app.inject({
        method: 'POST',
        url: `/api/people-results/${list.id}`,
        headers: bearer(customer),
        payload: { advanced_custom_search: [{ field: 'credits', operator: 'greater', value: 0 }] },
      }),
    );
    expect(paid.total).toBeGreaterThan(0);
    expect(paid.data.every((r) => r.credits > 0)).toBe(true);

    const eve = (await filter({ search: 'EVE@acme.test', search_type: 'exact' })).data[0] as unknown as {
      id: number;
      created_at: string;
      labels: string[];
      data: object;
    };
    // The page is JSON the database writes: each row reads as the result's own endpoint answers it.
    const single = json<Record<string, unknown>>(
      await ctx.app.inject({
        method: 'GET',
        url: `/api/people-results/${list.id}/${eve.id}`,
        headers: bearer(customer),
      }),
    );
    expect(eve.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(single).toMatchObject({ id: eve.id, created_at: eve.created_at, labels: eve.labels, data: eve.data });
    res = await ctx.app.inject({
      method: 'POST',
      url: `/api/people-results/${list.id}/labels`,
      headers: bearer(customer),
      payload: { ids: [eve.id], add: ['=SUM(1)', 'vip'] },
    });
    expect(res.statusCode).toBe(200);
    res = await ctx.app.inject({
      method: 'POST',
      url: `/api/people-results/${list.id}/csv`,
      headers: bearer(customer),
      payload: { search: 'eve@acme' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    // A UTF-8 byte order mark first, so spreadsheet programs read accents right.
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('name,company,job_title,email,email_status,phone,website,city,labels,created_at');
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"")",'+Acme,'@boss,eve@acme.test,found`);
    // Labels are one cell, neutralised like any other.
    expect(lines[1]).toContain(`,'=SUM(1); vip,`);

    // Spec §5: a name alone is enough for a person.
    const nameOnly = await ctx.app.inject({
      method: 'POST',
      url: `/api/people-results/${list.id}/manual`,
      headers: bearer(customer),
      payload: { name: 'Only A. Name' },
    });
    expect(nameOnly.statusCode).toBe(201);
  });

  it('neutralises every formula lead character', () => {
    expect(['=1', '+1', '-1', '@a', '\tx', '\rx', 'ok'].map(csvCell)).toEqual([
      "'=1",
      "'+1",
      "'-1",
      "'@a",
      "'\tx",
      `"'\rx"`,
      'ok',
    ]);
  });
});

describe('list history (POST /api/campaign/{id}/history)', () => {
  type History = ApiResponse<'/api/campaign/{id}/history', 'post'>;
  const history = async (id: number, body: object = {}, token = customer) =>
    ctx.app.inject({ method: 'POST', url: `/api/campaign/${id}/history`, headers: bearer(token), payload: body });

  it('shows every search, manual entry, label change, export, bulk delete and rename on the list, who did it and what it cost', async () => {
    const list = await create(customer, 'History list');
    const start = await ctx.app.inject({
      method: 'POST',
      url: '/api/searches',
      headers: bearer(customer),
      payload: {
        type: 'people',
        campaign_id: list.id,
        location: 'Oslo',
        count: 3,
        filters: { departments: ['Sales'] },
      },
    });
    expect(start.statusCode).toBe(201);
    await ctx.app.queue.drain();
    const added = await ctx.app.inject({
      method: 'POST',
      url: `/api/people-results/${list.id}/manual`,
      headers: bearer(customer),
      payload: { name: 'Ida Berg', email: 'ida@fjord.test' },
    });
    const resultId = json<{ result: { id: number } }>(added).result.id;
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/people-results/${list.id}/labels`,
          headers: bearer(customer),
          payload: { ids: [resultId], add: ['VIP'] },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/people-results/${list.id}/csv`,
          headers: bearer(customer),
          payload: {},
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: `/api/people-results/${list.id}/delete`,
          headers: bearer(customer),
          payload: { ids: [resultId] },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await ctx.app.inject({
          method: 'PUT',
          url: `/api/campaigns/${list.id}`,
          headers: bearer(customer),
          payload: { name: 'History list, renamed' },
        })
      ).statusCode,
    ).toBe(200);

    const res = await history(list.id);
    expect(res.statusCode).toBe(200);
    const page = json<History>(res);
    expect(page).toMatchObject({ currentPage: 1, pageSize: 20, total: 6 });
    // Newest first.
    expect(page.data.map((e) => e.kind)).toEqual([
      'details_change',
      'bulk_delete',
      'export',
      'label_change',
      'manual_entry',
      'search',
    ]);
    const search = page.data.at(-1)!;
    // 3 people with a contact at 3 credits each (spec §9), charged by a source that is not demo data.
    expect(search).toMatchObject({ status: 'done', details: { requested: 3, location: 'Oslo', demo_data: false } });
    expect(search.credits).toBe(Number(search.details.found) * 3);
    expect(search.credits).toBeGreaterThan(0);
    expect(page.data.find((e) => e.kind === 'label_change')).toMatchObject({
      credits: 0,
      status: null,
      details: { count: 1, added: 'VIP', removed: null },
    });
    expect(page.data.find((e) => e.kind === 'bulk_delete')!.details).toMatchObject({ count: 1 });
    expect(page.data.find((e) => e.kind === 'details_change')!.details).toMatchObject({
      name: 'History list, renamed',
    });
    expect(page.data.every((e) => e.actor?.email === DEMO.customer.email && e.impersonated_by === null)).toBe(true);

    // The list filters: kinds, dates, search (the actor), page and limit.
    expect(json<History>(await history(list.id, { kinds: ['search', 'export'] })).data.map((e) => e.kind)).toEqual([
      'export',
      'search',
    ]);
    expect(json<History>(await history(list.id, { startDate: '2000-01-01', endDate: '2000-01-31' })).total).toBe(0);
    expect(json<History>(await history(list.id, { search: 'nobody-like-this' })).total).toBe(0);
    const second = json<History>(await history(list.id, { limit: 4, page: 2 }));
    expect(second).toMatchObject({ currentPage: 2, pageSize: 4, total: 6 });
    expect(second.data.map((e) => e.kind)).toEqual(['manual_entry', 'search']);

    const bad = await history(list.id, { kinds: ['teleport'] });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).field).toMatch(/^kinds/);
    expect(json(await history(list.id, { startDate: '2026-02-01', endDate: '2026-01-01' })).field).toBe('endDate');
    // Another account's list: 404.
    expect((await history(list.id, {}, reseller)).statusCode).toBe(404);
  });
});

/** GET /api/global-search (the header's search). */
type GlobalSearchAnswer = ApiResponse<'/api/global-search', 'get'>;

const postAs = (token: string, url: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload });
const globalSearch = (token: string, query: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/global-search?${query}`, headers: bearer(token) });

async function listWith(
  token: string,
  name: string,
  people: { name: string; email: string; company?: string }[],
): Promise<number> {
  const { id } = json<{ campaign: { id: number } }>(
    await postAs(token, '/api/campaigns', { name, list_type: 'people' }),
  ).campaign;
  for (const person of people)
    expect((await postAs(token, `/api/people-results/${id}/manual`, person)).statusCode).toBe(201);
  return id;
}

describe('GET /api/global-search', () => {
  it("finds the account's lists by name and its results by name or email, never another account's", async () => {
    const listId = await listWith(customer, 'Zephyr dentists', [
      { name: 'Quentin Zephyrine', email: 'quentin@alpha.example' },
      { name: 'Ada Lovelace', email: 'ada@zephyr-labs.example' },
      { name: 'Grace Hopper', email: 'grace@navy.example', company: 'ZEPHYR Holdings' },
      { name: 'Not Matching', email: 'nm@example.com' },
    ]);
    await listWith(reseller, 'Zephyr reseller list', [{ name: 'Zephyr Other', email: 'other@zephyr.example' }]);

    const found = json<GlobalSearchAnswer>(await globalSearch(customer, 'q=zephyr'));
    expect(found.lists.data.map((l) => l.name)).toEqual(['Zephyr dentists']);
    expect(found.lists.data[0]).toMatchObject({ id: listId, list_type: 'people', archived: false, result_count: 4 });
    expect(found.results.data.map((r) => r.name).sort()).toEqual(['Ada Lovelace', 'Grace Hopper', 'Quentin Zephyrine']);
    expect(found.results.data.every((r) => r.campaign_id === listId && r.campaign_name === 'Zephyr dentists')).toBe(
      true,
    );
    expect(found).toMatchObject({
      results_searched: true,
      lists: { total: 1, total_capped: false },
      results: { total: 3, total_capped: false },
    });

    // Paged per section; LIKE wildcards are taken as text.
    const second = json<GlobalSearchAnswer>(await globalSearch(customer, 'q=zephyr&pageSize=1&page=2'));
    expect(second).toMatchObject({ currentPage: 2, pageSize: 1, lists: { data: [], total: 1 }, results: { total: 3 } });
    expect(second.results.data).toHaveLength(1);
    expect(json<GlobalSearchAnswer>(await globalSearch(customer, 'q=%25%25%25')).results.total).toBe(0);
  });

  it('searches results from 3 characters, lists from 2', async () => {
    await listWith(customer, 'Qx prospects', [{ name: 'Qx Person', email: 'qx@example.com' }]);
    const short = json<GlobalSearchAnswer>(await globalSearch(customer, 'q=qx'));
    expect(short.lists.data.map((l) => l.name)).toContain('Qx prospects');
    expect(short).toMatchObject({ results_searched: false, results: { data: [], total: 0 } });
  });

  it('names the field of bad input and needs the leads module', async () => {
    const tooShort = await globalSearch(customer, 'q=a');
    expect(tooShort.statusCode).toBe(400);
    expect(json(tooShort).field).toBe('q');
    expect(json(await globalSearch(customer, 'q=ab&pageSize=500')).field).toBe('pageSize');
    expect((await globalSearch(customer, '')).statusCode).toBe(400);
    const basic = await login(ctx.app, DEMO.basic);
    expect((await globalSearch(basic, 'q=zephyr')).statusCode).toBe(403);
  });
});
