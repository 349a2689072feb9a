import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { test, expect } from '../support/fixtures';
import { openAs, registerFreshUser } from '../support/freshUser';
import { FAKE_CRM_BASE, receivedByHook } from '../support/FakeCrm';
import { addPeople, createList } from '../support/LeadSearch2Api';
import { api } from '../support/api';
import { authHeaders, send } from '../support/SecurityXss';
import { freshResellerWithCustomer } from '../support/WhitelabelAccounts';
import { apiToken } from '../support/session';

interface Delivery {
  headers: http.IncomingHttpHeaders;
  body: string;
}

test.describe('integrations', () => {
  test('create a webhook and receive the signed test POST on a local receiver', async ({
    page,
    shell,
    request,
    expectAccessible,
  }) => {
    const deliveries: Delivery[] = [];
    const receiver = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        deliveries.push({ headers: req.headers, body });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.address() as AddressInfo;
    try {
      await openAs(page, await registerFreshUser(request, 'webhook'), '/settings/integration/webhook');
      await expect(shell.heading('Webhook connections')).toBeVisible();
      await page.getByRole('button', { name: 'Create webhook' }).click();
      await expect(page.getByText('This field is required').first()).toBeVisible();
      await expect(page.getByText('Select at least one event')).toBeVisible();
      await expectAccessible();

      await page.getByLabel('Name').fill('Order system');
      await page.getByLabel('URL').fill(`http://127.0.0.1:${port}/leadsmith`);
      await page.getByLabel('A lead is found').check();
      await page.getByLabel('A search completes').check();
      await page.getByLabel('Secret (optional)').fill('e2e-webhook-secret');
      await page.getByRole('button', { name: 'Create webhook' }).click();

      await expect(shell.heading('List webhooks')).toBeVisible();
      const table = page.getByRole('table', { name: 'Your webhooks' });
      const row = table.getByRole('row').filter({ hasText: 'Order system' });
      await expect(row).toContainText('A lead is found, A search completes');
      await expect(row).toContainText('Not sent yet');
      await row.getByRole('button', { name: 'Send test to Order system' }).click();
      await expect(row).toContainText('Test sent: answered 200');

      expect(deliveries).toHaveLength(1);
      const [delivery] = deliveries;
      expect(delivery!.headers['content-type']).toBe('application/json');
      expect(delivery!.headers['x-webhook-signature']).toBe(
        `sha256=${createHmac('sha256', 'e2e-webhook-secret').update(delivery!.body).digest('hex')}`,
      );
      expect(JSON.parse(delivery!.body)).toMatchObject({
        event: 'test',
        data: { subscribed_events: ['lead.created', 'search.completed'] },
      });
      await expectAccessible();
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });

  test('connect a CRM through its authorisation page and /crm/callback, then map fields', async ({
    page,
    shell,
    request,
    baseURL,
  }) => {
    // Leaves the app and comes back (two full page loads) on a shared 2-core machine.
    test.setTimeout(180_000);
    // The CRM's authorisation page, faked: it offers an "Allow" link back to /crm/callback with the state.
    await page.route('https://marketplace.gohighlevel.com/**', async (route) => {
      const url = new URL(route.request().url());
      const back = new URL(url.searchParams.get('redirect_uri')!);
      back.searchParams.set('code', 'e2e-auth-code');
      back.searchParams.set('state', url.searchParams.get('state')!);
      expect(back.origin).toBe(baseURL);
      await route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html lang="en"><title>Authorise</title><main><h1>GoHighLevel</h1><a href="${back.toString()}">Allow Leadsmith</a></main></html>`,
      });
    });
    await openAs(page, await registerFreshUser(request, 'crm'), '/settings/integration/crm-fields');
    await expect(shell.heading('CRM fields')).toBeVisible();
    await page.getByRole('link', { name: 'GoHighLevel not connected, click to connect' }).click();
    await expect(shell.heading('CRM')).toBeVisible();

    const table = page.getByRole('table', { name: 'CRM connections' });
    await table.getByRole('button', { name: 'Connect GoHighLevel' }).click();
    await page.getByRole('link', { name: 'Allow Leadsmith' }).click();
    // The API exchanges the code with the CRM (a real round trip, to the fake CRM here) before the page moves on.
    await expect(page).toHaveURL(/\/settings\/integration\/crm$/, { timeout: 60_000 });
    await expect(table.getByRole('row').filter({ hasText: 'GoHighLevel' })).toContainText('Connected on', {
      timeout: 30_000,
    });
    await expect(table.getByRole('row').filter({ hasText: 'Keap' })).toContainText(
      'Keap not connected, click to connect',
    );

    await page.getByRole('link', { name: 'CRM fields' }).click();
    await page.getByLabel('CRM field for Email').fill('contact.email');
    await page.getByLabel('CRM field for Phone').fill('contact.phone');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Field mapping saved.')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('CRM field for Email')).toHaveValue('contact.email');

    await page.getByRole('link', { name: 'CRM', exact: true }).click();
    await table.getByRole('button', { name: 'Disconnect GoHighLevel' }).click();
    await expect(table.getByRole('row').filter({ hasText: 'GoHighLevel' })).toContainText(
      'GoHighLevel not connected, click to connect',
    );
    // The page is audited once its confirmation has gone: the toast sits over the table's right edge, where axe
    // measured the Connect button's contrast against the toast.
    await expect(page.getByText('GoHighLevel disconnected.')).toHaveCount(0, { timeout: 15_000 });
  });

  test('a parent lets its related account use its CRM connections: the child sees them as shared, read-only, and sends through them', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const { reseller, customer } = await freshResellerWithCustomer(request, 'crm-share');
    const adminToken = await apiToken(request, 'admin');
    await send(request, adminToken, 'put', `/api/admin/users/${customer.id}`, { role: 'related' });
    const hook = `share-${Date.now()}`;
    await send(request, reseller.token, 'put', '/api/crm/connections/zapier/webhook', {
      url: `${FAKE_CRM_BASE}/hooks/${hook}`,
    });

    await openAs(page, reseller, '/settings/integration/crm');
    const share = page.getByRole('checkbox', { name: 'Let related accounts use these connections' });
    await expect(share).not.toBeChecked();
    await share.click();
    await expect(share).toBeChecked();
    expect(
      (await api(request).get('/api/crm/connections', { headers: authHeaders(reseller.token) })).sharing,
    ).toMatchObject({ share_with_related: true });

    const listId = await createList(request, customer.token, `Shared CRM list ${hook}`);
    await addPeople(request, customer.token, listId, ['Shared One']);
    await openAs(page, customer, '/settings/integration/crm');
    const zapier = page.getByRole('table', { name: 'CRM connections' }).getByRole('row').filter({ hasText: 'Zapier' });
    await expect(zapier).toContainText('Shared by Fresh User');
    await expect(zapier.getByRole('button', { name: 'Disconnect Zapier' })).toHaveCount(0);
    await expect(page.getByRole('checkbox', { name: 'Let related accounts use these connections' })).toHaveCount(0);

    await page.goto(`/lead-search/saved-lists/people-${listId}`);
    await expect(page.getByTestId('result-row')).toHaveCount(1);
    await page.getByLabel('Select all on this page').check();
    await page.getByRole('button', { name: 'Send to Zapier' }).click();
    await expect(page.locator('[data-testid="crm-status"] [data-status="sent"]')).toHaveCount(1);
    expect((await receivedByHook(request, hook)).map((r) => r.contact.email)).toEqual(['shared.one@example.com']);

    // Its own Zapier hook, connected from the shared row, is the one it sends through from then on (ADR 053).
    const own = `own-${Date.now()}`;
    await page.goto('/settings/integration/crm');
    await expect(zapier).toContainText('Shared by Fresh User');
    await zapier.getByLabel('Zapier webhook URL').fill(`${FAKE_CRM_BASE}/hooks/${own}`);
    await zapier.getByRole('button', { name: 'Connect Zapier' }).click();
    await expect(zapier.getByRole('button', { name: 'Disconnect Zapier' })).toBeVisible();
    await expect(zapier).not.toContainText('Shared by');
    const ownList = await createList(request, customer.token, `Own CRM list ${own}`);
    await addPeople(request, customer.token, ownList, ['Own Two']);
    await page.goto(`/lead-search/saved-lists/people-${ownList}`);
    await expect(page.getByTestId('result-row')).toHaveCount(1);
    await page.getByLabel('Select all on this page').check();
    await page.getByRole('button', { name: 'Send to Zapier' }).click();
    await expect(page.locator('[data-testid="crm-status"] [data-status="sent"]')).toHaveCount(1);
    expect((await receivedByHook(request, own)).map((r) => r.contact.email)).toEqual(['own.two@example.com']);
    expect((await receivedByHook(request, hook)).map((r) => r.contact.email)).toEqual(['shared.one@example.com']);
  });
});
