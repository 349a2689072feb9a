import { test, expect } from '../support/fixtures';
import { AdminPage } from '../support/AdminPage';

test('default prompt library: add a library prompt in a dialog, see it in the library, edit it, and find the change in the history', async ({ page, signIn, shell, expectAccessible }) => {
  const admin = new AdminPage(page);
  await signIn('admin', '/admin/ai-assistant');
  await expect(shell.heading('AI assistant')).toBeVisible();
  await expect(admin.row('AI assistant', 'Company summary')).toContainText('Summary');

  await page.getByRole('button', { name: 'Add default prompt' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add default prompt' });
  await dialog.getByLabel('Title').fill('Event invitation');
  await dialog.getByLabel('Prompt type').selectOption('library');
  await dialog.getByLabel('List type').selectOption('local');
  await dialog.getByLabel('Prompt', { exact: true }).fill('Invite {name} to our open day.');
  await expectAccessible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Default prompt created')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  await shell.navigateInApp('/admin/ai-assistant/library');
  await expect(shell.heading('Default prompt library')).toBeVisible();
  const row = admin.row('Default prompt library', 'Event invitation');
  await expect(row).toContainText('Local');
  await expect(admin.row('Default prompt library', 'Company summary')).toHaveCount(0);
  await page.getByRole('button', { name: 'Edit Event invitation' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit default prompt' });
  await expect(edit.getByLabel('Prompt type')).toHaveValue('library');
  await edit.getByLabel('Prompt', { exact: true }).fill('Invite {name} to our spring open day.');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText('spring open day');

  await shell.navigateInApp('/admin/ai-assistant/history');
  await expect(shell.heading('AI assistant history')).toBeVisible();
  const history = page.getByRole('table', { name: 'Change history' }).getByRole('row').filter({ hasText: 'Event invitation' });
  await expect(history.nth(0)).toContainText('Edited');
  await expect(history.nth(1)).toContainText('Created');
});

test('searchers lists the users who search the most, from the seeded activity', async ({ page, signIn, shell }) => {
  await signIn('admin', '/admin/searchers');
  await expect(shell.heading('Searchers')).toBeVisible();
  const rows = page.getByRole('table', { name: 'Searchers' }).getByRole('row');
  await expect(rows.nth(1)).toContainText('@demo.leadsmith.test');
  await expect(page.getByTestId('pagination-summary')).toContainText('Page 1 of');
  await page.getByLabel('Search name or email').fill('demo-03');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('demo-03@demo.leadsmith.test');
});
