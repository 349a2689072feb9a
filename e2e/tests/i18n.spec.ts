import { test, expect } from '../support/fixtures';

test('switching to German changes the UI and the User-Language header, and survives reload', async ({
  page,
  signIn,
  shell,
}) => {
  await signIn('customer', '/settings/business-profile');
  await expect(shell.heading('Business profile')).toBeVisible();

  const saveLang = page.waitForRequest((r) => r.url().endsWith('/api/me') && r.method() === 'POST');
  await page.getByTestId('language-switch').selectOption('de');
  const request = await saveLang;
  expect(request.headers()['user-language']).toBe('de');

  await expect(shell.heading('Unternehmensprofil')).toBeVisible();
  await expect(shell.sidebar.getByRole('heading', { name: 'Einstellungen' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Abmelden' })).toBeVisible();

  const meAfterReload = page.waitForRequest((r) => r.url().endsWith('/api/me') && r.method() === 'GET');
  await page.reload();
  expect((await meAfterReload).headers()['user-language']).toBe('de');
  await expect(shell.heading('Unternehmensprofil')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await shell.link('Gespeicherte Listen').click();
  await expect(shell.heading('Gespeicherte Listen')).toBeVisible();
});

test('API messages follow the chosen language', async ({ page, shell }) => {
  await page.goto('/login');
  await page.getByTestId('language-switch').selectOption('fr');
  await expect(page.getByRole('heading', { name: 'Connectez-vous à votre compte' })).toBeVisible();
  await page.getByLabel('E-mail').fill('customer@leadsmith.test');
  await page.getByLabel('Mot de passe').fill('wrong-password');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('alert').filter({ hasNotText: /^$/ }).first()).toBeVisible();
  await expect(page.getByRole('alert').first()).not.toHaveText('These credentials do not match our records.');
  void shell;
});
