import { test, expect } from '../support/fixtures';
import { addPeople, auth, createList } from '../support/LeadSearch2Api';
import { api } from '../support/api';
import { apiToken } from '../support/session';

test.describe('lead search: custom labels', () => {
  test('create a coloured label, see the results carrying it, rename it everywhere, delete it', async ({
    page,
    signIn,
    request,
    expectAccessible,
  }) => {
    test.slow();
    const token = await apiToken(request, 'customer');
    const stamp = Date.now();
    const label = `Hot ${stamp}`;
    const listName = `Labelled ${stamp}`;
    const listId = await createList(request, token, listName);
    const [ada, bob] = await addPeople(request, token, listId, [`Ada ${stamp}`, `Bob ${stamp}`, `Cy ${stamp}`]);

    await signIn('customer', `/lead-search/custom-labels?search=${stamp}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Custom labels' })).toBeVisible();
    await expect(page.getByText('No labels match this search.')).toBeVisible();

    // Required name is checked before the call.
    await page.getByRole('button', { name: 'Create label' }).click();
    await expect(page.getByText('This field is required')).toBeVisible();
    await page.getByLabel('Label name').fill(label);
    await page.getByLabel('Colour').first().selectOption('red');
    await page.getByRole('button', { name: 'Create label' }).click();
    await expect(page.getByText(`Label "${label}" created.`)).toBeVisible();
    await expect(page.getByTestId('label-row')).toHaveCount(1);
    await expect(page.getByTestId('label-row').getByTestId('label-badge')).toHaveText(label);
    await expect(page.getByTestId('label-row')).toContainText('Results: 0');

    // A duplicate name answers 422 on the name field.
    await page.getByLabel('Label name').fill(label.toLowerCase());
    await page.getByRole('button', { name: 'Create label' }).click();
    await expect(page.locator('form').getByText('You already have a label with this name.')).toBeVisible();

    // Applied to one result singly and to another through "all matching" of the list's labels action.
    const res = await request.post(`/api/people-results/${listId}/labels`, {
      headers: auth(token),
      data: { ids: [ada], add: [label] },
    });
    expect(res.ok()).toBeTruthy();
    const labelled = await api(request).post('/api/people-results/{id}/labels', {
      path: { id: listId },
      headers: auth(token),
      data: { all_matching: true, filters: { search: `Bob ${stamp}` }, add: [label] },
    });
    expect(labelled.updated).toBe(1);
    expect(bob).toBeGreaterThan(0);

    await page.reload();
    await expect(page.getByTestId('label-row')).toContainText('Results: 2');
    await page.getByRole('button', { name: `Show results labelled ${label}` }).click();
    await expect(page.getByRole('heading', { level: 2, name: `Results labelled ${label}` })).toBeVisible();
    await expect(page.getByTestId('labelled-result')).toHaveCount(2);
    await expect(page.getByTestId('labelled-result').first().getByRole('link', { name: listName })).toBeVisible();
    await expectAccessible();

    // Rename and recolour: the results carrying the label follow.
    const renamed = `Warm ${stamp}`;
    await page.getByRole('button', { name: `Edit label ${label}` }).click();
    const editForm = page.getByRole('form', { name: `Edit label ${label}` });
    await editForm.getByLabel('Label name').fill(renamed);
    await editForm.getByLabel('Colour').selectOption('orange');
    await editForm.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Label saved.')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: `Results labelled ${renamed}` })).toBeVisible();
    const results = await api(request).post('/api/people-results/{id}', {
      path: { id: listId },
      headers: auth(token),
      data: {},
    });
    expect(
      results.data
        .filter((r) => r.labels.includes(renamed))
        .map((r) => r.name)
        .sort(),
    ).toEqual([`Ada ${stamp}`, `Bob ${stamp}`]);

    // Opening a labelled result goes to its list.
    await page
      .getByTestId('labelled-result')
      .getByRole('link', { name: `Ada ${stamp}` })
      .click();
    await expect(page).toHaveURL(new RegExp(`/lead-search/saved-lists/people-${listId}/${ada}`));
    await page.goBack();

    // Delete after confirming: the label leaves the results too.
    await page.getByRole('button', { name: `Delete label ${renamed}` }).click();
    await page.getByRole('button', { name: 'Delete label', exact: true }).click();
    await expect(page.getByText('Label deleted and removed from 2 results.')).toBeVisible();
    await expect(page.getByTestId('label-row')).toHaveCount(0);
    const after = await api(request).post('/api/people-results/{id}', {
      path: { id: listId },
      headers: auth(token),
      data: {},
    });
    expect(after.data.every((r) => !r.labels.includes(renamed))).toBe(true);
  });
});
