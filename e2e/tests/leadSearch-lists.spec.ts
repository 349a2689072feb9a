import { test, expect } from '../support/fixtures';
import { SavedListPage } from '../support/LeadSearchPages';
import type { APIRequestContext } from '@playwright/test';
import { api, type SearchFilters, type SearchType } from '../support/api';
import { apiToken } from '../support/session';

async function createList(
  request: APIRequestContext,
  token: string,
  name: string,
  list_type: SearchType = 'company',
): Promise<number> {
  return (
    await api(request).post('/api/campaigns', {
      headers: { authorization: `Bearer ${token}` },
      data: { name, list_type },
      status: 201,
    })
  ).campaign.id;
}

async function fillList(
  request: APIRequestContext,
  token: string,
  id: number,
  count: number,
  type: SearchType = 'company',
): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  const filters: SearchFilters = type === 'people' ? { departments: ['Marketing'] } : { industry: 'Retail' };
  const started = await api(request).post('/api/searches', {
    headers,
    data: { type, campaign_id: id, location: 'Lyon', count, filters },
    status: 201,
  });
  const jobId = started.job.id;
  await expect
    .poll(async () => (await api(request).get('/api/searches/{id}', { path: { id: jobId }, headers })).status, {
      timeout: 45_000,
    })
    .toBe('done');
}

