import { bearer, createTestApp, DEMO, json, login, type TestContext } from './helpers';

let ctx: TestContext;
let customer: string;
let reseller: string;

interface Answer {
  currentPage: number;
  pageSize: number;
  lists: { data: { id: number; name: string; list_type: string; archived: boolean; result_count: number }[]; total: number; total_capped: boolean };
  results: { data: { id: number; name: string; company: string | null; email: string | null; campaign_id: number; campaign_name: string }[]; total: number; total_capped: boolean };
  results_searched: boolean;
}

beforeAll(async () => {
  ctx = await createTestApp();
  customer = await login(ctx.app, DEMO.customer);
  reseller = await login(ctx.app, DEMO.reseller);
}, 60_000);
afterAll(() => ctx.close());

const post = (token: string, url: string, payload: object) => ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload });
const search = (token: string, query: string) => ctx.app.inject({ method: 'GET', url: `/api/global-search?${query}`, headers: bearer(token) });

async function listWith(token: string, name: string, people: { name: string; email: string }[]): Promise<number> {
  const { id } = json<{ campaign: { id: number } }>(await post(token, '/api/campaigns', { name, list_type: 'people' })).campaign;
  for (const person of people) expect((await post(token, `/api/people-results/${id}/manual`, person)).statusCode).toBe(201);
  return id;
}

describe('GET /api/global-search', () => {
  it("finds the account's lists by name and its results by name or email, never another account's", async () => {
    const listId = await listWith(customer, 'Zephyr dentists', [
      { name: 'Quentin Zephyrine', email: 'quentin@alpha.example' },
      { name: 'Ada Lovelace', email: 'ada@zephyr-labs.example' },
    ]);
    await listWith(reseller, 'Zephyr reseller list', [{ name: 'Zephyr Other', email: 'other@zephyr.example' }]);

    const found = json<Answer>(await search(customer, 'q=zephyr'));
    expect(found.lists.data.map((l) => l.name)).toEqual(['Zephyr dentists']);
    expect(found.lists.data[0]).toMatchObject({ id: listId, list_type: 'people', archived: false, result_count: 2 });
    expect(found.results.data.map((r) => r.name).sort()).toEqual(['Ada Lovelace', 'Quentin Zephyrine']);
    expect(found.results.data.every((r) => r.campaign_id === listId && r.campaign_name === 'Zephyr dentists')).toBe(true);
    expect(found).toMatchObject({ results_searched: true, lists: { total: 1, total_capped: false }, results: { total: 2 } });

    // Paged per section; LIKE wildcards are taken as text.
    const second = json<Answer>(await search(customer, 'q=zephyr&pageSize=1&page=2'));
    expect(second).toMatchObject({ currentPage: 2, pageSize: 1, lists: { data: [], total: 1 }, results: { total: 2 } });
    expect(second.results.data).toHaveLength(1);
    expect(json<Answer>(await search(customer, 'q=%25%25%25')).results.total).toBe(0);
  });

  it('searches results from 3 characters, lists from 2', async () => {
    await listWith(customer, 'Qx prospects', [{ name: 'Qx Person', email: 'qx@example.com' }]);
    const short = json<Answer>(await search(customer, 'q=qx'));
    expect(short.lists.data.map((l) => l.name)).toContain('Qx prospects');
    expect(short).toMatchObject({ results_searched: false, results: { data: [], total: 0 } });
  });

  it('names the field of bad input and needs the leads module', async () => {
    const tooShort = await search(customer, 'q=a');
    expect(tooShort.statusCode).toBe(400);
    expect(json(tooShort).field).toBe('q');
    expect(json(await search(customer, 'q=ab&pageSize=500')).field).toBe('pageSize');
    expect((await search(customer, '')).statusCode).toBe(400);
    const basic = await login(ctx.app, DEMO.basic);
    expect((await search(basic, 'q=zephyr')).statusCode).toBe(403);
  });
});
