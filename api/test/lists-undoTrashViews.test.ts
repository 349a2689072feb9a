import { TRASH_RETENTION_DAYS, UNDO_WINDOW_MS } from '@leadsmith/shared/constants';
import { TRASH_PURGE } from '../src/workers/trashPurge';
import { bearer, createTestApp, DEMO, json, login, type TestContext } from './helpers';
import { makeAccount } from './security/accounts';

/**
 * Issue 29 item 5: a bulk archive, delete or label change is undone from its toast within 10 seconds, once; deleted
 * lists sit in the trash for 30 days (restore, delete forever) before the purge job deletes them.
 */
let ctx: TestContext;
let customer: string;
let reseller: string;

beforeAll(async () => {
  ctx = await createTestApp();
  customer = await login(ctx.app, DEMO.customer);
  reseller = await login(ctx.app, DEMO.reseller);
}, 60_000);

afterAll(async () => {
  await ctx.close();
});

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = customer) =>
  ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const later = (ms: number) => ctx.clock.set(new Date(ctx.clock.now().getTime() + ms));

async function newList(name: string, emails: string[] = []): Promise<number> {
  const id = json<{ campaign: { id: number } }>(await inject('POST', '/api/campaigns', { name, list_type: 'people' }))
    .campaign.id;
  for (const email of emails)
    expect(
      (await inject('POST', `/api/people-results/${id}/manual`, { email, name: email.split('@')[0] })).statusCode,
    ).toBe(201);
  return id;
}
const visibleIds = async (filter?: string) =>
  json<{ data: { id: number }[] }>(
    await inject('GET', `/api/campaigns?pageSize=100${filter ? `&filter=${filter}` : ''}`),
  ).data.map((c) => c.id);
const trash = async () =>
  json<{ data: { id: number; name: string; deleted_at: string; purge_at: string }[]; total: number }>(
    await inject('GET', '/api/campaign-trash'),
  );

