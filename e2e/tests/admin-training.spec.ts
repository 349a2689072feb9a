import { test, expect } from '../support/fixtures';
import { AdminPage } from '../support/AdminPage';

test('training content: add a course, add a draft page, show it, and find both in the history', async ({
  page,
  signIn,
  shell,
  expectAccessible,
}) => {
  const admin = new AdminPage(page);
  await signIn('admin', '/admin/training-content');
  await expect(shell.heading('Training content')).toBeVisible();
  await expect(admin.row('Training content', 'Welcome to Leadsmith')).toBeVisible();

  await page.getByRole('button', { name: 'Add course' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add course' });
  await dialog.getByLabel('Title').fill('Advanced prospecting');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Course created')).toBeVisible();

  await page.getByRole('link', { name: 'Advanced prospecting' }).click();
  await expect(shell.heading('Course')).toBeVisible();
  await expect(page.getByTestId('course-title')).toHaveText('Course: Advanced prospecting');
  await expect(page.getByTestId('empty-table')).toBeVisible();
  await page.getByRole('link', { name: 'Create page' }).click();
  await expect(shell.heading('Create page')).toBeVisible();
  await page.getByLabel('Title').fill('Intent data');
  await expect(page.getByLabel('Status')).toHaveValue('draft');
  // The page's content is written in the shared rich-text editor (its HTML source a click away).
  const content = page.getByRole('textbox', { name: 'Content', exact: true });
  await content.fill('Find companies visiting your site.');
  await page.getByRole('button', { name: 'HTML', exact: true }).click();
  const source = page.getByLabel('Content (HTML)');
  await expect(source).toHaveValue('<p>Find companies visiting your site.</p>');
  await source.fill('<p>Find companies visiting your site.</p><p><strong>Start today.</strong></p>');
  await page.getByRole('button', { name: 'Editor', exact: true }).click();
  await expect(content.locator('strong')).toHaveText('Start today.');
  await expectAccessible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Page created')).toBeVisible();
  const row = admin.row('Course', 'Intent data');
  await expect(row).toContainText('Draft');

  await page.getByRole('link', { name: 'Edit Intent data' }).click();
  await expect(shell.heading('Edit page')).toBeVisible();
  await page.getByLabel('Status').selectOption('shown');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Page updated')).toBeVisible();
  await expect(row).toContainText('Shown');

  await shell.navigateInApp('/admin/training-content/history');
  await expect(shell.heading('Training content history')).toBeVisible();
  const history = page.getByRole('table', { name: 'Change history' }).getByRole('row');
  await expect(history.filter({ hasText: 'Intent data' }).nth(0)).toContainText('Page: Edited');
  await expect(history.filter({ hasText: 'Intent data' }).nth(1)).toContainText('Page: Created');
  await expect(history.filter({ hasText: 'Advanced prospecting' }).nth(0)).toContainText('Course: Created');
});
