import { test, expect } from '../support/fixtures';
import { AdminPage } from '../support/AdminPage';

test('topics: create, edit and delete through the shared list and form', async ({
  page,
  signIn,
  shell,
  expectAccessible,
}) => {
  const admin = new AdminPage(page);
  await signIn('admin', '/admin/topics');
  await expect(shell.heading('Topics')).toBeVisible();
  await expect(admin.row('Topics', 'Getting started')).toBeVisible();
  await page.getByRole('link', { name: 'Create topic' }).click();
  await expect(shell.heading('Create topic')).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('This field is required')).toBeVisible();
  await page.getByLabel('Title').fill('Prospecting basics');
  await page.getByLabel('Description').fill('How to build a first list.');
  await page.getByLabel('Position').fill('9');
  await expectAccessible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Topic created')).toBeVisible();
  const row = admin.row('Topics', 'Prospecting basics');
  await expect(row).toContainText('Yes');

  await page.getByRole('link', { name: 'Edit Prospecting basics' }).click();
  await expect(shell.heading('Edit topic')).toBeVisible();
  await expect(page.getByLabel('Description')).toHaveValue('How to build a first list.');
  await page.getByText('Shown to users', { exact: true }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Topic updated')).toBeVisible();
  await expect(row).toContainText('No');

  await page.getByRole('button', { name: 'Delete Prospecting basics' }).click();
  await admin.confirm('Delete');
  await expect(page.getByText('Topic deleted')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('partners: a duplicate referral code is refused on the field; reports show subscriptions and referrals', async ({
  page,
  signIn,
  shell,
}) => {
  const admin = new AdminPage(page);
  await signIn('admin', '/admin/partners/create');
  await expect(shell.heading('Create partner')).toBeVisible();
  await page.getByLabel('Name').fill('Copycat');
  await page.getByLabel('Referral code').fill('northwind');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('This referral code is already used by another partner').first()).toBeVisible();
  await page.getByLabel('Referral code').fill('COPYCAT-1');
  await page.getByLabel('Commission (%)').fill('8');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Partner created')).toBeVisible();
  await expect(admin.row('Partners', 'COPYCAT-1')).toContainText('8');
  await expect(admin.row('Partners', 'NORTHWIND')).toBeVisible();

  await shell.navigateInApp('/admin/reports');
  await expect(page).toHaveURL('/admin/reports/subscriptions');
  await expect(shell.heading('Subscriptions report')).toBeVisible();
  await expect(
    page.getByTestId('chart-subscriptions-report').locator('.recharts-bar-rectangle path').first(),
  ).toBeVisible();
  await page.getByLabel('Subscription status').selectOption('canceled');
  const rows = page.getByRole('table', { name: 'Subscriptions report' }).getByRole('row');
  await expect(rows.nth(1)).toContainText('Canceled');

  await shell.navigateInApp('/admin/reports/user-referrals');
  await expect(shell.heading('User referrals report')).toBeVisible();
  await expect(admin.row('User referrals report', 'Northwind Agency')).toBeVisible();
  await expect(page.getByTestId('chart-referrals').locator('.recharts-bar-rectangle path').first()).toBeVisible();
});
