import { readFile } from 'node:fs/promises';
import { test, expect } from '../support/fixtures';
import { ACCOUNTS } from '../support/accounts';
import { NewSearchPage, SavedListPage } from '../support/LeadSearchPages';
import { api } from '../support/api';
import { outbox } from '../support/devRoutes';
import { apiToken } from '../support/session';

test.describe('lead search: saved searches and background exports', () => {
  test.describe.configure({ timeout: 120_000 });

  test('save a search from the search screen, opt in to a daily alert, re-run it with a click: only new leads are added', async ({
    page,
    signIn,
    request,
    expectAccessible,
  }) => {
    const token = await apiToken(request, 'customer');
    const name = `Saved founders ${Date.now()}`;
    const listName = `Saved search list ${Date.now()}`;

    await signIn('customer', '/lead-search/new-search?type=people');
    const form = new NewSearchPage(page);
    await expect(page.getByLabel('Location')).toBeVisible();
    await page.getByLabel('Job title', { exact: true }).fill('Founder');
    await page.getByLabel('Location').fill('Lyon, France');
    await form.createList(listName);
    await page.getByLabel(/Number of leads/).fill('5');

    const save = page.getByRole('region', { name: 'Save this search' });
    await save.getByLabel('Name', { exact: true }).fill(name);
    await save.getByLabel('Alert', { exact: true }).selectOption({ label: 'Daily alert' });
    await save.getByRole('button', { name: 'Save search' }).click();
    await expect(page.getByText('Search saved. You find it under Saved searches.')).toBeVisible();

    // Reachable from the sidebar.
    await page.getByRole('link', { name: 'Saved searches', exact: true }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Saved searches' })).toBeVisible();
    const row = page.getByTestId('saved-search-row').filter({ hasText: name });
    await expect(row).toBeVisible();
    await expect(row.getByLabel(`Alert for ${name}`)).toHaveValue('daily');
    await expect(row.getByText(/^Next alert: /)).toBeVisible();
    await expect(row.getByTestId('saved-search-last-run')).toHaveText('Never run');
    await expectAccessible();

    // Re-run with one click: five new leads into the list.
    await row.getByRole('button', { name: `Run ${name} again` }).click();
    await expect(row.getByTestId('saved-search-last-run')).toContainText('5 new leads', { timeout: 60_000 });
    // Again: the five already held are left out (not stored, not charged), five more come in.
    // (The second run can finish between two polls of the page, so its "Running" state is not waited for: the run
    // is started, then the list is watched until it holds ten.)
    const rerun = page.waitForResponse(
      (r) => r.request().method() === 'POST' && /\/api\/saved-searches\/\d+\/run$/.test(new URL(r.url()).pathname),
    );
    await row.getByRole('button', { name: `Run ${name} again` }).click();
    expect((await rerun).ok()).toBe(true);

    await row.getByRole('link', { name: listName }).click();
    const list = new SavedListPage(page);
    await expect(page.getByTestId('list-name')).toHaveText(listName);
    const listId = Number(/people-(\d+)/.exec(page.url())![1]);
    const held = async () =>
      (
        await api(request).post('/api/people-results/{id}', {
          path: { id: listId },
          headers: { authorization: `Bearer ${token}` },
          data: { limit: 100 },
        })
      ).data.length;
    await expect.poll(held, { timeout: 60_000 }).toBe(10);
    await page.reload();
    await expect(list.rows).toHaveCount(10);
    const results = await api(request).post('/api/people-results/{id}', {
      path: { id: listId },
      headers: { authorization: `Bearer ${token}` },
      data: { limit: 100 },
    });
    expect(results.data).toHaveLength(10);
    expect(new Set(results.data.map((r) => `${r.name} ${r.email ?? ''}`)).size).toBe(10);

    // Turn the alert off from the list of saved searches.
    await page.goto('/lead-search/saved-searches');
    await expect(row.getByTestId('saved-search-last-run')).toContainText('5 new leads', { timeout: 60_000 });
    await row.getByLabel(`Alert for ${name}`).selectOption('off');
    await expect(page.getByText('Saved search updated.')).toBeVisible();
    await expect(row.getByText(/^Next alert: /)).toHaveCount(0);
  });

  test('a list bigger than one page exported as a background file: progress, a plain download link, every row, the ready email', async ({
    page,
    signIn,
    request,
    expectAccessible,
  }) => {
    const token = await apiToken(request, 'customer');
    const headers = { authorization: `Bearer ${token}` };
    const { campaign } = await api(request).post('/api/campaigns', {
      headers,
      data: { name: `Export ${Date.now()}`, list_type: 'company' },
    });
    const started = await request.post('/api/searches', {
      headers,
      data: {
        type: 'company',
        campaign_id: campaign.id,
        location: 'Oslo',
        count: 45,
        filters: { industry: 'Software' },
      },
    });
    expect(started.status()).toBe(201);

    await signIn('customer', `/lead-search/saved-lists/company-${campaign.id}`);
    const list = new SavedListPage(page);
    await expect(list.progress).toContainText('Search finished', { timeout: 60_000 });
    await expect(list.rows).toHaveCount(20);

    await page.getByRole('button', { name: 'Prepare a CSV file' }).click();
    const file = page.getByTestId('list-export').first();
    await expect(file.getByTestId('list-export-done')).toContainText('45 rows', { timeout: 60_000 });
    // Kept for a week, and the list says until when.
    await expect(file.getByText(/^Download until .+, then the file is removed\.$/)).toBeVisible();
    await expectAccessible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      file.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${campaign.name.replace(/\s+/g, '-')}-${campaign.id}.csv`);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('name,company,job_title,email,email_status,phone,website,city,labels,created_at');
    expect(lines).toHaveLength(46);

    // The email is written with the file's completion and leaves through the outbox's own job. The shared
    // customer receives other tests' mail meanwhile: the outbox is asked for this kind only.
    const readyMailed = async () =>
      (await outbox(request, ACCOUNTS.customer.email, 'export_ready')).some(
        (e) => /export is ready/.test(e.subject) && e.body_text.includes(download.suggestedFilename()),
      );
    await expect.poll(readyMailed, { timeout: 30_000 }).toBe(true);
  });
});
