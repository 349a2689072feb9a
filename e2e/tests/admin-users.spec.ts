import { test, expect } from '../support/fixtures';
import { AdminPage } from '../support/AdminPage';
import { api } from '../support/api';
import { apiToken } from '../support/session';

test('an admin creates a user with chosen modules, logs in as them (their sidebar), and returns to admin', async ({
  page,
  signIn,
  shell,
  expectAccessible,
}) => {
  const admin = new AdminPage(page);
  await signIn('admin', '/admin/users');
  await expect(shell.heading('Users')).toBeVisible();
  await expectAccessible();

  await page.getByRole('link', { name: 'Create user' }).click();
  await expect(shell.heading('Create user')).toBeVisible();
  await page.getByLabel('First name').fill('Morgan');
  await page.getByLabel('Last name').fill('Modules');
  await page.getByLabel('Email').fill('morgan.modules@leadsmith.test');
  await page.getByLabel('Password').fill('morgan-pass');
  await page.getByLabel('Search limit').fill('250');
  const modules = page.getByRole('group', { name: 'Modules' });
  await modules.getByText('AI tools', { exact: true }).click();
  await modules.getByText('Lead search', { exact: true }).click();
  await expect(modules.getByRole('checkbox', { name: 'Lead search' })).toBeChecked();
  await expectAccessible();
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL('/admin/users');
  await expect(page.getByText('User created')).toBeVisible();
  const row = admin.row('Users', 'morgan.modules@leadsmith.test');
  await expect(row).toContainText('AI tools, Lead search');
  await expect(row).toContainText('0 / 250');

  await admin.userAction('Morgan Modules', 'Log in as user', 'Log in as user');
  const banner = page.getByTestId('impersonation-banner');
  await expect(banner).toContainText('You are signed in as Morgan Modules');
  await expect(page.getByTestId('signed-in-user')).toHaveText('Signed in as Morgan Modules');
  expect((await shell.groupTitles()).map((t) => t.trim().toLowerCase())).toEqual([
    'settings',
    'ai tools',
    'lead search',
  ]);
  await expect(shell.link('Users')).toHaveCount(0);
  await expectAccessible();

  await banner.getByRole('button', { name: 'Return to admin' }).click();
  await expect(page).toHaveURL('/admin/users');
  await expect(banner).toHaveCount(0);
  await expect(page.getByTestId('signed-in-user')).toHaveText('Signed in as Avery Admin');
  await expect(shell.link('Users')).toBeVisible();

  // The log-in-as is in the user's history, after the creation.
  await page.getByRole('button', { name: 'Actions for Morgan Modules' }).click();
  await page.getByRole('menuitem', { name: 'History' }).click();
  await expect(shell.heading('User history')).toBeVisible();
  const history = page.getByRole('table', { name: 'Change history' }).getByRole('row');
  await expect(history).toHaveCount(3);
  await expect(history.nth(1)).toContainText('Logged in as user');
  await expect(history.nth(1)).toContainText('Avery Admin');
  await expect(history.nth(2)).toContainText('Created');
  await expect(history.nth(2)).toContainText('Modules: ai_suggest, leads');
});

test('an admin deletes a user (who can no longer sign in) and restores them with their data', async ({
  page,
  request,
  signIn,
  shell,
}) => {
  const token = await apiToken(request, 'admin');
  const created = await request.post('/api/admin/users', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      email: 'dana.delete@leadsmith.test',
      password: 'dana-pass',
      first_name: 'Dana',
      last_name: 'Delete',
      modules: ['leads'],
      search_limit: 777,
    },
  });
  expect(created.status()).toBe(201);

  const admin = new AdminPage(page);
  await signIn('admin', '/admin/users?search=dana');
  await expect(admin.row('Users', 'dana.delete@leadsmith.test')).toContainText('Active');
  await admin.userAction('Dana Delete', 'Delete', 'Delete');
  await expect(page.getByText('User deleted')).toBeVisible();
  await expect(page.getByTestId('empty-table')).toBeVisible();

  const refused = await request.post('/auth/login', {
    data: { email: 'dana.delete@leadsmith.test', password: 'dana-pass' },
  });
  expect(refused.status()).toBe(401);

  await page.getByLabel('Status').selectOption('deleted');
  await expect(admin.row('Users', 'dana.delete@leadsmith.test')).toContainText('Deleted');
  await admin.userAction('Dana Delete', 'Restore', 'Restore');
  await expect(page.getByText('User restored')).toBeVisible();
  await page.getByLabel('Status').selectOption('active');
  const row = admin.row('Users', 'dana.delete@leadsmith.test');
  await expect(row).toContainText('Active');
  await expect(row).toContainText('0 / 777');
  await expect(row).toContainText('Lead search');
  const back = await request.post('/auth/login', {
    data: { email: 'dana.delete@leadsmith.test', password: 'dana-pass' },
  });
  expect(back.status()).toBe(200);
  await expect(shell.heading('Users')).toBeVisible();
});

