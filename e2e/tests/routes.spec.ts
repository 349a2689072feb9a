import { test, expect } from '../support/fixtures';

/** Every route of spec §2, written out from the spec (independently of the route tables). */
const ROUTES: [string, string][] = [
  ['/settings/business-profile', 'Business profile'],
  ['/settings/wallet', 'Wallet'],
  ['/settings/integration/crm', 'CRM'],
  ['/settings/integration/crm-fields', 'CRM fields'],
  ['/settings/integration/webhook', 'Webhook connections'],
  ['/settings/integration/webhook/list', 'List webhooks'],
  ['/settings/credit-usage', 'Credit usage'],
  ['/manage-team', 'Team members'],
  ['/profile-settings/profile', 'Profile'],
  ['/profile-settings/email', 'Email'],
  ['/profile-settings/password', 'Password'],
  ['/profile-settings/api-key', 'API keys'],
  ['/billing-portal', 'Billing portal'],
  ['/settings/courses', 'Courses'],
  ['/settings/courses/3', 'Course'],
  ['/ai/training', 'AI training'],
  ['/ai/icp-suggestions', 'ICP suggestions'],
  ['/lead-search/workflow', 'Workflows'],
  ['/lead-search/workflow/5', 'Workflow builder'],
  ['/lead-search/new-search', 'New search'],
  ['/lead-search/saved-lists', 'Saved lists'],
  ['/lead-search/saved-lists/people-1', 'List'],
  ['/lead-search/saved-lists/people-1/9', 'Result details'],
  ['/lead-search/saved-lists/people-1/new-search', 'New search in this list'],
  ['/lead-search/saved-lists/people-1/tags-and-source', 'Tags and source'],
  ['/lead-search/saved-lists/people-1/webhook', 'List webhook'],
  ['/lead-search/ai-assistant', 'AI assistant'],
  ['/lead-search/ai-assistant/library', 'Prompt library'],
  ['/lead-search/custom-labels', 'Custom labels'],
  ['/lead-search/saved-searches', 'Saved searches'],
  ['/lead-search/autopilot', 'Autopilots'],
  ['/lead-search/autopilot/create', 'Create autopilot'],
  ['/lead-search/autopilot/basic-2', 'Autopilot details'],
  ['/lead-search/autopilot/basic-2/edit', 'Edit autopilot'],
  ['/whitelabel/business-account', 'Business account'],
  ['/whitelabel/packages', 'Packages'],
  ['/whitelabel/packages/create', 'Create package'],
  ['/whitelabel/packages/4/edit', 'Edit package'],
  ['/whitelabel/packages/4/sales-settings', 'Sales page settings'],
  ['/whitelabel/subscriptions', 'Subscriptions'],
  ['/whitelabel/subscriptions/create', 'Create subscription'],
  ['/whitelabel/subscriptions/4/edit', 'Edit subscription'],
  ['/whitelabel/subscriptions/usage-history', 'Usage history'],
  ['/whitelabel/stripe', 'Payment provider'],
  ['/whitelabel/stripe/callback', 'Payment connection'],
  ['/whitelabel/custom-links', 'Custom links'],
  ['/whitelabel/smtp', 'SMTP settings'],
  ['/whitelabel/webhook', 'Webhooks'],
  ['/whitelabel/email-templates', 'Email templates'],
  ['/whitelabel/training-content', 'Training content'],
  ['/whitelabel/training-content/2', 'Course'],
  ['/whitelabel/training-content/2/create', 'Create page'],
  ['/whitelabel/training-content/2/7/edit', 'Edit page'],
  ['/whitelabel/partners', 'Partners'],
  ['/whitelabel/partners/create', 'Create partner'],
  ['/whitelabel/partners/3/edit', 'Edit partner'],
  ['/admin/dashboard', 'Dashboard'],
  ['/admin/users', 'Users'],
  ['/admin/users/create', 'Create user'],
  ['/admin/users/8/edit', 'Edit user'],
  ['/admin/users/history', 'User history'],
  ['/admin/plans', 'Plans'],
  ['/admin/plans/create', 'Create plan'],
  ['/admin/plans/2/edit', 'Edit plan'],
  ['/admin/plans/history', 'Plan history'],
  ['/admin/searchers', 'Searchers'],
  ['/admin/user-analytics/credit-usage', 'Credit usage'],
  ['/admin/user-analytics/login-activity', 'Login activity'],
  ['/admin/user-analytics/monthly-credit-usage', 'Monthly credit usage'],
  ['/admin/ai-assistant', 'AI assistant'],
  ['/admin/ai-assistant/history', 'AI assistant history'],
  ['/admin/ai-assistant/library', 'Default prompt library'],
  ['/admin/reports/subscriptions', 'Subscriptions report'],
  ['/admin/reports/user-referrals', 'User referrals report'],
  ['/admin/training-content', 'Training content'],
  ['/admin/training-content/history', 'Training content history'],
  ['/admin/training-content/2', 'Course'],
  ['/admin/training-content/2/create', 'Create page'],
  ['/admin/training-content/2/7/edit', 'Edit page'],
  ['/admin/topics', 'Topics'],
  ['/admin/topics/create', 'Create topic'],
  ['/admin/topics/3/edit', 'Edit topic'],
  ['/admin/partners', 'Partners'],
  ['/admin/partners/create', 'Create partner'],
  ['/admin/partners/3/edit', 'Edit partner'],
];

/** Paths that redirect (spec §2), with where they land. */
const REDIRECTS: [string, string][] = [
  ['/settings', '/settings/business-profile'],
  ['/settings/integration', '/settings/integration/crm'],
  ['/profile-settings', '/profile-settings/profile'],
  ['/ai', '/ai/training'],
  ['/lead-search', '/lead-search/new-search'],
  ['/whitelabel', '/whitelabel/business-account'],
  ['/admin', '/admin/dashboard'],
  ['/admin/user-analytics', '/admin/user-analytics/credit-usage'],
  ['/admin/reports', '/admin/reports/subscriptions'],
  // The courses' old address (before they moved under Settings) still works.
  ['/courses', '/settings/courses'],
  ['/courses/3', '/settings/courses/3'],
];

/** The area a route belongs to: settings owns several top-level paths (spec §2). */
const areaOf = (path: string) => {
  const first = path.split('/')[1] ?? '';
  return ['ai', 'lead-search', 'whitelabel', 'admin'].includes(first) ? first : 'settings';
};
const AREAS = [...new Set(ROUTES.map(([path]) => areaOf(path)))];

// One test per area: the workers share them, and each area's screens get their own time budget.
for (const area of AREAS) {
  test(`every ${area} route of the spec opens for the super admin, and passes axe`, async ({
    page,
    signIn,
    shell,
    expectAccessible,
  }) => {
    test.setTimeout(240_000);
    const routes = ROUTES.filter(([path]) => areaOf(path) === area);
    await signIn('admin', '/settings/business-profile');
    await expect(shell.heading('Business profile')).toBeVisible();
    for (const [path, title] of routes) {
      await shell.navigateInApp(path);
      await expect(shell.heading(title), path).toBeVisible();
      await expect(page.getByTestId('not-found')).toHaveCount(0);
      await expectAccessible();
    }
  });
}

test('redirecting routes land where the spec says', async ({ page, signIn, shell }) => {
  await signIn('admin', '/settings/business-profile');
  await expect(shell.heading('Business profile')).toBeVisible();
  for (const [from, to] of REDIRECTS) {
    await shell.navigateInApp(from);
    await expect(page, from).toHaveURL(to);
  }
});
