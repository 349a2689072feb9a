import path from 'node:path';
import { test, expect } from '../support/fixtures';
import { REPO_ROOT, originFor, release, setOverride, signInAt, treeHash } from '../support/delivery';

// Releasing a remote alone, then pinning and canarying a domain on it through the registry.
const SHELL_DIST = path.join(REPO_ROOT, 'shell/dist');

test.describe('delivery: release one remote, pin and canary domains', () => {
  // Each test drives several full page loads on a shared 2-core CI box.
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    const shellBefore = treeHash(SHELL_DIST);
    // A second white-label version beside the current one; the shell is neither built nor touched.
    const entry = release('mfe-whitelabel', '1.1.0');
    expect(entry).toEqual({
      remote: 'mfe_whitelabel',
      version: '1.1.0',
      manifestUrl: '/remotes/mfe-whitelabel/1.1.0/mf-manifest.json',
    });
    expect(treeHash(SHELL_DIST)).toBe(shellBefore);
  });

  test('a pinned reseller domain loads 1.1.0 on its next page load; another domain stays on the default', async ({
    page,
    request,
    baseURL,
    shell,
  }) => {
    const pinned = originFor(baseURL, 'release.localhost');
    await setOverride(request, 'release.localhost', 'mfe_whitelabel', { version: '1.1.0' });

    const remoteFiles: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/remotes/mfe-whitelabel/')) remoteFiles.push(new URL(r.url()).pathname);
    });
    await signInAt(page, request, 'reseller', pinned, '/whitelabel/business-account?debug');
    await expect(shell.heading('Business account')).toBeVisible();
    await expect(shell.content.locator('[data-remote="mfe_whitelabel"]')).toHaveAttribute(
      'data-remote-version',
      '1.1.0',
    );
    // Visible to anyone with ?debug: the diagnostics panel names the version in use.
    const panel = page.getByTestId('diagnostics-panel');
    await expect(panel.getByTestId('diagnostics-loaded').locator('[data-remote="mfe_whitelabel"]')).toContainText(
      '1.1.0',
    );
    await expect(panel.getByTestId('diagnostics-loaded').locator('[data-remote="mfe_whitelabel"]')).toContainText(
      'loaded',
    );
    expect(remoteFiles.length).toBeGreaterThan(0);
    expect(remoteFiles.every((f) => f.startsWith('/remotes/mfe-whitelabel/1.1.0/'))).toBe(true);

    // The other domain (127.0.0.1) keeps the current release, read from the same server.
    remoteFiles.length = 0;
    await signInAt(page, request, 'reseller', originFor(baseURL, '127.0.0.1'), '/whitelabel/business-account');
    await expect(shell.heading('Business account')).toBeVisible();
    const other = await shell.content.locator('[data-remote="mfe_whitelabel"]').getAttribute('data-remote-version');
    expect(other).not.toBe('1.1.0');
    expect(remoteFiles.every((f) => f.startsWith(`/remotes/mfe-whitelabel/${other}/`))).toBe(true);
  });

  test('a 100% canary on one domain sends its users to 1.1.0, and 0% sends nobody (admin sees the source)', async ({
    page,
    request,
    baseURL,
    shell,
  }) => {
    const canary = originFor(baseURL, 'canary.localhost');
    await setOverride(request, 'canary.localhost', 'mfe_whitelabel', { canary: { version: '1.1.0', percent: 100 } });
    await signInAt(page, request, 'admin', canary, '/whitelabel/business-account');
    await expect(shell.heading('Business account')).toBeVisible();
    await expect(shell.content.locator('[data-remote="mfe_whitelabel"]')).toHaveAttribute(
      'data-remote-version',
      '1.1.0',
    );
    // Admins open the diagnostics from the header: the registry row says why (canary) and where from.
    await page.getByRole('button', { name: 'Diagnostics' }).click();
    const row = page.getByTestId('diagnostics-registry').locator('[data-remote="mfe_whitelabel"]');
    await expect(row).toContainText('canary');
    await expect(row).toContainText('/remotes/mfe-whitelabel/1.1.0/mf-manifest.json');

    // The change applies on the next page load, no rebuild.
    await setOverride(request, 'canary.localhost', 'mfe_whitelabel', { canary: { version: '1.1.0', percent: 0 } });
    await page.reload();
    await expect(shell.heading('Business account')).toBeVisible();
    await expect(shell.content.locator('[data-remote="mfe_whitelabel"]')).not.toHaveAttribute(
      'data-remote-version',
      '1.1.0',
    );
  });
});
