import type { APIRequestContext } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import { api } from '../support/api';
import { apiToken } from '../support/session';

/** Issue 29 item 5: a bulk delete is undone from its toast; a deleted list waits in the trash (restore, delete forever); a deleted result is undone too. */
async function createList(request: APIRequestContext, token: string, name: string): Promise<number> {
  return (
    await api(request).post('/api/campaigns', {
      headers: { authorization: `Bearer ${token}` },
      data: { name, list_type: 'people' },
      status: 201,
    })
  ).campaign.id;
}

test.describe('lists: undo and trash', () => {
  test('undo a bulk delete from the toast, then restore from the trash and delete forever', async ({
    page,
    signIn,
    request,
  }) => {
    const token = await apiToken(request, 'customer');
    const prefix = `Undo ${Date.now()}`;
    await createList(request, token, `${prefix} A`);
    await createList(request, token, `${prefix} B`);

    await signIn('customer', `/lead-search/saved-lists?search=${encodeURIComponent(prefix)}`);
    const rows = page.getByTestId('list-row');
    await expect(rows).toHaveCount(2);
    await page.getByLabel('Select all lists on this page').check();
    const bar = page.getByRole('region', { name: 'Selection' });
    await bar.getByRole('button', { name: 'Delete', exact: true }).click();
    await bar.getByRole('button', { name: 'Yes, delete' }).click();
    await expect(page.getByText('2 lists deleted.')).toBeVisible();
    await expect(rows).toHaveCount(0);

    // Undo, within the toast's 10 seconds: both lists are back.
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByText('Undone: 2 lists restored.')).toBeVisible();
    await expect(rows).toHaveCount(2);

    // Deleted again without undo: the list waits in the trash.
    await page.getByLabel(`Select ${prefix} A`).check();
    await bar.getByRole('button', { name: 'Delete', exact: true }).click();
    await bar.getByRole('button', { name: 'Yes, delete' }).click();
    await expect(page.getByText('1 list deleted.')).toBeVisible();
    await expect(rows).toHaveCount(1);
    await page.getByRole('link', { name: 'Trash' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Trash' })).toBeVisible();
    const trashed = page.getByTestId('trash-row').filter({ hasText: `${prefix} A` });
    await expect(trashed).toHaveCount(1);
    await page.getByRole('button', { name: `Restore ${prefix} A` }).click();
    await expect(page.getByText('List restored from the trash.')).toBeVisible();
    await expect(trashed).toHaveCount(0);

    // From the list's own page to the trash, then deleted for good.
    await page.goto(`/lead-search/saved-lists?search=${encodeURIComponent(prefix)}`);
    await expect(rows).toHaveCount(2);
    await page.getByRole('link', { name: `${prefix} B` }).click();
    await page.getByRole('button', { name: 'Delete list' }).click();
    await page.getByRole('alertdialog', { name: 'Delete list' }).getByRole('button', { name: 'Yes, delete' }).click();
    await expect(page.getByText('List deleted.')).toBeVisible();
    await page.goto('/lead-search/saved-lists/trash');
    await page.getByRole('button', { name: `Delete ${prefix} B forever` }).click();
    await expect(page.getByText(`Delete ${prefix} B and its results for good?`)).toBeVisible();
    await page.getByRole('button', { name: 'Delete forever', exact: true }).click();
    await expect(page.getByText('List deleted for good.')).toBeVisible();
    await expect(page.getByTestId('trash-row').filter({ hasText: `${prefix} B` })).toHaveCount(0);
  });

  test('a sorted list: a result deleted from its row comes back from the toast, in its place', async ({
    page,
    signIn,
    request,
  }) => {
    const token = await apiToken(request, 'customer');
    const listId = await createList(request, token, `Undo results ${Date.now()}`);
    for (const name of ['Bruno', 'Alma', 'Carla']) {
      const response = await request.post(`/api/people-results/${listId}/manual`, {
        headers: { authorization: `Bearer ${token}` },
        data: { name, email: `${name.toLowerCase()}.${listId}@undo.example` },
      });
      expect(response.status()).toBe(201);
    }
    await signIn('customer', `/lead-search/saved-lists/people-${listId}`);
    const rows = page.getByTestId('result-row');
    await expect(rows).toHaveCount(3);
    // Sorted by name, Z to A: the order is the URL's, and stays through the delete and its undo.
    await page.getByLabel('Sort by').selectOption({ label: 'Name Z–A' });
    await expect(page).toHaveURL(/sort=name_desc/);
    await expect(rows.first()).toContainText('Carla');
    await expect(rows.last()).toContainText('Alma');

    await rows.filter({ hasText: 'Bruno' }).getByTestId('row-actions').click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('1 result deleted.')).toBeVisible();
    await expect(rows).toHaveCount(2);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByText('Undone: 1 result restored.')).toBeVisible();
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(1)).toContainText('Bruno');
  });
});
