import type { ApiPage } from '../../shared/src/api/contract';
import { seedAdminDemo } from '../src/modules/admin/demoData.service';
import { bearer, createTestApp, DEMO, json, login, type TestContext } from './helpers';

type Item = Record<string, unknown> & { id: number };

describe('admin topics, partners and reports', () => {
  let ctx: TestContext;
  let admin = '';
  const get = (url: string) => ctx.app.inject({ url, headers: bearer(admin) });
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(admin), ...(payload ? { payload } : {}) });
  const audit = async (entity: string, id: number) =>
    json<ApiPage<{ action: string; before: object | null; after: object | null; entity_label: string }>>(
      await get(`/api/admin/audit-log?entity=${entity}&entity_id=${id}`),
    ).data;

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await login(ctx.app, DEMO.admin);
  }, 120_000);
  afterAll(() => ctx.close(), 60_000);

  test('topics: create, list in position order, edit, delete — each audited', async () => {
    const b = json<{ item: Item }>(await send('POST', '/api/admin/topics', { title: 'Second', position: 2 })).item;
    const a = json<{ item: Item }>(
      await send('POST', '/api/admin/topics', { title: 'First', description: 'Start here', position: 1, shown: false }),
    ).item;
    expect(a).toMatchObject({ title: 'First', description: 'Start here', position: 1, shown: false });
    const list = json<ApiPage<Item>>(await get('/api/admin/topics'));
    expect(list.data.map((t) => t.title)).toEqual(['First', 'Second']);
    const edited = json<{ item: Item }>(
      await send('PUT', `/api/admin/topics/${b.id}`, { title: 'Second, renamed', shown: false }),
    ).item;
    expect(edited).toMatchObject({ title: 'Second, renamed', shown: false });
    expect((await send('DELETE', `/api/admin/topics/${a.id}`)).statusCode).toBe(200);
    expect((await get(`/api/admin/topics/${a.id}`)).statusCode).toBe(404);
    expect((await audit('topic', b.id)).map((e) => e.action)).toEqual(['update', 'create']);
    expect((await audit('topic', b.id))[0]).toMatchObject({
      before: { title: 'Second', shown: true },
      after: { title: 'Second, renamed', shown: false },
    });
    expect((await audit('topic', a.id))[0]).toMatchObject({ action: 'delete', entity_label: 'First' });
    const bad = await send('POST', '/api/admin/topics', { title: '', position: -1, colour: 'red' });
    expect(bad.statusCode).toBe(400);
  });

  test('users see the shown topics in order (GET /api/topics); drafts never', async () => {
    const customer = await login(ctx.app, DEMO.customer);
    const topics = async () =>
      json<{ data: { id: number; title: string; description: string | null }[] }>(
        await ctx.app.inject({ url: '/api/topics', headers: bearer(customer) }),
      ).data;
    const draft = json<{ item: Item }>(
      await send('POST', '/api/admin/topics', { title: 'Draft topic', position: 0, shown: false }),
    ).item;
    const later = json<{ item: Item }>(
      await send('POST', '/api/admin/topics', { title: 'Later topic', description: 'Read me', position: 9000 }),
    ).item;
    const early = json<{ item: Item }>(
      await send('POST', '/api/admin/topics', { title: 'Early topic', position: 1 }),
    ).item;
    let seen = (await topics()).filter((t) => [draft.id, later.id, early.id].includes(t.id));
    expect(seen).toEqual([
      { id: early.id, title: 'Early topic', description: null },
      { id: later.id, title: 'Later topic', description: 'Read me' },
    ]);
    // Shown by the admin: now users see it; hidden again: gone.
    await send('PUT', `/api/admin/topics/${draft.id}`, { shown: true });
    await send('PUT', `/api/admin/topics/${early.id}`, { shown: false });
    seen = (await topics()).filter((t) => [draft.id, later.id, early.id].includes(t.id));
    expect(seen.map((t) => t.title)).toEqual(['Draft topic', 'Later topic']);
    expect((await ctx.app.inject({ url: '/api/topics' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/api/topics?page=2', headers: bearer(customer) })).statusCode).toBe(400);
    for (const t of [draft, later, early]) await send('DELETE', `/api/admin/topics/${t.id}`);
  });

  test('partners: unique referral code (422 on the field), referred users block deletion, unknown partner refused on users', async () => {
    const partner = json<{ item: Item }>(
      await send('POST', '/api/admin/partners', {
        name: 'Acme Referrals',
        referral_code: 'ACME',
        commission_percent: 12,
      }),
    ).item;
    expect(partner).toMatchObject({
      name: 'Acme Referrals',
      referral_code: 'ACME',
      commission_percent: 12,
      active: true,
      referred_users: 0,
    });
    const clash = await send('POST', '/api/admin/partners', { name: 'Other', referral_code: 'acme' });
    expect(clash.statusCode).toBe(422);
    expect(json(clash)).toMatchObject({ code: 'admin.referral_code_taken', field: 'referral_code' });
    expect((await send('POST', '/api/admin/partners', { name: 'Bad', referral_code: 'has space' })).statusCode).toBe(
      400,
    );

    const basic = json<ApiPage<{ id: number }>>(await get('/api/admin/users?search=basic')).data[0]!;
    const unknown = await send('PUT', `/api/admin/users/${basic.id}`, { referral_partner_id: 9999 });
    expect(json(unknown)).toMatchObject({ code: 'admin.partner_invalid', field: 'referral_partner_id' });
    expect((await send('PUT', `/api/admin/users/${basic.id}`, { referral_partner_id: partner.id })).statusCode).toBe(
      200,
    );
    expect(json<Item>(await get(`/api/admin/partners/${partner.id}`)).referred_users).toBe(1);
    const refused = await send('DELETE', `/api/admin/partners/${partner.id}`);
    expect(refused.statusCode).toBe(422);
    expect(json(refused)).toMatchObject({ code: 'admin.partner_in_use' });

    const report = json<ApiPage<{ partner_id: number; active_users: number }> & { unattributed: number }>(
      await get('/api/admin/reports/user-referrals'),
    );
    expect(report.data.find((r) => r.partner_id === partner.id)).toMatchObject({ active_users: 1 });
    expect(report.unattributed).toBe(3);

    await send('PUT', `/api/admin/users/${basic.id}`, { referral_partner_id: null });
    expect((await send('DELETE', `/api/admin/partners/${partner.id}`)).statusCode).toBe(200);
  });

  test('subscriptions report: summary by status and the subscribers, filtered and paginated', async () => {
    await seedAdminDemo(ctx.db, ctx.clock);
    const all = json<
      ApiPage<{ subscription_status: string | null }> & { summary: { status: string; count: number }[] }
    >(await get('/api/admin/reports/subscriptions?pageSize=5'));
    expect(all.data).toHaveLength(5);
    const summed = all.summary.reduce((s, r) => s + r.count, 0);
    expect(summed).toBe(all.total);
    const canceled = json<ApiPage<{ subscription_status: string | null }>>(
      await get('/api/admin/reports/subscriptions?status=canceled'),
    );
    expect(canceled.total).toBe(all.summary.find((s) => s.status === 'canceled')!.count);
    expect(canceled.data.every((r) => r.subscription_status === 'canceled')).toBe(true);
    const none = json<ApiPage<{ subscription_status: string | null }>>(
      await get('/api/admin/reports/subscriptions?status=none'),
    );
    expect(none.data.every((r) => r.subscription_status === null)).toBe(true);
    const referrals = json<ApiPage<{ name: string; active_users: number }>>(
      await get('/api/admin/reports/user-referrals'),
    );
    expect(referrals.data.filter((r) => r.active_users > 0).length).toBeGreaterThanOrEqual(2);
  });
});

describe('admin default prompts and searchers', () => {
  let ctx: TestContext;
  let admin = '';
  const get = (url: string) => ctx.app.inject({ url, headers: bearer(admin) });
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(admin), ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await login(ctx.app, DEMO.admin);
  }, 120_000);
  afterAll(() => ctx.close(), 60_000);

  test('prompts: created by type and list type, filtered (library), audited', async () => {
    const created = await send('POST', '/api/admin/ai-prompts', {
      title: 'Lib one',
      prompt_type: 'library',
      list_type: 'people',
      prompt: 'Say hi to {first_name}',
    });
    expect(created.statusCode).toBe(201);
    const id = json<{ item: Item }>(created).item.id;
    await send('POST', '/api/admin/ai-prompts', {
      title: 'Summary',
      prompt_type: 'summary',
      list_type: 'company',
      prompt: 'Summarise {company}',
    });
    const library = json<ApiPage<Item>>(await get('/api/admin/ai-prompts?prompt_type=library'));
    expect(library.data.map((p) => p.title)).toEqual(['Lib one']);
    expect((await get('/api/admin/ai-prompts?prompt_type=poem')).statusCode).toBe(400);
    const bad = await send('POST', '/api/admin/ai-prompts', {
      title: 'X',
      prompt_type: 'summary',
      list_type: 'planets',
      prompt: '',
    });
    expect(bad.statusCode).toBe(400);
    expect(json<{ errors: { field: string }[] }>(bad).errors.map((e) => e.field)).toEqual(
      expect.arrayContaining(['list_type', 'prompt']),
    );
    await send('PUT', `/api/admin/ai-prompts/${id}`, { prompt: 'Say hello to {first_name}' });
    const history = json<ApiPage<{ action: string; after: Record<string, unknown> }>>(
      await get(`/api/admin/audit-log?entity=prompt&entity_id=${id}`),
    );
    expect(history.data[0]).toMatchObject({ action: 'update', after: { prompt: 'Say hello to {first_name}' } });
  });

  test('searchers: users ranked by searches in the period', async () => {
    await seedAdminDemo(ctx.db, ctx.clock);
    const page = json<ApiPage<{ searches: number; credits_used: number; email: string }>>(
      await get('/api/admin/searchers?days=90&pageSize=5'),
    );
    expect(page.data).toHaveLength(5);
    expect(page.total).toBeGreaterThan(20);
    for (let i = 1; i < page.data.length; i++)
      expect(page.data[i - 1]!.searches).toBeGreaterThanOrEqual(page.data[i]!.searches);
    const one = json<ApiPage<{ email: string }>>(await get('/api/admin/searchers?days=365&search=demo-02'));
    expect(one.data.map((r) => r.email)).toEqual(['demo-02@demo.leadsmith.test']);
    expect((await get('/api/admin/searchers?days=12')).statusCode).toBe(400);
  });
});

