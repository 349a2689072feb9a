import { test as plainTest } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { authHeaders, freshUserWith, PAYLOADS, send, watchForXss } from '../support/SecurityXss';
import { api } from '../support/api';

/**
 * Branding is reseller content every visitor of the reseller's domain sees. The browser maps a
 * test domain to the test server so this reseller's branding applies there only (other specs use
 * 127.0.0.1 and keep the default branding).
 */
const DOMAIN = 'xss-branding.test';
const PORT = Number(process.env.E2E_PORT ?? 8181);
const ORIGIN = `http://${DOMAIN}:${PORT}`;

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

test("branding name, content and script from a reseller never run in visitors' browsers; the page has a CSP", async ({
  page,
  request,
}) => {
  const reseller = await freshUserWith(request, 'branding', ['whitelabel', 'leads'], 'reseller');
  const name = PAYLOADS[0];
  await send(request, reseller.token, 'put', '/api/whitelabel/business-account', {
    domain: DOMAIN,
    name,
    content: PAYLOADS.join(' '),
    script: "alert('branding script');fetch('/__exfil?'+localStorage.access_token)",
  });

  const watch = watchForXss(page);
  const response = await page.goto(`${ORIGIN}/login`);
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain("'unsafe-inline' 'unsafe-eval'");
  expect(csp).toMatch(/script-src [^;]*'self'(?![^;]*unsafe-inline)/);
  await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
  await expect(page).toHaveTitle(name);
  watch.expectNothingRan();

  // Signed in, the header shows the name too.
  await page.evaluate((t) => localStorage.setItem('access_token', t), reseller.token);
  await page.goto(`${ORIGIN}/`);
  await expect(page.getByRole('banner').getByText(name, { exact: true }).first()).toBeVisible();
  watch.expectNothingRan();

  // The reseller's own package names in the white-label area.
  await send(request, reseller.token, 'post', '/api/whitelabel/packages', {
    name: PAYLOADS[3],
    description: PAYLOADS[11],
    monthly_price_cents: 900,
    credit_price_cents: 20,
  });
  await page.goto(`${ORIGIN}/whitelabel/packages`);
  await expect(page.getByText(PAYLOADS[3], { exact: true }).first()).toBeVisible();
  watch.expectNothingRan();

  // Even a script the page itself tries to add inline is refused by the policy.
  const ran = await page.evaluate(() => {
    const w = window as unknown as { __inline?: boolean };
    const s = document.createElement('script');
    s.textContent = 'window.__inline = true';
    document.head.appendChild(s);
    return w.__inline === true;
  });
  expect(ran).toBe(false);
});

// The sales page shows the reseller's own HTML as written (spec): the accessibility of that HTML is the
// reseller's, so this test runs without the app's axe audit (the payloads themselves fail it).
plainTest(
  "sales-page HTML and names from a reseller render without running script or reaching the visitor's session",
  async ({ page, request }) => {
    const reseller = await freshUserWith(request, 'sales', ['whitelabel', 'leads'], 'reseller');
    await send(request, reseller.token, 'put', '/api/whitelabel/business-account', {
      domain: `sales-${reseller.id}.example.com`,
      name: 'Sales Reseller',
    });
    const created = await api(request).post('/api/whitelabel/packages', {
      headers: authHeaders(reseller.token),
      data: {
        name: `Plan ${PAYLOADS[1]}`,
        description: PAYLOADS.join(' '),
        monthly_price_cents: 1500,
        credit_price_cents: 20,
      },
    });
    await send(request, reseller.token, 'put', `/api/whitelabel/packages/${created.data.id}/sales-settings`, {
      business_name: PAYLOADS[0],
      primary_color: '#573BFF',
      secondary_color: '#01C0F6',
      background_color: '#FFFFFF',
      text_color: '#202633',
      body_html: `<h2>Our offer</h2>${PAYLOADS.join('\n')}<script>fetch('/__exfil?'+document.cookie+localStorage.access_token)</script>`,
    });
    const settings = await api(request).get('/api/whitelabel/packages/{id}/sales-settings', {
      path: { id: created.data.id },
      headers: { authorization: `Bearer ${reseller.token}` },
    });
    const { public_path: publicPath } = settings;

    const watch = watchForXss(page);
    // A signed-in visitor of the app's origin: the page must not be able to read the session.
    await page.goto('/login');
    await page.evaluate((t) => localStorage.setItem('access_token', t), reseller.token);
    const response = await page.goto(publicPath);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy'] ?? '').toContain('sandbox');
    await expect(page.getByRole('heading', { name: 'Our offer' })).toBeVisible();
    await expect(page.getByText(PAYLOADS[0]).first()).toBeVisible();
    watch.expectNothingRan();
  },
);
