import { test, expect } from '../support/fixtures';
import { createList } from '../support/LeadSearch2Api';
import { api } from '../support/api';
import { apiToken } from '../support/session';

test.describe('lead search: autopilots', () => {
  test('create an autopilot, see its first run add results to the list, pause it', async ({
    page,
    signIn,
    request,
    expectAccessible,
  }) => {
    test.slow();
    const token = await apiToken(request, 'customer');
    const stamp = Date.now();
    const listName = `Autopilot list ${stamp}`;
    const listId = await createList(request, token, listName);

    await signIn('customer', '/lead-search/autopilot');
    await expect(page.getByRole('heading', { level: 1, name: 'Autopilots' })).toBeVisible();
    await page.getByRole('link', { name: 'Create autopilot' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Create autopilot' })).toBeVisible();

    // Location, list and a filter are required before saving.
    await page.getByRole('button', { name: 'Save and schedule' }).click();
    await expect(page.getByText('Select location and list before continuing.').first()).toBeVisible();
    await expect(page.getByText('Select at least one filter')).toBeVisible();

    await page.getByLabel('Name').fill(`Founders ${stamp}`);
    await page.getByLabel('List', { exact: true }).selectOption({ label: `${listName} (People)` });
    await page.getByLabel('Location').fill('Lyon');
    await page.getByLabel('Job title').fill('Founder');
    await page.getByLabel('Maximum results per period').fill('5');
    await page.getByLabel('Enrich new results').check();
    await page.getByLabel('Summary').check();
    await page.getByLabel('Send to CRM').selectOption('ghl');
    await page.getByLabel('Time zone').selectOption('Europe/Paris');

    // A webhook autopilot needs the list's webhook.
    await page.getByLabel('Type').selectOption('webhook');
    await page.getByRole('button', { name: 'Save and schedule' }).click();
    await expect(page.locator('form').getByText(/no webhook/i)).toBeVisible();
    await page.getByLabel('Type').selectOption('basic');
    await page.getByRole('button', { name: 'Save and schedule' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Autopilot details' })).toBeVisible();
    await expect(page).toHaveURL(/\/lead-search\/autopilot\/basic-\d+$/);
    await expect(page.getByRole('heading', { level: 2, name: `Founders ${stamp}` })).toBeVisible();
    await expect(page.getByTestId('autopilot-status')).toHaveText('Active');
    await expect(page.getByText('Europe/Paris', { exact: true })).toBeVisible();

    // The first run starts shortly after saving and fills the list.
    const run = page.getByTestId('autopilot-run').first();
    // The run starts on the next autopilot tick of the queue; on a loaded CI machine that can take a minute.
    await expect(run).toBeVisible({ timeout: 90_000 });
    await expect(run).toHaveAttribute('data-status', 'done', { timeout: 45_000 });
    await expect(run.getByTestId('run-results')).toHaveText('5');
    await expectAccessible();

    const results = await api(request).post('/api/people-results/{id}', {
      path: { id: listId },
      headers: { authorization: `Bearer ${token}` },
      data: {},
    });
    expect(results.total).toBe(5);

    await page.getByRole('button', { name: 'Pause' }).click();
    await expect(page.getByText('Autopilot paused.')).toBeVisible();
    await expect(page.getByTestId('autopilot-status')).toHaveText('Paused');

    // The list of autopilots shows it with its last run.
    await page.goto('/lead-search/autopilot');
    const row = page.getByTestId('autopilot-row').filter({ hasText: `Founders ${stamp}` });
    await expect(row).toContainText('Paused');
    await expect(row).toContainText('5 results');

    // Edit keeps the values.
    await row.getByRole('link', { name: `Founders ${stamp}` }).click();
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit autopilot' })).toBeVisible();
    await expect(page.getByLabel('Job title')).toHaveValue('Founder');
    await expect(page.getByLabel('Time zone')).toHaveValue('Europe/Paris');
    await page.getByLabel('Repeat').selectOption('weekly');
    await page.getByRole('button', { name: 'Save autopilot' }).click();
    await expect(page.getByText('Autopilot saved.')).toBeVisible();
    await expect(page.getByText('Weekly')).toBeVisible();
  });
});
