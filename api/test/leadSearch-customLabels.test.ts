import type { ApiResponse } from '../../shared/src/api/contract';
import { bearer, createTestApp, DEMO, json, login, type TestContext } from './helpers';

let ctx: TestContext;
let customer: string;
let reseller: string;

type Label = ApiResponse<'/api/custom-labels', 'post'>['label'];

beforeAll(async () => {
  ctx = await createTestApp();
  customer = await login(ctx.app, DEMO.customer);
  reseller = await login(ctx.app, DEMO.reseller);
}, 60_000);
afterAll(() => ctx.close());

const post = (token: string, url: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload });
const put = (token: string, url: string, payload: object) =>
  ctx.app.inject({ method: 'PUT', url, headers: bearer(token), payload });

async function listWithResults(token: string, names: string[]): Promise<{ id: number; resultIds: number[] }> {
  const campaign = json<{ campaign: { id: number } }>(
    await post(token, '/api/campaigns', { name: `Labels ${Math.random()}`, list_type: 'people' }),
  ).campaign;
  const resultIds: number[] = [];
  for (const name of names) {
    const res = await post(token, `/api/people-results/${campaign.id}/manual`, {
      name,
      email: `${name.toLowerCase()}@example.com`,
    });
    expect(res.statusCode).toBe(201);
    resultIds.push(json<{ result: { id: number } }>(res).result.id);
  }
  return { id: campaign.id, resultIds };
}

async function createLabel(token: string, name: string, color = 'green'): Promise<Label> {
  const res = await post(token, '/api/custom-labels', { name, color });
  expect(res.statusCode).toBe(201);
  return json<{ label: Label }>(res).label;
}

