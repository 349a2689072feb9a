import { test, expect } from '../support/fixtures';
import { FAKE_CRM_BASE, receivedByCode, receivedByHook } from '../support/FakeCrm';
import { openAs } from '../support/freshUser';
import { addPeople, createList } from '../support/LeadSearch2Api';
import { createModuleUser } from '../support/SettingsAccounts';
import { api } from '../support/api';

test.describe('lead search: sending results to a CRM', () => {
  test('no CRM yet → connect GoHighLevel → send a selection → sent, and the CRM has the contacts', async ({
    page,
    request,
    shell,
    expectAccessible,
  }) => {
    // Leaves the app for the CRM's authorisation page and comes back (full page loads) on a shared machine.
    test.setTimeout(180_000);
    const user = await createModuleUser(request, 'crm-send', ['leads']);
    const stamp = Date.now();
    const code = `e2e-crm-${stamp}`;
    const listId = await createList(request, user.token, `CRM list ${stamp}`);
    await addPeople(request, user.token, listId, ['Ada Lovelace', 'Alan Turing', 'Grace Hopper']);
    // The CRM's authorisation page, faked like the user's click on "Allow": back to /crm/callback with this test's code.
    await page.route('https://marketplace.gohighlevel.com/**', async (route) => {
      const url = new URL(route.request().url());
      const back = new URL(url.searchParams.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state')!);
      await route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html lang="en"><title>Authorise</title><main><h1>GoHighLevel</h1><a href="${back.toString()}">Allow Leadsmith</a></main></html>`,
      });
    });

    const listPath = `/lead-search/saved-lists/people-${listId}`;
    await openAs(page, user, listPath);
    const rows = page.getByTestId('result-row');
    await expect(rows).toHaveCount(3);
    await page.getByLabel('Select Ada Lovelace').check();
    await page.getByRole('button', { name: 'Send to CRM' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Connect a CRM first.' })).toBeVisible();
    await expectAccessible();
    await page.getByRole('link', { name: 'Connect a CRM in Settings' }).click();

    await expect(shell.heading('CRM')).toBeVisible();
    await expect(page).toHaveURL(/\/settings\/integration\/crm$/);
    const table = page.getByRole('table', { name: 'CRM connections' });
    await table.getByRole('button', { name: 'Connect GoHighLevel' }).click();
    await page.getByRole('link', { name: 'Allow Leadsmith' }).click();
    // The API exchanged the code at the CRM's token endpoint (the fake CRM) before saying "connected".
    await expect(table.getByRole('row').filter({ hasText: 'GoHighLevel' })).toContainText('Connected on');
    await page.getByRole('link', { name: 'CRM fields' }).click();
    await page.getByLabel('CRM field for Job title').fill('contact.role');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Field mapping saved.')).toBeVisible();

    await page.goto(listPath);
    await expect(rows).toHaveCount(3);
    await page.getByLabel('Select Ada Lovelace').check();
    await page.getByLabel('Select Grace Hopper').check();
    await page.getByRole('button', { name: 'Send to GoHighLevel' }).click();
    await expect(page.getByText('Sending 2 results to GoHighLevel…')).toBeVisible();
    const sent = page.locator('[data-testid="crm-status"] [data-status="sent"]');
    await expect(sent).toHaveCount(2);
    await expect(rows.filter({ hasText: 'Ada Lovelace' }).getByTestId('crm-status')).toHaveText('Sent · GoHighLevel');
    await expect(rows.filter({ hasText: 'Alan Turing' }).getByTestId('crm-status')).toHaveText('');
    await expectAccessible();

    // What the CRM received: the two contacts, at the connected location, with the user's mapping.
    const received = await receivedByCode(request, code);
    expect(received.map((r) => r.contact.name).sort()).toEqual(['Ada Lovelace', 'Grace Hopper']);
    expect(received[0]!.path).toBe('/contacts/upsert');
    expect(received[0]!.contact).toMatchObject({
      locationId: 'loc-fake-1',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada.lovelace@example.com',
      source: 'Leadsmith',
    });

    // The status filter shows the sent ones; a result's page shows where it went.
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Sent' });
    await expect(rows).toHaveCount(2);
    await rows.filter({ hasText: 'Grace Hopper' }).getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Result details' })).toBeVisible();
    await expect(page.getByTestId('result-crm')).toContainText('Sent · GoHighLevel');
  });

  test('Zapier: paste a hook URL (private addresses refused), send the selection, the hook receives it', async ({
    page,
    request,
    expectAccessible,
  }) => {
    test.setTimeout(120_000);
    const user = await createModuleUser(request, 'crm-zapier', ['leads']);
    const stamp = Date.now();
    const hook = `zap-${stamp}`;
    const listId = await createList(request, user.token, `Zap list ${stamp}`);
    await addPeople(request, user.token, listId, ['Zed One', 'Zed Two', 'Other Three']);

    await openAs(page, user, '/settings/integration/crm');
    const zapier = page.getByRole('table', { name: 'CRM connections' }).getByRole('row').filter({ hasText: 'Zapier' });
    await zapier.getByLabel('Zapier webhook URL').fill('http://10.1.2.3/hooks/catch/1');
    await zapier.getByRole('button', { name: 'Connect Zapier' }).click();
    await expect(
      zapier.getByText('This URL/domain cannot be used: it points to a private or local address.'),
    ).toBeVisible();
    await zapier.getByLabel('Zapier webhook URL').fill(`${FAKE_CRM_BASE}/hooks/${hook}`);
    await zapier.getByRole('button', { name: 'Connect Zapier' }).click();
    await expect(zapier).toContainText('Connected on');
    await expect(zapier).toContainText(`Sends to ${new URL(FAKE_CRM_BASE).host}`);
    await expectAccessible();

    await page.goto(`/lead-search/saved-lists/people-${listId}?search=Zed`);
    const rows = page.getByTestId('result-row');
    await expect(rows).toHaveCount(2);
    await page.getByLabel('Select all on this page').check();
    await page.getByRole('button', { name: 'Send to Zapier' }).click();
    await expect(page.locator('[data-testid="crm-status"] [data-status="sent"]')).toHaveCount(2);
    const received = await receivedByHook(request, hook);
    expect(received.map((r) => r.contact.email).sort()).toEqual(['zed.one@example.com', 'zed.two@example.com']);
    expect(received[0]!.contact).toMatchObject({ first_name: 'Zed', source: `Zap list ${stamp}` });
  });

  test('the saved list suggests the custom labels in its filter', async ({ page, request }) => {
    const user = await createModuleUser(request, 'crm-labels', ['leads']);
    const stamp = Date.now();
    const listId = await createList(request, user.token, `Labelled list ${stamp}`);
    const [first] = await addPeople(request, user.token, listId, ['Hot Prospect', 'Cold Prospect']);
    const headers = { authorization: `Bearer ${user.token}` };
    const labelId = (
      await api(request).post('/api/custom-labels', { headers, data: { name: 'Priority', color: 'red' }, status: 201 })
    ).label.id;
    expect(
      (
        await request.post(`/api/people-results/${listId}/labels`, {
          headers,
          data: { ids: [first], add: ['Priority'] },
        })
      ).ok(),
    ).toBeTruthy();

    await openAs(page, user, `/lead-search/saved-lists/people-${listId}`);
    const rows = page.getByTestId('result-row');
    await expect(rows).toHaveCount(2);
    await page.getByLabel('Filter by label').selectOption({ label: 'Priority' });
    await expect(page).toHaveURL(new RegExp(`label_id=${labelId}`));
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Hot Prospect');
    // The filter is in the URL: it survives a reload.
    await page.reload();
    await expect(page.getByLabel('Filter by label')).toHaveValue(String(labelId));
    await expect(rows).toHaveCount(1);
    await page.getByLabel('Filter by label').selectOption({ label: 'Any label' });
    await expect(rows).toHaveCount(2);
  });
});
