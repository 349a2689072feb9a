import { test, expect } from '../support/fixtures';
import { ACCOUNTS } from '../support/accounts';

const EXPECTED = {
  admin: {
    groups: ['Settings', 'AI tools', 'Lead search', 'White-label', 'Resources', 'Super admin'],
    landing: '/ai/training',
    wallet: true,
  },
  reseller: {
    groups: ['Settings', 'AI tools', 'Lead search', 'White-label', 'Resources'],
    landing: '/ai/training',
    wallet: true,
  },
  customer: { groups: ['Settings', 'Lead search'], landing: '/lead-search/new-search', wallet: true },
  basic: { groups: ['Settings'], landing: '/settings/business-profile', wallet: false },
} as const;

for (const [account, expected] of Object.entries(EXPECTED) as [
  keyof typeof EXPECTED,
  (typeof EXPECTED)[keyof typeof EXPECTED],
][]) {
  test(`${account} signs in, lands on the first group it can see and sees exactly its groups`, async ({
    page,
    shell,
  }) => {
    await shell.login(ACCOUNTS[account].email, ACCOUNTS[account].password);
    await expect(page).toHaveURL(expected.landing);
    await expect(shell.content.getByRole('heading', { level: 1 })).toBeVisible();
    expect((await shell.groupTitles()).map((t) => t.trim().toLowerCase())).toEqual(
      expected.groups.map((g) => g.toLowerCase()),
    );
    await expect(shell.link('Wallet')).toHaveCount(expected.wallet ? 1 : 0);
  });
}

test('typing a gated URL redirects to the base layout', async ({ page, signIn, shell }) => {
  await signIn('customer', '/admin/users');
  await expect(page).toHaveURL('/lead-search/new-search');
  await expect(shell.heading('New search')).toBeVisible();

  await shell.navigateInApp('/whitelabel/packages');
  await expect(page).toHaveURL('/lead-search/new-search');
});

test('the no-module user lands in Settings and cannot open Wallet', async ({ page, signIn, shell }) => {
  await signIn('basic', '/settings/wallet');
  await expect(page).toHaveURL('/settings/business-profile');
  await expect(shell.heading('Business profile')).toBeVisible();
  await shell.expectActive('Business profile');
});

test('a user without white-label sees the upgrade message, without loading the white-label area', async ({
  page,
  signIn,
}) => {
  const requested: string[] = [];
  page.on('request', (r) => requested.push(r.url()));
  await signIn('customer', '/whitelabel/upgrade');
  await expect(page.getByText('You have no permission for the white-label page.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upgrade your plan' })).toBeVisible();
  expect(requested.filter((u) => u.includes('/remotes/mfe-whitelabel/'))).toEqual([]);
});

test('an unknown path inside the layout shows the not-found page', async ({ page, signIn }) => {
  await signIn('admin', '/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
});
