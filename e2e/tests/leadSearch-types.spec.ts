import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { creditTotal, NewSearchPage, SavedListPage, chooseCategories } from '../support/LeadSearchPages';
import { startCustomerSite } from '../support/LeadSearchServers';
import { apiToken } from '../support/session';

/** Toolbar actions the spec (§2) gives each list type, as the user sees them once rows are selected. */
const TOOLBAR: Record<string, { present: string[]; absent: string[] }> = {
  local: {
    present: [
      'More filters',
      'Manual entry',
      'Get employees',
      'Add label',
      'Send to webhook',
      'Export CSV',
      'Delete',
      'New search',
    ],
    absent: ['Get phones', 'Enrich', 'Settings'],
  },
  company: {
    present: [
      'More filters',
      'Manual entry',
      'Get employees',
      'Add label',
      'Send to webhook',
      'Export CSV',
      'Delete',
      'New search',
    ],
    absent: ['Get phones', 'Enrich', 'Settings'],
  },
  domain: {
    present: ['More filters', 'Get employees', 'Add label', 'Send to webhook', 'Export CSV', 'Delete', 'New search'],
    absent: ['Manual entry', 'Get phones', 'Enrich', 'Settings'],
  },
  influencer: {
    present: [
      'More filters',
      'Manual entry',
      'Enrich',
      'AI',
      'Add label',
      'Send to webhook',
      'Export CSV',
      'Delete',
      'New search',
    ],
    absent: ['Get phones', 'Get employees', 'Settings'],
  },
  group: {
    present: [
      'More filters',
      'Manual entry',
      'Get phones',
      'Add label',
      'Send to webhook',
      'Export CSV',
      'Delete',
      'New search',
    ],
    absent: ['Get employees', 'Enrich', 'Settings'],
  },
  intent: {
    present: ['More filters', 'Settings', 'Add label', 'Send to webhook', 'Export CSV', 'Delete'],
    absent: ['Manual entry', 'Get phones', 'Get employees', 'Enrich', 'New search'],
  },
};

async function expectToolbar(page: Page, type: string): Promise<void> {
  const { present, absent } = TOOLBAR[type]!;
  // The area's content only (the sidebar has its own "New search" link).
  const area = page.getByTestId('area-outlet');
  for (const name of present)
    await expect(
      area
        .getByRole('button', { name: new RegExp(`^${name}`) })
        .or(area.getByRole('link', { name, exact: true }))
        .first(),
    ).toBeVisible();
  for (const name of absent) {
    await expect(area.getByRole('button', { name: new RegExp(`^${name}`) })).toHaveCount(0);
    await expect(area.getByRole('link', { name, exact: true })).toHaveCount(0);
  }
  // Email-found filter: every type but domain (spec §2).
  await expect(area.getByLabel('Email found', { exact: true })).toHaveCount(type === 'domain' ? 0 : 1);
}

/** `demo`: the list is a "Demo list" (the explicit offline mode), for types whose default source is real (domain: the site crawl). */
const SEARCHES: {
  type: string;
  label: string;
  fill: (page: Page) => Promise<void>;
  expectText: string;
  demo?: boolean;
}[] = [
  {
    type: 'local',
    label: 'Local',
    fill: async (page) => {
      await chooseCategories(page, ['Dentist', 'Bakery']);
      await page.getByRole('group', { name: 'Website technologies' }).getByText('wordpress', { exact: true }).click();
    },
    expectText: 'Dentist|Bakery',
  },
  {
    type: 'company',
    label: 'Company',
    fill: async (page) => void (await page.getByLabel('Industry', { exact: true }).selectOption('Healthcare')),
    expectText: 'Healthcare',
  },
  {
    type: 'domain',
    label: 'Domain',
    fill: (page) => page.getByLabel('Domain', { exact: true }).fill('acme-rockets.com'),
    expectText: 'acme-rockets.com',
    demo: true,
  },
  {
    type: 'influencer',
    label: 'Influencer',
    fill: async (page) => {
      await page.getByRole('group', { name: 'Social platforms' }).getByText('tiktok', { exact: true }).click();
      await page.getByLabel('Followers (minimum)').fill('5000');
      // Spec §5: once one part of a growth rate is given, all three are required.
      await page
        .getByRole('group', { name: 'Likes growth rate' })
        .getByLabel('Interval')
        .selectOption({ label: '3 months' });
      await page.getByRole('button', { name: 'Run search' }).click();
      await expect(
        page.getByText('Interval, operator and value are all required once one is given').first(),
      ).toBeVisible();
      await page
        .getByRole('group', { name: 'Likes growth rate' })
        .getByLabel('Operator')
        .selectOption({ label: 'Greater than' });
      await page.getByRole('group', { name: 'Likes growth rate' }).getByLabel('Value').fill('0.1');
      await page.getByLabel('Last posted (days, at least 30)').fill('10');
      await page.getByRole('button', { name: 'Run search' }).click();
      await expect(page.getByText('Minimum number is 30')).toBeVisible();
      await page.getByLabel('Last posted (days, at least 30)').fill('45');
    },
    expectText: 'Creator',
  },
  {
    type: 'group',
    label: 'Group',
    fill: async (page) => {
      await page.getByLabel('Companies (one name or domain per line)').fill('Globex\ninitech.com');
      await page.getByLabel('Job title', { exact: true }).fill('Buyer');
    },
    expectText: 'Globex|initech.com',
  },
];

