import { test, expect } from '../support/fixtures';

test('credit usage: limit band, chart, ledger table and a date range from the API', async ({
  page,
  signIn,
  shell,
  expectAccessible,
}) => {
  await signIn('reseller', '/settings/credit-usage');
  await expect(shell.heading('Credit usage')).toBeVisible();
  // Seeded reseller: 340 of 1000 searches used.
  await expect(page.getByTestId('limit-band')).toHaveText('Under 50%');
  await expect(page.getByRole('img', { name: /Bar chart: \d+ credits? consumed/ })).toBeVisible();
  const table = page.getByRole('table', { name: 'Credit history' });
  await expect(table.getByRole('row').filter({ hasText: 'Monthly plan credits' })).toBeVisible();
  await expect(page.getByText('No credits consumed when no contacts or emails are returned')).toBeVisible();
  await expectAccessible();

  // A range in the past has no entries; the range is kept in the URL.
  await page.getByLabel('From', { exact: true }).fill('2020-01-01');
  await page.getByLabel('To', { exact: true }).fill('2020-01-31');
  const answer = page.waitForResponse(
    (r) => r.url().includes('/api/credit-usage-statistic') && r.url().includes('start_date=2020-01-01'),
  );
  await page.getByRole('button', { name: 'Show' }).click();
  expect((await answer).status()).toBe(200);
  await expect(page).toHaveURL(/start=2020-01-01/);
  await expect(page.getByTestId('credits-consumed')).toHaveText('0');
  await expect(page.getByRole('table', { name: 'Credit history' })).toHaveCount(0);
});
