import Fastify, { type RouteOptions } from 'fastify';
import { adminRoutes } from '../src/modules/admin';
import { bearer, createTestApp, DEMO, json, login, type TestContext } from './helpers';

/**
 * Generated from the route table: every route the admin area registers must refuse an anonymous caller (401) and a
 * non-admin token (403) before anything else happens, so a new admin route without the module check fails here.
 */
describe('admin endpoints are for admin accounts only', () => {
  let ctx: TestContext;
  const routes: { method: string; url: string }[] = [];
  let customer = '';
  let reseller = '';

  beforeAll(async () => {
    ctx = await createTestApp({
      beforeReady: (app) =>
        app.addHook('onRoute', (route: RouteOptions) => {
          const methods = Array.isArray(route.method) ? route.method : [route.method];
          for (const method of methods)
            if (method !== 'HEAD' && route.url.startsWith('/api/admin')) routes.push({ method, url: route.url });
        }),
    });
    customer = await login(ctx.app, DEMO.customer);
    reseller = await login(ctx.app, DEMO.reseller);
  }, 120_000);
  afterAll(() => ctx.close(), 60_000);

  test('the admin area only registers routes under /api/admin', async () => {
    const recorder = Fastify();
    const seen: string[] = [];
    recorder.addHook('onRoute', (route) => void seen.push(route.url));
    recorder.decorate('requireAuth', async () => undefined);
    recorder.decorate('optionalAuth', async () => undefined);
    recorder.decorate('requireModule', () => async () => undefined);
    adminRoutes(recorder, ctx.app.deps);
    await recorder.ready();
    expect(seen.length).toBeGreaterThan(10);
    expect(seen.filter((url) => !url.startsWith('/api/admin/'))).toEqual([]);
    await recorder.close();
  });

  test('the table of admin routes was found', () => {
    expect(routes.length).toBeGreaterThan(10);
  });

  const fill = (url: string) => url.replace(/:[A-Za-z]+/g, '1');

  test('anonymous callers get 401 on every admin route', async () => {
    for (const route of routes) {
      const response = await ctx.app.inject({
        method: route.method as 'GET',
        url: fill(route.url),
        payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      });
      expect({ route, status: response.statusCode }).toEqual({ route, status: 401 });
    }
  });

  test('non-admin tokens (customer, reseller) get 403 on every admin route', async () => {
    for (const token of [customer, reseller]) {
      for (const route of routes) {
        const response = await ctx.app.inject({
          method: route.method as 'GET',
          url: fill(route.url),
          headers: bearer(token),
          payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
        });
        expect({ route, status: response.statusCode }).toEqual({ route, status: 403 });
        expect(json(response)).toMatchObject({ code: 'forbidden' });
      }
    }
  });

  test('a user who loses the admin module loses access at once', async () => {
    const admin = await login(ctx.app, DEMO.admin);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/users',
      headers: bearer(admin),
      payload: { email: 'second-admin@leadsmith.test', password: 'secret-pass', first_name: 'Sam', modules: ['admin'] },
    });
    expect(created.statusCode).toBe(201);
    const id = json<{ user: { id: number } }>(created).user.id;
    const second = await login(ctx.app, { email: 'second-admin@leadsmith.test', password: 'secret-pass' });
    expect((await ctx.app.inject({ url: '/api/admin/users', headers: bearer(second) })).statusCode).toBe(200);
    const revoked = await ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/users/${id}`,
      headers: bearer(admin),
      payload: { modules: ['leads'] },
    });
    expect(revoked.statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/admin/users', headers: bearer(second) })).statusCode).toBe(403);
  });
});
