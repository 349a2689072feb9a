import { test, expect } from '../support/fixtures';

test('settings → lead search → back → forward → reload on a deep link keeps area and highlight right', async ({
  page,
  signIn,
  shell,
}) => {
  await signIn('admin', '/settings/business-profile');
  await expect(shell.heading('Business profile')).toBeVisible();
  await shell.expectActive('Business profile');

  await shell.link('Saved lists').click();
  await expect(page).toHaveURL('/lead-search/saved-lists');
  await expect(shell.heading('Saved lists')).toBeVisible();
  await shell.expectActive('Saved lists');

  await page.goBack();
  await expect(page).toHaveURL('/settings/business-profile');
  await expect(shell.heading('Business profile')).toBeVisible();
  await shell.expectActive('Business profile');

  await page.goForward();
  await expect(page).toHaveURL('/lead-search/saved-lists');
  await expect(shell.heading('Saved lists')).toBeVisible();
  await shell.expectActive('Saved lists');

  await page.goto('/lead-search/saved-lists/people-42');
  await expect(shell.heading('List')).toBeVisible();
  await shell.expectActive('Saved lists');
  await page.reload();
  await expect(shell.heading('List')).toBeVisible();
  await shell.expectActive('Saved lists');
});

test('navigation inside an area updates the shell URL and its back button works', async ({ page, signIn, shell }) => {
  await signIn('admin', '/admin/users');
  await expect(shell.heading('Users')).toBeVisible();
  await shell.navigateInApp('/admin/users/create');
  await expect(shell.heading('Create user')).toBeVisible();
  await shell.content.getByRole('button', { name: /back/i }).click();
  await expect(page).toHaveURL('/admin/users');
  await expect(shell.heading('Users')).toBeVisible();
  await shell.expectActive('Users');
});

test('moving between two top-level paths of the same area keeps it mounted', async ({ page, signIn, shell }) => {
  const manifests: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('mf-manifest.json')) manifests.push(r.url());
  });
  await signIn('customer', '/settings/credit-usage');
  await expect(shell.heading('Credit usage')).toBeVisible();
  await shell.navigateInApp('/profile-settings');
  await expect(page).toHaveURL('/profile-settings/profile');
  await expect(shell.heading('Profile')).toBeVisible();
  await shell.navigateInApp('/manage-team');
  await expect(shell.heading('Team members')).toBeVisible();
  expect(manifests.filter((u) => u.includes('mfe-settings'))).toHaveLength(1);
});
