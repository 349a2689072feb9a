import { test, expect } from '../support/fixtures';
import { originFor, signInAt } from '../support/delivery';
import { WhitelabelPages } from '../support/WhitelabelPages';
import { startLocalSmtp, startWebhookReceiver } from '../support/WhitelabelSmtp';
import { createHmac } from 'node:crypto';
import { api } from '../support/api';
import { outbox } from '../support/devRoutes';
import { apiToken } from '../support/session';

// One reseller's journey, in order: brand a domain, sell a package through its public page, run the
// subscription lifecycle, send mail through its own SMTP server. Reseller code never runs in the app origin.
// Long journeys of many steps on a shared 2-core machine: more than the default 60 s each.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

const DOMAIN = 'acme-e2e.localhost';
/** Tries everything a hostile reseller script would; records what happened in its own document. */
const PROBE = `<script>
  var out = [];
  try { out.push('token:' + window.localStorage.getItem('access_token')); } catch (e) { out.push('storage-blocked'); }
  try { out.push('cookie:' + document.cookie); } catch (e) { out.push('cookie-blocked'); }
  try { out.push('parent:' + window.parent.document.title); } catch (e) { out.push('parent-blocked'); }
  try { window.alert('xss'); } catch (e) {}
  document.documentElement.setAttribute('data-probe', out.join('|'));
</script>`;

