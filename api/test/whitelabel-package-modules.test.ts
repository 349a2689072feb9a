import { hashPassword } from '../src/auth/passwords';
import { grantPaidPeriod } from '../src/credits/periodGrant';
import { bearer, createTestApp, DEMO, json, login, type TestContext } from './helpers';
import { caller, otherReseller, PACKAGE } from './whitelabel-helpers';

type OwnPackage = { id: number; modules: string[]; unavailable_modules: string[] };
const DAY_MS = 86_400_000;

describe("a reseller's package grants chosen modules to its customers (ADR 050)", () => {
  let ctx: TestContext;
  let reseller: string;
  let other: string;
  let call: ReturnType<typeof caller>;
  beforeAll(async () => {
    ctx = await createTestApp({ config: { logLevel: 'silent' } });
    call = caller(ctx);
    reseller = await login(ctx.app, DEMO.reseller);
    other = await otherReseller(ctx, 'modules.reseller@leadsmith.test');
  }, 120_000);
  afterAll(() => ctx.close(), 60_000);

  it('grants the ticked modules while subscribed, withdraws one taken off at the next request, refuses one the reseller lacks', async () => {
    const created = await call('POST', '/api/whitelabel/packages', reseller, {
      ...PACKAGE,
      name: 'AI package',
      modules: ['ai_suggest', 'leads'],
    });
    expect(created.statusCode).toBe(201);
    const pkg = json<{ data: OwnPackage }>(created).data;
    expect(pkg.modules).toEqual(['ai_suggest', 'leads']);
    const listed = json<{ data: OwnPackage[] }>(await call('GET', '/api/whitelabel/packages', reseller)).data.find(
      (p) => p.id === pkg.id,
    );
    expect(listed?.modules).toEqual(['ai_suggest', 'leads']);

    const sub = await call('POST', '/api/whitelabel/subscriptions', reseller, {
      customer_name: 'Mo Dules',
      email: 'mo@package-modules.test',
      username: 'modules1',
      package_id: pkg.id,
    });
    expect(sub.statusCode).toBe(201);
    const customerId = json<{ data: { customer_id: number } }>(sub).data.customer_id;
    await ctx.db.query('UPDATE users SET password_hash = $2, email_verified_at = now() WHERE id = $1', [
      customerId,
      await hashPassword('module-pass'),
    ]);
    const token = await login(ctx.app, { email: 'mo@package-modules.test', password: 'module-pass' });
    const permissions = async () =>
      json<{ permissions: string[] }>(await ctx.app.inject({ url: '/api/me', headers: bearer(token) })).permissions;
    const aiStatus = async () => (await ctx.app.inject({ url: '/api/ai/status', headers: bearer(token) })).statusCode;
    expect(await permissions()).toEqual(['ai_suggest', 'leads', 'wallet']);
    expect(await aiStatus()).toBe(200);

    const changed = await call('PUT', `/api/whitelabel/packages/${pkg.id}`, reseller, {
      ...PACKAGE,
      name: 'AI package',
      modules: ['leads'],
    });
    expect(json<{ data: OwnPackage }>(changed).data.modules).toEqual(['leads']);
    expect(await aiStatus()).toBe(403);
    expect(await permissions()).toEqual(['leads', 'wallet']);

    // A reseller grants only what it holds: this one holds whitelabel and leads, not ai_suggest; whitelabel is never offered.
    const refused = await call('POST', '/api/whitelabel/packages', other, {
      ...PACKAGE,
      name: 'Not mine',
      modules: ['leads', 'ai_suggest'],
    });
    expect(refused.statusCode).toBe(422);
    expect(json(refused)).toMatchObject({
      code: 'whitelabel.module_not_held',
      field: 'modules.1',
      message: 'You can only grant modules your own account holds.',
    });
    const whitelabel = await call('POST', '/api/whitelabel/packages', other, {
      ...PACKAGE,
      name: 'Resell',
      modules: ['whitelabel'],
    });
    expect(whitelabel.statusCode).toBe(400);
    expect(json<{ errors: { field: string }[] }>(whitelabel).errors.map((e) => e.field)).toEqual(['modules.0']);
  });

  it('grants only what the reseller holds now: a module it lost shows as no longer available and reaches no customer, at once or at the next period', async () => {
    // A reseller holding every module a package can grant.
    const { rows } = await ctx.db.query<{ id: number }>(
      `INSERT INTO users (email, password_hash, first_name, last_name, role, user_type, email_verified_at, created_at, updated_at, can_create_related_accounts)
       VALUES ('losing.reseller@leadsmith.test', $1, 'Losing', 'Reseller', 'user', 'reseller', now(), now(), now(), true) RETURNING id`,
      [await hashPassword('losing-reseller-pw')],
    );
    const resellerId = rows[0]!.id;
    const setHeld = async (slugs: string[]) => {
      await ctx.db.query('DELETE FROM user_modules WHERE user_id = $1', [resellerId]);
      await ctx.db.query(
        'INSERT INTO user_modules (user_id, module_id) SELECT $1, id FROM modules WHERE slug = ANY($2::text[])',
        [resellerId, `{${slugs.join(',')}}`],
      );
    };
    await setHeld(['whitelabel', 'leads', 'wallet', 'ai_suggest']);
    const owner = await login(ctx.app, { email: 'losing.reseller@leadsmith.test', password: 'losing-reseller-pw' });
    const pkg = json<{ data: OwnPackage }>(
      await call('POST', '/api/whitelabel/packages', owner, { ...PACKAGE, name: 'Losing AI', modules: ['ai_suggest'] }),
    ).data;
    expect(pkg).toMatchObject({ modules: ['ai_suggest'], unavailable_modules: [] });

    const subscribe = async (username: string) => {
      const res = await call('POST', '/api/whitelabel/subscriptions', owner, {
        customer_name: `Lo ${username}`,
        email: `${username}@losing.test`,
        username,
        package_id: pkg.id,
      });
      expect(res.statusCode).toBe(201);
      const sub = json<{ data: { id: number; customer_id: number } }>(res).data;
      await ctx.db.query('UPDATE users SET password_hash = $2, email_verified_at = now() WHERE id = $1', [
        sub.customer_id,
        await hashPassword('losing-pass'),
      ]);
      const token = await login(ctx.app, { email: `${username}@losing.test`, password: 'losing-pass' });
      return {
        ...sub,
        permissions: async () =>
          json<{ permissions: string[] }>(await ctx.app.inject({ url: '/api/me', headers: bearer(token) })).permissions,
      };
    };
    const early = await subscribe('losing1');
    expect(await early.permissions()).toEqual(['ai_suggest', 'leads', 'wallet']);

    // The super admin takes AI and the wallet from the reseller.
    await setHeld(['whitelabel', 'leads']);
    const listed = json<{ data: OwnPackage[] }>(await call('GET', '/api/whitelabel/packages', owner)).data.find(
      (p) => p.id === pkg.id,
    );
    expect(listed).toMatchObject({ modules: ['ai_suggest'], unavailable_modules: ['ai_suggest', 'wallet'] });
    expect(json<OwnPackage>(await call('GET', `/api/whitelabel/packages/${pkg.id}`, owner))).toMatchObject({
      unavailable_modules: ['ai_suggest', 'wallet'],
    });
    // What the package adds goes at once; the base the period granted goes with the next period.
    expect(await early.permissions()).toEqual(['leads', 'wallet']);
    const start = new Date(ctx.clock.now().getTime() + 40 * DAY_MS);
    const renewed = await grantPaidPeriod(ctx.db, {
      subscriptionId: early.id,
      periodStart: start,
      periodEnd: new Date(start.getTime() + 30 * DAY_MS),
      sourceEventId: 'losing-renewal',
    });
    expect(renewed).toMatchObject({ granted: true });
    expect(await early.permissions()).toEqual(['leads']);
    // A customer signing up now gets no more than the reseller holds.
    expect(await (await subscribe('losing2')).permissions()).toEqual(['leads']);

    // Saving the package keeps the lost module on it (it comes back with the reseller's); adding another it lacks is refused.
    const kept = await call('PUT', `/api/whitelabel/packages/${pkg.id}`, owner, {
      ...PACKAGE,
      name: 'Losing AI',
      monthly_credits: 600,
      modules: ['ai_suggest'],
    });
    expect(kept.statusCode).toBe(200);
    expect(json<{ data: OwnPackage }>(kept).data).toMatchObject({
      modules: ['ai_suggest'],
      unavailable_modules: ['ai_suggest', 'wallet'],
    });
    const added = await call('PUT', `/api/whitelabel/packages/${pkg.id}`, owner, {
      ...PACKAGE,
      name: 'Losing AI',
      modules: ['ai_suggest', 'wallet'],
    });
    expect(added.statusCode).toBe(422);
    expect(json(added)).toMatchObject({ code: 'whitelabel.module_not_held', field: 'modules.1' });

    // The reseller holds AI again: its customers have it again at their next request.
    await setHeld(['whitelabel', 'leads', 'ai_suggest']);
    expect(await early.permissions()).toEqual(['ai_suggest', 'leads']);
    expect(json<OwnPackage>(await call('GET', `/api/whitelabel/packages/${pkg.id}`, owner))).toMatchObject({
      unavailable_modules: ['wallet'],
    });
  });
});
