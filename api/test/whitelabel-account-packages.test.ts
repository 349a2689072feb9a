import { sandboxToken } from '../src/providers/payments';
import { createTestApp, json, login, DEMO, type TestContext } from './helpers';
import { BRANDING, caller, otherReseller, PACKAGE } from './whitelabel-helpers';
import { salesSubscriptionDays } from '../src/modules/whitelabel/packages.service';

describe('white-label business account, packages, sales settings and the public sales page', () => {
  let ctx: TestContext;
  let reseller: string;
  let other: string;
  let customer: string;
  let call: ReturnType<typeof caller>;
  beforeAll(async () => {
    ctx = await createTestApp({ config: { logLevel: process.env.WL_LOG ? 'error' : 'silent' } });
    call = caller(ctx);
    reseller = await login(ctx.app, DEMO.reseller);
    customer = await login(ctx.app, DEMO.customer);
    other = await otherReseller(ctx);
  }, 120_000);
  afterAll(() => ctx.close(), 60_000);

  it('refuses accounts without the whitelabel module (403) and anonymous calls (401)', async () => {
    expect((await call('GET', '/api/whitelabel/business-account', customer)).statusCode).toBe(403);
    expect((await call('GET', '/api/whitelabel/packages', customer)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/whitelabel/subscriptions' })).statusCode).toBe(401);
  });

  it('sales settings cannot be saved before the business account form is done', async () => {
    const pkg = json<{ data: { id: number } }>(await call('POST', '/api/whitelabel/packages', reseller, PACKAGE)).data;
    const before = json(await call('GET', `/api/whitelabel/packages/${pkg.id}/sales-settings`, reseller));
    expect(before).toMatchObject({ data: null, business_account_completed: false });
    const res = await call('PUT', `/api/whitelabel/packages/${pkg.id}/sales-settings`, reseller, {
      business_name: 'Acme',
      primary_color: '#112233',
      secondary_color: '#445566',
      background_color: '#FFFFFF',
      text_color: '#000000',
    });
    expect(res.statusCode).toBe(422);
    expect(json(res)).toMatchObject({
      code: 'whitelabel.sales_needs_account',
      message: 'Cannot create sales settings page until the business account form is done.',
    });
    expect((await call('DELETE', `/api/whitelabel/packages/${pkg.id}`, reseller)).statusCode).toBe(200);
  });

  it('validates the business account (domain, colours, URLs) and names each field', async () => {
    const bad = await call('PUT', '/api/whitelabel/business-account', reseller, {
      ...BRANDING,
      domain: 'not a domain',
      button_color: 'red',
      support_url: 'javascript:alert(1)',
    });
    expect(bad.statusCode).toBe(400);
    const fields = json<{ errors: { field: string }[] }>(bad)
      .errors.map((e) => e.field)
      .sort();
    expect(fields).toEqual(['button_color', 'domain', 'support_url']);
    const missing = await call('PUT', '/api/whitelabel/business-account', reseller, {});
    expect(
      json<{ errors: { field: string }[] }>(missing)
        .errors.map((e) => e.field)
        .sort(),
    ).toEqual(['domain', 'name']);
    const localhost = await call('PUT', '/api/whitelabel/business-account', reseller, {
      ...BRANDING,
      domain: 'localhost',
    });
    expect(json(localhost)).toMatchObject({ code: 'whitelabel.domain_taken', field: 'domain' });
  });

  it('saving the business account changes what site-settings returns for that domain', async () => {
    const saved = await call('PUT', '/api/whitelabel/business-account', reseller, BRANDING);
    expect(saved.statusCode).toBe(200);
    expect(json(saved)).toMatchObject({
      code: 'whitelabel.account_saved',
      completed: true,
      data: { domain: 'brand.example.com', name: 'Acme Leads' },
    });
    const site = json(
      await ctx.app.inject({ method: 'POST', url: '/api/site-settings', payload: { domain: 'brand.example.com' } }),
    );
    expect(site).toMatchObject({
      name: 'Acme Leads',
      button_color: '#AA0000',
      sidebar_background_color: '#223344',
      crms: ['ghl', 'zapier'],
      show_training_center: true,
      domain: 'brand.example.com',
    });
    // Other domains keep the default branding.
    const other = json(
      await ctx.app.inject({ method: 'POST', url: '/api/site-settings', payload: { domain: 'elsewhere.example.com' } }),
    );
    expect(other).toMatchObject({ name: 'Leadsmith' });
    // Moving the account to a new domain frees the old one.
    await call('PUT', '/api/whitelabel/business-account', reseller, { ...BRANDING, domain: 'acme.example.com' });
    expect(
      json(
        await ctx.app.inject({ method: 'POST', url: '/api/site-settings', payload: { domain: 'brand.example.com' } }),
      ),
    ).toMatchObject({ name: 'Leadsmith' });
    expect(
      json(
        await ctx.app.inject({ method: 'POST', url: '/api/site-settings', payload: { domain: 'acme.example.com' } }),
      ),
    ).toMatchObject({ name: 'Acme Leads' });
    expect(json(await call('GET', '/api/whitelabel/business-account', reseller))).toMatchObject({
      completed: true,
      data: { domain: 'acme.example.com' },
    });
  });

  it('another reseller cannot take a domain that is in use, and has its own (empty) account', async () => {
    expect(json(await call('GET', '/api/whitelabel/business-account', other))).toEqual({
      data: null,
      completed: false,
    });
    const taken = await call('PUT', '/api/whitelabel/business-account', other, {
      ...BRANDING,
      domain: 'acme.example.com',
    });
    expect(taken.statusCode).toBe(422);
    expect(json(taken)).toMatchObject({ code: 'whitelabel.domain_taken', field: 'domain' });
  });

  it('validates package rules: credit price above 12 cents, expiry max 365, alphanumeric dropdown options', async () => {
    const cheap = await call('POST', '/api/whitelabel/packages', reseller, { ...PACKAGE, credit_price_cents: 12 });
    expect(cheap.statusCode).toBe(400);
    expect(json(cheap)).toMatchObject({
      field: 'credit_price_cents',
      message: 'credit_price_cents: Must be greater than 12.',
    });
    const long = await call('POST', '/api/whitelabel/packages', reseller, { ...PACKAGE, form_available_days: 366 });
    expect(json(long)).toMatchObject({ field: 'form_available_days' });
    const special = await call('POST', '/api/whitelabel/packages', reseller, {
      ...PACKAGE,
      custom_fields: [{ label: 'Size', type: 'dropdown', options: ['<b>'] }],
    });
    expect(json(special)).toMatchObject({ field: 'custom_fields.0.options' });
    const emptyDropdown = await call('POST', '/api/whitelabel/packages', reseller, {
      ...PACKAGE,
      custom_fields: [{ label: 'Size', type: 'dropdown', options: [] }],
    });
    expect(json(emptyDropdown)).toMatchObject({ field: 'custom_fields.0.options' });
    const missing = await call('POST', '/api/whitelabel/packages', reseller, {});
    expect(
      json<{ errors: { field: string }[] }>(missing)
        .errors.map((e) => e.field)
        .sort(),
    ).toEqual(['credit_price_cents', 'monthly_price_cents', 'name']);
    expect(salesSubscriptionDays(null)).toBe(365);
    expect(salesSubscriptionDays(400)).toBe(365);
    expect(salesSubscriptionDays(30)).toBe(30);
  });

  it('creates, lists (paginated), edits and deletes packages; another reseller gets 404 on every id route', async () => {
    const created = await call('POST', '/api/whitelabel/packages', reseller, PACKAGE);
    expect(created.statusCode).toBe(201);
    const pkg = json<{ data: { id: number; slug: string } }>(created).data;
    expect(json(created)).toMatchObject({
      data: { name: 'Starter', credit_price_cents: 15, custom_fields: PACKAGE.custom_fields },
    });
    const list = json<{ data: { id: number }[]; total: number; pageSize: number }>(
      await call('GET', '/api/whitelabel/packages?page=1&pageSize=5', reseller),
    );
    expect(list.total).toBe(1);
    expect(list.pageSize).toBe(5);
    expect(json(await call('GET', '/api/whitelabel/packages', other))).toMatchObject({ total: 0 });
    for (const [method, url, body] of [
      ['GET', `/api/whitelabel/packages/${pkg.id}`, undefined],
      ['PUT', `/api/whitelabel/packages/${pkg.id}`, PACKAGE],
      ['DELETE', `/api/whitelabel/packages/${pkg.id}`, undefined],
      ['GET', `/api/whitelabel/packages/${pkg.id}/sales-settings`, undefined],
      [
        'PUT',
        `/api/whitelabel/packages/${pkg.id}/sales-settings`,
        {
          business_name: 'x',
          primary_color: '#000000',
          secondary_color: '#000000',
          background_color: '#000000',
          text_color: '#000000',
        },
      ],
    ] as const) {
      expect((await call(method, url, other, body)).statusCode).toBe(404);
    }
    const edited = await call('PUT', `/api/whitelabel/packages/${pkg.id}`, reseller, {
      ...PACKAGE,
      name: 'Starter plus',
      trial_days: 7,
      trial_amount_cents: 100,
    });
    expect(json(edited)).toMatchObject({ data: { name: 'Starter plus', trial_days: 7, slug: pkg.slug } });
  });

  it('serves the public sales page under a sandboxing CSP, escapes package text and keeps the reseller HTML in the sandbox', async () => {
    const pkg = json<{ data: { id: number; slug: string } }>(
      await call('POST', '/api/whitelabel/packages', reseller, {
        ...PACKAGE,
        name: 'Pro <img src=x onerror=alert(1)>',
        trial_days: 0,
      }),
    ).data;
    const sales = await call('PUT', `/api/whitelabel/packages/${pkg.id}/sales-settings`, reseller, {
      business_name: 'Acme Sales',
      primary_color: '#112233',
      secondary_color: '#445566',
      background_color: '#FFFFFF',
      text_color: '#000000',
      subdomain_url: 'https://sales.acme.example.com',
      body_html: '<h2>Why Acme</h2><script>alert(localStorage.getItem("access_token"))</script>',
    });
    expect(sales.statusCode).toBe(200);
    expect(json(sales)).toMatchObject({ public_path: `/p/${pkg.slug}` });
    const page = await ctx.app.inject({ method: 'GET', url: `/p/${pkg.slug}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain('sandbox allow-scripts allow-forms');
    expect(csp).not.toContain('allow-same-origin');
    expect(csp).toContain("frame-ancestors 'none'");
    // The reseller's uploaded logo is served by the app itself.
    expect(csp).toContain('img-src http://localhost:80 https: data:');
    expect(page.body).toContain('Pro &lt;img src=x onerror=alert(1)&gt;');
    expect(page.body).toContain('<h2>Why Acme</h2>');
    expect(page.body).toContain('<label for="f-custom_0">Company</label>');
    // Test mode: the card inputs have no name (the page's script posts a token, never the number).
    expect(page.body).toMatch(/<input id="f-card-number" type="text"(?![^>]*name=)/);
    expect(page.body).toContain('name="card_token"');
    // A page that sells: the brand (logo, name, colours), the offer, and who takes the card.
    expect(page.body).toContain('<img class="logo" src="https://cdn.example.com/logo.png" alt="">');
    expect(page.body).toContain('<span class="brand-name">Acme Sales</span>');
    expect(page.body).toContain('background:#112233');
    expect(page.body).toContain('<strong class="amount">$49.00</strong> per month');
    expect(page.body).toContain('or $490.00 per year');
    expect(page.body).toContain('500 credits every month');
    expect(page.body).toContain('Extra credits whenever you need them, $0.15 each');
    expect(page.body).toContain('Test mode: no real payment is taken, and the card number never leaves this page.');
    expect(page.body).toContain('Cancel anytime');
    const german = await ctx.app.inject({ method: 'GET', url: `/p/${pkg.slug}?lang=de` });
    expect(german.body).toContain('<strong class="amount">49,00\u00a0$</strong> pro Monat');
    expect((await ctx.app.inject({ method: 'GET', url: '/p/no-such-package' })).statusCode).toBe(404);
  });

  it('previews a draft of the sales settings as the public page draws it, for the package owner only', async () => {
    const pkg = json<{ data: { id: number; slug: string } }>(
      await call('POST', '/api/whitelabel/packages', reseller, {
        ...PACKAGE,
        name: 'Previewed',
        trial_days: 14,
        trial_amount_cents: 100,
      }),
    ).data;
    const draft = {
      business_name: 'Draft Co',
      primary_color: '#0A7B55',
      secondary_color: '#12',
      terms_url: 'javascript:alert(1)',
      sales_page_url: 'https://draft.example.com/more',
      body_html: '<h2>Why us</h2>',
    };
    const preview = await call('POST', `/api/whitelabel/packages/${pkg.id}/sales-settings/preview`, reseller, draft);
    expect(preview.statusCode).toBe(200);
    const { html } = json<{ html: string }>(preview);
    expect(html).toContain('<span class="brand-name">Draft Co</span>');
    expect(html).toContain('.top{background:#0A7B55');
    // A colour not finished yet is drawn with the default; a link that is not http(s) is left out.
    expect(html).toContain('border-top:4px solid #01C0F6');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('href="https://draft.example.com/more"');
    expect(html).toContain('<h2>Why us</h2>');
    expect(html).toContain('14-day trial for $1.00');
    expect(html).toContain('id="f-card-number"');
    expect(html).not.toContain('Acme Sales');
    expect(
      (await call('POST', `/api/whitelabel/packages/${pkg.id}/sales-settings/preview`, other, draft)).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', `/api/whitelabel/packages/${pkg.id}/sales-settings/preview`, reseller, { colour: 'x' }))
        .statusCode,
    ).toBe(400);
  });

  it('a buyer signs up through the sales page: errors re-render the form, then a child account of the reseller exists on that package', async () => {
    const pkg = json<{ data: { id: number; slug: string } }>(
      await call('POST', '/api/whitelabel/packages', reseller, { ...PACKAGE, name: 'Buyable' }),
    ).data;
    const post = (form: Record<string, string>) =>
      ctx.app.inject({
        method: 'POST',
        url: `/p/${pkg.slug}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(form).toString(),
      });
    const invalid = await post({ first_name: '', last_name: 'Buyer', email: 'nope', password: '123', card_token: '' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toContain('This field is required.');
    expect(invalid.body).toContain('Please enter a valid email address.');
    const declined = await post({
      first_name: 'Bea',
      last_name: 'Buyer',
      email: 'bea@buyer.test',
      password: 'secret1',
      custom_0: 'Bea Co',
      card_token: sandboxToken('4000 0000 0000 0002'),
    });
    expect(declined.statusCode).toBe(400);
    expect(declined.body).toContain('The card was declined.');
    const ok = await post({
      first_name: 'Bea',
      last_name: 'Buyer',
      email: 'bea@buyer.test',
      password: 'secret1',
      custom_0: 'Bea Co',
      custom_1: 'Small',
      card_token: sandboxToken('4242 4242 4242 4242'),
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.body).toContain('Thank you!');
    expect(ok.body).toContain('/confirm-email?email=bea%40buyer.test&amp;sent=1');
    // The same path as /auth/register: no sign-in before the emailed code confirms the address.
    const early = await ctx.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'bea@buyer.test', password: 'secret1' },
    });
    expect(json(early)).toMatchObject({ code: 'email_not_verified' });
    const mailed = (
      await ctx.db.query<{ body_text: string }>(
        "SELECT body_text FROM outbound_emails WHERE to_email = 'bea@buyer.test' AND kind = 'email_confirmation'",
      )
    ).rows;
    const code = /\b(\d{6})\b/.exec(mailed[0]?.body_text ?? '')?.[1];
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/auth/confirm-email', payload: { email: 'bea@buyer.test', code } }))
        .statusCode,
    ).toBe(200);
    const token = await login(ctx.app, { email: 'bea@buyer.test', password: 'secret1' });
    const me = json<{ parent_id: number; subscription_status: string; permissions: string[] }>(
      await ctx.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } }),
    );
    const resellerId = (
      await ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [DEMO.reseller.email])
    ).rows[0]!.id;
    expect(me).toMatchObject({
      parent_id: resellerId,
      subscription_status: 'active',
      permissions: ['leads', 'wallet'],
    });
    const subs = json<{ data: { email: string; plan_name: string; managed_by: string; refundable: boolean }[] }>(
      await call('GET', '/api/whitelabel/subscriptions', reseller),
    );
    expect(subs.data[0]).toMatchObject({
      email: 'bea@buyer.test',
      plan_name: 'Buyable',
      managed_by: 'provider',
      refundable: true,
    });
    const again = await post({
      first_name: 'Bea',
      last_name: 'Buyer',
      email: 'bea@buyer.test',
      password: 'secret1',
      custom_0: 'Bea Co',
      card_token: sandboxToken('4242424242424242'),
    });
    expect(again.statusCode).toBe(400);
    // A reseller at its sub-account limit takes no sign-up (refused before the card is charged): no account is made.
    const { rows: limitRows } = await ctx.db.query<{ limit: number | null }>(
      "UPDATE users u SET sub_account_limit = (SELECT count(*) FROM users c WHERE c.parent_id = u.id AND c.user_type = 'customer') WHERE id = $1 RETURNING (SELECT sub_account_limit FROM users WHERE id = $1) AS limit",
      [resellerId],
    );
    const full = await post({
      first_name: 'Cy',
      last_name: 'Buyer',
      email: 'cy@buyer.test',
      password: 'secret1',
      custom_0: 'Cy Co',
      card_token: sandboxToken('4242 4242 4242 4242'),
    });
    expect(full.statusCode).toBe(400);
    expect(full.body).toContain('This offer is not taking new sign-ups right now.');
    expect((await ctx.db.query('SELECT 1 FROM users WHERE email = $1', ['cy@buyer.test'])).rows).toEqual([]);
    await ctx.db.query('UPDATE users SET sub_account_limit = $2 WHERE id = $1', [resellerId, limitRows[0]!.limit]);
    // A package in use cannot be deleted.
    const del = await call('DELETE', `/api/whitelabel/packages/${pkg.id}`, reseller);
    expect(del.statusCode).toBe(422);
    expect(json(del)).toMatchObject({
      code: 'whitelabel.plan_in_use',
      message: 'Plan cannot be deleted while in use.',
    });
  });

  it("a partner's ?ref= link on the sales page credits the partner with the customer who signs up there", async () => {
    const partner = (
      await ctx.db.query<{ id: number }>(
        "INSERT INTO admin_partners (name, referral_code, active) VALUES ('Sales Partner', 'SALES-REF', true) RETURNING id",
      )
    ).rows[0]!.id;
    const pkg = json<{ data: { id: number; slug: string } }>(
      await call('POST', '/api/whitelabel/packages', reseller, { ...PACKAGE, name: 'Referred' }),
    ).data;
    const page = await ctx.app.inject({ method: 'GET', url: `/p/${pkg.slug}?ref=SALES-REF` });
    expect(page.body).toContain('<input type="hidden" name="ref" value="SALES-REF">');
    expect((await ctx.app.inject({ method: 'GET', url: `/p/${pkg.slug}?ref=%3Cscript%3E` })).body).not.toContain(
      'name="ref"',
    );
    // The browser posts the form with the hidden field.
    const form = {
      first_name: 'Rita',
      last_name: 'Referred',
      email: 'rita@referred.test',
      password: 'secret1',
      custom_0: 'Rita Co',
      custom_1: 'Small',
      card_token: sandboxToken('4242 4242 4242 4242'),
      ref: 'sales-ref',
    };
    const ok = await ctx.app.inject({
      method: 'POST',
      url: `/p/${pkg.slug}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });
    expect(ok.statusCode).toBe(201);
    const row = (
      await ctx.db.query<{ referral_partner_id: number | null }>(
        'SELECT referral_partner_id FROM users WHERE email = $1',
        ['rita@referred.test'],
      )
    ).rows[0];
    expect(row?.referral_partner_id).toBe(partner);
  });
});
