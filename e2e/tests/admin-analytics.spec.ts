import { test, expect } from '../support/fixtures';
import type { Page } from '@playwright/test';

/** A chart has drawn data: bars or a line path with points. */
async function expectDrawn(page: Page, testId: string): Promise<void> {
  const chart = page.getByTestId(testId);
  await expect(chart.locator('.recharts-surface').first()).toBeVisible();
  await expect(chart.locator('.recharts-bar-rectangle path, .recharts-line-curve').first()).toBeVisible();
}

/** Every category label of a chart is a human name (no raw key) drawn whole inside the chart. */
async function expectCategoriesReadable(page: Page, testId: string): Promise<void> {
  const chart = page.getByTestId(testId);
  const ticks = chart.locator('.recharts-yAxis-tick-labels text');
  await expect(ticks.first()).toBeVisible();
  const svg = await chart.locator('.recharts-surface').first().boundingBox();
  for (const tick of await ticks.all()) {
    expect(await tick.textContent()).not.toMatch(/:|^search|get-phones/);
    const box = await tick.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(svg!.x);
  }
}

test('the dashboard shows platform figures and charts from the seeded demo data', async ({
  page,
  signIn,
  shell,
  expectAccessible,
}) => {
  await signIn('admin', '/admin');
  await expect(page).toHaveURL('/admin/dashboard');
  await expect(shell.heading('Dashboard')).toBeVisible();
  const active = page.getByText('Active users', { exact: true }).locator('..').getByTestId('stat-value');
  await expect(active).not.toHaveText('0');
  expect(Number((await active.innerText()).replace(/\D/g, ''))).toBeGreaterThan(20);
  for (const id of ['chart-activity', 'chart-signups', 'chart-subscriptions', 'chart-plans'])
    await expectDrawn(page, id);
  await expectCategoriesReadable(page, 'chart-plans');
  // One palette: the first series of every chart has the brand's colour.
  const firstSeries = await page
    .locator('.recharts-bar-rectangle path, .recharts-line-curve')
    .evaluateAll((nodes) => [
      ...new Set(
        nodes.map((n) => (n.getAttribute('fill') !== 'none' && n.getAttribute('fill')) || n.getAttribute('stroke')),
      ),
    ]);
  expect(firstSeries).toContain('#573BFF');
  await expectAccessible();
});

test('user analytics: credit usage, login activity and monthly credit usage render their charts', async ({
  page,
  signIn,
  shell,
}) => {
  await signIn('admin', '/admin/user-analytics');
  await expect(page).toHaveURL('/admin/user-analytics/credit-usage');
  await expect(shell.heading('Credit usage')).toBeVisible();
  await expectDrawn(page, 'chart-credits-per-day');
  await expectDrawn(page, 'chart-credits-by-reason');
  await expectCategoriesReadable(page, 'chart-credits-by-reason');
  await expect(page.getByRole('table', { name: 'Top users by credits used' }).getByRole('row')).not.toHaveCount(0);
  await page.getByLabel('Period').selectOption('90');
  await expect(page).toHaveURL('/admin/user-analytics/credit-usage?range=90');
  await expectDrawn(page, 'chart-credits-per-day');

  await shell.navigateInApp('/admin/user-analytics/login-activity');
  await expect(shell.heading('Login activity')).toBeVisible();
  await expectDrawn(page, 'chart-logins-per-day');
  await expectDrawn(page, 'chart-last-login');

  await shell.navigateInApp('/admin/user-analytics/monthly-credit-usage');
  await expect(shell.heading('Monthly credit usage')).toBeVisible();
  await expectDrawn(page, 'chart-credits-per-month');
  const rows = page.getByRole('table', { name: 'Credits used per month by wallet bucket' }).getByRole('row');
  await expect(rows).toHaveCount(13);
});
