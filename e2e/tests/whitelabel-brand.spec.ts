import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DOMAIN_SITE_PORT, FAKE_DNS_TXT_PATH } from '../support/FakeDomainSite';
import { openAs } from '../support/freshUser';
import { authHeaders, freshUserWith, send } from '../support/SecurityXss';
import { api } from '../support/api';
import { outbox, type OutboxEmail } from '../support/devRoutes';
import { apiToken } from '../support/session';

/**
 * A reseller's customer on the reseller's own domain meets only the reseller's brand: every page it may
 * open and every email the platform sends it. Chromium resolves the domain to the API's loopback
 * address (--host-resolver-rules), so the API sees the reseller's host, as behind the TLS proxy.
 */
const PORT = Number(process.env.E2E_PORT ?? 8181);
const DOMAIN = 'riley-brand.test';
const BRAND = 'Riley Leads';
const site = (path: string) => `http://${DOMAIN}:${PORT}${path}`;
const LOGO = `https://cdn.${DOMAIN}/logo.png`;
const FAVICON = `https://cdn.${DOMAIN}/favicon.png`;

test.use({
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--host-resolver-rules=MAP ${DOMAIN} 127.0.0.1`,
    ],
  },
});

/** Neither the platform's name nor a platform logo anywhere in the page (markup, text, title, images); the brand's favicon. */
async function expectOnlyTheBrand(page: Page): Promise<void> {
  await expect(page).toHaveTitle(new RegExp(BRAND));
  await expect(page.locator('link#app-favicon')).toHaveAttribute('href', FAVICON);
  expect(await page.content()).not.toMatch(/Leadsmith/);
  expect(await page.evaluate(() => document.body.innerText)).not.toMatch(/leadsmith/i);
  expect(
    await page
      .locator('img[src*="leadsmith" i], img[alt*="leadsmith" i], link[rel="icon"][href*="leadsmith" i]')
      .count(),
  ).toBe(0);
}

/** The newest email of a kind: in the brand's name, links only to its (verified) domain, no platform name in any part. */
async function brandedEmail(request: APIRequestContext, email: string, kind: string): Promise<OutboxEmail> {
  let found: OutboxEmail | undefined;
  await expect
    .poll(async () => (found = (await outbox(request, email)).find((e) => e.kind === kind)) !== undefined, {
      message: `${kind} email to ${email}`,
    })
    .toBe(true);
  const mail = found!;
  expect(`${mail.subject}\n${mail.body_text}\n${mail.body_html}`).not.toMatch(/leadsmith/i);
  expect(mail.from_name).toBe(BRAND);
  expect(mail.subject).toContain(BRAND);
  expect(mail.body_html).toContain(BRAND);
  const links = [...(mail.body_html ?? '').matchAll(/href="(https?:[^"]+)"/g)].map(
    (m) => new URL(m[1]!.replace(/&amp;/g, '&')).hostname,
  );
  expect(links.length).toBeGreaterThan(0);
  for (const host of links) expect(host).toBe(DOMAIN);
  return mail;
}

test("a reseller's customer on the reseller's domain sees and receives only the reseller's brand", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // The reseller (allowed to have customers) and its business account on its own domain.
  const reseller = await freshUserWith(request, 'brand-reseller', ['whitelabel', 'leads'], 'reseller');
  const adminToken = await apiToken(request, 'admin');
  expect(
    (
      await request.put(`/api/admin/users/${reseller.id}`, {
        headers: authHeaders(adminToken),
        data: { can_create_related_accounts: true },
      })
    ).status(),
  ).toBe(200);
  // The brand's logo and favicon come from its CDN, answered here (the browser resolves only the domain itself).
  await page.route(`https://cdn.${DOMAIN}/**`, (route) =>
    route.fulfill({
      contentType: 'image/png',
      body: Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
        'base64',
      ),
    }),
  );
  await send(request, reseller.token, 'put', '/api/whitelabel/business-account', {
    domain: DOMAIN,
    name: BRAND,
    logo: LOGO,
    favicon: FAVICON,
    button_color: '#AA3300',
    support_url: `https://help.${DOMAIN}/`,
    support_email: `help@${DOMAIN}`,
  });
  // Its domain verified as a reseller does it: the TXT record the white-label area shows, published at its DNS
  // (the run's DNS server), then Verify. Until then its customers' email links lead to the platform's address.
  // The reseller's first sign-in: its terms and credits pop-up, answered whenever they show (until the customer's own, checked below).
  const [terms, credits] = [page.getByTestId('terms-dialog'), page.getByTestId('close-credit-popup')];
  await page.addLocatorHandler(terms, () => page.getByTestId('accept-terms').click());
  await page.addLocatorHandler(credits, () => credits.click());
  await openAs(page, reseller, '/whitelabel/business-account');
  const domainSection = page.getByTestId('domain-section');
  await expect(domainSection.getByTestId('domain-state')).toContainText(`${DOMAIN} is not verified yet`);
  const txt = {
    name: await domainSection.getByTestId('domain-txt-name').textContent(),
    value: await domainSection.getByTestId('domain-txt-value').textContent(),
  };
  expect((await request.put(`http://127.0.0.1:${DOMAIN_SITE_PORT}${FAKE_DNS_TXT_PATH}`, { data: txt })).status()).toBe(
    204,
  );
  await domainSection.getByRole('button', { name: 'Verify' }).click();
  await expect(domainSection.getByTestId('domain-state')).toContainText(`${DOMAIN} is verified`);
  await page.removeLocatorHandler(terms);
  await page.removeLocatorHandler(credits);
  const resellerHeaders = authHeaders(reseller.token);
  const pkg = await api(request).post('/api/whitelabel/packages', {
    headers: resellerHeaders,
    data: { name: 'Pro', monthly_price_cents: 4900, credit_price_cents: 20, collect_payment_method: false },
  });
  const sales = await api(request).put('/api/whitelabel/packages/{id}/sales-settings', {
    path: { id: pkg.data.id },
    headers: resellerHeaders,
    data: {
      business_name: BRAND,
      primary_color: '#AA3300',
      secondary_color: '#333333',
      background_color: '#FFFFFF',
      text_color: '#111111',
    },
  });

  // Sign-up and confirmation on the reseller's domain: the confirmation email is in its brand before
  // any account links them.
  const email = `ana-${Date.now()}@customer-riley.test`;
  const password = 'brand-pass-1';
  const host = { host: `${DOMAIN}:${PORT}` };
  await page.goto(site('/register'));
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expectOnlyTheBrand(page);
  await page.getByLabel('First name').fill('Ana');
  await page.getByLabel('Last name').fill('Customer');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm your email' })).toBeVisible();
  await expectOnlyTheBrand(page);
  const confirmation = await brandedEmail(request, email, 'email_confirmation');
  await page.getByLabel('Code').fill(confirmation.code!);
  await page.getByRole('button', { name: 'Confirm email' }).click();
  // Signed in for the first time: the terms of service, in the brand, before anything else.
  await expect(
    page.getByText(`Before you start with ${BRAND}, please read and accept the terms of service`),
  ).toBeVisible();
  await expectOnlyTheBrand(page);
  await page.getByRole('button', { name: 'I accept the terms' }).click();
  // Then the credits pop-up, not to be shown again.
  await page.locator('label').filter({ hasText: "Don't show this again" }).click();
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await expectOnlyTheBrand(page);
  // The reseller's customer from now on (its child account), as a sales-page sign-up makes it.
  const me = await api(request).post('/auth/login', { data: { email, password } });
  const linked = await request.put(`/api/admin/users/${me.user.id}`, {
    headers: authHeaders(adminToken),
    data: { parent_id: reseller.id, user_type: 'customer', modules: ['leads', 'wallet'] },
  });
  expect(linked.status()).toBe(200);

  // Signed out: the sign-in and forgot-password pages, then a reset email asked for from the page.
  await page.evaluate(() => localStorage.removeItem('access_token'));
  await page.goto(site('/login'));
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  // The brand's logo, named after it.
  await expect(page.getByRole('img', { name: BRAND })).toHaveAttribute('src', LOGO);
  await expectOnlyTheBrand(page);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await expectOnlyTheBrand(page);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(`We sent a code to ${email}.`)).toBeVisible();
  await expectOnlyTheBrand(page);
  await brandedEmail(request, email, 'password_reset');

  // Signed in: the app, the profile, an unknown page.
  await page.goto(site('/login'));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await expectOnlyTheBrand(page);
  await page.goto(site('/settings/profile'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectOnlyTheBrand(page);
  await page.goto(site('/no-such-page'));
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expectOnlyTheBrand(page);

  // An area whose files cannot be loaded: the designed failure inside the brand's frame.
  await page.route('**/remotes/mfe-lead-search/**', (route) => route.fulfill({ status: 404, body: 'gone' }));
  await page.goto(site('/lead-search/new-search'));
  await expect(page.getByTestId('area-outlet').getByRole('alert')).toContainText('could not be loaded.');
  await expectOnlyTheBrand(page);
  await page.unroute('**/remotes/mfe-lead-search/**');

  // The emails a customer triggers itself: a declined card (payment failed), a card saved with its
  // 1-dollar validation charge (receipt), and a list file prepared in the background (export ready).
  await page.goto(site('/settings/wallet'));
  const cardForm = page.getByRole('form', { name: 'Add a card' });
  await cardForm.getByLabel('Card number').fill('4000 0000 0000 0002');
  await cardForm.getByLabel('Expiry month').fill('12');
  await cardForm.getByLabel('Expiry year').fill('2035');
  await cardForm.getByLabel('Security code').fill('123');
  await cardForm.getByRole('button', { name: 'Add card' }).click();
  await expect(cardForm.getByText('The card was declined.')).toBeVisible();
  await cardForm.getByLabel('Card number').fill('4242 4242 4242 4242');
  await cardForm.getByRole('button', { name: 'Add card' }).click();
  await expect(page.getByTestId('payment-status')).toHaveText('Payment succeeded!');
  await expectOnlyTheBrand(page);
  await brandedEmail(request, email, 'payment_failed');
  await brandedEmail(request, email, 'payment_receipt');
  const { campaign } = await api(request).post('/api/campaigns', {
    headers: authHeaders(me.token),
    data: { name: 'Riley prospects', list_type: 'company' },
  });
  await page.goto(site(`/lead-search/saved-lists/company-${campaign.id}`));
  await page.getByRole('button', { name: 'Prepare a CSV file' }).click();
  await expect(
    page
      .getByTestId('list-export')
      .first()
      .getByText(/^Download until /),
  ).toBeVisible({ timeout: 30_000 });
  await expectOnlyTheBrand(page);
  await brandedEmail(request, email, 'export_ready');

  // Email change and a team invitation: both in the brand.
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const newEmail = `ana-new-${Date.now()}@customer-riley.test`;
  expect(
    (
      await request.post('/api/mail-change', {
        headers: { ...authHeaders(token!), ...host },
        data: { email: newEmail },
      })
    ).status(),
  ).toBe(200);
  await brandedEmail(request, newEmail, 'email_change');
  const member = `tim-${Date.now()}@customer-riley.test`;
  expect(
    (
      await request.post('/api/team-members', {
        headers: { ...authHeaders(token!), ...host },
        data: { first_name: 'Tim', last_name: 'Team', email: member, access: ['leads'] },
      })
    ).status(),
  ).toBe(201);
  await brandedEmail(request, member, 'team_invitation');

  // The API documentation page on the reseller's domain, drawn (Swagger UI loads its document and lists the routes).
  await page.goto(site('/api/docs/'));
  await expect(page).toHaveTitle(`${BRAND} API`);
  // Swagger UI draws the whole document (about 370 operations) before the title: seconds on a busy two-core machine.
  await expect(page.locator('.swagger-ui .info .title')).toContainText(`${BRAND} API`, { timeout: 60_000 });
  await expect(page.locator('.swagger-ui .opblock-tag').first()).toBeVisible();
  expect(await page.content()).not.toMatch(/leadsmith/i);
  expect(await page.evaluate(() => document.body.innerText)).not.toMatch(/leadsmith/i);
  const openapi = (await (await request.get('/api/docs/json', { headers: host })).json()) as {
    info: { title: string; description: string };
  };
  expect(openapi.info.title).toBe(`${BRAND} API`);
  expect(openapi.info.description).not.toMatch(/leadsmith/i);

  // The sales page, and a sign-up on it: the welcome email in the brand.
  await page.goto(site(sales.public_path));
  await expect(page.getByText(BRAND).first()).toBeVisible();
  expect(await page.content()).not.toMatch(/leadsmith/i);
  const buyer = `bea-${Date.now()}@customer-riley.test`;
  await page.getByLabel('First name').fill('Bea');
  await page.getByLabel('Last name').fill('Buyer');
  await page.getByLabel('Email').fill(buyer);
  await page.getByLabel('Password').fill('brand-pass-2');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await brandedEmail(request, buyer, 'email_confirmation');
  await brandedEmail(request, buyer, 'welcome');
});

