import { createTestApp, bearer, json, login, DEMO, type TestContext } from './helpers';

describe('API keys (/api/user-api-key) and key authentication', () => {
  let ctx: TestContext;
  let customer: string;
  let reseller: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    customer = await login(ctx.app, DEMO.customer);
    reseller = await login(ctx.app, DEMO.reseller);
  }, 120_000);
  afterAll(() => ctx.close(), 60_000);

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  it('creates a key shown once, stored hashed, listed with its dates', async () => {
    const bad = await call('POST', '/api/user-api-key', customer, { name: '' });
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toMatchObject({ field: 'name' });
    const res = await call('POST', '/api/user-api-key', customer, { name: 'Zapier' });
    expect(res.statusCode).toBe(201);
    const body = json<{
      key: string;
      data: { id: number; key_prefix: string; created_at: string; last_used_at: null; revoked_at: null };
    }>(res);
    expect(body.key).toMatch(/^lsk_[A-Za-z0-9_-]{43}$/);
    expect(body.key.startsWith(body.data.key_prefix)).toBe(true);
    const stored = await ctx.db.query<{ key_hash: string }>('SELECT key_hash FROM settings_api_keys WHERE id = $1', [
      body.data.id,
    ]);
    expect(stored.rows[0]!.key_hash).not.toContain(body.key.slice(4));
    const list = json<{ data: Record<string, unknown>[]; total: number }>(
      await call('GET', '/api/user-api-key', customer),
    );
    expect(list.total).toBe(1);
    expect(list.data[0]).toMatchObject({ name: 'Zapier', last_used_at: null, revoked_at: null });
    expect(list.data[0]).not.toHaveProperty('key');
    expect(list.data[0]).not.toHaveProperty('key_hash');
  });

  it('a key authenticates settings routes as its owner and records last use; a revoked key is refused', async () => {
    const { key, data } = json<{ key: string; data: { id: number } }>(
      await call('POST', '/api/user-api-key', customer, { name: 'Script' }),
    );
    const viaHeader = await ctx.app.inject({
      method: 'GET',
      url: '/api/business-details/data',
      headers: { 'x-api-key': key },
    });
    expect(viaHeader.statusCode).toBe(200);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/business-details/training-texts',
      headers: bearer(key),
      payload: { title: 'By key', content: 'x' },
    });
    expect(created.statusCode).toBe(201);
    // Written to the owner's account.
    const mine = json<{ data: { title: string }[] }>(
      await call('GET', '/api/business-details/training-texts', customer),
    );
    expect(mine.data.map((d) => d.title)).toContain('By key');
    const listed = json<{ data: { id: number; last_used_at: string | null }[] }>(
      await call('GET', '/api/user-api-key', customer),
    );
    expect(listed.data.find((k) => k.id === data.id)?.last_used_at).not.toBeNull();
    // A key cannot manage keys.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/user-api-key', headers: bearer(key) })).statusCode).toBe(
      401,
    );

    const revoked = await call('PUT', `/api/user-api-key/${data.id}`, customer, { revoked: true });
    expect(json(revoked)).toMatchObject({ code: 'settings.api_key_revoked', data: { revoked_at: expect.any(String) } });
    const refused = await ctx.app.inject({
      method: 'GET',
      url: '/api/business-details/data',
      headers: { 'x-api-key': key },
    });
    expect(refused.statusCode).toBe(401);
  });

  it('renames and deletes; another account gets 404', async () => {
    const { data } = json<{ data: { id: number } }>(await call('POST', '/api/user-api-key', customer, { name: 'Old' }));
    expect((await call('PUT', `/api/user-api-key/${data.id}`, reseller, { name: 'Stolen' })).statusCode).toBe(404);
    expect((await call('DELETE', `/api/user-api-key/${data.id}`, reseller)).statusCode).toBe(404);
    expect((await call('PUT', `/api/user-api-key/${data.id}`, customer, {})).statusCode).toBe(400);
    expect(json(await call('PUT', `/api/user-api-key/${data.id}`, customer, { name: 'New' }))).toMatchObject({
      data: { name: 'New', revoked_at: null },
    });
    expect((await call('DELETE', `/api/user-api-key/${data.id}`, customer)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/user-api-key/${data.id}`, customer)).statusCode).toBe(404);
    expect(json<{ total: number }>(await call('GET', '/api/user-api-key', reseller)).total).toBe(0);
  });

  it('an unknown key is 401', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/business-details/data',
      headers: { 'x-api-key': `lsk_${'a'.repeat(43)}` },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('PUT /api/user-password', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  }, 120_000);
  afterAll(() => ctx.close(), 60_000);

  it('validates, checks the current password, changes it and signs out other sessions', async () => {
    const token = await login(ctx.app, DEMO.basic);
    const other = await login(ctx.app, DEMO.basic);
    const put = (payload: object) =>
      ctx.app.inject({ method: 'PUT', url: '/api/user-password', headers: bearer(token), payload });
    const short = await put({ current_password: DEMO.basic.password, password: '123', password_confirmation: '123' });
    expect(short.statusCode).toBe(400);
    expect(json(short)).toMatchObject({ field: 'password' });
    const mismatch = await put({
      current_password: DEMO.basic.password,
      password: 'new-secret',
      password_confirmation: 'other-secret',
    });
    expect(json(mismatch)).toMatchObject({ field: 'password_confirmation' });
    const wrong = await put({
      current_password: 'nope-nope',
      password: 'new-secret',
      password_confirmation: 'new-secret',
    });
    expect(wrong.statusCode).toBe(422);
    expect(json(wrong)).toMatchObject({ field: 'current_password', code: 'settings.wrong_password' });
    const ok = await put({
      current_password: DEMO.basic.password,
      password: 'new-secret',
      password_confirmation: 'new-secret',
    });
    expect(ok.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(token) })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/me', headers: bearer(other) })).statusCode).toBe(401);
    await login(ctx.app, { email: DEMO.basic.email, password: 'new-secret' });
  });
});