describe('admin training content', () => {
  let ctx: TestContext;
  let admin = '';
  const get = (url: string) => ctx.app.inject({ url, headers: bearer(admin) });
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(admin), ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await login(ctx.app, DEMO.admin);
  }, 120_000);
  afterAll(() => ctx.close(), 60_000);

  test('pages belong to their course: another course id answers 404 on read, edit and delete', async () => {
    const a = json<{ item: Item }>(await send('POST', '/api/admin/courses', { title: 'Course A' })).item;
    const b = json<{ item: Item }>(await send('POST', '/api/admin/courses', { title: 'Course B' })).item;
    const page = json<{ item: Item }>(
      await send('POST', `/api/admin/courses/${a.id}/pages`, { title: 'Intro', content: 'Hello', status: 'draft' }),
    ).item;
    expect(page).toMatchObject({ title: 'Intro', status: 'draft', course_id: a.id });
    expect((await get(`/api/admin/courses/${a.id}/pages/${page.id}`)).statusCode).toBe(200);
    expect((await get(`/api/admin/courses/${b.id}/pages/${page.id}`)).statusCode).toBe(404);
    expect((await send('PUT', `/api/admin/courses/${b.id}/pages/${page.id}`, { status: 'shown' })).statusCode).toBe(
      404,
    );
    expect((await send('DELETE', `/api/admin/courses/${b.id}/pages/${page.id}`)).statusCode).toBe(404);
    expect((await get('/api/admin/courses/9999/pages')).statusCode).toBe(404);
    expect((await send('POST', '/api/admin/courses/9999/pages', { title: 'Lost' })).statusCode).toBe(404);
    expect(json<ApiPage<Item>>(await get(`/api/admin/courses/${b.id}/pages`)).total).toBe(0);

    expect(
      json<{ item: Item }>(await send('PUT', `/api/admin/courses/${a.id}/pages/${page.id}`, { status: 'shown' })).item
        .status,
    ).toBe('shown');
    expect(
      json<ApiPage<Item>>(await get(`/api/admin/courses/${a.id}/pages?status=shown`)).data.map((p) => p.title),
    ).toEqual(['Intro']);
    expect(json<Item>(await get(`/api/admin/courses/${a.id}`)).pages_count).toBe(1);

    const history = json<ApiPage<{ entity: string; action: string; entity_label: string }>>(
      await get('/api/admin/audit-log?entity=course&entity=page'),
    );
    expect(history.data.map((h) => `${h.entity}:${h.action}:${h.entity_label}`)).toEqual([
      'page:update:Intro',
      'page:create:Intro',
      'course:create:Course B',
      'course:create:Course A',
    ]);
  });
});
