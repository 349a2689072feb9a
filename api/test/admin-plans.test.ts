import type { ApiPage, ApiResponse } from '../../shared/src/api/contract';
import { bearer, createTestApp, DEMO, json, login, type TestContext } from './helpers';

type Plan = ApiResponse<'/api/admin/plans/{id}', 'get'>;

describe('admin plans', () => {
  let ctx: TestContext;
  let admin = '';
  const get = (url: string) => ctx.app.inject({ url, headers: bearer(admin) });
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(admin), ...(payload ? { payload } : {}) });
  const create = async (payload: object): Promise<Plan> => {
    const response = await send('POST', '/api/admin/plans', payload);
    expect(response.statusCode).toBe(201);
    return json<{ plan: Plan }>(response).plan;
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await login(ctx.app, DEMO.admin);
  }, 120_000);
  afterAll(() => ctx.close(), 60_000);

  test('create with every spec field; audited', async () => {
    const plan = await create({
      name: 'Agency Pro',
      created_by: 'partner',
      available_for: 'resellers',
      allow_related_accounts: true,
      payment_product_id: 'prod_123',
      crm_plan_id: 'crm_9',
    });
    expect(plan).toMatchObject({
      name: 'Agency Pro',
      created_by: 'partner',
      available_for: 'resellers',
      allow_related_accounts: true,
      payment_product_id: 'prod_123',
      crm_plan_id: 'crm_9',
      users_count: 0,
    });
    const audit = json<ApiPage<{ action: string; entity_id: number; after: Record<string, unknown> }>>(
      await get(`/api/admin/audit-log?entity=plan&entity_id=${plan.id}`),
    );
    expect(audit.data[0]).toMatchObject({
      action: 'create',
      entity_id: plan.id,
      after: { name: 'Agency Pro', payment_product_id: 'prod_123' },
    });
  });

  test('validation: 400 naming the fields', async () => {
    const response = await send('POST', '/api/admin/plans', {
      name: ' ',
      created_by: 'someone',
      available_for: 'everyone',
    });
    expect(response.statusCode).toBe(400);
    const fields = json<{ errors: { field: string }[] }>(response).errors.map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['name', 'created_by', 'available_for']));
  });

  test('edit: changes audited with before/after; unknown id 404', async () => {
    const plan = await create({ name: 'Starter', created_by: 'system', available_for: 'customers' });
    const response = await send('PUT', `/api/admin/plans/${plan.id}`, { name: 'Starter+', crm_plan_id: 'crm_1' });
    expect(json<{ plan: Plan }>(response).plan).toMatchObject({ name: 'Starter+', crm_plan_id: 'crm_1' });
    const audit = json<ApiPage<{ action: string; before: object; after: object }>>(
      await get(`/api/admin/audit-log?entity=plan&entity_id=${plan.id}`),
    );
    expect(audit.data[0]).toMatchObject({
      action: 'update',
      before: { name: 'Starter', crm_plan_id: null },
      after: { name: 'Starter+', crm_plan_id: 'crm_1' },
    });
    expect((await send('PUT', '/api/admin/plans/9999', { name: 'X' })).statusCode).toBe(404);
    expect((await get('/api/admin/plans/9999')).statusCode).toBe(404);
  });

  test('a plan in use cannot be deleted (422); once unused it can, audited', async () => {
    const plan = await create({ name: 'In use', created_by: 'system', available_for: 'customers' });
    const users = json<ApiPage<{ id: number; email: string }>>(await get('/api/admin/users?search=basic'));
    const basic = users.data[0]!;
    expect((await send('PUT', `/api/admin/users/${basic.id}`, { plan_id: plan.id })).statusCode).toBe(200);
    expect(json<Plan>(await get(`/api/admin/plans/${plan.id}`)).users_count).toBe(1);

    const refused = await send('DELETE', `/api/admin/plans/${plan.id}`);
    expect(refused.statusCode).toBe(422);
    expect(json(refused)).toMatchObject({ code: 'admin.plan_in_use', message: 'Plan cannot be deleted while in use' });
    const german = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/plans/${plan.id}`,
      headers: { ...bearer(admin), 'user-language': 'de' },
    });
    expect(json(german)).toMatchObject({ message: 'Der Tarif kann nicht gelöscht werden, solange er verwendet wird' });

    await send('PUT', `/api/admin/users/${basic.id}`, { plan_id: null });
    const deleted = await send('DELETE', `/api/admin/plans/${plan.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await get(`/api/admin/plans/${plan.id}`)).statusCode).toBe(404);
    const audit = json<ApiPage<{ action: string; before: object; entity_label: string }>>(
      await get(`/api/admin/audit-log?entity=plan&entity_id=${plan.id}`),
    );
    expect(audit.data[0]).toMatchObject({ action: 'delete', before: { name: 'In use' }, entity_label: 'In use' });
  });

  test('a deleted user still holds the plan (restore keeps it), so the plan stays undeletable', async () => {
    const plan = await create({ name: 'Held', created_by: 'system', available_for: 'customers' });
    const created = await send('POST', '/api/admin/users', {
      email: 'holder@leadsmith.test',
      password: 'secret-pass',
      first_name: 'Hold',
      modules: [],
      plan_id: plan.id,
    });
    const user = json<{ user: { id: number } }>(created).user;
    await send('DELETE', `/api/admin/users/${user.id}`);
    expect((await send('DELETE', `/api/admin/plans/${plan.id}`)).statusCode).toBe(422);
  });

  test('a second plan of the same name is refused on its name field (409), also by renaming; translated', async () => {
    const first = await create({ name: 'Unique Gold', created_by: 'system', available_for: 'customers' });
    const again = await send('POST', '/api/admin/plans', {
      name: ' unique gold ',
      created_by: 'partner',
      available_for: 'resellers',
    });
    expect(again.statusCode).toBe(409);
    expect(json(again)).toMatchObject({
      code: 'admin.plan_name_taken',
      field: 'name',
      message: 'A plan with this name already exists: choose another name',
    });
    const other = await create({ name: 'Unique Silver', created_by: 'system', available_for: 'customers' });
    const renamed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/plans/${other.id}`,
      headers: { ...bearer(admin), 'user-language': 'fr' },
      payload: { name: 'UNIQUE GOLD' },
    });
    expect(renamed.statusCode).toBe(409);
    expect(json(renamed)).toMatchObject({
      field: 'name',
      message: 'Un forfait porte déjà ce nom : choisissez-en un autre',
    });
    // Nothing was written: one Gold, Silver keeps its name, and saving a plan under its own name still works.
    expect(json<ApiPage<Plan>>(await get('/api/admin/plans?search=unique%20gold')).total).toBe(1);
    expect(json<Plan>(await get(`/api/admin/plans/${other.id}`)).name).toBe('Unique Silver');
    expect(
      (await send('PUT', `/api/admin/plans/${first.id}`, { name: 'Unique Gold', crm_plan_id: 'crm_gold' })).statusCode,
    ).toBe(200);
  });

  test('modules: a plan grants its modules to the users on it, in module gating, while they are on it (ADR 050)', async () => {
    const plan = await create({
      name: 'AI Bundle',
      created_by: 'system',
      available_for: 'customers',
      modules: ['ai_suggest', 'wallet'],
    });
    expect(plan.modules).toEqual(['ai_suggest', 'wallet']);
    const audit = json<ApiPage<{ action: string; after: Record<string, unknown> }>>(
      await get(`/api/admin/audit-log?entity=plan&entity_id=${plan.id}`),
    );
    expect(audit.data[0]?.after).toMatchObject({ modules: ['ai_suggest', 'wallet'] });
    const refused = await send('PUT', `/api/admin/plans/${plan.id}`, { modules: ['leads', 'admin'] });
    expect(refused.statusCode).toBe(400);
    expect(json<{ errors: { field: string }[] }>(refused).errors.map((e) => e.field)).toEqual(['modules.1']);

    const created = await send('POST', '/api/admin/users', {
      email: 'plan.modules@leadsmith.test',
      password: 'secret-pass',
      first_name: 'Mo',
      modules: ['leads'],
    });
    const user = json<{ user: { id: number } }>(created).user;
    const token = await login(ctx.app, { email: 'plan.modules@leadsmith.test', password: 'secret-pass' });
    const me = async () =>
      json<{ permissions: string[] }>(await ctx.app.inject({ url: '/api/me', headers: bearer(token) })).permissions;
    const aiStatus = async () => (await ctx.app.inject({ url: '/api/ai/status', headers: bearer(token) })).statusCode;
    expect(await me()).toEqual(['leads']);
    expect(await aiStatus()).toBe(403);

    expect((await send('PUT', `/api/admin/users/${user.id}`, { plan_id: plan.id })).statusCode).toBe(200);
    expect(await me()).toEqual(['ai_suggest', 'leads', 'wallet']);
    expect(await aiStatus()).toBe(200);
    // The user's own modules stay its own: the admin's user form edits those, the plan's come on top.
    expect(json<{ modules: string[] }>(await get(`/api/admin/users/${user.id}`)).modules).toEqual(['leads']);
    // The admin users list shows what each user holds (own + plan), and its module filter reads the same.
    type Listed = { id: number; modules: string[]; held_modules: string[] };
    const listed = json<ApiPage<Listed>>(await get('/api/admin/users?search=plan.modules&module=ai_suggest')).data;
    expect(listed.map((u) => [u.id, u.modules, u.held_modules])).toEqual([
      [user.id, ['leads'], ['ai_suggest', 'leads', 'wallet']],
    ]);

    // Taking a module off the plan takes it from its users at once; so does taking the user off the plan.
    const changed = await send('PUT', `/api/admin/plans/${plan.id}`, { modules: ['wallet'] });
    expect(json<{ plan: Plan }>(changed).plan.modules).toEqual(['wallet']);
    expect(await aiStatus()).toBe(403);
    expect(await me()).toEqual(['leads', 'wallet']);
    await send('PUT', `/api/admin/users/${user.id}`, { plan_id: null });
    expect(await me()).toEqual(['leads']);
    expect(json<ApiPage<Listed>>(await get('/api/admin/users?search=plan.modules')).data[0]?.held_modules).toEqual([
      'leads',
    ]);
    expect(json<ApiPage<Listed>>(await get('/api/admin/users?search=plan.modules&module=ai_suggest')).total).toBe(0);
  });

  test('list: paginated and filtered', async () => {
    const page = json<ApiPage<Plan>>(await get('/api/admin/plans?pageSize=2'));
    expect(page.data).toHaveLength(2);
    expect(page.total).toBeGreaterThanOrEqual(3);
    const partner = json<ApiPage<Plan>>(await get('/api/admin/plans?created_by=partner'));
    expect(partner.data.every((p) => p.created_by === 'partner')).toBe(true);
    const search = json<ApiPage<Plan>>(await get('/api/admin/plans?search=agency'));
    expect(search.data.map((p) => p.name)).toEqual(['Agency Pro']);
  });
});
