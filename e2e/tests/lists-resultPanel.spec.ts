import { test, expect } from '../support/fixtures';
import { addPeople, createList } from '../support/LeadSearch2Api';
import { apiToken } from '../support/session';

test('a click on a result row opens its details in a side panel: kept in the URL over a reload, Escape returns to the row, the full page a link away', async ({
  page,
  signIn,
  request,
  shell,
  expectAccessible,
}) => {
  const token = await apiToken(request, 'customer');
  const stamp = Date.now();
  const listId = await createList(request, token, `Panel ${stamp}`);
  await addPeople(request, token, listId, [`Ada ${stamp}`, `Bob ${stamp}`]);

  await signIn('customer', `/lead-search/saved-lists/people-${listId}`);
  const row = page.getByTestId('result-row').filter({ hasText: `Bob ${stamp}` });
  // The row's own text (its email cell), not its name link: the panel opens beside the table.
  await row.getByRole('cell', { name: `bob.${stamp}@example.com` }).click();
  const panel = page.getByRole('dialog', { name: `Bob ${stamp}` });
  await expect(panel).toBeVisible();
  await expect(panel.getByText(`bob.${stamp}@example.com`)).toBeVisible();
  await expect(page).toHaveURL(/[?&]result=\d+/);
  await expectAccessible();

  // A reload shows the same result in the panel.
  await page.reload();
  await expect(panel).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(page).not.toHaveURL(/result=/);
  await expect(row).toBeFocused();

  // Back closes a panel opened by a click; its link opens the result's full page.
  await row.getByRole('cell', { name: `bob.${stamp}@example.com` }).click();
  await expect(panel).toBeVisible();
  await page.goBack();
  await expect(panel).toBeHidden();
  await row.getByRole('cell', { name: `bob.${stamp}@example.com` }).click();
  await panel.getByRole('link', { name: 'Open full page' }).click();
  await expect(shell.heading('Result details')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: `Bob ${stamp}` })).toBeVisible();
});