test.describe('white-label: the reseller business', () => {
  let packageName = '';
  let salesPath = '';

  test('brand a domain with a live preview; the shell on that domain shows the branding; the reseller script cannot reach the token', async ({
    page,
    signIn,
    shell,
    baseURL,
  }) => {
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const wl = new WhitelabelPages(page);
    await signIn('reseller', '/whitelabel/business-account');
    await expect(shell.heading('Business account')).toBeVisible();

    // Client validation names the fields.
    await wl.save();
    await expect(page.getByText('This field is required')).toHaveCount(2);

    await wl.field('Business name').fill('Acme Leads');
    await wl.field('Domain').fill(DOMAIN);
    await wl.field('Button colour').fill('#8B1A1A');
    await wl.field('Sidebar background').fill('#F0F4FF');
    await wl.field('Custom script (tracking, chat)').fill(PROBE);
    // The preview follows the form as the reseller types, in a sandboxed frame.
    const preview = page.frameLocator('iframe[title="Live preview"]');
    await expect(preview.getByRole('heading', { name: 'Find your next customers' })).toBeVisible();
    await expect(preview.locator('nav strong')).toHaveText('Acme Leads');
    await expect(page.locator('iframe[title="Live preview"]')).toHaveAttribute('sandbox', 'allow-scripts');
    // The frame has an opaque origin, and inherits the shell's CSP (no inline script): the probe either
    // never runs or finds no token, cookie or parent DOM. Either way no dialog opens and the app is untouched.
    await expect(preview.getByRole('button', { name: 'Secondary' })).toBeVisible();
    const probe = await preview.locator('html').getAttribute('data-probe');
    expect([null, 'storage-blocked|cookie-blocked|parent-blocked']).toContain(probe);
    expect(await page.evaluate(() => Boolean(localStorage.getItem('access_token')))).toBe(true);

    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/whitelabel/business-account') && r.request().method() === 'PUT',
    );
    await wl.save();
    expect((await saved).status()).toBe(200);
    await wl.expectToast('Business account saved. Your domain now shows this branding.');

    // The shell on the reseller's domain restyles: name on the login card, title, button colour.
    const origin = originFor(baseURL, DOMAIN);
    await page.goto(`${origin}/login`);
    await expect(page.getByText('Acme Leads', { exact: true })).toBeVisible();
    await expect(page).toHaveTitle('Acme Leads');
    const signInButton = page.getByRole('button', { name: /sign in/i });
    await expect(signInButton).toHaveCSS('background-color', 'rgb(139, 26, 26)');
    // Another domain keeps the default branding.
    await page.goto('/login');
    await expect(page).toHaveTitle('Leadsmith');

    await signInAt(page, page.request, 'reseller', origin, '/whitelabel/business-account');
    await expect(shell.heading('Business account')).toBeVisible();
    await expect(page).toHaveTitle('Acme Leads');
    expect(dialogs).toEqual([]);
  });

  test('create a package (with custom fields) and buy it through its public sales page', async ({
    page,
    signIn,
    shell,
    browser,
  }) => {
    const wl = new WhitelabelPages(page);
    packageName = `Growth ${Date.now() % 100000}`;
    await signIn('reseller', '/whitelabel/packages/create');
    await expect(shell.heading('Create package')).toBeVisible();
    await wl.field('Name').fill(packageName);
    await wl.field('Monthly price (USD)').fill('49');
    await wl.field('Monthly credits').fill('500');
    // Spec §5: a credit sells for more than 12 cents, said under the field before any try, in dollars like the other prices.
    await expect(page.getByText('More than $0.12 per credit, in whole cents, e.g. $0.15.')).toBeVisible();
    // What a later price change does (ADR 048): existing subscribers move at their next renewal.
    await expect(
      page.getByText(
        'A price changed later applies to new buyers at once and to existing subscribers from their next renewal.',
      ),
    ).toBeVisible();
    await wl.field('Credit sale price (USD per credit)').fill('0.10');
    await wl.field('Sales form: subscription days').fill('400');
    await wl.save();
    await expect(page.getByText('Must be more than $0.12 per credit')).toBeVisible();
    await expect(page.getByText('Maximum number is 365')).toBeVisible();
    await wl.field('Credit sale price (USD per credit)').fill('0.205');
    await wl.save();
    await expect(page.getByText('Use whole cents (at most two decimals)')).toBeVisible();
    await wl.field('Credit sale price (USD per credit)').fill('0.20');
    await wl.field('Sales form: subscription days').fill('30');
    await page.getByRole('button', { name: 'Add a field' }).click();
    await page.getByRole('group', { name: 'Field 1' }).getByLabel('Label', { exact: true }).fill('Company');
    await page.getByRole('button', { name: 'Add a field' }).click();
    const second = page.getByRole('group', { name: 'Field 2' });
    await second.getByLabel('Label', { exact: true }).fill('Team size');
    await second.getByLabel('Type', { exact: true }).selectOption('dropdown');
    await wl.field('Options (comma-separated, letters and numbers)').fill('Small,Big<script>');
    await wl.save();
    await expect(page.getByText('No special characters')).toBeVisible();
    await wl.field('Options (comma-separated, letters and numbers)').fill('Small,Large');
    // The package adds AI tools to its customers' base modules (ADR 050): the reseller holds it; lead search and the wallet are every customer's.
    const modules = page.getByRole('group', { name: 'Modules' });
    await expect(modules.getByRole('checkbox')).toHaveCount(1);
    await modules.getByRole('checkbox', { name: 'AI tools' }).check();
    await wl.save();
    await wl.expectToast('Package created.');
    await expect(shell.heading('Packages')).toBeVisible();
    await expect(wl.row(packageName)).toContainText('Lead search, Wallet, AI tools');

    // Sales settings, with the reseller's own HTML (and a hostile script) in the body.
    await page.getByRole('link', { name: `Sales page settings of ${packageName}` }).click();
    await expect(shell.heading('Sales page settings')).toBeVisible();
    // The preview is the public page itself, drawn from the form as the reseller types: brand, offer, form.
    const salesPreview = page.frameLocator('iframe[title="Sales page preview"]');
    await expect(salesPreview.getByRole('heading', { level: 1, name: packageName })).toBeVisible();
    await expect(salesPreview.getByText('$49.00', { exact: true })).toBeVisible();
    await expect(salesPreview.getByRole('button', { name: 'Sign up' })).toBeVisible();
    await wl.field('Business name on the page').fill('Acme Sales');
    await wl.field('HTML inserted in the page body').fill(`<h2>Why Acme</h2>${PROBE}`);
    await expect(salesPreview.locator('.brand-name')).toHaveText('Acme Sales');
    await expect(salesPreview.getByRole('heading', { name: 'Why Acme' })).toBeVisible();
    await wl.save();
    await wl.expectToast('Sales page saved.');
    salesPath = (await page.getByTestId('public-sales-link').textContent()) ?? '';
    expect(salesPath).toMatch(/^\/p\/growth-/);

    // A buyer (no session) opens the public page and signs up.
    const buyerContext = await browser.newContext();
    const buyer = await buyerContext.newPage();
    const dialogs: string[] = [];
    buyer.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const response = await buyer.goto(salesPath);
    expect(response?.headers()['content-security-policy']).toContain('sandbox allow-scripts allow-forms');
    await expect(buyer.getByRole('heading', { level: 1, name: packageName })).toBeVisible();
    await expect(buyer.getByRole('heading', { name: 'Why Acme' })).toBeVisible();
    // A page that sells: the brand, the offer and what a buyer checks before paying.
    await expect(buyer.locator('.brand-name')).toHaveText('Acme Sales');
    await expect(buyer.getByRole('heading', { name: 'What you get' })).toBeVisible();
    await expect(buyer.getByText('$49.00', { exact: true })).toBeVisible();
    await expect(buyer.getByText('500 credits every month')).toBeVisible();
    await expect(buyer.getByText('Extra credits whenever you need them, $0.20 each')).toBeVisible();
    await expect(buyer.getByText('Test mode', { exact: true })).toBeVisible();
    await expect(
      buyer.getByText('Test mode: no real payment is taken, and the card number never leaves this page.'),
    ).toBeVisible();
    await expect(buyer.getByText('Cancel anytime')).toBeVisible();
    // Responsive: on a phone nothing is wider than the screen, and the form is below the offer.
    await buyer.setViewportSize({ width: 390, height: 844 });
    expect(await buyer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await buyer.setViewportSize({ width: 1280, height: 900 });
    // Same host as the app, yet the page's script sees no storage: the CSP sandbox gives it an opaque origin.
    await expect(buyer.locator('html')).toHaveAttribute('data-probe', /^storage-blocked\|cookie-blocked\|/);
    await buyer.getByLabel('First name').fill('Bea');
    await buyer.getByLabel('Last name').fill('Buyer');
    await buyer.getByLabel('Email').fill(`bea.${packageName.replace(/\D/g, '')}@buyer.test`);
    await buyer.getByLabel('Password').fill('secret-pw');
    await buyer.getByLabel('Company').fill('Bea Co');
    await buyer.getByLabel(/Team size/).selectOption('Large');
    // Test mode: the page's script turns the card into a token; the form posts the token, never the number.
    const posted: string[] = [];
    buyer.on('request', (r) => {
      if (r.method() === 'POST') posted.push(r.postData() ?? '');
    });
    const card = async (number: string) => {
      await buyer.getByLabel('Card number').fill(number);
      await buyer.getByLabel('Expiry (MM/YYYY)').fill('12/2035');
      await buyer.getByLabel('Security code').fill('123');
    };
    await card('4000 0000 0000 0002');
    await buyer.getByRole('button', { name: 'Sign up' }).click();
    await expect(buyer.getByText('The card was declined.')).toBeVisible();
    await buyer.getByLabel('Password').fill('secret-pw');
    await card('4242 4242 4242 4242');
    await buyer.getByRole('button', { name: 'Sign up' }).click();
    await expect(buyer.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
    expect(posted.join('\n')).toContain('card_token=tok_sandbox_succeed_visa_4242_12_2035');
    expect(posted.join('\n')).not.toMatch(/4242(\+|%20)?4242|4000(\+|%20)?0000|cvc|=123(&|$)/);
    expect(dialogs).toEqual([]);
    // The buyer confirms the address with the emailed code (the /auth/register path), then signs in:
    // a child account of the reseller on that package.
    const buyerEmail = `bea.${packageName.replace(/\D/g, '')}@buyer.test`;
    const code = (await outbox(buyer.request, buyerEmail)).find((e) => e.code)?.code;
    expect((await buyer.request.post('/auth/confirm-email', { data: { email: buyerEmail, code } })).status()).toBe(200);
    const { user } = await api(buyer.request).post('/auth/login', {
      data: { email: buyerEmail, password: 'secret-pw' },
      status: 200,
    });
    // The customer's base modules and the AI tools its package adds.
    expect(user).toMatchObject({
      is_child: true,
      subscription_status: 'active',
      permissions: ['ai_suggest', 'leads', 'wallet'],
    });
    await buyerContext.close();

    // The package is in use now: it cannot be deleted.
    await page.goto('/whitelabel/packages');
    await wl.confirmAction(`Delete ${packageName}`, 'Delete');
    await wl.expectToast('Plan cannot be deleted while in use.');
    await expect(wl.row(packageName)).toBeVisible();
  });

  test('subscription lifecycle: restore, cancel, reactivate, refund; the usage history records each step', async ({
    page,
    signIn,
    shell,
  }) => {
    const wl = new WhitelabelPages(page);
    await signIn('reseller', '/whitelabel/subscriptions');
    await expect(shell.heading('Subscriptions')).toBeVisible();
    const row = wl.row('Bea Buyer');
    await expect(row).toContainText(packageName);
    await expect(row).toContainText('Payment provider');

    await wl.confirmAction('Restore the subscription of Bea Buyer to manual', 'Restore');
    await wl.expectToast('Subscription restored: you now manage it manually.');
    await expect(row).toContainText('You (manual)');

    await wl.confirmAction('Cancel the subscription of Bea Buyer', 'Cancel subscription');
    await wl.expectToast(/Subscription cancelled: it stays active until the end of the period/);
    await expect(row).toContainText('Active, ends');

    await wl.confirmAction('Reactivate the subscription of Bea Buyer', 'Reactivate');
    await wl.expectToast('Subscription reactivated.');
    await expect(row.getByText('Active', { exact: true })).toBeVisible();

    await wl.confirmAction('Refund the last payment of Bea Buyer', 'Refund and cancel');
    await wl.expectToast('Last payment refunded; the subscription is cancelled now.');
    await expect(row.getByText('Cancelled', { exact: true })).toBeVisible();

    await page.getByRole('link', { name: 'Usage history' }).click();
    await expect(shell.heading('Usage history')).toBeVisible();
    for (const event of [
      'Subscription created',
      'Payment received',
      'Restored to manual',
      'Cancelled at period end',
      'Reactivated',
      'Refunded and cancelled',
    ]) {
      await expect(page.getByRole('cell', { name: event, exact: true }).first()).toBeVisible();
    }
  });

  test('SMTP: without it no welcome email; save it, send a real test email, then the welcome email goes through it', async ({
    page,
    signIn,
    shell,
  }) => {
    const smtp = await startLocalSmtp();
    try {
      const wl = new WhitelabelPages(page);
      await signIn('reseller', '/whitelabel/subscriptions/create');
      await expect(shell.heading('Create subscription')).toBeVisible();
      await wl.field('Customer name').fill('Carl Customer');
      await wl.field('Email').fill('carl.e2e@customer.test');
      await wl.field('Username').fill('carl-e2e');
      await wl.field('Plan').selectOption({ label: packageName });
      await page.getByText('Send a welcome email (through your SMTP server)').click();
      await wl.save();
      await expect(page.getByText('Without SMTP details the welcome email cannot be sent.').first()).toBeVisible();

      await page.goto('/whitelabel/smtp');
      await expect(shell.heading('SMTP settings')).toBeVisible();
      // Gmail takes only an app password of 16 characters; the port is required and numeric (spec §5, §9).
      await wl.field('Host').fill('smtp.gmail.com');
      await wl.field('Port').fill('');
      await wl.field('Password').fill('my account password');
      await wl.save();
      await expect(page.getByText('Fields are required and must be numeric')).toBeVisible();
      await expect(
        page.getByText('An app password has 16 characters (spaces do not count)', { exact: false }),
      ).toBeVisible();
      await wl.field('Password').fill('');
      await wl.field('Host').fill('127.0.0.1');
      await wl.field('Port').fill(String(smtp.port));
      await wl.field('Encryption').selectOption('none');
      await wl.field('From address').fill('hello@acme.test');
      await wl.field('Support address').fill('support@acme.test');
      await wl.save();
      await wl.expectToast('SMTP settings saved.');
      await wl.field('Send to').fill('owner@acme.test');
      await page.getByRole('button', { name: 'Send test' }).click();
      await wl.expectToast('Test email sent to owner@acme.test.');
      expect(smtp.received.some((m) => m.includes('owner@acme.test') && m.includes('SMTP test'))).toBe(true);

      await page.goto('/whitelabel/subscriptions/create');
      await wl.field('Customer name').fill('Carl Customer');
      await wl.field('Email').fill('carl.e2e@customer.test');
      await wl.field('Username').fill('carl-e2e');
      await wl.field('Plan').selectOption({ label: packageName });
      await page.getByText('Send a welcome email (through your SMTP server)').click();
      await wl.save();
      await wl.expectToast('Subscription created.');
      await expect(wl.row('carl.e2e@customer.test')).toBeVisible();
      await expect
        .poll(() =>
          smtp.received.some((m) => m.includes('carl.e2e@customer.test') && m.includes('Welcome to Acme Leads')),
        )
        .toBe(true);
    } finally {
      await smtp.close();
    }
  });

  test('webhook: add one with a secret, send a signed test event to a local receiver', async ({
    page,
    signIn,
    shell,
  }) => {
    const receiver = await startWebhookReceiver();
    try {
      const wl = new WhitelabelPages(page);
      await signIn('reseller', '/whitelabel/webhook');
      await expect(shell.heading('Webhooks')).toBeVisible();
      await wl.field('Name').fill('My CRM');
      await wl.field('URL').fill(receiver.url);
      await wl.field('Secret (generated when empty)').fill('e2e-secret');
      await page.getByText('Created', { exact: true }).click();
      await wl.save();
      await wl.expectToast('Webhook created.');
      await expect(wl.row('My CRM')).toBeVisible();
      await page.getByRole('button', { name: 'Send a test event to My CRM' }).click();
      await wl.expectToast('Test event delivered (HTTP 204).');
      const hit = receiver.received.find((r) => r.event === 'webhook.test');
      expect(hit?.signature).toBe(
        `sha256=${createHmac('sha256', 'e2e-secret')
          .update(hit?.body ?? '')
          .digest('hex')}`,
      );
    } finally {
      await receiver.close();
    }
  });

  test('payments: choose the billing type and connect the payment account through the (sandbox) provider callback', async ({
    page,
    signIn,
    shell,
  }) => {
    const wl = new WhitelabelPages(page);
    await signIn('reseller', '/whitelabel/stripe');
    await expect(shell.heading('Payment provider')).toBeVisible();
    // PayKickstart has its own settings (IPN key, product mapping) instead of a payment account to connect.
    await wl.field('Billing type').selectOption('paykickstart');
    await wl.expectToast('Billing type saved.');
    await expect(page.getByTestId('payment-account-status')).toHaveCount(0);
    await wl.field('Billing type').selectOption('stripe');
    await wl.expectToast('Billing type saved.');
    await expect(page.getByTestId('payment-account-status')).toContainText('No payment account is connected yet.');
    await page.getByRole('button', { name: 'Connect payment account' }).click();
    await expect(shell.heading('Payment connection')).toBeVisible();
    await expect(page).toHaveURL(/\/whitelabel\/stripe\/callback\?code=sandbox_/);
    await expect(page.getByText('Your payment account is connected.').first()).toBeVisible();
    await page.getByRole('button', { name: 'Back to payment provider' }).click();
    await expect(page.getByTestId('payment-account-status')).toContainText('Connected (sandbox)');
    await expect(wl.field('Billing type')).toHaveValue('stripe');
  });

  test("custom links for the customers' menu, and the welcome email template (saved, then reset to the default)", async ({
    page,
    signIn,
    shell,
    request,
  }) => {
    const wl = new WhitelabelPages(page);
    await signIn('reseller', '/whitelabel/custom-links');
    await expect(shell.heading('Custom links')).toBeVisible();
    await wl.field('URL').fill('not a url');
    await wl.save();
    await expect(page.getByText('This field is required')).toBeVisible();
    await expect(page.getByText('Enter a valid URL')).toBeVisible();
    await wl.field('Title').fill('Help desk');
    await wl.field('URL').fill('https://help.acme.example');
    // Kept out of the side menu: the demo customer's sidebar is asserted by other specs running alongside
    // (gating). whitelabel-links.spec.ts shows a menu link in a fresh customer's sidebar.
    // Chakra's checkbox: its label is what a person clicks.
    await page.locator('label').filter({ hasText: 'Add to the side menu' }).click();
    await expect(page.getByRole('checkbox', { name: 'Add to the side menu' })).not.toBeChecked();
    await wl.save();
    await wl.expectToast('Link added.');
    await expect(wl.row('Help desk')).toContainText('https://help.acme.example');
    await expect(wl.row('Help desk')).toContainText('No');
    // A link not marked for the menu is not in the reseller's customers' menu.
    const token = await apiToken(request, 'customer');
    const menu = await request.get('/api/whitelabel/menu-links', { headers: { authorization: `Bearer ${token}` } });
    expect(await menu.json()).toEqual({ data: [] });

    await page.goto('/whitelabel/email-templates');
    await expect(shell.heading('Email templates')).toBeVisible();
    await expect(page.getByText('Uses the built-in text.')).toBeVisible();
    await wl.field('Subject').fill('Hi {name}, your Acme account is ready');
    await wl.save();
    await wl.expectToast('Email template saved.');
    await expect(page.getByText('Uses your text.')).toBeVisible();
    await page.getByRole('button', { name: 'Reset to default' }).click();
    await wl.expectToast('Email template reset to the default text.');
    await expect(wl.field('Subject')).toHaveValue('Welcome to {brand}');
  });

  test('partners: create one, a second with the same referral code is refused, edit it', async ({
    page,
    signIn,
    shell,
  }) => {
    const wl = new WhitelabelPages(page);
    await signIn('reseller', '/whitelabel/partners/create');
    await expect(shell.heading('Create partner')).toBeVisible();
    await wl.field('Referral code').fill('bad code!');
    await wl.save();
    await expect(page.getByText('Only letters, numbers and hyphens')).toBeVisible();
    await wl.field('Name').fill('Pat Partner');
    await wl.field('Referral code').fill('pat-e2e');
    await wl.field('Commission (%)').fill('15');
    await wl.save();
    await wl.expectToast('Partner created.');
    await expect(wl.row('Pat Partner')).toContainText('15 %');
    await page.getByRole('link', { name: 'Create partner' }).click();
    await wl.field('Name').fill('Copy Cat');
    await wl.field('Referral code').fill('pat-e2e');
    await wl.save();
    await expect(page.getByText('This slug cannot be used: another of your partners has it.').first()).toBeVisible();
    await page.goto('/whitelabel/partners');
    await page.getByRole('link', { name: 'Edit Pat Partner' }).click();
    await expect(shell.heading('Edit partner')).toBeVisible();
    await wl.field('Company').fill('Pat & Co');
    await wl.save();
    await wl.expectToast('Partner updated.');
    await expect(wl.row('Pat Partner')).toContainText('Pat & Co');
  });
});
