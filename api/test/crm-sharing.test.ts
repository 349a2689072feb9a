process.env.OUTBOUND_ALLOW_HOSTS = '127.0.0.1,localhost';
process.env.CRM_RETRY_BACKOFF_MS = '0';

import { bearer, createTestApp, DEMO, json, login, type TestContext } from './helpers';
import { startFakeCrm, type FakeCrm } from './fakeCrm';
import { makeAccount, userIdByEmail, type Account } from './security/accounts';

/**
 * A parent account's CRM connections shared with its related accounts (ADR 053): the demo reseller is the
 * parent, the demo customer its related account; another reseller's related account never gets them.
 */
let ctx: TestContext;
let crm: FakeCrm;
let parent: string;
let child: string;
let parentId: number;
let otherChild: Account;

type Connection = { provider: string; connected: boolean; shared: boolean };
type Connections = {
  data: Connection[];
  sharing: { share_with_related: boolean; can_share: boolean; shared_by: string | null };
};

const inject = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  crm = await startFakeCrm();
  process.env.CRM_GHL_TOKEN_URL = crm.tokenUrl;
  process.env.CRM_GHL_API_URL = crm.base;
  ctx = await createTestApp();
  parent = await login(ctx.app, DEMO.reseller);
  child = await login(ctx.app, DEMO.customer);
  parentId = await userIdByEmail(ctx, DEMO.reseller.email);
  // Another parent, sharing, with a related account of its own.
  const other = await makeAccount(ctx, {
    email: 'other-parent@crm-sharing.test',
    userType: 'reseller',
    modules: ['leads', 'whitelabel'],
  });
  otherChild = await makeAccount(ctx, {
    email: 'other-child@crm-sharing.test',
    userType: 'customer',
    modules: ['leads'],
    parentId: other.id,
  });
  await ctx.db.query(`UPDATE users SET role = 'related' WHERE id = $1`, [otherChild.id]);
  expect((await inject('PUT', '/api/crm/sharing', other.headers, { share_with_related: true })).statusCode).toBe(200);
}, 60_000);

afterAll(async () => {
  delete process.env.CRM_GHL_TOKEN_URL;
  delete process.env.CRM_GHL_API_URL;
  await ctx.close();
  await crm.close();
});

async function connect(token: string, code: string) {
  const { url } = json<{ url: string }>(await inject('POST', '/api/crm/connections/ghl/authorize', bearer(token)));
  const state = new URL(url).searchParams.get('state')!;
  const res = await inject('POST', '/api/crm/connections/callback', bearer(token), { code, state });
  expect(res.statusCode).toBe(200);
}

