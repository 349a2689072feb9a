import { test, expect } from '../support/fixtures';
import { api } from '../support/api';

test('a customer never requests other areas and loads lead search only when it is opened', async ({
  page,
  signIn,
  shell,
}) => {
  const remoteRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/remotes/')) remoteRequests.push(new URL(r.url()).pathname);
  });
  await signIn('customer', '/settings/business-profile');
  await expect(shell.heading('Business profile')).toBeVisible();
  expect(remoteRequests.some((p) => p.startsWith('/remotes/mfe-settings/'))).toBe(true);
  expect(remoteRequests.filter((p) => p.startsWith('/remotes/mfe-lead-search/'))).toEqual([]);

  await shell.link('Saved lists').click();
  await expect(shell.heading('Saved lists')).toBeVisible();
  expect(remoteRequests.some((p) => p.startsWith('/remotes/mfe-lead-search/'))).toBe(true);

  await shell.link('Credit usage').click();
  await expect(shell.heading('Credit usage')).toBeVisible();
  expect(remoteRequests.filter((p) => /^\/remotes\/mfe-(admin|whitelabel|ai)\//.test(p))).toEqual([]);
});

test('the registry is read at boot and lists the built remotes', async ({ request }) => {
  const registry = await api(request).get('/api/remote-registry', { query: { domain: '127.0.0.1' } });
  expect(Object.keys(registry.remotes).sort()).toEqual([
    'mfe_admin',
    'mfe_ai',
    'mfe_lead_search',
    'mfe_settings',
    'mfe_whitelabel',
  ]);
  const manifest = await request.get(registry.remotes.mfe_admin!.manifestUrl);
  expect(manifest.ok()).toBeTruthy();
});
