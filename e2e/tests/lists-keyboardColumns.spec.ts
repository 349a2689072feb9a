import { test, expect } from '../support/fixtures';
import { api } from '../support/api';
import { apiToken, openWithToken } from '../support/session';

/** Issue 29 items 6 and 7: keyboard shortcuts on a list's results, the column chooser and saved views in the URL. */
test.describe('lists: keyboard, columns and saved views', () => {
  test('j/k/x, / and ? without a mouse; columns picked, ordered and sized in a shareable URL; a saved view', async ({
    page,
    signIn,
    request,
    expectAccessible,
    browser,
  }) => {
    const token = await apiToken(request, 'customer');
    const headers = { authorization: `Bearer ${token}` };
    const name = `Keys ${Date.now()}`;
    const id = (await api(request).post('/api/campaigns', { headers, data: { name, list_type: 'people' } })).campaign
      .id;
    for (const person of ['ada', 'bob', 'cy']) {
      expect(
        (
          await request.post(`/api/people-results/${id}/manual`, {
            headers,
            data: { email: `${person}@keys.example`, name: person, company: `${person} Inc` },
          })
        ).status(),
      ).toBe(201);
    }

    await signIn('customer', `/lead-search/saved-lists/people-${id}`);
    const rows = page.getByTestId('result-row');
    await expect(rows).toHaveCount(3);

    // j/k move a visible focus through the rows; x selects the focused one.
    await page.locator('body').press('j');
    await expect(rows.nth(0)).toBeFocused();
    await page.keyboard.press('j');
    await expect(rows.nth(1)).toBeFocused();
    await page.keyboard.press('x');
    await expect(page.getByTestId('selection-count')).toHaveText('1 selected');
    await page.keyboard.press('k');
    await expect(rows.nth(0)).toBeFocused();
    const outline = await rows.nth(0).evaluate((el) => getComputedStyle(el).outlineStyle);
    expect(outline).not.toBe('none');

    // "/" focuses the search field; letters typed there are text, not shortcuts.
    await page.keyboard.press('/');
    const search = page.locator('#results-search');
    await expect(search).toBeFocused();
    await page.keyboard.type('jx');
    await expect(search).toHaveValue('jx');
    await expect(page.getByTestId('selection-count')).toHaveText('1 selected');
    await search.fill('');

    // ? lists every shortcut, translated; the dialog is accessible; Escape closes it.
    await rows.nth(0).focus();
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('row')).toHaveCount(8);
    await expectAccessible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // Columns: hide Phone, move Email first, size it; the URL carries the table.
    await page.getByRole('button', { name: 'Columns' }).click();
    const chooser = page.getByRole('region', { name: 'Columns' });
    await chooser.getByRole('checkbox', { name: 'Phone' }).uncheck();
    await chooser.getByRole('button', { name: 'Move Email up' }).click();
    await chooser.getByRole('button', { name: 'Move Email up' }).click();
    await chooser.getByLabel('Width of Email in pixels').fill('320');
    await chooser.getByLabel('Width of Email in pixels').press('Enter');
    await expect(page).toHaveURL(/cols=email\.320%2Ctitle%2Ccompany/);
    const table = page.getByRole('table', { name: 'Results' });
    await expect(table.getByRole('columnheader').nth(2)).toHaveText('Email');
    await expect(table.getByRole('columnheader', { name: 'Phone' })).toHaveCount(0);
    await expectAccessible();

    // The link shows the same table to whoever opens it (here: a new browser signed in to the same account).
    const shared = page.url();
    const otherContext = await browser.newContext({ baseURL: new URL(page.url()).origin });
    const other = await otherContext.newPage();
    await openWithToken(other, token, shared);
    const otherTable = other.getByRole('table', { name: 'Results' });
    await expect(otherTable.getByRole('columnheader').nth(2)).toHaveText('Email');
    await expect(otherTable.getByRole('columnheader', { name: 'Phone' })).toHaveCount(0);
    await otherContext.close();

    // Saved under a name for the account, picked again after going back to the defaults.
    await page.getByRole('button', { name: 'Save view' }).click();
    await page.getByLabel('View name').fill(`${name} emails`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('View saved.')).toBeVisible();
    await expect(page).toHaveURL(/sv=\d+/);
    await chooser.getByRole('button', { name: 'Default columns' }).click();
    await expect(table.getByRole('columnheader', { name: 'Phone' })).toHaveCount(1);
    await page.getByLabel('Saved view', { exact: true }).selectOption({ label: 'None' });
    await expect(page).not.toHaveURL(/sv=/);
    await page.getByLabel('Saved view', { exact: true }).selectOption({ label: `${name} emails` });
    await expect(page).toHaveURL(/sv=\d+/);
    await expect(table.getByRole('columnheader', { name: 'Phone' })).toHaveCount(0);
    await expect(table.getByRole('columnheader').nth(2)).toHaveText('Email');

    // g then l: the saved lists.
    await rows.nth(0).focus();
    await page.keyboard.press('g');
    await page.keyboard.press('l');
    await expect(page.getByRole('heading', { level: 1, name: 'Saved lists' })).toBeVisible();
  });
});
