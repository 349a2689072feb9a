import { test, expect } from '../support/fixtures';
import { AdminPage } from '../support/AdminPage';
import { api } from '../support/api';
import { apiToken } from '../support/session';

test('an admin creates a plan granting modules; a user on it holds them; while a user is on it the plan cannot be deleted; once free it can', async ({
  page,
  request,
  signIn,
  shell,
  expectAccessible,
}) => {
  const admin = new AdminPage(page);
  await signIn('admin', '/admin/plans');
  await expect(shell.heading('Plans')).toBeVisible();
  await page.getByRole('link', { name: 'Create plan' }).click();
  await expect(shell.heading('Create plan')).toBeVisible();
  await page.getByLabel('Name').fill('Growth Partner');
  await page.getByLabel('Created by').selectOption('partner');
  await page.getByLabel('Available for').selectOption('resellers');
  await page.getByLabel('Payment product ID').fill('prod_growth');
  await page.getByLabel('CRM plan ID').fill('crm_growth');
  await page.getByText('Allow related accounts', { exact: true }).click();
  const modules = page.getByRole('group', { name: 'Modules' });
  await modules.getByText('AI tools', { exact: true }).click();
  await modules.getByText('Wallet', { exact: true }).click();
  await expect(modules.getByRole('checkbox', { name: 'AI tools' })).toBeChecked();
  await expectAccessible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Plan created')).toBeVisible();
  const row = admin.row('Plans', 'Growth Partner');
  await expect(row).toContainText('Partner');
  await expect(row).toContainText('Resellers');
  await expect(row).toContainText('prod_growth');
  await expect(row).toContainText('AI tools, Wallet');

  // Put a user on the plan (through the API), then try to delete it.
  const token = await apiToken(request, 'admin');
  const headers = { authorization: `Bearer ${token}` };
  const plans = await api(request).get('/api/admin/plans', { query: { search: 'Growth Partner' }, headers });
  const planId = plans.data[0]!.id;
  const { user } = await api(request).post('/api/admin/users', {
    headers,
    data: {
      email: 'paula.plan@leadsmith.test',
      password: 'paula-pass',
      first_name: 'Paula',
      last_name: 'Plan',
      modules: [],
      plan_id: planId,
    },
  });
  // The plan's modules come on top of the user's own (none): its session holds them (ADR 050).
  const paula = await apiToken(request, { email: 'paula.plan@leadsmith.test', password: 'paula-pass' });
  const me = await api(request).get('/api/me', { headers: { authorization: `Bearer ${paula}` } });
  expect(me.permissions).toEqual(['ai_suggest', 'wallet']);
  await page.reload();
  await expect(row).toContainText('1');

  await page.getByRole('button', { name: 'Delete Growth Partner' }).click();
  await admin.confirm('Delete');
  await expect(page.getByText('Plan cannot be deleted while in use')).toBeVisible();
  await expect(row).toBeVisible();

  await request.put(`/api/admin/users/${user.id}`, { headers, data: { plan_id: null } });
  await page.reload();
  await page.getByRole('button', { name: 'Delete Growth Partner' }).click();
  await admin.confirm('Delete');
  await expect(page.getByText('Plan deleted')).toBeVisible();
  await expect(row).toHaveCount(0);

  await page.getByRole('link', { name: 'Plan history' }).click();
  const history = page
    .getByRole('table', { name: 'Change history' })
    .getByRole('row')
    .filter({ hasText: 'Growth Partner' });
  await expect(history.nth(0)).toContainText('Deleted');
  await expect(history.nth(1)).toContainText('Created');
});
