import type { AreaRouteConfig } from '@leadsmith/shared';

const r = (key: string) => `settings:routes.${key}`;

/** Settings routes (spec §2). Mounted at the root: the area owns several top-level paths. */
export const routes: AreaRouteConfig[] = [
  {
    path: 'settings',
    redirectTo: 'business-profile',
    children: [
      { path: 'business-profile', titleKey: r('businessProfile') },
      { path: 'wallet', titleKey: r('wallet'), module: 'wallet' },
      {
        path: 'integration',
        redirectTo: 'crm',
        children: [
          { path: 'crm', titleKey: r('crm') },
          { path: 'crm-fields', titleKey: r('crmFields') },
          { path: 'webhook', titleKey: r('webhook'), children: [{ path: 'list', titleKey: r('webhookList') }] },
        ],
      },
      { path: 'credit-usage', titleKey: r('creditUsage') },
    ],
  },
  { path: 'manage-team', titleKey: r('manageTeam') },
  {
    path: 'profile-settings',
    redirectTo: 'profile',
    children: [
      { path: 'profile', titleKey: r('profile') },
      { path: 'email', titleKey: r('email') },
      { path: 'password', titleKey: r('password') },
      { path: 'api-key', titleKey: r('apiKeys') },
    ],
  },
  { path: 'billing-portal', titleKey: r('billingPortal') },
  { path: 'courses', titleKey: r('courses'), children: [{ path: ':id', titleKey: r('course'), back: true }] },
];