test.describe('lead search: saved lists', () => {
  // Real search jobs plus an axe audit of every page visited: slower than most specs on a shared 2-core machine.
  test.describe.configure({ timeout: 120_000 });
  test('archive lists in bulk, find them under Archived, restore one', async ({ page, signIn, request }) => {
    const token = await apiToken(request, 'customer');
    const prefix = `Bulk ${Date.now()}`;
    await createList(request, token, `${prefix} A`);
    await createList(request, token, `${prefix} B`);

    await signIn('customer', `/lead-search/saved-lists?search=${encodeURIComponent(prefix)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Saved lists' })).toBeVisible();
    await expect(page.getByTestId('list-row')).toHaveCount(2);
    await page.getByLabel('Select all lists on this page').check();
    await page.getByRole('button', { name: 'Archive', exact: true }).click();
    await expect(page.getByText('2 lists archived.')).toBeVisible();
    await expect(page.getByTestId('list-row')).toHaveCount(0);

    await page.getByRole('button', { name: 'Archived', exact: true }).click();
    await expect(page).toHaveURL(/filter=archived/);
    await expect(page.getByTestId('list-row')).toHaveCount(2);
    await page.getByLabel(`Select ${prefix} A`).check();
    await page.getByRole('button', { name: 'Unarchive', exact: true }).click();
    await expect(page.getByTestId('list-row')).toHaveCount(1);
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await expect(page.getByTestId('list-row')).toHaveCount(1);
    await expect(page.getByRole('link', { name: `${prefix} A` })).toBeVisible();
  });

  test('select all matching results across pages and delete them; tags and source', async ({
    page,
    signIn,
    request,
  }) => {
    const token = await apiToken(request, 'customer');
    const name = `Select all ${Date.now()}`;
    const id = await createList(request, token, name);
    await fillList(request, token, id, 30);

    await signIn('customer', `/lead-search/saved-lists/company-${id}`);
    const list = new SavedListPage(page);
    await expect(list.rows).toHaveCount(20);
    await page.getByLabel('Select all on this page').check();
    await expect(page.getByTestId('selection-count')).toHaveText('20 selected');
    await page.getByRole('button', { name: 'Select all 30 matching results' }).click();
    await expect(page.getByTestId('selection-count')).toHaveText('30 selected');
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await expect(page.getByText('No results match.')).toBeVisible();
    await expect(list.rows).toHaveCount(0);

    await page.getByRole('link', { name: 'Tags and source' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Tags and source' })).toBeVisible();
    await page.getByLabel('Tags (comma separated)').fill('vip, trade fair');
    await page.getByLabel('Source').fill('Lyon expo');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Tags and source saved.')).toBeVisible();
    await page.getByRole('button', { name: /back/i }).click();
    await expect(page.getByText('vip, trade fair · Lyon expo')).toBeVisible();
  });

  test('filter sent / unsent / all, rename the list, delete it', async ({ page, signIn, request }) => {
    const token = await apiToken(request, 'customer');
    const name = `Manage ${Date.now()}`;
    const id = await createList(request, token, name);
    for (const website of ['https://one.example', 'https://two.example']) {
      const added = await request.post(`/api/company-results/${id}/manual`, {
        headers: { authorization: `Bearer ${token}` },
        data: { website, name: website.slice(8) },
      });
      expect(added.status()).toBe(201);
    }

    await signIn('customer', `/lead-search/saved-lists/company-${id}`);
    const list = new SavedListPage(page);
    await expect(list.rows).toHaveCount(2);
    const status = page.getByLabel('Status', { exact: true });
    await expect(status.locator('option')).toHaveText(['All', 'Sent', 'Unsent']);
    await status.selectOption({ label: 'Unsent' });
    await expect(page).toHaveURL(/sent=2/);
    await expect(list.rows).toHaveCount(2);
    await status.selectOption({ label: 'Sent' });
    await expect(page.getByText('No results match.')).toBeVisible();

    await page.getByRole('button', { name: 'Rename' }).click();
    await page.getByLabel('List name').fill('');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('This field is required')).toBeVisible();
    await page.getByLabel('List name').fill(`${name} renamed`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByTestId('list-name')).toHaveText(`${name} renamed`);

    // The list's history: who did what, newest first, filtered by kind.
    await page.getByRole('link', { name: 'List history' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'List history' })).toBeVisible();
    const history = page.getByTestId('history-row');
    await expect(history).toHaveCount(3);
    await expect(history.first()).toContainText(`Renamed to ${name} renamed`);
    await page.getByLabel('What', { exact: true }).selectOption({ label: 'Manual entry' });
    await expect(page).toHaveURL(/kind=manual_entry/);
    await expect(history).toHaveCount(2);
    await expect(history.first()).toContainText('Added two.example');
    await page.getByRole('button', { name: /back/i }).click();
    await expect(page.getByTestId('list-name')).toHaveText(`${name} renamed`);

    await page.getByRole('button', { name: 'Delete list' }).click();
    await page.getByRole('alertdialog', { name: 'Delete list' }).getByRole('button', { name: 'Yes, delete' }).click();
    await expect(page.getByText('List deleted.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Saved lists' })).toBeVisible();
    expect(
      (await request.get(`/api/campaigns/${id}`, { headers: { authorization: `Bearer ${token}` } })).status(),
    ).toBe(404);
  });

  test('get phones for the selected people, free on demo data', async ({ page, signIn, request }) => {
    const token = await apiToken(request, 'customer');
    const id = await createList(request, token, `Phones ${Date.now()}`, 'people');
    await fillList(request, token, id, 10, 'people');

    await signIn('customer', `/lead-search/saved-lists/people-${id}`);
    const list = new SavedListPage(page);
    await expect(list.rows).toHaveCount(10);
    await page.getByLabel('Select all on this page').check();
    await page.getByRole('button', { name: 'Get phones (1 credit per phone found)' }).click();
    // Queued: the list shows the look-up's progress, then its outcome.
    const progress = page.getByTestId('enrichment-progress');
    await expect(progress).toHaveText(/^Phones finished: \d+ results? checked, \d+ found, \d+ credits? charged$/);
    const [, , credits] = /(\d+) found, (\d+) credits/.exec((await progress.textContent()) ?? '') ?? [];
    // No people-data source in the e2e run: the demo generator's phones cost nothing (ADR 017).
    expect(Number(credits)).toBe(0);
  });

  test('send to webhook: set it up first, private URLs refused, statuses shown', async ({ page, signIn, request }) => {
    const token = await apiToken(request, 'customer');
    const id = await createList(request, token, `Webhook ${Date.now()}`);
    await fillList(request, token, id, 5);

    await signIn('customer', `/lead-search/saved-lists/company-${id}`);
    const list = new SavedListPage(page);
    await expect(list.rows).toHaveCount(5);
    await page.getByLabel('Select all on this page').check();
    await page.getByRole('button', { name: 'Send to webhook' }).click();
    await expect(page.getByRole('alert')).toContainText('Selected list has no webhook, set it up');
    await page.getByRole('alert').getByRole('link', { name: 'List webhook' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'List webhook' })).toBeVisible();
    await page.getByLabel('Webhook URL').fill('http://169.254.169.254/latest/meta-data');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(
      page.getByText('This URL points to a private or local address and cannot be used.').first(),
    ).toBeVisible();
    await page.getByLabel('Webhook URL').fill('https://93.184.215.14/leadsmith-hook');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('webhook-secret')).toHaveText(/^[0-9a-f]{48}$/);

    await page.getByRole('button', { name: /back/i }).click();
    await expect(list.rows).toHaveCount(5);
    await page.getByLabel('Select all on this page').check();
    await page.getByRole('button', { name: 'Send to webhook' }).click();
    // This machine has no route to the receiver: the delivery fails and the results say so.
    await expect(page.getByTestId('crm-status').filter({ hasText: 'Unsent' })).toHaveCount(5, { timeout: 20_000 });
  });
});