describe('bulk delete: to the trash, undone once within the window', () => {
  it('hides the lists everywhere, undoes once, refuses a late or foreign undo', async () => {
    const a = await newList('Undo A', ['a1@undo.example']);
    const b = await newList('Undo B');
    const res = await inject('POST', '/api/campaigns/bulk-delete', { resultIds: [a, b] });
    expect(res.statusCode).toBe(200);
    const { deleted, undo_id } = json<{ deleted: number; undo_id: number }>(res);
    expect(deleted).toBe(2);
    expect(await visibleIds()).not.toEqual(expect.arrayContaining([a]));
    expect((await inject('GET', `/api/campaigns/${a}`)).statusCode).toBe(404);
    expect((await inject('POST', '/api/people-results/' + a, {})).statusCode).toBe(404);
    const inTrash = await trash();
    const row = inTrash.data.find((c) => c.id === a)!;
    expect(new Date(row.purge_at).getTime() - new Date(row.deleted_at).getTime()).toBe(
      TRASH_RETENTION_DAYS * 86_400_000,
    );

    // Another account cannot undo it (404), and its own undo works once: the second is refused (two tabs, two processes).
    expect((await inject('POST', `/api/list-operations/${undo_id}/undo`, undefined, reseller)).statusCode).toBe(404);
    later(UNDO_WINDOW_MS - 1000);
    const [first, second] = await Promise.all([
      inject('POST', `/api/list-operations/${undo_id}/undo`),
      inject('POST', `/api/list-operations/${undo_id}/undo`),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const ok = json<{ kind: string; count: number; message: string }>(first.statusCode === 200 ? first : second);
    expect(ok).toMatchObject({ kind: 'delete', count: 2, message: 'Undone: 2 lists restored.' });
    expect(await visibleIds()).toEqual(expect.arrayContaining([a, b]));
    // The results came back with the list.
    expect(json<{ result_count: number }>(await inject('GET', `/api/campaigns/${a}`)).result_count).toBe(1);

    // Past the window (10 s and the grace for the request's way back): too late.
    const again = json<{ undo_id: number }>(await inject('DELETE', `/api/campaigns/${a}`)).undo_id;
    later(UNDO_WINDOW_MS + 6000);
    const late = await inject('POST', `/api/list-operations/${again}/undo`);
    expect(late.statusCode).toBe(409);
    expect(json<{ code: string }>(late).code).toBe('leadSearch.undo_expired');
    expect((await inject('GET', `/api/campaigns/${a}`)).statusCode).toBe(404);
  });
});

describe('bulk archive: the undo gives back only what it changed', () => {
  it('leaves a list that was archived before', async () => {
    const before = await newList('Archived before');
    const fresh = await newList('Archived now');
    expect((await inject('POST', `/api/campaigns/archive/${before}`, { is_archived: true })).statusCode).toBe(200);
    const res = json<{ updated: number; undo_id: number }>(
      await inject('POST', '/api/campaigns/bulk-archive', { resultIds: [before, fresh], is_archived: true }),
    );
    expect(res.updated).toBe(2);
    const undone = json<{ kind: string; count: number }>(
      await inject('POST', `/api/list-operations/${res.undo_id}/undo`),
    );
    expect(undone).toMatchObject({ kind: 'archive', count: 1 });
    expect(await visibleIds('archived')).toContain(before);
    expect(await visibleIds()).toContain(fresh);
    // Nothing changed, nothing to undo.
    expect(
      json<{ undo_id: number | null }>(
        await inject('POST', '/api/campaigns/bulk-archive', { resultIds: [before], is_archived: true }),
      ).undo_id,
    ).toBeNull();
  });
});

describe('bulk label: the undo puts back exactly the labels it changed', () => {
  it('takes added labels off and puts removed ones back in their place', async () => {
    const id = await newList('Labels', ['l1@undo.example', 'l2@undo.example', 'l3@undo.example']);
    const rows = json<{ data: { id: number; email: string }[] }>(
      await inject('POST', `/api/people-results/${id}`, { limit: 100 }),
    ).data;
    const [r1, r2, r3] = rows.sort((x, y) => x.email.localeCompare(y.email)).map((r) => r.id);
    expect(
      (await inject('POST', `/api/people-results/${id}/labels`, { ids: [r1, r2], add: ['hot', 'call'] })).statusCode,
    ).toBe(200);
    const labelsNow = async () => {
      const page = json<{ data: { id: number; labels: string[] }[] }>(
        await inject('POST', `/api/people-results/${id}`, { limit: 100 }),
      ).data;
      return Object.fromEntries(page.map((r) => [r.id, r.labels]));
    };
    const before = await labelsNow();
    expect(before[r1!]).toEqual(['hot', 'call']);

    const change = json<{ updated: number; undo_id: number }>(
      await inject('POST', `/api/people-results/${id}/labels`, {
        all_matching: true,
        filters: {},
        add: ['won'],
        remove: ['hot'],
      }),
    );
    expect(change.updated).toBe(3);
    expect((await labelsNow())[r1!]).toEqual(['call', 'won']);
    const undone = json<{ kind: string; count: number }>(
      await inject('POST', `/api/list-operations/${change.undo_id}/undo`),
    );
    expect(undone).toMatchObject({ kind: 'label', count: 3 });
    expect(await labelsNow()).toEqual(before);
    expect(before[r3!]).toEqual([]);
  });
});

describe('deleting results: undone once, the rows back whole with their ids and labels', () => {
  it('puts back a deleted row and a deleted selection; a delete of every matching row is not undoable', async () => {
    const id = await newList('Result undo', ['r1@undo.example', 'r2@undo.example', 'r3@undo.example']);
    const page = async () =>
      json<{ data: { id: number; email: string; labels: string[]; created_at: string }[]; total: number }>(
        await inject('POST', `/api/people-results/${id}`, { limit: 100 }),
      );
    const before = await page();
    const [r1, r2] = before.data.sort((x, y) => x.email.localeCompare(y.email));
    expect(
      (await inject('POST', `/api/people-results/${id}/labels`, { ids: [r1!.id], add: ['hot', 'call'] })).statusCode,
    ).toBe(200);
    const labelled = await page();

    // One row (the row's Delete), then its undo: the same id, fields and labels in their order.
    const one = json<{ deleted: number; undo_id: number; message: string }>(
      await inject('POST', `/api/people-results/${id}/delete`, { ids: [r1!.id] }),
    );
    expect(one).toMatchObject({ deleted: 1, message: '1 result deleted.' });
    expect((await page()).total).toBe(2);
    expect((await inject('POST', `/api/list-operations/${one.undo_id}/undo`, undefined, reseller)).statusCode).toBe(
      404,
    );
    const [first, second] = await Promise.all([
      inject('POST', `/api/list-operations/${one.undo_id}/undo`),
      inject('POST', `/api/list-operations/${one.undo_id}/undo`),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect(json(first.statusCode === 200 ? first : second)).toMatchObject({
      kind: 'delete_results',
      count: 1,
      message: 'Undone: 1 result restored.',
    });
    const back = await page();
    expect(back.data.sort((x, y) => x.id - y.id)).toEqual(labelled.data.sort((x, y) => x.id - y.id));
    expect(back.total).toBe(3);
    expect(json<{ result_count: number }>(await inject('GET', `/api/campaigns/${id}`)).result_count).toBe(3);

    // A selection, too late: gone for good.
    const two = json<{ deleted: number; undo_id: number }>(
      await inject('POST', `/api/people-results/${id}/delete`, { ids: [r1!.id, r2!.id] }),
    );
    expect(two.deleted).toBe(2);
    later(UNDO_WINDOW_MS + 6000);
    expect((await inject('POST', `/api/list-operations/${two.undo_id}/undo`)).statusCode).toBe(409);
    expect((await page()).total).toBe(1);
    // Every matching row: immediate, nothing to undo.
    expect(
      json<{ deleted: number; undo_id: number | null }>(
        await inject('POST', `/api/people-results/${id}/delete`, { all_matching: true, filters: {} }),
      ),
    ).toMatchObject({ deleted: 1, undo_id: null });
  });
});

describe('the trash', () => {
  it('restores, deletes forever, and the purge job deletes what has sat 30 days', async () => {
    const restored = await newList('Restore me');
    const forever = await newList('Forever');
    const old = await newList('Old', ['old@undo.example']);
    const recent = await newList('Recent');
    for (const id of [restored, forever, old])
      expect((await inject('DELETE', `/api/campaigns/${id}`)).statusCode).toBe(200);
    expect((await inject('POST', `/api/campaign-trash/${restored}/restore`, undefined, reseller)).statusCode).toBe(404);
    expect(json<{ message: string }>(await inject('POST', `/api/campaign-trash/${restored}/restore`)).message).toBe(
      'List restored from the trash.',
    );
    expect(await visibleIds()).toContain(restored);
    // Restoring or deleting a list that is not in the trash: 404.
    expect((await inject('DELETE', `/api/campaign-trash/${recent}`)).statusCode).toBe(404);
    expect((await inject('DELETE', `/api/campaign-trash/${forever}`, undefined, reseller)).statusCode).toBe(404);
    expect((await inject('DELETE', `/api/campaign-trash/${forever}`)).statusCode).toBe(200);
    expect((await trash()).data.map((c) => c.id)).not.toContain(forever);

    later((TRASH_RETENTION_DAYS - 1) * 86_400_000);
    // A month later: a new session.
    customer = await login(ctx.app, DEMO.customer);
    expect((await inject('DELETE', `/api/campaigns/${recent}`)).statusCode).toBe(200);
    later(2 * 86_400_000);
    customer = await login(ctx.app, DEMO.customer);
    await ctx.app.queue.send(TRASH_PURGE, {});
    await ctx.app.queue.drain();
    const left = (
      await ctx.db.query<{ id: number }>('SELECT id FROM campaigns WHERE id = ANY($1::int[])', [
        `{${old},${recent},${forever}}`,
      ])
    ).rows.map((r) => r.id);
    expect(left).toEqual([recent]);
    expect((await ctx.db.query('SELECT 1 FROM campaign_results WHERE campaign_id = $1', [old])).rowCount).toBe(0);
    expect((await trash()).data.map((c) => c.id)).toContain(recent);
  });
});

describe('saved views (issue 29 item 7)', () => {
  interface View {
    id: number;
    name: string;
    columns: { key: string; width?: number }[];
    filters: Record<string, unknown>;
  }
  const views = async (token = customer) =>
    json<{ data: View[] }>(await inject('GET', '/api/list-views?list_type=people', undefined, token)).data;

  it('saves, lists, renames and deletes named views per account; refuses bad columns by field', async () => {
    // The trash test moved the clock a month on: new sessions.
    customer = await login(ctx.app, DEMO.customer);
    reseller = await login(ctx.app, DEMO.reseller);
    const body = {
      name: 'Emails wide',
      list_type: 'people',
      columns: [{ key: 'email', width: 320 }, { key: 'company' }],
      filters: { withEmail: 1, search: 'acme' },
    };
    const res = await inject('POST', '/api/list-views', body);
    expect(res.statusCode).toBe(201);
    const view = json<{ view: View; message: string }>(res);
    expect(view.message).toBe('View saved.');
    expect(view.view).toMatchObject({ name: 'Emails wide', columns: body.columns, filters: body.filters });
    expect((await views()).map((v) => v.name)).toContain('Emails wide');
    // Another account neither sees nor changes it.
    expect(await views(reseller)).toEqual([]);
    expect((await inject('PUT', `/api/list-views/${view.view.id}`, { name: 'Mine now' }, reseller)).statusCode).toBe(
      404,
    );

    const taken = await inject('POST', '/api/list-views', { ...body, name: 'emails WIDE' });
    expect(taken.statusCode).toBe(409);
    expect(json<{ field: string }>(taken).field).toBe('name');
    const badKey = await inject('POST', '/api/list-views', { ...body, name: 'Bad', columns: [{ key: 'password' }] });
    expect(badKey.statusCode).toBe(400);
    expect(badKey.body).toMatch(/columns/);
    const twice = await inject('POST', '/api/list-views', {
      ...body,
      name: 'Twice',
      columns: [{ key: 'email' }, { key: 'email', width: 100 }],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.body).toMatch(/columns/);
    const narrow = await inject('POST', '/api/list-views', {
      ...body,
      name: 'Narrow',
      columns: [{ key: 'email', width: 5 }],
    });
    expect(narrow.statusCode).toBe(400);
    const paging = await inject('POST', '/api/list-views', { ...body, name: 'Paged', filters: { page: 3 } });
    expect(paging.statusCode).toBe(400);

    const renamed = json<{ view: View }>(
      await inject('PUT', `/api/list-views/${view.view.id}`, { name: 'Emails', columns: [{ key: 'phone' }] }),
    ).view;
    expect(renamed).toMatchObject({ name: 'Emails', columns: [{ key: 'phone' }], filters: body.filters });
    expect((await inject('DELETE', `/api/list-views/${view.view.id}`, undefined, reseller)).statusCode).toBe(404);
    expect((await inject('DELETE', `/api/list-views/${view.view.id}`)).statusCode).toBe(200);
    expect(await views()).toEqual([]);
  });

  it("are the team's: a team member applies the owner's view and saves one the owner sees; another team sees neither", async () => {
    const ownerId = (await ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO.customer.email]))
      .rows[0]!.id;
    const resellerId = (
      await ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO.reseller.email])
    ).rows[0]!.id;
    const member = await makeAccount(ctx, {
      email: 'views-member@team.test',
      userType: 'team_member',
      modules: ['leads'],
      teamOwnerId: ownerId,
    });
    const stranger = await makeAccount(ctx, {
      email: 'views-stranger@team.test',
      userType: 'team_member',
      modules: ['leads'],
      teamOwnerId: resellerId,
    });
    const tokenOf = (account: { headers: Record<string, string> }) =>
      (account.headers.authorization ?? '').replace(/^Bearer /, '');

    const shared = json<{ view: View }>(
      await inject('POST', '/api/list-views', {
        name: 'Team callers',
        list_type: 'people',
        columns: [{ key: 'phone', width: 180 }],
        filters: { withEmail: 1 },
      }),
    ).view;
    expect((await views(tokenOf(member))).find((v) => v.id === shared.id)).toMatchObject({
      name: 'Team callers',
      columns: [{ key: 'phone', width: 180 }],
      filters: { withEmail: 1 },
    });
    const mine = await inject(
      'POST',
      '/api/list-views',
      { name: 'Member view', list_type: 'people', columns: [{ key: 'company' }], filters: {} },
      tokenOf(member),
    );
    expect(mine.statusCode).toBe(201);
    expect((await views()).map((v) => v.name).sort()).toEqual(['Member view', 'Team callers']);
    // One name per team: the member cannot take the owner's.
    expect(
      (
        await inject(
          'POST',
          '/api/list-views',
          { name: 'team CALLERS', list_type: 'people', columns: [], filters: {} },
          tokenOf(member),
        )
      ).statusCode,
    ).toBe(409);
    expect(await views(tokenOf(stranger))).toEqual([]);
    expect(
      (await inject('PUT', `/api/list-views/${shared.id}`, { name: 'Taken over' }, tokenOf(stranger))).statusCode,
    ).toBe(404);
  });
});
