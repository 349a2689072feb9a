import type { ApiPage, ApiResponse } from '../../shared/src/api/contract';
import { bearer, createTestApp, DEMO, json, login, type TestContext } from './helpers';

type AdminUser = ApiResponse<'/api/admin/users/{id}', 'get'>;
type Audit = ApiResponse<'/api/admin/audit-log', 'get'>['data'][number];

describe('admin users', () => {
  let ctx: TestContext;
  let admin = '';
  const get = (url: string, token = admin) => ctx.app.inject({ url, headers: bearer(token) });
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
    ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const history = async (id: number) =>
    json<ApiPage<Audit>>(await get(`/api/admin/audit-log?entity=user&entity_id=${id}`)).data;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await login(ctx.app, DEMO.admin);
  }, 120_000);
  afterAll(() => ctx.close(), 60_000);

  async function create(email: string, extra: object = {}): Promise<AdminUser> {
    const response = await send('POST', '/api/admin/users', {
      email,
      password: 'secret-pass',
      first_name: 'New',
      last_name: 'Person',
      modules: ['leads'],
      ...extra,
    });
    expect(response.statusCode).toBe(201);
    return json<{ user: AdminUser }>(response).user;
  }

  test('lists users with server-side pagination, search and filters', async () => {
    const all = json<ApiPage<AdminUser>>(await get('/api/admin/users?pageSize=2'));
    expect(all).toMatchObject({ currentPage: 1, pageSize: 2, total: 4 });
    expect(all.data).toHaveLength(2);
    const second = json<ApiPage<AdminUser>>(await get('/api/admin/users?pageSize=2&page=2'));
    expect(second.data.map((u) => u.id)).not.toEqual(all.data.map((u) => u.id));
    const search = json<ApiPage<AdminUser>>(await get('/api/admin/users?search=casey'));
    expect(search.data.map((u) => u.email)).toEqual([DEMO.customer.email]);
    const withAdmin = json<ApiPage<AdminUser>>(await get('/api/admin/users?module=admin'));
    expect(withAdmin.data.map((u) => u.email)).toEqual([DEMO.admin.email]);
    // Only the admin signed in (beforeAll): the others have never logged in.
    const recent = json<ApiPage<AdminUser>>(await get('/api/admin/users?last_login=7'));
    expect(recent.data.map((u) => u.email)).toEqual([DEMO.admin.email]);
    const never = json<ApiPage<AdminUser>>(await get('/api/admin/users?last_login=never'));
    expect(never.total).toBe(3);
  });

  test('bad filters are refused with 400 naming the field', async () => {
    const response = await get('/api/admin/users?last_login=12');
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(json(response))).toContain('last_login');
    expect((await get('/api/admin/users?pageSize=1000')).statusCode).toBe(400);
  });

  test('create: chosen modules and password work at sign-in; audit row written; duplicate email is 422', async () => {
    const user = await create('made-by-admin@leadsmith.test', {
      modules: ['leads', 'ai_suggest'],
      search_limit: 500,
      sub_account_limit: 3,
    });
    expect(user.modules).toEqual(['ai_suggest', 'leads']);
    const token = await login(ctx.app, { email: 'made-by-admin@leadsmith.test', password: 'secret-pass' });
    const me = json<{ permissions: string[] }>(await get('/api/me', token));
    expect(me.permissions).toEqual(['ai_suggest', 'leads']);
    const rows = await history(user.id);
    expect(rows[0]).toMatchObject({
      action: 'create',
      entity: 'user',
      entity_id: user.id,
      actor: { email: DEMO.admin.email },
      before: null,
    });
    expect(rows[0]!.after).toMatchObject({ email: 'made-by-admin@leadsmith.test', search_limit: 500 });
    expect(JSON.stringify(rows[0])).not.toContain('secret-pass');
    const again = await send('POST', '/api/admin/users', {
      email: 'MADE-BY-ADMIN@leadsmith.test',
      password: 'secret-pass',
      first_name: 'X',
      modules: [],
    });
    expect(again.statusCode).toBe(422);
    expect(json(again)).toMatchObject({ code: 'email_taken', field: 'email' });
  });

  test('a blank last name is stored as empty, not refused by the database', async () => {
    const response = await send('POST', '/api/admin/users', {
      email: 'no-last-name@leadsmith.test',
      password: 'secret-pass',
      first_name: 'Solo',
      last_name: '  ',
      modules: [],
    });
    expect(response.statusCode).toBe(201);
    const { user } = json<{ user: { id: number; last_name: string } }>(response);
    expect(user.last_name).toBe('');
    const edited = await send('PUT', `/api/admin/users/${user.id}`, { last_name: '' });
    expect(edited.statusCode).toBe(200);
  });

  test('create validates the body (400 with fields)', async () => {
    const response = await send('POST', '/api/admin/users', {
      email: 'not-an-email',
      password: '123',
      modules: ['nope'],
    });
    expect(response.statusCode).toBe(400);
    const fields = json<{ errors: { field: string }[] }>(response).errors.map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['email', 'password', 'first_name']));
  });

  test('edit: implied fields saved, only changes audited with before/after', async () => {
    const user = await create('edit-me@leadsmith.test');
    const reseller = json<ApiPage<AdminUser>>(await get('/api/admin/users?search=riley')).data[0]!;
    const response = await send('PUT', `/api/admin/users/${user.id}`, {
      license_expires_at: '2027-01-31',
      subscription_status: 'active',
      parent_id: reseller.id,
      additional_query_count: 40,
      search_limit: 900,
      crm_plan_id: 'crm-42',
    });
    expect(response.statusCode).toBe(200);
    const after = json<{ user: AdminUser }>(response).user;
    expect(after).toMatchObject({
      parent_id: reseller.id,
      additional_query_count: 40,
      license_expires_at: '2027-01-31T00:00:00.000Z',
    });
    const [latest] = await history(user.id);
    expect(latest).toMatchObject({
      action: 'update',
      before: { search_limit: null, parent_id: null, crm_plan_id: null },
      after: { search_limit: 900, crm_plan_id: 'crm-42' },
    });
    expect(Object.keys(latest!.after!)).not.toContain('email');
  });

  test('edit refuses itself as parent and unknown plans (422 with field); unknown id is 404', async () => {
    const user = await create('parent-check@leadsmith.test');
    const self = await send('PUT', `/api/admin/users/${user.id}`, { parent_id: user.id });
    expect(self.statusCode).toBe(422);
    expect(json(self)).toMatchObject({ code: 'admin.parent_invalid', field: 'parent_id' });
    const plan = await send('PUT', `/api/admin/users/${user.id}`, { plan_id: 9999 });
    expect(json(plan)).toMatchObject({ code: 'admin.plan_invalid', field: 'plan_id' });
    expect((await send('PUT', '/api/admin/users/99999', { first_name: 'Ghost' })).statusCode).toBe(404);
    expect((await get('/api/admin/users/99999')).statusCode).toBe(404);
  });

  test('delete is soft: the user cannot sign in, is listed as deleted, and restore brings them back with their data', async () => {
    const user = await create('delete-me@leadsmith.test', { search_limit: 321 });
    const token = await login(ctx.app, { email: 'delete-me@leadsmith.test', password: 'secret-pass' });
    const deleted = await send('DELETE', `/api/admin/users/${user.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(json(deleted)).toMatchObject({ code: 'admin.user_deleted' });
    expect((await get('/api/me', token)).statusCode).toBe(401);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/auth/login',
          payload: { email: 'delete-me@leadsmith.test', password: 'secret-pass' },
        })
      ).statusCode,
    ).toBe(401);
    const listed = json<ApiPage<AdminUser>>(await get('/api/admin/users?status=deleted'));
    expect(listed.data.map((u) => u.id)).toContain(user.id);
    expect((await send('DELETE', `/api/admin/users/${user.id}`)).statusCode).toBe(422);

    const restored = await send('POST', `/api/admin/users/${user.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(json<{ user: AdminUser }>(restored).user).toMatchObject({
      deleted_at: null,
      search_limit: 321,
      modules: ['leads'],
    });
    await login(ctx.app, { email: 'delete-me@leadsmith.test', password: 'secret-pass' });
    expect((await send('POST', `/api/admin/users/${user.id}/restore`)).statusCode).toBe(422);
    expect((await history(user.id)).map((a) => a.action).slice(0, 2)).toEqual(['restore', 'delete']);
  });

  test('an admin cannot delete their own account', async () => {
    const me = json<{ id: number }>(await get('/api/me'));
    const response = await send('DELETE', `/api/admin/users/${me.id}`);
    expect(response.statusCode).toBe(422);
    expect(json(response)).toMatchObject({ code: 'admin.cannot_delete_self' });
  });

  test('reset limits zeroes usage (audited); with nothing to reset: No limits unused for user', async () => {
    const customer = json<ApiPage<AdminUser>>(await get('/api/admin/users?search=casey')).data[0]!;
    expect(customer.searches_used).toBe(620);
    const reset = await send('POST', `/api/admin/users/${customer.id}/reset-limits`);
    expect(reset.statusCode).toBe(200);
    expect(json<{ user: AdminUser }>(reset).user).toMatchObject({ searches_used: 0, last_reset_date: '2026-03-15' });
    expect((await history(customer.id))[0]).toMatchObject({
      action: 'reset_limits',
      before: { searches_used: 620 },
      after: { searches_used: 0 },
    });
    const again = await send('POST', `/api/admin/users/${customer.id}/reset-limits`);
    expect(again.statusCode).toBe(422);
    expect(json(again)).toMatchObject({ code: 'admin.no_limits_unused', message: 'No limits unused for user' });
  });

  test('remove additional requests', async () => {
    const user = await create('extra-requests@leadsmith.test', { additional_query_count: 25 });
    const response = await send('POST', `/api/admin/users/${user.id}/remove-additional-requests`);
    expect(json<{ user: AdminUser }>(response).user.additional_query_count).toBe(0);
    expect((await history(user.id))[0]).toMatchObject({
      action: 'remove_additional_requests',
      before: { additional_query_count: 25 },
      after: { additional_query_count: 0 },
    });
    expect((await send('POST', `/api/admin/users/${user.id}/remove-additional-requests`)).statusCode).toBe(422);
  });

  test('log in as a user: audited, gives their token; the admin token keeps working; logging the user out returns', async () => {
    const user = await create('impersonate-me@leadsmith.test', { modules: ['leads', 'wallet'] });
    const response = await send('POST', `/api/admin/users/${user.id}/impersonate`);
    expect(response.statusCode).toBe(200);
    const body = json<{ token: string; user: { id: number; permissions: string[] } }>(response);
    expect(body.user).toMatchObject({ id: user.id, permissions: ['leads', 'wallet'] });
    const me = json<{ email: string }>(await get('/api/me', body.token));
    expect(me.email).toBe('impersonate-me@leadsmith.test');
    expect((await get('/api/admin/users', body.token)).statusCode).toBe(403);
    expect((await history(user.id))[0]).toMatchObject({ action: 'impersonate', actor: { email: DEMO.admin.email } });
    await ctx.app.inject({ method: 'POST', url: '/auth/logout', headers: bearer(body.token) });
    expect((await get('/api/me', body.token)).statusCode).toBe(401);
    expect((await get('/api/admin/users')).statusCode).toBe(200);
  });

  test('cannot log in as a deleted or unknown user', async () => {
    const user = await create('gone@leadsmith.test');
    await send('DELETE', `/api/admin/users/${user.id}`);
    expect((await send('POST', `/api/admin/users/${user.id}/impersonate`)).statusCode).toBe(404);
    expect((await send('POST', '/api/admin/users/99999/impersonate')).statusCode).toBe(404);
  });

  test('history lists user changes newest first, paginated', async () => {
    const page = json<ApiPage<Audit>>(await get('/api/admin/audit-log?entity=user&pageSize=3'));
    expect(page.data).toHaveLength(3);
    expect(page.total).toBeGreaterThan(10);
    expect((await get('/api/admin/audit-log')).statusCode).toBe(400);
  });
});
