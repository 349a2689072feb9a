import { test, expect } from '../support/fixtures';
import { AdminPage } from '../support/AdminPage';
import { api } from '../support/api';
import { apiToken } from '../support/session';

test('default prompt library: add a library prompt in a dialog, see it in the library, edit it, and find the change in the history', async ({
  page,
  signIn,
  shell,
  expectAccessible,
}) => {
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
  const history = page
    .getByRole('table', { name: 'Change history' })
    .getByRole('row')
    .filter({ hasText: 'Event invitation' });
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

test('the super admin picks the AI model; with a GPT-3.5-class model bulk AI actions are refused (spec §9)', async ({
  page,
  signIn,
  shell,
  request,
}) => {
  const admin = { authorization: `Bearer ${await apiToken(request, 'admin')}` };
  const before = (await api(request).get('/api/admin/ai-model', { headers: admin })).model;
  try {
    await signIn('admin', '/admin/ai-assistant');
    await expect(shell.heading('AI assistant')).toBeVisible();
    const setting = page.getByRole('region', { name: 'AI model' });
    await setting.getByLabel('Model used for every AI feature').selectOption('gpt-3.5-turbo');
    await setting.getByRole('button', { name: 'Use this model' }).click();
    await expect(page.getByText('AI model set to gpt-3.5-turbo.')).toBeVisible();
    await expect(setting.getByTestId('ai-model-class')).toHaveText(
      'A GPT-3.5-class model has no bulk actions: users run AI actions on one result at a time.',
    );
    const customer = { authorization: `Bearer ${await apiToken(request, 'customer')}` };
    expect(await (await request.get('/api/ai-model', { headers: customer })).json()).toMatchObject({
      model: 'gpt-3.5-turbo',
      bulk_actions: false,
    });
  } finally {
    await request.put('/api/admin/ai-model', { headers: admin, data: { model: before } });
  }
});
