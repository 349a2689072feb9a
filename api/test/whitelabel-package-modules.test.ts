import { hashPassword } from '../src/auth/passwords';
import { bearer, createTestApp, DEMO, json, login, type TestContext } from './helpers';
import { caller, otherReseller, PACKAGE } from './whitelabel-helpers';

type OwnPackage = { id: number; modules: string[] };

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
    const created = await call('POST', '/api/whitelabel/packages', reseller, { ...PACKAGE, name: 'AI package', modules: ['ai_suggest', 'leads'] });
    expect(created.statusCode).toBe(201);
    const pkg = json<{ data: OwnPackage }>(created).data;
    expect(pkg.modules).toEqual(['ai_suggest', 'leads']);
    const listed = json<{ data: OwnPackage[] }>(await call('GET', '/api/whitelabel/packages', reseller)).data.find((p) => p.id === pkg.id);
    expect(listed?.modules).toEqual(['ai_suggest', 'leads']);

    const sub = await call('POST', '/api/whitelabel/subscriptions', reseller, { customer_name: 'Mo Dules', email: 'mo@package-modules.test', username: 'modules1', package_id: pkg.id });
    expect(sub.statusCode).toBe(201);
    const customerId = json<{ data: { customer_id: number } }>(sub).data.customer_id;
    await ctx.db.query('UPDATE users SET password_hash = $2, email_verified_at = now() WHERE id = $1', [customerId, await hashPassword('module-pass')]);
    const token = await login(ctx.app, { email: 'mo@package-modules.test', password: 'module-pass' });
    const permissions = async () => json<{ permissions: string[] }>(await ctx.app.inject({ url: '/api/me', headers: bearer(token) })).permissions;
    const aiStatus = async () => (await ctx.app.inject({ url: '/api/ai/status', headers: bearer(token) })).statusCode;
    expect(await permissions()).toEqual(['ai_suggest', 'leads', 'wallet']);
    expect(await aiStatus()).toBe(200);

    const changed = await call('PUT', `/api/whitelabel/packages/${pkg.id}`, reseller, { ...PACKAGE, name: 'AI package', modules: ['leads'] });
    expect(json<{ data: OwnPackage }>(changed).data.modules).toEqual(['leads']);
    expect(await aiStatus()).toBe(403);
    expect(await permissions()).toEqual(['leads', 'wallet']);

    // A reseller grants only what it holds: this one holds whitelabel and leads, not ai_suggest; whitelabel is never offered.
    const refused = await call('POST', '/api/whitelabel/packages', other, { ...PACKAGE, name: 'Not mine', modules: ['leads', 'ai_suggest'] });
    expect(refused.statusCode).toBe(422);
    expect(json(refused)).toMatchObject({ code: 'whitelabel.module_not_held', field: 'modules.1', message: 'You can only grant modules your own account holds.' });
    const whitelabel = await call('POST', '/api/whitelabel/packages', other, { ...PACKAGE, name: 'Resell', modules: ['whitelabel'] });
    expect(whitelabel.statusCode).toBe(400);
    expect(json<{ errors: { field: string }[] }>(whitelabel).errors.map((e) => e.field)).toEqual(['modules.0']);
  });
});