test.describe('lead search: every search type end to end', () => {
  // Each test waits for a real search job and audits every page it saw: slower than most specs on a shared 2-core machine.
  test.describe.configure({ timeout: 120_000 });
  for (const search of SEARCHES) {
    test(`${search.type}: filters, live results, spec toolbar`, async ({ page, signIn }) => {
      await signIn('customer', `/lead-search/new-search?type=${search.type}`);
      const form = new NewSearchPage(page);
      await expect(page.getByRole('radio', { name: new RegExp(`^${search.label}`) })).toBeChecked();
      await search.fill(page);
      await page.getByLabel('Location').fill('Valencia, Spain');
      await form.createList(`E2E ${search.type} ${Date.now()}`, { demo: search.demo });
      await page.getByLabel(/Number of leads/).fill('8');
      await form.run.click();
      await expect(page).toHaveURL(new RegExp(`/lead-search/saved-lists/${search.type}-\\d+$`));
      const list = new SavedListPage(page);
      await expect(list.progress).toContainText('Search finished: 8 leads', { timeout: 45_000 });
      await expect(list.rows).toHaveCount(8);
      await expect(list.statusBadges('looking')).toHaveCount(0);
      await expect(
        page
          .getByTestId('result-row')
          .filter({ hasText: new RegExp(search.expectText) })
          .first(),
      ).toBeVisible();
      await expect(page.getByText('Demo data')).toBeVisible();
      await page.getByLabel('Select all on this page').check();
      await expectToolbar(page, search.type);
    });
  }

  test('intent: the list settings show a snippet; visits on the user site become results', async ({
    page,
    signIn,
    request,
    context,
  }) => {
    const token = await apiToken(request, 'customer');
    const before = await creditTotal(request, token);
    await signIn('customer', '/lead-search/new-search?type=intent');
    const form = new NewSearchPage(page);
    await page.getByLabel('Your website').fill('shop.example');
    await page.getByLabel('Location').fill('Anywhere');
    await form.createList(`E2E intent ${Date.now()}`);
    await page.getByLabel(/Number of leads/).fill('10');
    await form.run.click();
    await expect(page).toHaveURL(/\/lead-search\/saved-lists\/intent-\d+$/);
    const list = new SavedListPage(page);
    await expect(list.progress).toContainText('Waiting for site visitors: 0 of 10');

    await page.getByRole('button', { name: 'Settings' }).click();
    const snippet = (await page.getByTestId('tracking-snippet').textContent())!;
    expect(snippet).toContain('/api/intent/collect?k=');
    await expect(page.getByTestId('intent-visits')).toContainText('0 visits recorded');

    // The user pastes the snippet into their site; three people browse it.
    const site = await startCustomerSite(snippet);
    try {
      const visitor = await context.newPage();
      for (const path of ['/', '/pricing', '/contact', '/pricing']) {
        const pixel = visitor.waitForResponse((r) => r.url().includes('/api/intent/collect'));
        await visitor.goto(`${site.base}${path}`);
        expect((await pixel).status()).toBe(200);
      }
      await visitor.close();
    } finally {
      await site.close();
    }
    await expect(page.getByTestId('intent-visits')).toContainText('4 visits recorded', { timeout: 15_000 });
    await expect(list.rows.first()).toBeVisible({ timeout: 20_000 });
    await expect(list.statusBadges('looking')).toHaveCount(0, { timeout: 20_000 });
    await expect(list.progress).toContainText(/Waiting for site visitors: [1-3] of 10/);
    const rows = await list.rows.count();
    expect(rows).toBeGreaterThan(0);
    expect(rows).toBeLessThanOrEqual(3);
    await page.getByLabel('Select all on this page').check();
    await expectToolbar(page, 'intent');

    // Stop waiting for visitors: the list keeps what it has; 1 credit per visitor with a contact (spec §9).
    await page.getByRole('button', { name: 'Stop search' }).click();
    await expect(list.progress).toContainText(/Search stopped: [1-3] of 10 leads/);
    await expect(page.getByText('You stopped this search.')).toBeVisible();
    const charged = Number(/(\d+) credits? charged/.exec((await list.progress.textContent()) ?? '')?.[1]);
    expect(await creditTotal(request, token)).toBeLessThanOrEqual(before - charged); // shared demo customer: parallel specs may spend too
    const link = list.rows.first().getByRole('link');
    await link.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Result details' })).toBeVisible();
    await expect(page.getByText('pages viewed')).toBeVisible();
    await expect(page.getByText('shop.example').or(page.getByText('127.0.0.1')).first()).toBeVisible();

    // From the list settings, another intent search into the same list starts with the list chosen.
    await page.getByRole('button', { name: /back/i }).click();
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('link', { name: 'Start an intent search' }).click();
    await expect(page).toHaveURL(/\/lead-search\/new-search\?type=intent&campaign_id=\d+$/);
    await expect(page.getByLabel('List', { exact: true }).locator('option:checked')).toHaveText(/^E2E intent/);
  });
});
