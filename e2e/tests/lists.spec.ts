import { test, expect } from '../support/fixtures';
import { auth, createList } from '../support/LeadSearch2Api';
import { apiToken } from '../support/session';

test.describe('lists: do-not-contact list', () => {
  test('add a domain by hand and an email by CSV from Saved lists; the list marks both people', async ({
    page,
    signIn,
    request,
    expectAccessible,
  }) => {
    const token = await apiToken(request, 'customer');
    const stamp = Date.now();
    const domain = `dnc${stamp}.test`;
    const listId = await createList(request, token, `DNC ${stamp}`);
    for (const [name, email] of [
      [`Ann ${stamp}`, `ann@${domain}`],
      [`Bob ${stamp}`, `bob.${stamp}@elsewhere.test`],
    ]) {
      expect(
        (
          await request.post(`/api/people-results/${listId}/manual`, { headers: auth(token), data: { name, email } })
        ).status(),
      ).toBe(201);
    }

    await signIn('customer', '/lead-search/saved-lists');
    await page.getByRole('link', { name: 'Do not contact' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Do not contact' })).toBeVisible();
    await page.getByLabel('Email or domain').fill(`https://www.${domain}/team`);
    await page.getByRole('button', { name: 'Add to the list' }).click();
    await expect(page.getByText(`${domain} added to the do-not-contact list.`)).toBeVisible();
    await page.getByLabel('CSV file', { exact: true }).setInputFiles({
      name: 'dnc.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`Name,Email\nBob,bob.${stamp}@elsewhere.test\nNo one,n/a\n`),
    });
    await expect(page.getByTestId('dnc-upload-outcome')).toContainText(
      'Added: 1 · already listed: 0 · lines without an email or domain: 1',
    );
    await page.getByLabel('Search the list').fill(String(stamp));
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByTestId('dnc-row')).toHaveCount(2);
    await expectAccessible();

    await page.goto(`/lead-search/saved-lists/people-${listId}`);
    await expect(page.getByTestId('result-row')).toHaveCount(2);
    await expect(page.getByTestId('suppressed-badge')).toHaveCount(2);
  });
});

test.describe('lists: duplicates across lists', () => {
  test('a contact held in another list is marked, with a link to it there', async ({ page, signIn, request }) => {
    const token = await apiToken(request, 'customer');
    const stamp = Date.now();
    const home = await createList(request, token, `Home ${stamp}`);
    const second = await createList(request, token, `Second ${stamp}`);
    for (const id of [home, second]) {
      expect(
        (
          await request.post(`/api/people-results/${id}/manual`, {
            headers: auth(token),
            data: { name: `Dee ${stamp}`, email: `dee.${stamp}@twice.test` },
          })
        ).status(),
      ).toBe(201);
    }
    await signIn('customer', `/lead-search/saved-lists/people-${second}`);
    const badge = page.getByTestId('duplicate-badge');
    await expect(badge).toHaveText(`Duplicate · also in Home ${stamp}`);
    await badge.click();
    await expect(page).toHaveURL(new RegExp(`/lead-search/saved-lists/people-${home}/\\d+`));
    await expect(page.getByText(`dee.${stamp}@twice.test`).first()).toBeVisible();
  });
});
