import { test, expect } from '../support/fixtures';
import { ensureRelease, errorReport, originFor, setOverride, signInAt } from '../support/delivery';

// Test builds of mfe-whitelabel (see ADR 006): pre-release versions, never a domain's default.
// Serial: one worker builds them (beforeAll), the tests then share them.
const CONTRACT2 = '0.1.2-contract2';
const SKEW = '0.1.3-skew';

test.describe('delivery: contract and shared versions', () => {
  // Each test drives several full page loads on a shared 2-core CI box.
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    // Built for mount contract 2.0.0 while the shell speaks 1.x.
    ensureRelease('mfe-whitelabel', CONTRACT2, { AREA_CONTRACT_VERSION_OVERRIDE: '2.0.0' });
    // Offers and requires zustand ^6.0.0 while the shell provides 5.x.
    ensureRelease('mfe-whitelabel', SKEW, { LEADSMITH_SHARED_OVERRIDE: 'zustand@6.0.0' });
  });

  test('a remote built for another contract major is refused with an in-area message; the rest keeps working', async ({
    page,
    request,
    baseURL,
    shell,
  }) => {
    await setOverride(request, 'contract.localhost', 'mfe_whitelabel', { version: CONTRACT2 });
    let documentLoads = 0;
    page.on('load', () => (documentLoads += 1));
    const reported = errorReport(page, 'mfe_whitelabel', 'contract');
    await signInAt(page, request, 'admin', originFor(baseURL, 'contract.localhost'), '/whitelabel/business-account');
    const loadsAfterSignIn = documentLoads;

    await expect(shell.content.getByRole('alert')).toContainText(
      'White-label was built for a different version of the app',
    );
    const report = await reported;
    expect(report.remote_version).toBe(CONTRACT2);
    expect(report.message).toContain('2.0.0');
    // Never mounted, no retry loop, no reload.
    await expect(shell.content.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    expect(documentLoads).toBe(loadsAfterSignIn);

    await page.getByRole('button', { name: 'Diagnostics' }).click();
    const row = page.getByTestId('diagnostics-loaded').locator('[data-remote="mfe_whitelabel"]');
    await expect(row).toContainText('incompatible');
    await expect(row).toContainText('2.0.0');

    await page.getByRole('button', { name: 'Close diagnostics' }).click();
    await shell.link('Business profile').click();
    await expect(shell.heading('Business profile')).toBeVisible();
  });

  test('a shared-singleton version skew is warned in the console and listed in diagnostics; the singleton in use is kept', async ({
    page,
    request,
    baseURL,
    shell,
  }) => {
    await setOverride(request, 'skew.localhost', 'mfe_whitelabel', { version: SKEW });
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    await signInAt(page, request, 'admin', originFor(baseURL, 'skew.localhost'), '/whitelabel/business-account');
    // Handled by the runtime's singleton rule: the area runs on the shell's zustand and works.
    await expect(shell.heading('Business account')).toBeVisible();
    await expect
      .poll(() => warnings.find((w) => w.includes('shared singleton "zustand"')))
      .toContain('mfe_whitelabel offers 6.0.0');

    await page.getByRole('button', { name: 'Diagnostics' }).click();
    const mismatch = page.getByTestId('diagnostics-mismatches').locator('[data-module="zustand"]');
    await expect(mismatch).toContainText('mfe_whitelabel');
    await expect(mismatch).toContainText('6.0.0');
    await expect(mismatch).toContainText('^6.0.0');
    await expect(mismatch).toContainText('no');
    await expect(page.getByTestId('diagnostics-shared').locator('[data-module="react"]')).toContainText('19.');
  });
});
