import { test, expect } from '../support/fixtures';
import type { AccountName } from '../support/accounts';

/** The account menu's pages and the headings they open on (issue: pages linked from nowhere). */
const ACCOUNT_PAGES: Record<string, { path: string; heading: string }> = {
  Profile: { path: '/profile-settings/profile', heading: 'Profile' },
  'Email address': { path: '/profile-settings/email', heading: 'Email' },
  Password: { path: '/profile-settings/password', heading: 'Password' },
  'API keys': { path: '/profile-settings/api-key', heading: 'API keys' },
  'Team members': { path: '/manage-team', heading: 'Team members' },
  'Billing portal': { path: '/billing-portal', heading: 'Billing portal' },
  'Training courses': { path: '/settings/courses', heading: 'Courses' },
};

const ROLES: AccountName[] = ['admin', 'reseller', 'customer', 'basic'];

for (const role of ROLES) {
  test(`${role}: every sidebar and account-menu page opens by clicking from the landing page`, async ({ page, signIn, shell, expectAccessible }) => {
    test.setTimeout(180_000);
    await signIn(role, '/');
    const heading = shell.content.getByRole('heading', { level: 1 });
    await expect(heading).toBeVisible();
    await expect(page.getByTestId('header-credits')).toHaveText(/^[\d,.\u202f\u00a0]+ credits?$/);
    await expectAccessible();

    // Every internal sidebar link, in order (names repeat across groups, so by position).
    const links = shell.sidebar.locator('a[href^="/"]');
    const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs.length).toBeGreaterThanOrEqual(3);
    for (const [i, href] of hrefs.entries()) {
      await links.nth(i).click();
      await expect(page, href).toHaveURL(new RegExp(`^[^?#]*${href}(/[^?#]*)?([?#].*)?$`));
      await expect(heading, href).toBeVisible();
      await expect(page.getByTestId('not-found'), href).toHaveCount(0);
      await expect(links.nth(i), href).toHaveAttribute('aria-current', 'page');
    }

    // The account menu: each of its pages, the menu opened afresh each time.
    const menuButton = page.getByTestId('account-menu-button');
    await menuButton.click();
    const menu = page.getByTestId('account-menu');
    await expect(menu).toBeVisible();
    await expectAccessible();
    const names = await menu.getByRole('link').allInnerTexts();
    expect(names.length).toBeGreaterThanOrEqual(5);
    for (const name of names) {
      const target = ACCOUNT_PAGES[name];
      expect(target, `account menu entry "${name}"`).toBeDefined();
      await menu.getByRole('link', { name, exact: true }).click();
      await expect(menu).toBeHidden();
      await expect(page).toHaveURL(target!.path);
      await expect(shell.heading(target!.heading)).toBeVisible();
      await menuButton.click();
    }
    // Escape closes it and gives focus back to its button.
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(menuButton).toBeFocused();

    // The credit balance leads to where credits are bought (wallet) or their use is shown.
    await page.getByTestId('header-credits').click();
    await expect(shell.heading(/^(Wallet|Credit usage)$/)).toBeVisible();
  });
}

test('admin: user analytics and reports link every one of their screens', async ({ page, signIn, shell }) => {
  await signIn('admin', '/admin/dashboard');
  await shell.link('User analytics').click();
  await expect(page).toHaveURL('/admin/user-analytics/credit-usage');
  const analytics = page.getByRole('navigation', { name: 'User analytics sections' });
  await analytics.getByRole('link', { name: 'Login activity' }).click();
  await expect(page).toHaveURL('/admin/user-analytics/login-activity');
  await expect(shell.heading('Login activity')).toBeVisible();
  await analytics.getByRole('link', { name: 'Monthly credit usage' }).click();
  await expect(page).toHaveURL('/admin/user-analytics/monthly-credit-usage');
  await expect(shell.heading('Monthly credit usage')).toBeVisible();
  await expect(analytics.getByRole('link', { name: 'Monthly credit usage' })).toHaveAttribute('aria-current', 'page');
  await analytics.getByRole('link', { name: 'Credit usage', exact: true }).click();
  await expect(shell.heading('Credit usage')).toBeVisible();

  await shell.link('Reports').click();
  await expect(page).toHaveURL('/admin/reports/subscriptions');
  await page.getByRole('navigation', { name: 'Reports' }).getByRole('link', { name: 'User referrals report' }).click();
  await expect(page).toHaveURL('/admin/reports/user-referrals');
  await expect(shell.heading('User referrals report')).toBeVisible();
});
