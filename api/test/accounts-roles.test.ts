import { bearer, createTestApp, DEMO, json, login, openFreshDb, type TestContext } from './helpers';
import { migrate, MIGRATIONS } from '../src/db';
import { makeAccount } from './security/accounts';
import { insertCustomer } from '../src/modules/whitelabel/customers.repository';

/** Role `related` (ADR 052): a sub-account under a parent, never reselling or administering, one level deep. */
describe('role related', () => {
  let ctx: TestContext;
  let admin: string;
  let resellerId: number;
  beforeAll(async () => {
    ctx = await createTestApp();
    admin = await login(ctx.app, DEMO.admin);
    resellerId = (await ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO.reseller.email]))
      .rows[0]!.id;
  }, 60_000);
  afterAll(async () => {
    await ctx.close();
  });

  const asAdmin = (method: 'POST' | 'PUT', url: string, payload: object) =>
    ctx.app.inject({ method, url, headers: bearer(admin), payload });
  const newUser = (email: string, extra: object) =>
    asAdmin('POST', '/api/admin/users', {
      email,
      password: 'related-pass',
      first_name: 'Rel',
      modules: ['leads'],
      ...extra,
    });
  const exists = async (email: string) =>
    (await ctx.db.query('SELECT 1 FROM users WHERE email = $1', [email])).rowCount === 1;

  it('is given to the child accounts a reseller makes, and to the seeded one', async () => {
    const id = await insertCustomer(
      ctx.db,
      { ownerId: resellerId, email: 'child@roles.test', firstName: 'Child', lastName: 'Account', password: null },
      'scrypt$invalid',
      ctx.clock.now(),
    );
    const roles = await ctx.db.query<{ email: string; role: string }>(
      'SELECT email, role FROM users WHERE id = $1 OR email = $2 ORDER BY email',
      [id, DEMO.customer.email],
    );
    expect(roles.rows).toEqual([
      { email: 'child@roles.test', role: 'related' },
      { email: DEMO.customer.email, role: 'related' },
    ]);
  });

  it('the admin API refuses a related account without a parent, with white-label or admin, or allowed to create related accounts', async () => {
    const orphan = await newUser('orphan@roles.test', { role: 'related' });
    expect(orphan.statusCode).toBe(422);
    expect(json(orphan)).toMatchObject({
      code: 'admin.related_needs_parent',
      field: 'parent_id',
      message: 'A related account needs a parent account',
    });
    expect(await exists('orphan@roles.test')).toBe(false);

    const reseller = await newUser('reseller-child@roles.test', {
      role: 'related',
      parent_id: resellerId,
      modules: ['leads', 'whitelabel', 'admin'],
    });
    expect(json(reseller)).toMatchObject({
      code: 'admin.related_excluded_modules',
      field: 'modules',
      message: 'A related account cannot hold these modules: whitelabel, admin',
    });
    expect(await exists('reseller-child@roles.test')).toBe(false);

    const created = await newUser('fine@roles.test', { role: 'related', parent_id: resellerId });
    expect(created.statusCode).toBe(201);
    const id = json<{ user: { id: number } }>(created).user.id;
    const nested = await asAdmin('PUT', `/api/admin/users/${id}`, { can_create_related_accounts: true });
    expect(json(nested)).toMatchObject({
      code: 'admin.related_cannot_create_related',
      field: 'can_create_related_accounts',
    });
    const unparented = await asAdmin('PUT', `/api/admin/users/${id}`, { parent_id: null });
    expect(json(unparented)).toMatchObject({ field: 'parent_id' });
    // Nothing of the refused edits was kept.
    const row = await ctx.db.query('SELECT parent_id, can_create_related_accounts FROM users WHERE id = $1', [id]);
    expect(row.rows[0]).toEqual({ parent_id: resellerId, can_create_related_accounts: false });
    // As a plain user the same account may get them.
    expect(
      (await asAdmin('PUT', `/api/admin/users/${id}`, { role: 'user', can_create_related_accounts: true })).statusCode,
    ).toBe(200);
  });

  it('a related account never uses white-label or admin, even when its row holds them', async () => {
    const account = await makeAccount(ctx, {
      email: 'held@roles.test',
      userType: 'customer',
      modules: ['leads', 'whitelabel', 'admin'],
      parentId: resellerId,
    });
    await ctx.db.query(`UPDATE users SET role = 'related' WHERE id = $1`, [account.id]);
    const me = json<{ permissions: string[] }>(
      await ctx.app.inject({ method: 'GET', url: '/api/me', headers: account.headers }),
    );
    expect(me.permissions).toEqual(['leads']);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/whitelabel/business-account', headers: account.headers }))
        .statusCode,
    ).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/admin/users', headers: account.headers })).statusCode,
    ).toBe(403);
    // Its own work and its reseller's menu links stay open.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/campaigns', headers: account.headers })).statusCode).toBe(
      200,
    );
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/whitelabel/menu-links', headers: account.headers })).statusCode,
    ).toBe(200);

    await ctx.db.query(`UPDATE users SET role = 'user' WHERE id = $1`, [account.id]);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/whitelabel/business-account', headers: account.headers }))
        .statusCode,
    ).toBe(200);
  });
});

describe('migration w8-h28-related-role', () => {
  it('turns the existing child accounts into related ones, unless something they hold contradicts it', async () => {
    const db = await openFreshDb();
    try {
      await migrate(
        db,
        MIGRATIONS.filter((m) => m.id !== 'w8-h28-related-role'),
      );
      const insert = async (email: string, userType: string, parentId: number | null, canCreate = false) =>
        (
          await db.query<{ id: number }>(
            `INSERT INTO users (email, password_hash, first_name, last_name, role, user_type, parent_id, created_at, updated_at, can_create_related_accounts)
             VALUES ($1, 'scrypt$invalid', 'M', 'Igrated', 'user', $2, $3, now(), now(), $4) RETURNING id`,
            [email, userType, parentId, canCreate],
          )
        ).rows[0]!.id;
      const parent = await insert('parent@migration.test', 'reseller', null);
      await insert('child@migration.test', 'customer', parent);
      await insert('own@migration.test', 'customer', null);
      await insert('creator@migration.test', 'customer', parent, true);
      const reseller = await insert('reselling-child@migration.test', 'customer', parent);
      await db.query(
        "INSERT INTO user_modules (user_id, module_id) SELECT $1, id FROM modules WHERE slug = 'whitelabel'",
        [reseller],
      );

      expect(await migrate(db)).toEqual(['w8-h28-related-role']);
      const { rows } = await db.query<{ email: string; role: string }>(
        "SELECT email, role FROM users WHERE email LIKE '%@migration.test' ORDER BY email",
      );
      expect(rows).toEqual([
        { email: 'child@migration.test', role: 'related' },
        { email: 'creator@migration.test', role: 'user' },
        { email: 'own@migration.test', role: 'user' },
        { email: 'parent@migration.test', role: 'user' },
        { email: 'reselling-child@migration.test', role: 'user' },
      ]);
    } finally {
      await db.close();
    }
  }, 60_000);
});
