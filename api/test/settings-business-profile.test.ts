import { createTestApp, bearer, json, login, DEMO, type TestContext } from './helpers';
import { isBusinessProfileCompleted } from '../src/modules/settings/businessProfile.service';

const PROFILE = {
  business_name: 'Acme Dental Marketing',
  website: 'https://acme.example',
  industry: 'Marketing',
  description: 'We bring new patients to dental practices.',
  target_audience: 'Dental practice owners in Spain',
  products_services: 'Local SEO, ads, review management',
  unique_selling_points: 'Pay per booked patient',
  location: 'Madrid',
};

describe('business profile (GET/POST/PUT /api/business-details/data)', () => {
  let ctx: TestContext;
  let customer: string;
  let reseller: string;
  beforeAll(async () => {
    ctx = await createTestApp();
    customer = await login(ctx.app, DEMO.customer);
    reseller = await login(ctx.app, DEMO.reseller);
  }, 120_000);
  afterAll(() => ctx.close(), 60_000);

  it('needs a token', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/business-details/data' });
    expect(res.statusCode).toBe(401);
  });

  it('starts empty and not completed', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/business-details/data', headers: bearer(customer) });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ data: null, profile_completed: false });
  });

  it('names every missing required field', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/business-details/data',
      headers: bearer(customer),
      payload: { business_name: ' ' },
    });
    expect(res.statusCode).toBe(400);
    const fields = json<{ errors: { field: string }[] }>(res)
      .errors.map((e) => e.field)
      .sort();
    expect(fields).toEqual(['business_name', 'description', 'industry', 'products_services', 'target_audience']);
  });

  it('refuses a website that is not a URL, naming the field', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/business-details/data',
      headers: bearer(customer),
      payload: { ...PROFILE, website: 'not a url' },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({
      field: 'website',
      errors: [{ field: 'website', message: 'Please enter a valid URL.' }],
    });
  });

  it('creates the profile, which then counts as completed', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/business-details/data',
      headers: { ...bearer(customer), 'user-language': 'es' },
      payload: PROFILE,
    });
    expect(res.statusCode).toBe(201);
    const body = json<{ data: { id: number; business_name: string }; profile_completed: boolean; message: string }>(
      res,
    );
    expect(body).toMatchObject({
      profile_completed: true,
      code: 'settings.profile_saved',
      message: 'Perfil de empresa guardado.',
      data: { business_name: PROFILE.business_name },
    });
    const again = await ctx.app.inject({ method: 'GET', url: '/api/business-details/data', headers: bearer(customer) });
    expect(json(again)).toMatchObject({ profile_completed: true, data: { id: body.data.id, location: 'Madrid' } });
    const { rows } = await ctx.db.query<{ id: number }>("SELECT id FROM users WHERE email = 'customer@leadsmith.test'");
    await expect(isBusinessProfileCompleted(ctx.db, rows[0]!.id)).resolves.toBe(true);
  });

  it('refuses a second POST with 422', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/business-details/data',
      headers: bearer(customer),
      payload: PROFILE,
    });
    expect(res.statusCode).toBe(422);
    expect(json(res)).toMatchObject({ code: 'settings.profile_exists' });
  });

  it('updates by id, and another account cannot update it (404)', async () => {
    const { data } = json<{ data: { id: number } }>(
      await ctx.app.inject({ method: 'GET', url: '/api/business-details/data', headers: bearer(customer) }),
    );
    const other = await ctx.app.inject({
      method: 'PUT',
      url: `/api/business-details/data/${data.id}`,
      headers: bearer(reseller),
      payload: { ...PROFILE, business_name: 'Hijacked' },
    });
    expect(other.statusCode).toBe(404);
    const mine = await ctx.app.inject({
      method: 'PUT',
      url: `/api/business-details/data/${data.id}`,
      headers: bearer(customer),
      payload: { ...PROFILE, business_name: 'Acme 2' },
    });
    expect(mine.statusCode).toBe(200);
    expect(json(mine)).toMatchObject({ data: { business_name: 'Acme 2' }, profile_completed: true });
    const resellerView = await ctx.app.inject({
      method: 'GET',
      url: '/api/business-details/data',
      headers: bearer(reseller),
    });
    expect(json(resellerView)).toEqual({ data: null, profile_completed: false });
  });

  it("a team member works on the owner's profile", async () => {
    const { rows } = await ctx.db.query<{ id: number }>("SELECT id FROM users WHERE email = 'customer@leadsmith.test'");
    const basic = await ctx.db.query<{ id: number }>(
      "UPDATE users SET team_owner_id = $1 WHERE email = 'basic@leadsmith.test' RETURNING id",
      [rows[0]!.id],
    );
    await expect(isBusinessProfileCompleted(ctx.db, basic.rows[0]!.id)).resolves.toBe(true);
    const token = await login(ctx.app, DEMO.basic);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/business-details/data', headers: bearer(token) });
    expect(json(res)).toMatchObject({ profile_completed: true, data: { business_name: 'Acme 2' } });
    await ctx.db.query("UPDATE users SET team_owner_id = NULL WHERE email = 'basic@leadsmith.test'");
  });
});
