import { hashPassword } from '../src/auth/passwords';
import { sendTemplatedMail } from '../src/mail/templatedMail';
import { bearer, createTestApp, json, login, type TestContext } from './helpers';

/**
 * Issue 33: a reseller's customer never meets the platform's brand, also on the platform's own domain.
 * Signed in there, the page gets its reseller's brand; a reseller without a domain of its own sends links
 * to the platform's domain that carry its brand code, and the pages they open show its name.
 */
describe("a reseller's brand on the platform's domain", () => {
  let ctx: TestContext;
  const ids: Record<string, number> = {};
  const PASSWORD = 'brand-pw-123';

  const addUser = async (
    email: string,
    type: 'reseller' | 'customer',
    parentId: number | null = null,
    teamOwnerId: number | null = null,
  ) => {
    const { rows } = await ctx.db.query<{ id: number }>(
      `INSERT INTO users (email, password_hash, first_name, last_name, role, user_type, parent_id, team_owner_id, lang, email_verified_at, created_at, updated_at)
       VALUES ($1, $2, $3, 'Test', 'user', $4, $5, $6, 'en', now(), now(), now()) RETURNING id`,
      [email, await hashPassword(PASSWORD), email.split('@')[0]!, type, parentId, teamOwnerId],
    );
    return rows[0]!.id;
  };
  const siteSettings = async (payload: Record<string, unknown>, token?: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/site-settings', headers: token ? bearer(token) : {}, payload });

  beforeAll(async () => {
    ctx = await createTestApp();
    ids.riley = await addUser('owner@riley-pd.test', 'reseller');
    ids.rileyCustomer = await addUser('ana@customer-pd.test', 'customer', ids.riley);
    ids.rileyMember = await addUser('tim@customer-pd.test', 'customer', null, ids.rileyCustomer);
    ids.bare = await addUser('quinn@bare-pd.test', 'reseller');
    await ctx.db.query("UPDATE users SET first_name = 'Quinn', last_name = 'Bare' WHERE id = $1", [ids.bare]);
    ids.bareCustomer = await addUser('bea@customer-pd.test', 'customer', ids.bare);
    ids.platformUser = await addUser('pat@platform-pd.test', 'customer');
    await ctx.db.query(
      `INSERT INTO business_settings (domain, name, logo, favicon, script, button_color, owner_user_id)
       VALUES ('riley-pd.test', 'Riley Leads', 'https://cdn.riley-pd.test/logo.png', 'https://cdn.riley-pd.test/icon.png', '<script>track()</script>', '#AA3300', $1)`,
      [ids.riley!],
    );
  }, 120_000);

  afterAll(async () => {
    await ctx?.close();
  });

  test("signed in on the platform's domain, a reseller's customer and its team member see the reseller's brand, without the reseller's script", async () => {
    const platform = json<{ name: string; brand: string | null }>(await siteSettings({ domain: 'localhost' }));
    expect(platform.brand).toBeNull();
    for (const email of ['ana@customer-pd.test', 'tim@customer-pd.test']) {
      const token = await login(ctx.app, { email, password: PASSWORD });
      const answer = await siteSettings({ domain: 'localhost' }, token);
      expect(answer.statusCode).toBe(200);
      const branding = json<Record<string, unknown>>(answer);
      expect(branding).toMatchObject({
        name: 'Riley Leads',
        logo: 'https://cdn.riley-pd.test/logo.png',
        favicon: 'https://cdn.riley-pd.test/icon.png',
        button_color: '#AA3300',
        domain: 'localhost',
        script: null,
      });
      expect(branding.brand).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
      expect(branding.name).not.toBe(platform.name);
    }
    // Signed out, the code the answer gave keeps the brand (the sign-in page after a sign-out).
    const token = await login(ctx.app, { email: 'ana@customer-pd.test', password: PASSWORD });
    const code = json<{ brand: string }>(await siteSettings({ domain: 'localhost' }, token)).brand;
    expect(json(await siteSettings({ domain: 'localhost', brand: code }))).toMatchObject({
      name: 'Riley Leads',
      brand: code,
    });
    // The reseller's own domain shows its brand to everyone, as before, with its script.
    expect(json(await siteSettings({ domain: 'riley-pd.test' }))).toMatchObject({
      name: 'Riley Leads',
      script: '<script>track()</script>',
      brand: null,
    });
  });

  test("the platform's own users keep the platform's brand, whatever code the browser kept; a bad code is refused naming the field", async () => {
    const riley = await login(ctx.app, { email: 'ana@customer-pd.test', password: PASSWORD });
    const code = json<{ brand: string }>(await siteSettings({ domain: 'localhost' }, riley)).brand;
    const platformName = json<{ name: string }>(await siteSettings({ domain: 'localhost' })).name;
    const own = await login(ctx.app, { email: 'pat@platform-pd.test', password: PASSWORD });
    expect(json(await siteSettings({ domain: 'localhost', brand: code }, own))).toMatchObject({
      name: platformName,
      brand: null,
    });
    // A code that names no reseller: the domain decides.
    expect(json(await siteSettings({ domain: 'localhost', brand: 'unknown-code-123' }))).toMatchObject({
      name: platformName,
      brand: null,
    });
    const bad = await siteSettings({ domain: 'localhost', brand: 'no spaces <allowed>' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('brand');
  });

  test("a reseller without a domain of its own: its customers' email links go to the platform's domain with its brand code, which shows its name and no platform logo", async () => {
    await ctx.db.query(
      "UPDATE business_settings SET logo = 'https://cdn.platform.test/platform-logo.png', favicon = 'https://cdn.platform.test/favicon.ico' WHERE domain = 'localhost'",
    );
    const id = await ctx.db.transaction((tx) =>
      sendTemplatedMail(tx, ctx.app.deps, {
        kind: 'password_reset',
        userId: ids.bareCustomer,
        vars: { code: '123456', minutes: '30' },
      }),
    );
    const mail = (
      await ctx.db.query<{ body_html: string; body_text: string }>(
        'SELECT body_html, body_text FROM outbound_emails WHERE id = $1',
        [id],
      )
    ).rows[0]!;
    const links = [...mail.body_html.matchAll(/href="(http[^"]+)"/g)].map((m) => new URL(m[1]!.replace(/&amp;/g, '&')));
    expect(links.length).toBeGreaterThan(0);
    const code = links[0]!.searchParams.get('brand');
    expect(code).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    for (const link of links) {
      expect(link.origin).toBe(`http://localhost:${ctx.app.deps.config.port}`);
      expect(link.searchParams.get('brand')).toBe(code);
    }
    expect(links[0]!.pathname).toBe('/forgot-password');
    expect(links[0]!.searchParams.get('email')).toBe('bea@customer-pd.test');
    // The page the link opens, signed out, and then signed in: the reseller's name, none of the platform's look.
    const signedOut = json<Record<string, unknown>>(await siteSettings({ domain: 'localhost', brand: code }));
    const signedIn = json<Record<string, unknown>>(
      await siteSettings(
        { domain: 'localhost' },
        await login(ctx.app, { email: 'bea@customer-pd.test', password: PASSWORD }),
      ),
    );
    for (const branding of [signedOut, signedIn])
      expect(branding).toMatchObject({
        name: 'Quinn Bare',
        logo: null,
        favicon: null,
        script: null,
        support_url: null,
        brand: code,
      });
    // The same code every time (one per reseller), and a second reseller's is another.
    const again = await ctx.db.transaction((tx) =>
      sendTemplatedMail(tx, ctx.app.deps, {
        kind: 'low_credits',
        userId: ids.bareCustomer,
        vars: { balance: '10', threshold: '50' },
      }),
    );
    const second = (
      await ctx.db.query<{ body_html: string }>('SELECT body_html FROM outbound_emails WHERE id = $1', [again])
    ).rows[0]!;
    expect(second.body_html).toContain(`brand=${code}`);
    const riley = await login(ctx.app, { email: 'ana@customer-pd.test', password: PASSWORD });
    expect(json<{ brand: string }>(await siteSettings({ domain: 'localhost' }, riley)).brand).not.toBe(code);
  });

  /** The links of an email sent now to Riley's customer: every href of its HTML and every address of its text part. */
  const rileyLinks = async (kind: 'low_credits' | 'welcome') => {
    const id = await ctx.db.transaction((tx) =>
      sendTemplatedMail(tx, ctx.app.deps, {
        kind,
        userId: ids.rileyCustomer,
        vars: { balance: '10', threshold: '50' },
      }),
    );
    const mail = (
      await ctx.db.query<{ body_html: string; body_text: string }>(
        'SELECT body_html, body_text FROM outbound_emails WHERE id = $1',
        [id],
      )
    ).rows[0]!;
    const html = [...mail.body_html.matchAll(/href="(https?:[^"]+)"/g)].map(
      (m) => new URL(m[1]!.replace(/&amp;/g, '&')),
    );
    // In the HTML's text too: a mail client makes a link of an address written out.
    const ours = /(?:http:\/\/localhost:\d+|https:\/\/riley-pd\.test)[^\s<>"]*[^\s<>".]/g;
    const written = [...mail.body_html.replace(/(?:href|src)="[^"]*"/g, '').matchAll(ours)].map(
      (m) => new URL(m[0].replace(/&amp;/g, '&')),
    );
    const text = [...mail.body_text.matchAll(/https?:\/\/[^\s]*[^\s.]/g)].map((m) => new URL(m[0]));
    return { html, written, text, all: [...html, ...written, ...text] };
  };
  const platformOrigin = () => `http://localhost:${ctx.app.deps.config.port}`;
  /** A reseller's own template, as the white-label editor saves it: links built from {app_url}, an address written out, one typed to its own domain. */
  const CUSTOM = {
    subject: 'Your {brand} credits',
    html: '<p>Hi {name}, <a href="{app_url}/settings/wallet">top up</a> or see {app_url}/lead-search.</p><p><a href="https://riley-pd.test/help?topic=credits">Help</a> · <a href="https://elsewhere.example/x">partner</a></p>',
    text: 'Hi {name}, top up at {app_url}/settings/wallet. Help: https://riley-pd.test/help?topic=credits',
  };

  test("a reseller whose domain is not verified yet: every link of its customers' emails, built-in or its own template, goes to the platform's domain with its brand code", async () => {
    await ctx.db.query('UPDATE business_settings SET domain_verified_at = NULL WHERE owner_user_id = $1', [ids.riley!]);
    const riley = await login(ctx.app, { email: 'ana@customer-pd.test', password: PASSWORD });
    const code = json<{ brand: string }>(await siteSettings({ domain: 'localhost' }, riley)).brand;
    // The built-in template: the button and the logo.
    const builtIn = await rileyLinks('low_credits');
    expect(builtIn.html.map((u) => u.pathname)).toEqual(expect.arrayContaining(['/settings/wallet', '/']));
    for (const link of builtIn.all)
      expect({ origin: link.origin, brand: link.searchParams.get('brand') }).toEqual({
        origin: platformOrigin(),
        brand: code,
      });
    // The reseller's own template: {app_url} in an href and written out, in both parts; its own domain typed in
    // is moved to the platform's (not served until verified); a link elsewhere is left alone.
    await ctx.db.query(
      'INSERT INTO whitelabel_email_templates (owner_id, kind, subject, html, body, updated_at) VALUES ($1, $2, $3, $4, $5, now())',
      [ids.riley!, 'low_credits', CUSTOM.subject, CUSTOM.html, CUSTOM.text],
    );
    try {
      const custom = await rileyLinks('low_credits');
      const ours = custom.all.filter((u) => u.hostname !== 'elsewhere.example');
      expect(ours.map((u) => u.pathname)).toEqual(
        expect.arrayContaining(['/settings/wallet', '/lead-search', '/help']),
      );
      expect(custom.text.map((u) => u.pathname)).toEqual(['/settings/wallet', '/help']);
      for (const link of ours)
        expect({ origin: link.origin, brand: link.searchParams.get('brand') }).toEqual({
          origin: platformOrigin(),
          brand: code,
        });
      expect(custom.all.find((u) => u.pathname === '/help')!.searchParams.get('topic')).toBe('credits');
      expect(custom.html.filter((u) => u.hostname === 'elsewhere.example').map(String)).toEqual([
        'https://elsewhere.example/x',
      ]);
    } finally {
      await ctx.db.query("DELETE FROM whitelabel_email_templates WHERE owner_id = $1 AND kind = 'low_credits'", [
        ids.riley!,
      ]);
    }
  });

  test("a reseller whose domain is verified: every link of its customers' emails, built-in or its own template, goes to its domain, with no code", async () => {
    await ctx.db.query('UPDATE business_settings SET domain_verified_at = now() WHERE owner_user_id = $1', [
      ids.riley!,
    ]);
    try {
      const builtIn = await rileyLinks('low_credits');
      expect(builtIn.html.map(String)).toEqual(expect.arrayContaining(['https://riley-pd.test/settings/wallet']));
      await ctx.db.query(
        'INSERT INTO whitelabel_email_templates (owner_id, kind, subject, html, body, updated_at) VALUES ($1, $2, $3, $4, $5, now())',
        [ids.riley!, 'low_credits', CUSTOM.subject, CUSTOM.html, CUSTOM.text],
      );
      const custom = await rileyLinks('low_credits');
      expect(
        custom.all
          .filter((u) => u.hostname !== 'elsewhere.example')
          .map(String)
          .sort(),
      ).toEqual(
        // The logo, both parts' help link, {app_url} written out, the link and the text part's address to the wallet, and the button.
        [
          '/',
          '/help?topic=credits',
          '/help?topic=credits',
          '/lead-search',
          '/settings/wallet',
          '/settings/wallet',
          '/settings/wallet',
        ]
          .map((path) => `https://riley-pd.test${path}`)
          .sort(),
      );
      for (const link of [...builtIn.all, ...custom.all]) {
        expect(link.origin).not.toBe(platformOrigin());
        expect(link.searchParams.has('brand')).toBe(false);
      }
    } finally {
      await ctx.db.query("DELETE FROM whitelabel_email_templates WHERE owner_id = $1 AND kind = 'low_credits'", [
        ids.riley!,
      ]);
      await ctx.db.query('UPDATE business_settings SET domain_verified_at = NULL WHERE owner_user_id = $1', [
        ids.riley!,
      ]);
    }
  });
});