describe('custom labels', () => {
  it('validates input naming the field and refuses duplicates with 422', async () => {
    let res = await post(customer, '/api/custom-labels', { color: 'green' });
    expect(res.statusCode).toBe(400);
    expect(json(res).field).toBe('name');
    res = await post(customer, '/api/custom-labels', { name: 'Hot', color: 'neon' });
    expect(res.statusCode).toBe(400);
    expect(json(res).field).toBe('color');
    res = await post(customer, '/api/custom-labels', { name: '   ', color: 'red' });
    expect(res.statusCode).toBe(400);
    await createLabel(customer, 'Dup');
    res = await post(customer, '/api/custom-labels', { name: 'dup', color: 'red' });
    expect(res.statusCode).toBe(422);
    expect(json(res)).toMatchObject({ code: 'leadSearch.label_exists', field: 'name' });
  });

  it('needs the leads module', async () => {
    const basic = await login(ctx.app, DEMO.basic);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/custom-labels', headers: bearer(basic) })).statusCode,
    ).toBe(403);
  });

  it('creates, lists with counts, renames (rewriting results), recolours, filters and deletes', async () => {
    const list = await listWithResults(customer, ['Ada', 'Bob', 'Cy']);
    const hot = await createLabel(customer, 'Hot lead', 'red');
    expect(hot).toMatchObject({ name: 'Hot lead', color: 'red', result_count: 0 });

    // Applied by name through the list's bulk labels action: singly, then "all matching".
    let res = await post(customer, `/api/people-results/${list.id}/labels`, {
      ids: [list.resultIds[0]],
      add: ['Hot lead'],
    });
    expect(json(res).updated).toBe(1);
    res = await post(customer, `/api/people-results/${list.id}/labels`, {
      all_matching: true,
      filters: { search: 'Bob' },
      add: ['Hot lead'],
    });
    expect(json(res).updated).toBe(1);

    const page = json<{ data: Label[]; total: number }>(
      await ctx.app.inject({ method: 'GET', url: '/api/custom-labels?search=hot', headers: bearer(customer) }),
    );
    expect(page.total).toBe(1);
    expect(page.data[0]).toMatchObject({ id: hot.id, result_count: 2 });

    // The results endpoint filters by label id.
    let results = json<{ data: { name: string; labels: string[] }[]; total: number }>(
      await post(customer, `/api/people-results/${list.id}`, { label_id: hot.id }),
    );
    expect(results.data.map((r) => r.name).sort()).toEqual(['Ada', 'Bob']);

    // Rename rewrites every result carrying the label; the filter follows.
    res = await put(customer, `/api/custom-labels/${hot.id}`, { name: 'Warm lead', color: 'orange' });
    expect(res.statusCode).toBe(200);
    expect(json<{ label: Label }>(res).label).toMatchObject({ name: 'Warm lead', color: 'orange', result_count: 2 });
    results = json(await post(customer, `/api/people-results/${list.id}`, { label_id: hot.id }));
    expect(results.total).toBe(2);
    expect(results.data.every((r) => r.labels.includes('Warm lead') && !r.labels.includes('Hot lead'))).toBe(true);

    // Results across lists carrying the label.
    const across = json<{ data: { name: string; campaign_id: number }[]; total: number }>(
      await ctx.app.inject({ method: 'GET', url: `/api/custom-labels/${hot.id}/results`, headers: bearer(customer) }),
    );
    expect(across.total).toBe(2);
    expect(across.data.every((r) => r.campaign_id === list.id)).toBe(true);

    // Renaming onto another label's name is refused.
    await createLabel(customer, 'Cold');
    res = await put(customer, `/api/custom-labels/${hot.id}`, { name: 'cold' });
    expect(res.statusCode).toBe(422);
    expect(json(res).field).toBe('name');
    expect((await put(customer, `/api/custom-labels/${hot.id}`, {})).statusCode).toBe(400);

    // Delete removes the label from the results.
    res = await ctx.app.inject({ method: 'DELETE', url: `/api/custom-labels/${hot.id}`, headers: bearer(customer) });
    expect(json(res).results_updated).toBe(2);
    results = json(await post(customer, `/api/people-results/${list.id}`, {}));
    expect(results.data.every((r) => !r.labels.includes('Warm lead'))).toBe(true);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/custom-labels/${hot.id}/results`, headers: bearer(customer) }))
        .statusCode,
    ).toBe(404);
  });

  it('a label added from a list joins the catalogue (grey), in the catalogue spelling when it exists in another case', async () => {
    const list = await listWithResults(customer, ['Dee', 'Eve']);
    let res = await post(customer, `/api/people-results/${list.id}/labels`, {
      ids: [list.resultIds[0]],
      add: ['Follow up Friday'],
    });
    expect(json(res).updated).toBe(1);
    const page = json<{ data: Label[]; total: number }>(
      await ctx.app.inject({ method: 'GET', url: '/api/custom-labels?search=friday', headers: bearer(customer) }),
    );
    expect(page.total).toBe(1);
    expect(page.data[0]).toMatchObject({ name: 'Follow up Friday', color: 'gray', result_count: 1 });

    // Added again in another case: no second catalogue entry, and the result carries the catalogue's spelling.
    res = await post(customer, `/api/people-results/${list.id}/labels`, {
      ids: [list.resultIds[1]],
      add: ['follow UP friday'],
    });
    expect(json(res).updated).toBe(1);
    const again = json<{ data: Label[]; total: number }>(
      await ctx.app.inject({ method: 'GET', url: '/api/custom-labels?search=friday', headers: bearer(customer) }),
    );
    expect(again.total).toBe(1);
    expect(again.data[0]).toMatchObject({ id: page.data[0]!.id, result_count: 2 });
    const results = json<{ data: { name: string; labels: string[] }[] }>(
      await post(customer, `/api/people-results/${list.id}`, { label_id: page.data[0]!.id }),
    );
    expect(results.data.map((r) => r.labels)).toEqual([['Follow up Friday'], ['Follow up Friday']]);
  });

  it("keeps accounts apart: another account's label is 404 and never filters or rewrites its results", async () => {
    const mine = await createLabel(customer, 'Mine only');
    const theirList = await listWithResults(reseller, ['Zed']);
    await post(reseller, `/api/people-results/${theirList.id}/labels`, {
      ids: theirList.resultIds,
      add: ['Mine only'],
    });
    for (const res of [
      await put(reseller, `/api/custom-labels/${mine.id}`, { name: 'Stolen' }),
      await ctx.app.inject({ method: 'DELETE', url: `/api/custom-labels/${mine.id}`, headers: bearer(reseller) }),
      await ctx.app.inject({ method: 'GET', url: `/api/custom-labels/${mine.id}/results`, headers: bearer(reseller) }),
    ]) {
      expect(res.statusCode).toBe(404);
    }
    // Filtering the reseller's list by the customer's label id matches nothing.
    const results = json<{ total: number }>(
      await post(reseller, `/api/people-results/${theirList.id}`, { label_id: mine.id }),
    );
    expect(results.total).toBe(0);
    // Renaming the customer's label leaves the reseller's results alone; the count is per account.
    await put(customer, `/api/custom-labels/${mine.id}`, { name: 'Renamed' });
    const theirs = json<{ data: { labels: string[] }[] }>(
      await post(reseller, `/api/people-results/${theirList.id}`, {}),
    );
    expect(theirs.data[0]!.labels).toEqual(['Mine only']);
    const label = json<{ data: Label[] }>(
      await ctx.app.inject({ method: 'GET', url: '/api/custom-labels?search=Renamed', headers: bearer(customer) }),
    ).data[0]!;
    expect(label.result_count).toBe(0);
  });

  it('paginates the catalogue', async () => {
    const token = reseller;
    for (const n of ['A1', 'A2', 'A3']) await createLabel(token, n, 'blue');
    const page = json<ApiResponse<'/api/custom-labels', 'get'>>(
      await ctx.app.inject({
        method: 'GET',
        url: '/api/custom-labels?pageSize=2&page=2&search=A',
        headers: bearer(token),
      }),
    );
    expect(page).toMatchObject({ total: 3, currentPage: 2, pageSize: 2 });
    expect(page.data.map((l) => l.name)).toEqual(['A3']);
  });
});
