import { test, expect } from '../support/fixtures';

test('an area whose files are unavailable fails alone, is reported, never reload-loops, and retries', async ({
  page,
  signIn,
  shell,
}) => {
  let documentLoads = 0;
  page.on('load', () => (documentLoads += 1));
  await signIn('admin', '/settings/business-profile');
  await expect(shell.heading('Business profile')).toBeVisible();
  const loadsBefore = documentLoads;

  await page.route('**/remotes/mfe-admin/**', (route) => route.fulfill({ status: 404, body: 'gone' }));
  const reported = page.waitForRequest(
    (r) => r.url().endsWith('/api/log-app-error') && (r.postData() ?? '').includes('mfe_admin'),
  );
  await shell.link('Dashboard').click();

  const error = shell.content.getByRole('alert');
  await expect(error).toContainText('Super admin could not be loaded.');
  await reported;
  // Spec §8: at most one reload of the target, never a loop.
  expect(documentLoads - loadsBefore).toBeLessThanOrEqual(1);
  await expect(page).toHaveURL('/admin/dashboard');

  // The sidebar and the other areas keep working.
  await shell.link('Business profile').click();
  await expect(shell.heading('Business profile')).toBeVisible();
  await shell.link('Users').click();
  await expect(shell.content.getByRole('alert')).toBeVisible();
  expect(documentLoads - loadsBefore).toBeLessThanOrEqual(1);

  // Once the files are back, Retry mounts the area without a reload.
  await page.unroute('**/remotes/mfe-admin/**');
  const loadsBeforeRetry = documentLoads;
  await shell.content.getByRole('button', { name: 'Retry' }).click();
  await expect(shell.heading('Users')).toBeVisible();
  expect(documentLoads).toBe(loadsBeforeRetry);
});
