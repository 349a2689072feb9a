import type { APIRequestContext } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { creditTotal, NewSearchPage, SavedListPage } from '../support/LeadSearchPages';
import { startWebhookReceiver } from '../support/LeadSearchServers';
import { api, type SearchFilters, type SearchType } from '../support/api';
import { apiToken } from '../support/session';

async function listWithResults(
  request: APIRequestContext,
  token: string,
  type: SearchType,
  count: number,
  filters: SearchFilters,
  name = `${type} ${Date.now()}`,
): Promise<number> {
  const headers = { authorization: `Bearer ${token}` };
  const id = (await api(request).post('/api/campaigns', { headers, data: { name, list_type: type }, status: 201 }))
    .campaign.id;
  const started = await api(request).post('/api/searches', {
    headers,
    data: { type, campaign_id: id, location: 'Gent', count, filters },
    status: 201,
  });
  const jobId = started.job.id;
  await expect
    .poll(async () => (await api(request).get('/api/searches/{id}', { path: { id: jobId }, headers })).status, {
      timeout: 45_000,
    })
    .toBe('done');
  return id;
}

const userLimits = async (request: APIRequestContext, token: string) =>
  api(request).get('/api/user-limits', { headers: { authorization: `Bearer ${token}` } });

test.describe('lead search: list actions', () => {
  test.describe.configure({ timeout: 120_000 });
  test('labels, advanced custom search and date range live in the URL and survive opening a result', async ({
    page,
    signIn,
    request,
  }) => {
    const token = await apiToken(request, 'customer');
    const id = await listWithResults(request, token, 'company', 20, { industry: 'Media' });
    await signIn('customer', `/lead-search/saved-lists/company-${id}`);
    const list = new SavedListPage(page);
    await expect(list.rows).toHaveCount(20);

    const names: string[] = [];
    for (const row of (await list.rows.all()).slice(0, 3)) {
      names.push((await row.getByRole('link').textContent())!);
      await row.getByRole('checkbox').check();
    }
    await expect(page.getByTestId('selection-count')).toHaveText('3 selected');
    await page.getByLabel('Label', { exact: true }).fill('hot lead');
    await page.getByRole('button', { name: 'Add label' }).click();
    await expect(page.getByText('Labels updated on 3 results.')).toBeVisible();
    await expect(page.getByTestId('result-labels').filter({ hasText: 'hot lead' })).toHaveCount(3);

    await page.getByRole('button', { name: /^More filters/ }).click();
    await page.getByRole('button', { name: 'Add rule' }).click();
    await page.getByLabel('Field').selectOption({ label: 'Labels' });
    await page.getByLabel('Operator').selectOption({ label: 'Contains' });
    await page.getByLabel('Value').fill('hot');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/adv=/);
    await expect(list.rows).toHaveCount(3);
    await expect(list.shown).toHaveText('3 of 3 results shown');

    // A second rule with a value-less operator: only verified emails among the labelled rows.
    await page.getByRole('button', { name: 'Add rule' }).click();
    await page.getByRole('group', { name: 'Rule 2' }).getByLabel('Operator').selectOption({ label: 'Is not empty' });
    await page.getByRole('group', { name: 'Rule 2' }).getByLabel('Field').selectOption({ label: 'Company' });
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(list.rows).toHaveCount(3);

    await list.rows.first().getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Result details' })).toBeVisible();
    await expect(page.getByText('hot lead')).toBeVisible();
    await page.getByRole('button', { name: /back/i }).click();
    await expect(page).toHaveURL(/adv=/);
    await expect(list.rows).toHaveCount(3);
    await expect(page.getByRole('group', { name: 'Rule 1' }).getByLabel('Value')).toHaveValue('hot');

    // A date range in the future matches nothing; clearing brings every row back.
    await page.getByLabel('Added from').fill('2099-01-01');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/startDate=2099-01-01/);
    await expect(page.getByText('No results match.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(list.rows).toHaveCount(20);
    expect(new URL(page.url()).search).toBe('');
  });

  test('get employees for companies (2 credits each) and enrich creators (5 credits each)', async ({
    page,
    signIn,
    request,
  }) => {
    const token = await apiToken(request, 'customer');
    const companies = await listWithResults(request, token, 'company', 4, { industry: 'Energy' });
    const before = await creditTotal(request, token);
    await signIn('customer', `/lead-search/saved-lists/company-${companies}`);
    const list = new SavedListPage(page);
    await expect(list.rows).toHaveCount(4);
    await page.getByLabel('Select all on this page').check();
    await page.getByRole('button', { name: 'Get employees (2 credits per employee found)' }).click();
    // Queued: the list shows the look-up's progress, then its outcome.
    const progress = page.getByTestId('enrichment-progress');
    await expect(progress).toHaveText(/^Employees finished: 4 results checked, \d+ found, \d+ credits? charged$/);
    const [, , credits] = /(\d+) found, (\d+) credits/.exec((await progress.textContent()) ?? '') ?? [];
    expect(Number(credits) % 2).toBe(0);
    // The shared demo customer may be spent by parallel specs meanwhile: at least this charge left the wallet.
    expect(await creditTotal(request, token)).toBeLessThanOrEqual(before - Number(credits));
    await list.rows.first().getByRole('link').click();
    await expect(page.getByRole('heading', { level: 3, name: 'Employees found' })).toBeVisible();

    const creators = await listWithResults(request, token, 'influencer', 4, { platforms: ['youtube'] });
    await page.goto(`/lead-search/saved-lists/influencer-${creators}`);
    await expect(list.rows).toHaveCount(4);
    await page.getByLabel('Select all on this page').check();
    await page.getByRole('button', { name: 'Enrich (5 credits per creator enriched)' }).click();
    const enriched = page.getByTestId('enrichment-progress');
    // A creator whose contact the search already had is refreshed, not found again: "N found, M refreshed".
    await expect(enriched).toHaveText(
      /^Enrichment finished: 4 results checked, \d+ found(, \d+ refreshed)?, \d+ credits? charged$/,
    );
    const [, found, charged] =
      /(\d+) found(?:, \d+ refreshed)?, (\d+) credits/.exec((await enriched.textContent()) ?? '') ?? [];
    // The e2e server's influencer source is the demo generator: demo data is never charged (ADR 017).
    expect(Number(found)).toBeGreaterThan(0);
    expect(Number(charged)).toBe(0);
  });

  test('send selected results to a webhook receiver: sending → sent, signed', async ({ page, signIn, request }) => {
    const token = await apiToken(request, 'customer');
    const id = await listWithResults(request, token, 'local', 6, { categories: ['Florist'] });
    const receiver = await startWebhookReceiver();
    try {
      await signIn('customer', `/lead-search/saved-lists/local-${id}/webhook`);
      await page.getByLabel('Webhook URL').fill(receiver.url);
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByTestId('webhook-secret')).toHaveText(/^[0-9a-f]{48}$/);
      await page.goto(`/lead-search/saved-lists/local-${id}`);
      const list = new SavedListPage(page);
      await expect(list.rows).toHaveCount(6);
      await page.getByLabel('Select all on this page').check();
      await page.getByRole('button', { name: 'Send to webhook' }).click();
      await expect(page.getByText('6 results sent.')).toBeVisible();
      await expect(page.getByTestId('crm-status').filter({ hasText: 'Sent' })).toHaveCount(6);
      expect(receiver.deliveries).toHaveLength(1);
      expect(receiver.deliveries[0]!.body.results).toHaveLength(6);
      expect(String(receiver.deliveries[0]!.headers['x-webhook-signature'])).toMatch(/^sha256=[0-9a-f]{64}$/);
      // Status filter (spec §3 sent): only sent rows.
      await page.getByLabel('Status').selectOption({ label: 'Sent' });
      await expect(page).toHaveURL(/sent=1/);
      await expect(list.rows).toHaveCount(6);
    } finally {
      await receiver.close();
    }
  });

  test('saved lists in grid view; archive and restore one list', async ({ page, signIn, request }) => {
    const token = await apiToken(request, 'customer');
    const prefix = `Grid ${Date.now()}`;
    for (const n of ['one', 'two']) {
      const res = await request.post('/api/campaigns', {
        headers: { authorization: `Bearer ${token}` },
        data: { name: `${prefix} ${n}`, list_type: 'people' },
      });
      expect(res.status()).toBe(201);
    }
    await signIn('customer', `/lead-search/saved-lists?search=${encodeURIComponent(prefix)}`);
    await page.getByRole('button', { name: 'Grid view' }).click();
    await expect(page).toHaveURL(/view=grid/);
    await expect(page.getByTestId('list-card')).toHaveCount(2);
    await page.getByRole('button', { name: `Archive ${prefix} one` }).click();
    await expect(page.getByText('1 list archived.')).toBeVisible();
    await expect(page.getByTestId('list-card')).toHaveCount(1);
    await page.getByRole('button', { name: 'Archived', exact: true }).click();
    await expect(page).toHaveURL(/view=grid/);
    await expect(page.getByTestId('list-card')).toHaveCount(1);
    await page.getByRole('button', { name: `Unarchive ${prefix} one` }).click();
    await expect(page.getByText('1 list restored.')).toBeVisible();
    await expect(page.getByTestId('list-card')).toHaveCount(0);
    await page.getByRole('button', { name: 'List view' }).click();
    await expect(page).not.toHaveURL(/view=grid/);
  });

  test('a demo list is labelled and does not count toward the search limit', async ({ page, signIn, request }) => {
    // The admin account runs no other searches in the suite, so its search limit use is stable here.
    const token = await apiToken(request, 'admin');
    const usedBefore = (await userLimits(request, token)).searches_used;
    await signIn('admin', '/lead-search/new-search?type=company');
    const form = new NewSearchPage(page);
    await page.getByLabel('Industry', { exact: true }).selectOption('Education');
    await page.getByLabel('Location').fill('Bruges');
    const name = `Demo ${Date.now()}`;
    await page.getByLabel('Or create a new list').fill(name);
    await page.getByText(/Demo list \(sample data/).click();
    await page.getByRole('button', { name: 'Create list' }).click();
    await expect(page.getByLabel('List', { exact: true }).locator('option:checked')).toHaveText(`${name} (Demo list)`);
    await page.getByLabel(/Number of leads/).fill('5');
    await expect(page.getByTestId('search-cost')).toHaveText(
      'Demo data — no credits: its 5 leads cost nothing and do not count toward your search limit.',
    );
    await form.run.click();
    const list = new SavedListPage(page);
    await expect(list.progress).toContainText('Search finished: 5 leads', { timeout: 45_000 });
    await expect(page.getByText('Demo list', { exact: true })).toBeVisible();
    expect((await userLimits(request, token)).searches_used).toBe(usedBefore);
  });
});
