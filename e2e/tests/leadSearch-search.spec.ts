import { OSM_API_BASE } from '../support/FakeLeadVendors';
import { readFile } from 'node:fs/promises';
import { test, expect } from '../support/fixtures';
import { creditTotal, NewSearchPage, SavedListPage, chooseCategories } from '../support/LeadSearchPages';
import { api } from '../support/api';
import { apiToken } from '../support/session';

test.describe('lead search: people search end to end', () => {
  test.describe.configure({ timeout: 150_000 });
  test('validation messages, live results with email states, demo data free of credits, CSV export', async ({
    page,
    signIn,
    request,
    expectAccessible,
  }) => {
    const token = await apiToken(request, 'customer');
    const before = await creditTotal(request, token);

    await signIn('customer', '/lead-search/new-search?type=people');
    const form = new NewSearchPage(page);
    await expect(page.getByLabel('Location')).toBeVisible();

    // Spec §5: location and list must be chosen before continuing.
    await form.run.click();
    await expect(page.getByText('Select location and list before continuing')).toHaveCount(2);
    await expectAccessible();

    await page.getByLabel('Job title', { exact: true }).fill('Head of Sales');
    await page.getByRole('group', { name: 'Seniority' }).getByText('Director', { exact: true }).click();
    await page.getByLabel('Location').fill('Berlin, Germany');
    const listName = `E2E people ${Date.now()}`;
    await form.createList(listName);
    // 100 leads: the search runs long enough to be watched even on a loaded machine.
    await page.getByLabel(/Number of leads/).fill('100');
    // No people-data source is configured in the e2e run: demo data, which costs no credits (ADR 017).
    await expect(page.getByTestId('search-cost')).toHaveText(
      'Demo data — no credits: its 100 leads cost nothing and do not count toward your search limit.',
    );
    // The demo customer is shared with specs running in parallel: its balance can only have gone down since.
    await expect(page.getByTestId('credit-balance')).toContainText(/\d+ credits/);
    const shown = Number(/(\d+) credits/.exec((await page.getByTestId('credit-balance').textContent()) ?? '')?.[1]);
    expect(shown).toBeLessThanOrEqual(before);
    expect(await creditTotal(request, token)).toBeLessThanOrEqual(shown);
    // The badge and the reason say so.
    await expect(page.getByText('Demo data — no credits', { exact: true })).toBeVisible();
    await expect(page.getByTestId('demo-reason')).toHaveText('No people-data source is configured: showing demo data.');

    await form.run.click();
    await expect(page).toHaveURL(/\/lead-search\/saved-lists\/people-\d+$/);
    const list = new SavedListPage(page);
    await expect(page.getByTestId('list-name')).toHaveText(listName);

    // The demo source answers at once and the queue stores 100 records per step, so the search is
    // usually over before the list draws (a running job's progress is covered by queue-search.test.ts).
    // The newest results are at the end (the list is in arrival order): scrolling loads them, 20 rows at a time.
    await expect(list.progress).toContainText('Search finished: 100 leads', { timeout: 90_000 });
    await expect(list.shown).toHaveText('20 of 100 results shown');
    for (const shown of [40, 60, 80, 100]) {
      await list.scrollForMore();
      await expect(list.shown).toHaveText(`${shown} of 100 results shown`);
    }
    // The frame is at the end of the list: its last row is drawn, and only the rows near the view are.
    await expect(list.rows.last()).toHaveAttribute('aria-rowindex', '101');
    expect(await list.rows.count()).toBeLessThan(100);
    await expect(list.statusBadges('looking')).toHaveCount(0);
    await expect(list.statusBadges('found').first()).toBeVisible();

    // Demo data is never charged, though records with a contact were found (a real source charges them: leadSearch-searches.test.ts).
    await expect(list.progress).toContainText(/[1-9]\d* with a contact, 0 credits charged/);
    await expect(page.getByText('Demo data — no credits', { exact: true })).toBeVisible();
    await expectAccessible();

    // CSV export of the list.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const csv = await readFile((await download.path())!, 'utf8');
    // UTF-8 with a byte order mark (spreadsheets read accents right); every row of the list, not one page.
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('name,company,job_title,email,email_status,phone,website,city,labels,created_at');
    expect(lines).toHaveLength(101);
    expect(csv).toContain('Head of Sales');
  });

  test('filters live in the URL and survive opening a result', async ({ page, signIn, request }) => {
    const token = await apiToken(request, 'customer');
    const headers = { authorization: `Bearer ${token}` };
    const { campaign } = await api(request).post('/api/campaigns', {
      headers,
      data: { name: `E2E filters ${Date.now()}`, list_type: 'company' },
    });
    const started = await request.post('/api/searches', {
      headers,
      data: {
        type: 'company',
        campaign_id: campaign.id,
        location: 'Oslo',
        count: 15,
        filters: { industry: 'Software' },
      },
    });
    expect(started.status()).toBe(201);

    await signIn('customer', `/lead-search/saved-lists/company-${campaign.id}`);
    const list = new SavedListPage(page);
    await expect(list.progress).toContainText('Search finished', { timeout: 45_000 });
    await page.getByLabel('Email found').selectOption({ label: 'Email found' });
    await expect(page).toHaveURL(/withEmail=1/);
    await expect(list.statusBadges('not_found')).toHaveCount(0);
    await expect(list.statusBadges('found').first()).toBeVisible();
    await page.getByRole('button', { name: 'Grid view' }).click();
    await expect(page).toHaveURL(/view=grid/);

    // The card's first link is the result's name (a duplicate badge may link to the list that also holds it).
    const first = page.getByTestId('result-card').first().getByRole('link').first();
    const name = (await first.textContent())!;
    await first.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Result details' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    await page.getByRole('button', { name: /back/i }).click();
    await expect(page).toHaveURL(/withEmail=1/);
    await expect(page).toHaveURL(/view=grid/);
    await expect(page.getByLabel('Email found')).toHaveValue('1');
    await expect(page.getByRole('button', { name: 'List view' })).toBeVisible();
  });
});

// Demo data takes no search limit (ADR 017): the limit is checked against a real source, OpenStreetMap on its loopback fakes.
test.describe('lead search: the search limit', () => {
  test.use({ baseURL: OSM_API_BASE });

  test('a search over the search limit is refused with a clear message', async ({ page, signIn }) => {
    await signIn('customer', '/lead-search/new-search?type=local&location=Madrid');
    await chooseCategories(page, ['Dentist']);
    await page.getByLabel(/Number of leads/).fill('1000');
    await expect(page.getByRole('alert')).toContainText('This search asks for 1,000 leads but only');
    await expect(page.getByRole('button', { name: 'Run search' })).toBeDisabled();
  });
});
