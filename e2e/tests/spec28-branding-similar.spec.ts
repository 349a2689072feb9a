import { test, expect } from '../support/fixtures';
import { auth, createList } from '../support/LeadSearch2Api';
import { apiToken } from '../support/session';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

test.describe('spec gaps: uploaded branding images, people "find similar"', () => {
  test('a reseller uploads a logo: the field takes the image path and the preview shows it; text files are refused', async ({
    page,
    signIn,
  }) => {
    await signIn('reseller', '/whitelabel/business-account');
    const form = page.getByRole('form', { name: 'Business account' });
    await form
      .getByLabel('Or upload a logo')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await expect(form.getByText('Accepted image formats: PNG, JPEG, GIF, WebP, ICO')).toBeVisible();
    await form.getByLabel('Or upload a logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await expect(form.getByLabel('Logo URL')).toHaveValue(/^\/api\/brand-images\/[0-9a-f-]{36}$/);
    const path = await form.getByLabel('Logo URL').inputValue();
    await expect(form.getByRole('img', { name: 'Logo URL preview' })).toHaveAttribute('src', path);
    const served = await page.request.get(path);
    expect(served.headers()['content-type']).toBe('image/png');
  });

  test("find similar from a person's row actions: the similar people show on the person's page", async ({
    page,
    signIn,
    request,
  }) => {
    const token = await apiToken(request, 'customer');
    const stamp = Date.now();
    const listId = await createList(request, token, `Similar ${stamp}`);
    const added = await request.post(`/api/people-results/${listId}/manual`, {
      headers: auth(token),
      data: { name: `Ana ${stamp}`, email: `ana.${stamp}@example.com`, company: 'Acme', position: 'Head of Sales' },
    });
    expect(added.status()).toBe(201);

    await signIn('customer', `/lead-search/saved-lists/people-${listId}`);
    const row = page.getByTestId('result-row').filter({ hasText: `Ana ${stamp}` });
    await row.getByTestId('row-actions').click();
    await page.getByRole('menuitem', { name: 'Find similar people (2 credits per person found)' }).click();
    await expect(page.getByTestId('enrichment-progress')).toContainText('Similar people finished');
    await row.getByTestId('row-actions').click();
    await page.getByRole('menuitem', { name: 'Open details' }).click();
    const table = page.getByRole('table', { name: 'Similar people found' });
    await expect(table.getByTestId('similar-row').first()).toContainText('Head of Sales');
  });
});
