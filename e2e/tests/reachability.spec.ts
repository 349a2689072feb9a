import { test, expect } from '../support/fixtures';
import { type AccountName } from '../support/accounts';
import { addPeople, createList } from '../support/LeadSearch2Api';
import { apiToken } from '../support/session';

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
  test(`${role}: every sidebar and account-menu page opens by clicking from the landing page`, async ({
    page,
    signIn,
    shell,
    expectAccessible,
  }) => {
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

for (const role of ROLES) {
  test(`${role}: the sidebar collapsed to icons keeps every page a click away, after a reload too; Ctrl+K finds a page by its title`, async ({
    page,
    signIn,
    shell,
    expectAccessible,
  }) => {
    test.setTimeout(120_000);
    await signIn(role, '/');
    const heading = shell.content.getByRole('heading', { level: 1 });
    await expect(heading).toBeVisible();
    await shell.sidebar.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect(shell.sidebar.getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await page.reload();
    const expand = shell.sidebar.getByRole('button', { name: 'Expand sidebar' });
    await expect(expand).toBeVisible();
    // Icons only: the sidebar is narrow, its labels are names for assistive technology and tooltips.
    expect((await shell.sidebar.boundingBox())!.width).toBeLessThan(100);
    await expectAccessible();
    // Every link keeps its name as a tooltip; the first page of each group opens by a click on its icon.
    await expect(shell.sidebar.locator('a:not([title])')).toHaveCount(0);
    const firstOfGroups = shell.sidebar.locator('section li:first-child a[href^="/"]');
    const hrefs = await firstOfGroups.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs.length).toBeGreaterThanOrEqual(1);
    for (const [i, href] of hrefs.entries()) {
      await firstOfGroups.nth(i).locator('svg').click();
      await expect(page, href).toHaveURL(new RegExp(`^[^?#]*${href}(/[^?#]*)?([?#].*)?$`));
      await expect(heading, href).toBeVisible();
      await expect(firstOfGroups.nth(i), href).toHaveAttribute('aria-current', 'page');
    }

    // The global search opens from the keyboard and leads to a page by its title.
    await page.keyboard.press('ControlOrMeta+k');
    const search = page.getByRole('dialog', { name: 'Search' });
    await search.getByRole('combobox', { name: 'Search lists, results and pages' }).fill('credit usage');
    await expect(search.getByRole('option', { name: /Credit usage/ }).first()).toBeVisible();
    await expectAccessible();
    await page.keyboard.press('Enter');
    await expect(search).toBeHidden();
    await expect(shell.heading('Credit usage')).toBeVisible();

    await expand.click();
    await expect(shell.sidebar.getByRole('button', { name: 'Collapse sidebar' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });
}

test("customer: the header's search finds a list and a result of the account by clicking, and stays in view while the page scrolls", async ({
  page,
  request,
  signIn,
  shell,
}) => {
  const token = await apiToken(request, 'customer');
  const tag = `Quokka ${Date.now().toString(36)}`;
  const listId = await createList(request, token, `${tag} prospects`);
  const [resultId] = await addPeople(request, token, listId, [`${tag} Person`]);
  await signIn('customer', '/settings/credit-usage');
  await expect(shell.heading('Credit usage')).toBeVisible();

  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const search = page.getByRole('dialog', { name: 'Search' });
  await search.getByRole('combobox').fill(tag);
  await expect(
    search.getByRole('group', { name: 'Lists' }).getByRole('option', { name: new RegExp(`${tag} prospects`) }),
  ).toBeVisible();
  await search
    .getByRole('group', { name: 'Results' })
    .getByRole('option', { name: new RegExp(`${tag} Person`) })
    .click();
  await expect(page).toHaveURL(`/lead-search/saved-lists/people-${listId}/${resultId}`);

  // The sidebar stays in view while a long page scrolls.
  await page.setViewportSize({ width: 1280, height: 500 });
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  expect((await shell.sidebar.boundingBox())!.y).toBe(0);
});

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
