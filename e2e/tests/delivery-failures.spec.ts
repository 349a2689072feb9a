import type { Page } from '@playwright/test';
import { test, expect } from '../support/fixtures';
import type { ShellPage } from '../support/ShellPage';
import { ensureRelease, errorReport, originFor, setOverride, signInAt } from '../support/delivery';

/**
 * Failure isolation of one area (mfe-whitelabel): each failure shows that area's error with
 * Retry, is posted to the error log with remote name and version, never reload-loops, leaves
 * the sidebar and the other areas working, and Retry recovers once the cause is gone.
 * Exceptions are injected with the test-only fault build (LEADSMITH_TEST_FAULTS=1, ADR 006).
 */
const FAULTS = '0.1.1-faults';
const FAULT_KEY = 'leadsmith:test-fault';

function countLoads(page: Page): () => number {
  let loads = 0;
  page.on('load', () => (loads += 1));
  return () => loads;
}

async function otherAreasWork(shell: ShellPage): Promise<void> {
  await expect(shell.sidebar).toBeVisible();
  await shell.link('Business profile').click();
  await expect(shell.heading('Business profile')).toBeVisible();
}

test.describe('delivery: failure isolation', () => {
  // Each test drives several full page loads on a shared 2-core CI box.
  test.describe.configure({ timeout: 120_000 });
  test('manifest missing: in-area error, reported, at most one reload, Retry recovers', async ({
    page,
    signIn,
    shell,
  }) => {
    const loads = countLoads(page);
    await signIn('reseller', '/settings/business-profile');
    await expect(shell.heading('Business profile')).toBeVisible();
    const before = loads();
    await page.route('**/remotes/mfe-whitelabel/**/mf-manifest.json', (route) =>
      route.fulfill({ status: 404, body: 'gone' }),
    );
    const reported = errorReport(page, 'mfe_whitelabel');

    await shell.link('Business account').click();
    await expect(shell.content.getByRole('alert')).toContainText('White-label could not be loaded.');
    const report = await reported;
    expect(report.remote_version).toMatch(/^\d+\.\d+\.\d+/);
    expect(loads() - before).toBeLessThanOrEqual(1);

    await otherAreasWork(shell);
    await shell.link('Packages').click();
    await expect(shell.content.getByRole('alert')).toBeVisible();
    expect(loads() - before).toBeLessThanOrEqual(1);

    await page.unroute('**/remotes/mfe-whitelabel/**/mf-manifest.json');
    const beforeRetry = loads();
    await shell.content.getByRole('button', { name: 'Retry' }).click();
    await expect(shell.heading('Packages')).toBeVisible();
    expect(loads()).toBe(beforeRetry);
  });

  test('a chunk missing mid-navigation (manifest and entry load, the exposed chunk 404s): same isolation and recovery', async ({
    page,
    signIn,
    shell,
  }) => {
    const loads = countLoads(page);
    await signIn('reseller', '/settings/business-profile');
    await expect(shell.heading('Business profile')).toBeVisible();
    const before = loads();
    const served: string[] = [];
    await page.route('**/remotes/mfe-whitelabel/**/__federation_expose_*.js', (route) => {
      served.push(route.request().url());
      return route.fulfill({ status: 404, body: 'gone' });
    });
    const reported = errorReport(page, 'mfe_whitelabel');

    await shell.link('Business account').click();
    await expect(shell.content.getByRole('alert')).toContainText('White-label could not be loaded.');
    expect((await reported).remote_version).toMatch(/^\d+\.\d+\.\d+/);
    expect(served.length).toBeGreaterThan(0);
    expect(loads() - before).toBeLessThanOrEqual(1);
    await otherAreasWork(shell);
    await page.goBack();
    await expect(shell.content.getByRole('alert')).toBeVisible();
    expect(loads() - before).toBeLessThanOrEqual(1);

    await page.unroute('**/remotes/mfe-whitelabel/**/__federation_expose_*.js');
    const beforeRetry = loads();
    await shell.content.getByRole('button', { name: 'Retry' }).click();
    await expect(shell.heading('Business account')).toBeVisible();
    expect(loads()).toBe(beforeRetry);
  });

  test.describe('exceptions (fault build)', () => {
    // Serial: one worker builds the fault build once, both tests use it.
    test.describe.configure({ mode: 'serial' });
    test.beforeAll(async () => {
      test.setTimeout(240_000);
      ensureRelease('mfe-whitelabel', FAULTS, { LEADSMITH_TEST_FAULTS: '1' });
    });

    test('an exception during mount: in-area error with Retry, reported with version, no reload, Retry recovers', async ({
      page,
      request,
      baseURL,
      shell,
    }) => {
      await setOverride(request, 'faults.localhost', 'mfe_whitelabel', { version: FAULTS });
      const loads = countLoads(page);
      const origin = originFor(baseURL, 'faults.localhost');
      await signInAt(page, request, 'reseller', origin, '/settings/business-profile', { [FAULT_KEY]: 'mount' });
      await expect(shell.heading('Business profile')).toBeVisible();
      const before = loads();
      const reported = errorReport(page, 'mfe_whitelabel', 'Injected test fault: mount');

      await shell.link('Business account').click();
      await expect(shell.content.getByRole('alert')).toContainText('White-label could not be loaded.');
      expect((await reported).remote_version).toBe(FAULTS);
      expect(loads()).toBe(before);
      await otherAreasWork(shell);
      await page.goBack();
      await expect(shell.content.getByRole('alert')).toBeVisible();

      await page.evaluate((key) => localStorage.removeItem(key), FAULT_KEY);
      await shell.content.getByRole('button', { name: 'Retry' }).click();
      await expect(shell.heading('Business account')).toBeVisible();
      expect(loads()).toBe(before);
    });

    test('an exception during a later render: only the area shows its error, reported with version; Retry recovers', async ({
      page,
      request,
      baseURL,
      shell,
    }) => {
      await setOverride(request, 'faults.localhost', 'mfe_whitelabel', { version: FAULTS });
      const loads = countLoads(page);
      await signInAt(page, request, 'reseller', originFor(baseURL, 'faults.localhost'), '/whitelabel/business-account');
      await expect(shell.heading('Business account')).toBeVisible();
      const before = loads();

      await page.evaluate((key) => localStorage.setItem(key, 'render'), FAULT_KEY);
      const reported = errorReport(page, 'mfe_whitelabel', 'Injected test fault: render');
      await shell.link('Packages').click();
      await expect(shell.content.getByRole('alert')).toContainText('Something went wrong');
      expect((await reported).remote_version).toBe(FAULTS);
      // The shell around the area is untouched.
      await expect(shell.sidebar).toBeVisible();
      await expect(shell.link('Packages')).toHaveAttribute('aria-current', 'page');

      await page.evaluate((key) => localStorage.removeItem(key), FAULT_KEY);
      await shell.content.getByRole('button', { name: 'Retry' }).click();
      await expect(shell.heading('Packages')).toBeVisible();
      await otherAreasWork(shell);
      expect(loads()).toBe(before);
    });
  });
});
