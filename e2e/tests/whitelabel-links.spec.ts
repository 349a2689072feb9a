import { expect, test } from '../support/fixtures';
import { openAs } from '../support/freshUser';
import { authHeaders } from '../support/SecurityXss';
import { freshResellerWithCustomer } from '../support/WhitelabelAccounts';
import { WhitelabelPages } from '../support/WhitelabelPages';

// Two accounts and several page loads: more than the default minute on a loaded 2-core machine.
test.describe.configure({ timeout: 120_000 });

// A fresh reseller and customer: the demo customer's sidebar is asserted by other specs running alongside.
test("a reseller adds a link to its customers' side menu; the customer sees it there, opening in a new tab", async ({
  page,
  request,
  shell,
  expectAccessible,
}) => {
  const { reseller, customer } = await freshResellerWithCustomer(request, 'links');
  const wl = new WhitelabelPages(page);
  await openAs(page, reseller, '/whitelabel/custom-links');
  await expect(shell.heading('Custom links')).toBeVisible();
  await wl.field('Title').fill('Agency help desk');
  await wl.field('URL').fill('https://help.agency.example/start');
  await wl.save();
  await wl.expectToast('Link added.');
  await expect(wl.row('Agency help desk')).toContainText('Yes');
  await wl.field('Title').fill('Internal notes');
  await wl.field('URL').fill('https://notes.agency.example');
  // Chakra's checkbox: its label is what a person clicks.
  await page.locator('label').filter({ hasText: 'Add to the side menu' }).click();
  await expect(page.getByRole('checkbox', { name: 'Add to the side menu' })).not.toBeChecked();
  await wl.save();
  await expect(wl.row('Internal notes')).toContainText('No');

  await openAs(page, customer, '/settings/business-profile');
  await expect(shell.heading('Business profile')).toBeVisible();
  const link = shell.sidebar.getByRole('link', { name: /^Agency help desk/ });
  await expect(link).toBeVisible();
  await expect(link).toHaveAttribute('href', 'https://help.agency.example/start');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(link).toContainText('(opens in a new tab)');
  await expect(shell.sidebar.getByRole('link', { name: /Internal notes/ })).toHaveCount(0);
  // The customer has no white-label module: only its reseller's links, not the white-label resources.
  await expect(shell.sidebar.getByRole('link', { name: /Roadmap/ })).toHaveCount(0);
  expect((await shell.groupTitles()).map((t) => t.trim().toLowerCase())).toEqual([
    'settings',
    'lead search',
    'resources',
  ]);
  await expectAccessible();

  // Removed by the reseller: gone from the customer's menu on the next visit.
  await openAs(page, reseller, '/whitelabel/custom-links');
  await wl.confirmAction('Delete Agency help desk', 'Delete');
  await wl.expectToast('Link deleted.');
  const menu = page.waitForResponse(
    (r) =>
      r.url().includes('/api/whitelabel/menu-links') &&
      r.request().headers().authorization === `Bearer ${customer.token}`,
  );
  await openAs(page, customer, '/settings/business-profile');
  expect((await menu).ok()).toBe(true);
  expect(
    await (await request.get('/api/whitelabel/menu-links', { headers: authHeaders(customer.token) })).json(),
  ).toEqual({ data: [] });
  await expect(shell.heading('Business profile')).toBeVisible();
  await expect(shell.sidebar.getByRole('heading', { level: 2, name: 'Settings' })).toBeVisible();
  await expect(shell.sidebar.getByRole('heading', { level: 2, name: 'Resources' })).toHaveCount(0);
});
