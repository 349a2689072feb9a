import { test, expect } from '../support/fixtures';
import { openAs, registerFreshUser } from '../support/freshUser';
import { outbox } from '../support/devRoutes';

test('an API key is created, shown once, used against the API, then revoked and refused', async ({
  page,
  shell,
  request,
  expectAccessible,
}) => {
  await openAs(page, await registerFreshUser(request, 'apikey'), '/profile-settings/api-key');
  await expect(shell.heading('API keys')).toBeVisible();
  await page.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByText('This field is required')).toBeVisible();
  await page.getByLabel('Key name').fill('CI script');
  await page.getByRole('button', { name: 'Create key' }).click();
  const key = (await page.getByTestId('new-api-key').innerText()).trim();
  expect(key).toMatch(/^lsk_/);
  const table = page.getByRole('table', { name: 'Your API keys' });
  const row = table.getByRole('row').filter({ hasText: 'CI script' });
  await expect(row).toContainText('Never');
  await expect(row).toContainText('Active');
  await expectAccessible();

  // The API documentation (served by the API itself, nothing from another host) describes the key's header.
  const outside: string[] = [];
  const recordOutside = (r: { url(): string }) => {
    if (new URL(r.url()).host !== new URL(page.url()).host) outside.push(r.url());
  };
  page.context().on('request', recordOutside);
  const docsOpened = page.context().waitForEvent('page');
  await page.getByRole('link', { name: 'Open the API documentation' }).click();
  const docs = await docsOpened;
  await expect(docs.getByRole('heading', { name: /Leadsmith API/ })).toBeVisible();
  await docs.getByRole('button', { name: 'Authorize' }).click();
  await expect(docs.getByText('Name: X-Api-Key')).toBeVisible();
  await docs.getByRole('button', { name: 'Close' }).first().click();
  await docs.getByRole('heading', { name: /^user-api-key/ }).click();
  await expect(docs.getByText('Your API keys, newest first')).toBeVisible();
  expect(outside).toEqual([]);
  page.context().off('request', recordOutside);
  await docs.close();

  // The key authenticates as its owner.
  const used = await request.post('/api/business-details/training-texts', {
    headers: { 'x-api-key': key },
    data: { title: 'Sent with a key', content: 'Hello' },
  });
  expect(used.status()).toBe(201);
  await page.reload();
  await expect(table.getByRole('row').filter({ hasText: 'CI script' })).not.toContainText('Never');

  // Rename.
  await row.getByRole('button', { name: 'Edit CI script' }).click();
  await table.getByLabel('Key name').fill('Nightly import');
  await table.getByRole('button', { name: 'Save' }).click();
  const renamed = table.getByRole('row').filter({ hasText: 'Nightly import' });
  await expect(renamed).toBeVisible();

  // Revoke: the API refuses it.
  await renamed.getByRole('button', { name: 'Revoke Nightly import' }).click();
  await expect(renamed.getByRole('button', { name: 'Revoke Nightly import' })).toHaveCount(0);
  const refused = await request.get('/api/business-details/data', { headers: { 'x-api-key': key } });
  expect(refused.status()).toBe(401);

  // Delete.
  await renamed.getByRole('button', { name: 'Delete Nightly import' }).click();
  await renamed.getByRole('button', { name: 'Confirm deleting Nightly import' }).click();
  await expect(page.getByText('No API keys yet.')).toBeVisible();
});

test('profile: name and language are saved, and the screens switch language', async ({ page, shell, request }) => {
  await openAs(page, await registerFreshUser(request, 'profile'), '/profile-settings/profile');
  await expect(shell.heading('Profile')).toBeVisible();
  await page.getByLabel('First name').fill('');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('This field is required')).toBeVisible();
  await page.getByLabel('First name').fill('Carla');
  await shell.content.getByLabel('Language', { exact: true }).selectOption('es');
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/me') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  expect((await saved).status()).toBe(200);
  await expect(shell.heading('Perfil')).toBeVisible();
  await expect(page.getByLabel('Nombre', { exact: true })).toHaveValue('Carla');
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('es');
  await page.getByRole('link', { name: 'Claves de API' }).click();
  await expect(shell.heading('Claves de API')).toBeVisible();
  await page.reload();
  await expect(shell.heading('Claves de API')).toBeVisible();
});

test('password: current, new and confirmation are checked, then the password changes', async ({ page, request }) => {
  const user = await registerFreshUser(request, 'password');
  await openAs(page, user, '/profile-settings/password');
  await page.getByLabel('Current password').fill('wrong-password');
  await page.getByLabel('New password', { exact: true }).fill('12345');
  await page.getByLabel('Confirm new password').fill('54321');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();
  await expect(page.getByText('Passwords must match')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('brand-new-pass');
  await page.getByLabel('Confirm new password').fill('brand-new-pass');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The current password is not correct.').first()).toBeVisible();
  await page.getByLabel('Current password').fill(user.password);
  const changed = page.waitForResponse((r) => r.url().endsWith('/api/user-password'));
  await page.getByRole('button', { name: 'Change password' }).click();
  expect((await changed).status()).toBe(200);
  await expect(page.getByLabel('Current password')).toHaveValue('');
  const login = await request.post('/auth/login', { data: { email: user.email, password: 'brand-new-pass' } });
  expect(login.status()).toBe(200);
});

test('email: a code goes to the new address (outbox) and confirming it changes the email', async ({
  page,
  shell,
  request,
  expectAccessible,
}) => {
  const user = await registerFreshUser(request, 'email');
  await openAs(page, user, '/profile-settings/email');
  await expect(shell.heading('Email')).toBeVisible();
  await expect(page.getByTestId('current-email')).toHaveText(user.email);
  await page.getByLabel('New email').fill(user.email);
  await page.getByRole('button', { name: 'Send confirmation code' }).click();
  await expect(page.getByText('This is your current email. Use a different one.').first()).toBeVisible();
  const next = user.email.replace('@', '.new@');
  await page.getByLabel('New email').fill(next);
  await page.getByRole('button', { name: 'Send confirmation code' }).click();
  await expect(page.getByText(`Enter the 6-digit code we sent to ${next}.`)).toBeVisible();
  await expect(page.getByRole('button', { name: /Resend code in \d+ s/ })).toBeDisabled();
  await expectAccessible();
  const code = (await outbox(request, next))[0]!.code!;
  await page.getByLabel('Code', { exact: true }).fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Confirm email' }).click();
  await expect(page.getByText('The code is invalid or has expired.').first()).toBeVisible();
  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Confirm email' }).click();
  await expect(page.getByTestId('current-email')).toHaveText(next);
  await expect(page.getByRole('heading', { name: 'Confirm the new email' })).toHaveCount(0);
});
