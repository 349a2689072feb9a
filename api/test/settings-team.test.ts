import { createTestApp, bearer, json, login, DEMO, type TestContext } from './helpers';

describe('team members (/api/team-members)', () => {
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
  const member = { first_name: 'Tina', last_name: 'Team', email: 'tina.team@leadsmith.test', access: ['leads'] };

  it("lists the owner's access options (never admin)", async () => {
    const res = json<{ access_options: string[]; total: number }>(await call('GET', '/api/team-members', customer));
    expect(res).toMatchObject({ access_options: ['leads', 'wallet'], total: 0 });
  });

  it("validates: at least one access option, only the owner's modules, same email, taken email", async () => {
    const none = await call('POST', '/api/team-members', customer, { ...member, access: [] });
    expect(none.statusCode).toBe(400);
    expect(json(none)).toMatchObject({
      field: 'access',
      errors: [{ field: 'access', message: 'Select at least one access option.' }],
    });
    const foreign = await call('POST', '/api/team-members', customer, { ...member, access: ['whitelabel'] });
    expect(json(foreign)).toMatchObject({ field: 'access' });
    const admin = await call('POST', '/api/team-members', customer, { ...member, access: ['admin'] });
    expect(json(admin)).toMatchObject({ field: 'access' });
    const same = await call('POST', '/api/team-members', customer, { ...member, email: DEMO.customer.email });
    expect(json(same)).toMatchObject({ code: 'settings.same_email', field: 'email' });
    const taken = await call('POST', '/api/team-members', customer, { ...member, email: DEMO.basic.email });
    expect(json(taken)).toMatchObject({ code: 'email_taken', field: 'email' });
    const missing = await call('POST', '/api/team-members', customer, {});
    expect(
      json<{ errors: { field: string }[] }>(missing)
        .errors.map((e) => e.field)
        .sort(),
    ).toEqual(['access', 'email', 'first_name', 'last_name']);
  });

  it('invites (email in the outbox), edits access, and removes; another account gets 404', async () => {
    const created = await call('POST', '/api/team-members', customer, member);
    expect(created.statusCode).toBe(201);
    const { data } = json<{ data: { id: number; access: string[] } }>(created);
    expect(data.access).toEqual(['leads']);
    const mail = await ctx.db.query<{ subject: string }>('SELECT subject FROM outbound_emails WHERE to_email = $1', [
      member.email,
    ]);
    expect(mail.rowCount).toBe(1);
    const row = await ctx.db.query<{ team_owner_id: number; user_type: string }>(
      'SELECT team_owner_id, user_type FROM users WHERE id = $1',
      [data.id],
    );
    expect(row.rows[0]).toMatchObject({ user_type: 'team_member' });

    expect(
      (
        await call('PUT', `/api/team-members/${data.id}`, reseller, {
          first_name: 'X',
          last_name: 'Y',
          access: ['leads'],
        })
      ).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/team-members/${data.id}`, reseller)).statusCode).toBe(404);
    expect(json<{ total: number }>(await call('GET', '/api/team-members', reseller)).total).toBe(0);

    const edited = await call('PUT', `/api/team-members/${data.id}`, customer, {
      first_name: 'Tina',
      last_name: 'Lead',
      access: ['leads', 'wallet'],
    });
    expect(json(edited)).toMatchObject({ data: { last_name: 'Lead', access: ['leads', 'wallet'] } });
    const list = json<{ data: { email: string }[]; total: number }>(
      await call('GET', '/api/team-members?page=1&pageSize=5', customer),
    );
    expect(list).toMatchObject({ total: 1, data: [{ email: member.email }] });

    expect((await call('DELETE', `/api/team-members/${data.id}`, customer)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/team-members/${data.id}`, customer)).statusCode).toBe(404);
  });

  it('a team member cannot manage a team (403)', async () => {
    const created = json<{ data: { id: number } }>(
      await call('POST', '/api/team-members', customer, { ...member, email: 'tom.team@leadsmith.test' }),
    );
    await ctx.db.query(
      "UPDATE users SET password_hash = (SELECT password_hash FROM users WHERE email = 'basic@leadsmith.test') WHERE id = $1",
      [created.data.id],
    );
    const token = await login(ctx.app, { email: 'tom.team@leadsmith.test', password: DEMO.basic.password });
    expect((await call('GET', '/api/team-members', token)).statusCode).toBe(403);
  });
});