test('reset limits answers "No limits unused for user" when there is nothing to reset', async ({
  page,
  request,
  signIn,
}) => {
  const token = await apiToken(request, 'admin');
  await request.post('/api/admin/users', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      email: 'rita.reset@leadsmith.test',
      password: 'rita-pass',
      first_name: 'Rita',
      last_name: 'Reset',
      modules: [],
    },
  });
  const admin = new AdminPage(page);
  await signIn('admin', '/admin/users?search=rita');
  await admin.userAction('Rita Reset', 'Reset limits', 'Reset limits');
  await expect(page.getByText('No limits unused for user')).toBeVisible();
});

test('editing a user saves the spec fields and shows the change in the history', async ({
  page,
  request,
  signIn,
  shell,
}) => {
  const token = await apiToken(request, 'admin');
  const { user } = await api(request).post('/api/admin/users', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      email: 'eddie.edit@leadsmith.test',
      password: 'eddie-pass',
      first_name: 'Eddie',
      last_name: 'Edit',
      modules: ['leads'],
    },
  });
  await signIn('admin', `/admin/users/${user.id}/edit`);
  await expect(shell.heading('Edit user')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue('eddie.edit@leadsmith.test');
  await page.getByLabel('Additional queries').fill('abc');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Integers only')).toBeVisible();
  await page.getByLabel('Additional queries').fill('15');
  await page.getByLabel('Licence expiry').fill('2027-06-30');
  await page.getByLabel('CRM plan ID').fill('crm-eddie');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User updated')).toBeVisible();
  await expect(page).toHaveURL('/admin/users');

  await shell.navigateInApp(`/admin/users/history?entity_id=${user.id}`);
  const latest = page.getByRole('table', { name: 'Change history' }).getByRole('row').nth(1);
  await expect(latest).toContainText('Edited');
  await expect(latest).toContainText('CRM plan ID: — → crm-eddie');
  await expect(latest).toContainText('Additional queries: 0 → 15');
});

test('a related account needs a parent and cannot be given white-label, admin or related accounts of its own', async ({
  page,
  request,
  signIn,
  shell,
}) => {
  const token = await apiToken(request, 'admin');
  const headers = { authorization: `Bearer ${token}` };
  const { user } = await api(request).post('/api/admin/users', {
    headers,
    data: {
      email: `riley.related.${Date.now()}@leadsmith.test`,
      password: 'riley-pass',
      first_name: 'Riley',
      last_name: 'Related',
      modules: ['leads', 'whitelabel'],
    },
  });
  const resellers = await api(request).get('/api/admin/users', {
    query: { search: 'reseller@leadsmith.test' },
    headers,
  });

  await signIn('admin', `/admin/users/${user.id}/edit`);
  await expect(shell.heading('Edit user')).toBeVisible();
  const modules = page.getByRole('group', { name: 'Modules' });
  await expect(modules.getByRole('checkbox', { name: 'White-label' })).toBeChecked();
  await page.getByLabel('Role').selectOption('related');
  await expect(page.getByTestId('related-role-help')).toContainText(
    'A related account is a sub-account of its parent account',
  );
  await expect(modules.getByRole('checkbox', { name: 'White-label' })).toBeDisabled();
  await expect(modules.getByRole('checkbox', { name: 'White-label' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'May create related accounts' })).toBeDisabled();

  await page.getByRole('button', { name: 'Save' }).click();
  // Named under the parent's field (and in the error toast).
  await expect(page.getByTestId('area-outlet').getByText('A related account needs a parent account')).toBeVisible();
  await expect(page.getByLabel('Parent account ID')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Parent account ID').fill(String(resellers.data[0]!.id));
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('User updated')).toBeVisible();

  const saved = await api(request).get('/api/admin/users/{id}', { path: { id: user.id }, headers });
  expect(saved).toMatchObject({ role: 'related', modules: ['leads'], parent_id: resellers.data[0]!.id });
});
