import { test, expect } from '../support/fixtures';
import { SITE_DOMAIN, SITE_EMAILS } from '../support/FakeDomainSite';
import { NewSearchPage, SavedListPage } from '../support/LeadSearchPages';
import { api } from '../support/api';
import { apiToken } from '../support/session';

test.describe('lead search: domain search crawls the company website', () => {
  test.describe.configure({ timeout: 120_000 });
  test('shows exactly the site emails with their states, sources and charges', async ({ page, signIn, request }) => {
    const token = await apiToken(request, 'customer');
    await signIn('customer', '/lead-search/new-search?type=domain');
    const form = new NewSearchPage(page);
    // A real source serves domain searches: no demo-data notice.
    await expect(page.getByLabel('Location')).toBeVisible();
    await expect(page.getByText('Demo data')).toHaveCount(0);
    await page.getByLabel('Domain', { exact: true }).fill(SITE_DOMAIN);
    await page.getByLabel('Location').fill('Madrid, Spain');
    await form.createList(`E2E domain ${Date.now()}`);
    await page.getByLabel(/Number of leads/).fill('20');
    await form.run.click();
    await expect(page).toHaveURL(/\/lead-search\/saved-lists\/domain-\d+$/);
    const listId = Number(/domain-(\d+)$/.exec(page.url())![1]);

    const list = new SavedListPage(page);
    const emails = Object.entries(SITE_EMAILS);
    await expect(list.rows).toHaveCount(emails.length, { timeout: 60_000 });
    await expect(list.statusBadges('looking')).toHaveCount(0, { timeout: 30_000 });
    await expect(list.statusBadges('found')).toHaveCount(emails.filter(([, e]) => e.state === 'found').length);
    await expect(list.statusBadges('potential')).toHaveCount(emails.filter(([, e]) => e.state === 'potential').length);

    // Each row: the address, where it was found (a link to the page), and one credit.
    for (const [address, expected] of emails) {
      const row = list.rows.filter({ hasText: address });
      await expect(row).toHaveCount(1);
      await expect(row.getByTestId('email-source')).toContainText('Found by: company website');
      await expect(row.getByRole('link', { name: /^Page where the email was found: / })).toHaveAttribute(
        'href',
        new RegExp(`${expected.page === '/' ? '/$' : `${expected.page}$`}`),
      );
      // The credits cell, before the row's Actions menu.
      await expect(row.getByRole('cell').nth(-2)).toHaveText('1');
    }
    await expect(list.rows.filter({ hasText: `john.smith@${SITE_DOMAIN}` }).getByTestId('email-source')).toContainText(
      'company email pattern',
    );

    // The job charged one credit per email (spec §9 domainPerEmail), once.
    const { job } = await api(request).get('/api/campaigns/{id}', {
      path: { id: listId },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(job).toMatchObject({ credits_charged: emails.length, found: emails.length, demo_data: false });
  });
});