/** Registers and confirms an account through the API with an address of the customer's own (no platform name in it). */
async function registerCustomer(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<{ token: string; id: number }> {
  expect(
    (
      await request.post('/auth/register', {
        data: { first_name: 'Cleo', last_name: 'Customer', email, password, password_confirmation: password },
      })
    ).status(),
  ).toBe(201);
  const confirmation = (await outbox(request, email)).find((e) => e.kind === 'email_confirmation')!;
  const { token } = await api(request).post('/auth/confirm-email', {
    data: { email, code: confirmation.code! },
    status: 200,
  });
  const me = await api(request).get('/api/me', { headers: authHeaders(token) });
  return { token, id: me.id };
}

test("on the platform's own domain a reseller's customer meets its reseller's brand: signed in, after signing out, and on the link of an email from a reseller without a domain", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const adminToken = await apiToken(request, 'admin');
  const platformName = (await api(request).post('/api/site-settings', { data: { domain: 'localhost' } })).name;
  // The first sign-in's terms and credits pop-up, answered whenever they show.
  await page.addLocatorHandler(page.getByTestId('terms-dialog'), () => page.getByTestId('accept-terms').click());
  await page.addLocatorHandler(page.getByTestId('close-credit-popup'), () =>
    page.getByTestId('close-credit-popup').click(),
  );

  // A reseller with a business account (its own domain, which this page is not on) and its customer.
  const brand = `Ruby Leads ${Date.now()}`;
  const reseller = await freshUserWith(request, 'platform-brand-reseller', ['whitelabel', 'leads'], 'reseller');
  await send(request, reseller.token, 'put', '/api/whitelabel/business-account', {
    domain: `ruby-${Date.now()}.test`,
    name: brand,
    logo: LOGO,
    button_color: '#AA3300',
  });
  const email = `cleo-${Date.now()}@customer-ruby.test`;
  const password = 'ruby-pass-1';
  const customer = await registerCustomer(request, email, password);
  expect(
    (
      await request.put(`/api/admin/users/${customer.id}`, {
        headers: authHeaders(adminToken),
        data: { parent_id: reseller.id, user_type: 'customer', modules: ['leads', 'wallet'] },
      })
    ).status(),
  ).toBe(200);
  await page.route(`https://cdn.${DOMAIN}/**`, (route) =>
    route.fulfill({
      contentType: 'image/png',
      body: Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
        'base64',
      ),
    }),
  );

  // Signed out on the platform's domain: the platform's sign-in page. Signed in: the reseller's brand.
  await page.goto('/login');
  await expect(page).toHaveTitle(new RegExp(platformName));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(brand));
  await expect(page.getByRole('img', { name: brand }).first()).toHaveAttribute('src', LOGO);
  expect(await page.evaluate(() => document.body.innerText)).not.toContain(platformName);
  // A reload draws the brand from the first frame (the boot script asks with the session).
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(brand));
  // Signed out, the sign-in page stays in the reseller's brand.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(brand));
  await expect(page.getByRole('img', { name: brand })).toHaveAttribute('src', LOGO);
  expect(await page.content()).not.toContain(platformName);

  // A reseller without a business account (no domain of its own): its customer's reset email links to the
  // platform's domain with the reseller's brand code, and that page, opened in a new browser, shows the reseller's name.
  const bare = await freshUserWith(request, 'platform-brand-bare', ['whitelabel', 'leads'], 'reseller');
  const bareEmail = `dara-${Date.now()}@customer-bare.test`;
  const bareCustomer = await registerCustomer(request, bareEmail, password);
  expect(
    (
      await request.put(`/api/admin/users/${bareCustomer.id}`, {
        headers: authHeaders(adminToken),
        data: { parent_id: bare.id, user_type: 'customer' },
      })
    ).status(),
  ).toBe(200);
  expect((await request.post('/auth/forgot-password', { data: { email: bareEmail } })).status()).toBe(200);
  let reset: OutboxEmail | undefined;
  await expect
    .poll(
      async () => (reset = (await outbox(request, bareEmail)).find((e) => e.kind === 'password_reset')) !== undefined,
    )
    .toBe(true);
  const bareBrand = reset!.from_name!;
  expect(bareBrand).not.toBe(platformName);
  const link = new URL([...(reset!.body_html ?? '').matchAll(/href="(https?:[^"]+)"/g)][0]![1]!.replace(/&amp;/g, '&'));
  expect(link.pathname).toBe('/forgot-password');
  expect(link.searchParams.get('brand')).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  const fresh = await browser.newContext();
  const linked = await fresh.newPage();
  await linked.goto(link.toString());
  await expect(linked.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await expect(linked).toHaveTitle(new RegExp(bareBrand));
  expect(await linked.content()).not.toContain(platformName);
  // The brand stays while the customer moves on (the code is kept, the address no longer carries it).
  await linked.goto(`${link.origin}/login`);
  await expect(linked.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  await expect(linked).toHaveTitle(new RegExp(bareBrand));
  expect(await linked.evaluate(() => document.body.innerText)).not.toContain(platformName);
  await fresh.close();
});
