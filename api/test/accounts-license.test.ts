import { createTestApp, json, type TestContext } from './helpers';
import { makeAccount, type Account } from './security/accounts';
import { startDueRuns } from '../src/modules/leadSearch/autopilotScheduler.service';
import { startDueAlerts } from '../src/modules/leadSearch/savedSearchAlerts.service';

/** Licence expiry (ADR 046): an expired account keeps its session and gets a clear refusal for its work. */
describe('licence expiry', () => {
  let ctx: TestContext;
  const DAY = 86_400_000;
  beforeAll(async () => {
    ctx = await createTestApp();
  }, 60_000);
  afterAll(async () => {
    await ctx.close();
  });

  const call = (account: Account, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: account.headers, ...(payload ? { payload } : {}) });
  const expire = (account: Account, at: Date | null) =>
    ctx.db.query('UPDATE users SET license_expires_at = $2 WHERE id = $1', [account.id, at]);

  it('refuses the work of an expired account with license_expired and keeps the session, the licence info and sign-out open', async () => {
    const owner = await makeAccount(ctx, {
      email: 'expiring@license.test',
      userType: 'customer',
      modules: ['leads', 'ai_suggest', 'wallet'],
    });
    const member = await makeAccount(ctx, {
      email: 'member@license.test',
      userType: 'team_member',
      modules: ['leads'],
      teamOwnerId: owner.id,
    });
    expect((await call(owner, 'GET', '/api/campaigns')).statusCode).toBe(200);
    expect(json(await call(owner, 'GET', '/api/me'))).toMatchObject({ license_expired: false });

    // The very instant of expiry counts as expired.
    await expire(owner, ctx.clock.now());
    for (const [who, url] of [
      [owner, '/api/campaigns'],
      [owner, '/api/wallet'],
      [owner, '/api/integrations/webhooks'],
      [member, '/api/campaigns'],
    ] as const) {
      const refused = await ctx.app.inject({ method: 'GET', url, headers: { ...who.headers, 'user-language': 'fr' } });
      expect(refused.statusCode).toBe(403);
      expect(json(refused)).toMatchObject({
        code: 'license_expired',
        message: 'Votre licence a expiré. Contactez votre fournisseur pour la renouveler.',
        license_expires_at: ctx.clock.now().toISOString(),
      });
    }
    // A write is refused before anything is stored.
    const create = await call(owner, 'POST', '/api/campaigns', { name: 'After expiry', list_type: 'people' });
    expect(json(create)).toMatchObject({ code: 'license_expired' });
    expect((await ctx.db.query('SELECT 1 FROM campaigns WHERE user_id = $1', [owner.id])).rowCount).toBe(0);

    // Still open: who am I (with the flag the shell draws the expired page from), the licence info, personal data, sign-out.
    expect(json(await call(owner, 'GET', '/api/me'))).toMatchObject({
      license_expired: true,
      license_expires_at: ctx.clock.now().toISOString(),
    });
    // A team member works under its owner's licence, whatever its own row says.
    expect(json(await call(member, 'GET', '/api/me'))).toMatchObject({ license_expired: true });
    expect(json(await call(member, 'GET', '/api/license'))).toMatchObject({
      expired: true,
      expires_at: ctx.clock.now().toISOString(),
      contact: { reseller: false },
    });
    expect((await call(owner, 'GET', '/api/account/privacy')).statusCode).toBe(200);
    expect((await call(owner, 'POST', '/auth/logout')).statusCode).toBe(200);

    // Renewed: the work is open again.
    const renewedOwner = await makeAccount(ctx, {
      email: 'renewed@license.test',
      userType: 'customer',
      modules: ['leads'],
    });
    await expire(renewedOwner, new Date(ctx.clock.now().getTime() - DAY));
    expect((await call(renewedOwner, 'GET', '/api/campaigns')).statusCode).toBe(403);
    await expire(renewedOwner, new Date(ctx.clock.now().getTime() + DAY));
    expect((await call(renewedOwner, 'GET', '/api/campaigns')).statusCode).toBe(200);
  });

  it("names the reseller's support address to a reseller's customer and the platform to its own", async () => {
    const reseller = await makeAccount(ctx, {
      email: 'seller@license.test',
      userType: 'reseller',
      modules: ['leads', 'whitelabel'],
    });
    await ctx.db.query(
      `INSERT INTO whitelabel_smtp (owner_id, host, port, encryption, from_email, support_email, updated_at) VALUES ($1, 'smtp.seller.test', 587, 'tls', 'no-reply@seller.test', 'help@seller.test', now())`,
      [reseller.id],
    );
    const child = await makeAccount(ctx, {
      email: 'child@license.test',
      userType: 'customer',
      modules: ['leads'],
      parentId: reseller.id,
    });
    await expire(child, new Date(ctx.clock.now().getTime() - DAY));
    expect(json(await call(child, 'GET', '/api/license'))).toMatchObject({
      expired: true,
      contact: { email: 'help@seller.test', reseller: true },
    });
    const own = await makeAccount(ctx, { email: 'own@license.test', userType: 'customer', modules: ['leads'] });
    expect(json(await call(own, 'GET', '/api/license'))).toMatchObject({
      expired: false,
      contact: { reseller: false },
    });
  });

  it('claims no autopilot run or saved-search alert of an expired account until its licence is renewed', async () => {
    const account = await makeAccount(ctx, {
      email: 'scheduled@license.test',
      userType: 'customer',
      modules: ['leads'],
      wallet: 100,
    });
    const list = json<{ campaign: { id: number } }>(
      await call(account, 'POST', '/api/campaigns', { name: 'Licence schedule list', list_type: 'people' }),
    ).campaign.id;
    const autopilot = await call(account, 'POST', '/api/autopilots', {
      name: 'Licence autopilot',
      type: 'basic',
      repeat: 'daily',
      campaign_id: list,
      location: 'Lyon',
      filters: { job_title: 'Founder' },
      max_results: 5,
      enrichment: false,
      ai_prompts: [],
      crm: null,
    });
    expect(autopilot.statusCode).toBe(201);
    const saved = await call(account, 'POST', '/api/saved-searches', {
      name: 'Licence alert',
      type: 'people',
      campaign_id: list,
      location: 'Lyon',
      count: 5,
      filters: { job_title: 'Founder' },
      alert: 'daily',
    });
    expect(saved.statusCode).toBe(201);
    const autopilotId = json<{ autopilot: { id: number } }>(autopilot).autopilot.id;
    const savedId = json<{ saved_search: { id: number } }>(saved).saved_search.id;
    // Only this test's schedules are due.
    await ctx.db.query(`UPDATE autopilots SET status = 'paused' WHERE id <> $1`, [autopilotId]);
    await ctx.db.query(`UPDATE saved_searches SET alert = 'off' WHERE id <> $1`, [savedId]);
    await ctx.db.query('UPDATE saved_searches SET next_alert_at = $2 WHERE id = $1', [savedId, ctx.clock.now()]);
    ctx.clock.advance(DAY + 60_000);

    await expire(account, ctx.clock.now());
    expect(await startDueRuns(ctx.db, ctx.clock.now())).toEqual([]);
    expect(await startDueAlerts(ctx.db, ctx.clock.now())).toEqual([]);
    expect((await ctx.db.query('SELECT 1 FROM search_jobs WHERE user_id = $1', [account.id])).rowCount).toBe(0);

    await expire(account, new Date(ctx.clock.now().getTime() + 30 * DAY));
    expect(await startDueRuns(ctx.db, ctx.clock.now())).toHaveLength(1);
    expect(await startDueAlerts(ctx.db, ctx.clock.now())).toHaveLength(1);
  });
});
