import { test, expect } from '../support/fixtures';
import { createList } from '../support/LeadSearch2Api';
import { apiToken } from '../support/session';

test.describe('lists: CSV import and email grades', () => {
  test('import a CSV into a list from its page: preview, mapping, progress, the rows left out, then the grades', async ({
    page,
    signIn,
    request,
    expectAccessible,
  }) => {
    const token = await apiToken(request, 'customer');
    const stamp = Date.now();
    const listId = await createList(request, token, `Import ${stamp}`);
    const csv = [
      `Contact,Work email,Organisation`,
      `Ann ${stamp},ann.${stamp}@mailinator.com,Acme`,
      `Bob ${stamp},bob.${stamp}@gmail.com,Beta`,
      `Bad ${stamp},not-an-email,Gamma`,
    ].join('\n');

    await signIn('customer', `/lead-search/saved-lists/people-${listId}`);
    await page.getByRole('link', { name: 'Import CSV' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Import CSV' })).toBeVisible();
    await page
      .getByLabel('CSV file')
      .setInputFiles({ name: 'contacts.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });

    await expect(page.getByTestId('import-summary')).toHaveText('contacts.csv: 3 rows.');
    await expect(page.getByTestId('import-preview-row')).toHaveCount(3);
    // The headers suggest the name and the company; the email column is chosen by hand.
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Contact');
    await expect(page.getByLabel('Company', { exact: true })).toHaveValue('Organisation');
    await page.getByLabel('Email', { exact: true }).selectOption('Work email');
    await page.getByLabel('Save this mapping as (optional)').fill(`Mapping ${stamp}`);
    await expectAccessible();
    await page.getByRole('button', { name: 'Start import' }).click();

    await expect(page.getByTestId('import-status')).toHaveAttribute('data-status', 'done');
    await expect(page.getByTestId('import-figures')).toHaveText(
      'Imported: 2 · duplicates left out: 0 · do not contact: 0 · errors: 1',
    );
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download the rows left out (CSV)' }).click();
    const report = await (await download).path();
    const text = (await import('node:fs')).readFileSync(report, 'utf8');
    expect(text).toContain('4,email,not-an-email,Not a valid email address.');

    await page.getByRole('button', { name: 'Back to the list' }).click();
    await expect(page.getByTestId('result-row')).toHaveCount(2);
    // The imported emails are graded in the background (the keyless checks here): disposable and webmail. The list
    // asks again while its grading is underway, so the grades show without a reload.
    await expect(page.locator('[data-testid="email-grade"][data-grade="disposable"]')).toHaveCount(1, {
      timeout: 30_000,
    });
    await expect(page.locator('[data-testid="email-grade"][data-grade="webmail"]')).toHaveAttribute(
      'title',
      'A free webmail provider, not a company address.',
    );
    await page.getByLabel('Email grade').selectOption('disposable');
    await expect(page.getByTestId('result-row')).toHaveCount(1);
    await expect(page.getByTestId('result-row')).toContainText(`Ann ${stamp}`);
  });
});