async function peopleList(headers: Record<string, string>, names: string[]): Promise<{ id: number; ids: number[] }> {
  const created = await inject('POST', '/api/campaigns', headers, {
    name: `Shared CRM list ${Math.random()}`,
    list_type: 'people',
  });
  const id = json<{ campaign: { id: number } }>(created).campaign.id;
  const ids: number[] = [];
  for (const name of names) {
    const res = await inject('POST', `/api/people-results/${id}/manual`, headers, {
      name,
      email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`,
      company: 'Acme',
      position: 'Founder',
    });
    ids.push(json<{ result: { id: number } }>(res).result.id);
  }
  return { id, ids };
}

const ghl = async (headers: Record<string, string>) => {
  const body = json<Connections>(await inject('GET', '/api/crm/connections', headers));
  return { ...body.data.find((c) => c.provider === 'ghl')!, sharing: body.sharing };
};
const sendCrm = (headers: Record<string, string>, list: { id: number; ids: number[] }) =>
  inject('POST', `/api/people-results/${list.id}/send-crm`, headers, { provider: 'ghl', ids: list.ids });
const statuses = async (headers: Record<string, string>, listId: number) =>
  json<{ data: { name: string; crm_status: string | null; crm_error: string | null }[] }>(
    await inject('POST', `/api/people-results/${listId}`, headers, {}),
  ).data.map((r) => [r.name, r.crm_status, r.crm_error]);
const received = (code: string) => crm.contacts.filter((c) => c.code === code).map((c) => c.contact.name);

describe("a related account and its parent's CRM connections", () => {
  it("uses none of them until the parent shares; then sends through the parent's connection, exactly once per row", async () => {
    await connect(parent, 'code-parent');
    expect(await ghl(bearer(child))).toMatchObject({
      connected: false,
      shared: false,
      sharing: { shared_by: null, can_share: false },
    });
    const list = await peopleList(bearer(child), ['Ada Shared', 'Alan Shared']);
    const refused = await sendCrm(bearer(child), list);
    expect(refused.statusCode).toBe(422);
    expect(json(refused)).toMatchObject({
      code: 'leadSearch.crm_not_shared',
      field: 'provider',
      message:
        'Your parent account does not share its GoHighLevel connection with you. Connect your own GoHighLevel in Settings → Integration → CRM.',
    });

    const on = await inject('PUT', '/api/crm/sharing', bearer(parent), { share_with_related: true });
    expect(json(on)).toMatchObject({
      share_with_related: true,
      message: 'Related accounts can now use your CRM connections.',
    });
    expect(await ghl(bearer(parent))).toMatchObject({
      connected: true,
      shared: false,
      sharing: { share_with_related: true, can_share: true, shared_by: null },
    });
    expect(await ghl(bearer(child))).toMatchObject({
      connected: true,
      shared: true,
      sharing: { shared_by: 'Riley Reseller', share_with_related: false },
    });

    expect((await sendCrm(bearer(child), list)).statusCode).toBe(202);
    await ctx.app.queue.drain();
    expect(received('code-parent')).toEqual(['Ada Shared', 'Alan Shared']);
    expect(await statuses(bearer(child), list.id)).toEqual([
      ['Ada Shared', 'sent', null],
      ['Alan Shared', 'sent', null],
    ]);
  });

  it('cannot disconnect, re-map or share the connection its parent shares (403 / 422), and the parent keeps it', async () => {
    const disconnect = await inject('DELETE', '/api/crm/connections/ghl', bearer(child));
    expect(disconnect.statusCode).toBe(403);
    expect(json(disconnect)).toMatchObject({
      code: 'settings.crm_shared_read_only',
      message: 'Your parent account shares this GoHighLevel connection with you: only it can change or disconnect it.',
    });
    expect(
      (
        await inject('PUT', '/api/crm/fields/ghl', bearer(child), {
          mappings: [{ lead_field: 'email', crm_field: 'email' }],
        })
      ).statusCode,
    ).toBe(403);
    expect((await inject('GET', '/api/crm/fields/ghl', bearer(child))).statusCode).toBe(403);
    const reshare = await inject('PUT', '/api/crm/sharing', bearer(child), { share_with_related: true });
    expect(json(reshare)).toMatchObject({ code: 'settings.crm_sharing_related', field: 'share_with_related' });
    expect(
      (await ctx.db.query(`SELECT 1 FROM settings_crm_connections WHERE user_id = $1 AND provider = 'ghl'`, [parentId]))
        .rowCount,
    ).toBe(1);
    expect(
      (await inject('PUT', '/api/crm/sharing', bearer(parent), { share_with_related: 'yes' })).json(),
    ).toMatchObject({ field: 'share_with_related' });
  });

  it("another parent's related account never sees or uses them", async () => {
    expect(await ghl(otherChild.headers)).toMatchObject({
      connected: false,
      shared: false,
      sharing: { shared_by: 'Test Account' },
    });
    const list = await peopleList(otherChild.headers, ['Other Child Lead']);
    const res = await sendCrm(otherChild.headers, list);
    expect(json(res)).toMatchObject({ code: 'leadSearch.crm_connect_first' });
    expect((await inject('DELETE', '/api/crm/connections/ghl', otherChild.headers)).statusCode).toBe(200);
    expect(
      (await ctx.db.query(`SELECT 1 FROM settings_crm_connections WHERE user_id = $1 AND provider = 'ghl'`, [parentId]))
        .rowCount,
    ).toBe(1);
  });

  it('turning sharing off stops a send under way and refuses the next one with the reason', async () => {
    const list = await peopleList(bearer(child), ['Grace Stopped']);
    expect((await sendCrm(bearer(child), list)).statusCode).toBe(202);
    const off = await inject('PUT', '/api/crm/sharing', bearer(parent), { share_with_related: false });
    expect(json(off)).toMatchObject({
      share_with_related: false,
      message: 'Related accounts can no longer use your CRM connections.',
    });
    await ctx.app.queue.drain();
    expect(await statuses(bearer(child), list.id)).toEqual([['Grace Stopped', 'unsent', 'not_connected']]);
    expect(received('code-parent')).not.toContain('Grace Stopped');
    expect(await ghl(bearer(child))).toMatchObject({ connected: false, shared: false, sharing: { shared_by: null } });
    const next = await sendCrm(bearer(child), list);
    expect(json(next)).toMatchObject({ code: 'leadSearch.crm_not_shared', field: 'provider' });
  });

  it('its own connection to a CRM comes first, shared or not', async () => {
    await inject('PUT', '/api/crm/sharing', bearer(parent), { share_with_related: true });
    await connect(child, 'code-child');
    expect(await ghl(bearer(child))).toMatchObject({ connected: true, shared: false });
    const list = await peopleList(bearer(child), ['Own Connection']);
    expect((await sendCrm(bearer(child), list)).statusCode).toBe(202);
    await ctx.app.queue.drain();
    expect(received('code-child')).toEqual(['Own Connection']);
    expect(received('code-parent')).not.toContain('Own Connection');
    // Its own connection it may disconnect; the parent's shared one is listed again.
    expect((await inject('DELETE', '/api/crm/connections/ghl', bearer(child))).statusCode).toBe(200);
    expect(await ghl(bearer(child))).toMatchObject({ connected: true, shared: true });
  });
});
